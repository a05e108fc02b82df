// test/GPU/Inputs/double-outer-f32.mlir with staged_output: the box a block
// stores spans the threads' own loop ii too (2 x 2 x 2 x 4 x 2 elements).
// Checked on the H100 by tools/gpu/prepare.sh and launch.py --check.
ure.program @gemm_double_staged {
  ure.input @A : memref<16x12xf32>
  ure.input @B : memref<12x16xf32>
  ure.func @a(iii, jjj, k, kk, ii, jt, it, jb, ib) -> f32 on device
  ure.func @b(iii, jjj, k, kk, ii, jt, it, jb, ib) -> f32 on device
  ure.func @c(iii, jjj, k, kk, ii, jt, it, jb, ib) -> f32 on device
  ure.func @out(iii, jjj, ii, jt, it, jb, ib) -> f32 on device

  ure.def @a(%iii, %jjj, %k, %kk, %ii, %jt, %it, %jb, %ib) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %jjj, %c0 : index
    %in = ure.load @A(%ib * 8 + %it * 4 + %ii * 2 + %iii, %kk * 4 + %k) : f32
    %prev = ure.at @a(%iii, %jjj - 1, %k, %kk, %ii, %jt, %it, %jb, %ib) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @b(%iii, %jjj, %k, %kk, %ii, %jt, %it, %jb, %ib) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %iii, %c0 : index
    %in = ure.load @B(%kk * 4 + %k, %jb * 8 + %jt * 2 + %jjj) : f32
    %prev = ure.at @b(%iii - 1, %jjj, %k, %kk, %ii, %jt, %it, %jb, %ib) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @c(%iii, %jjj, %k, %kk, %ii, %jt, %it, %jb, %ib) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first_k = arith.cmpi eq, %k, %c0 : index
    %first_kk = arith.cmpi eq, %kk, %c0 : index
    %prev = ure.at @c(%iii, %jjj, %k - 1, %kk, %ii, %jt, %it, %jb, %ib) : f32
    %carry = ure.at @c(%iii, %jjj, %k + 3, %kk - 1, %ii, %jt, %it, %jb, %ib) : f32
    %from_tile = arith.select %first_kk, %zero, %carry : f32
    %acc = arith.select %first_k, %from_tile, %prev : f32
    %a = ure.at @a(%iii, %jjj, %k, %kk, %ii, %jt, %it, %jb, %ib) : f32
    %b = ure.at @b(%iii, %jjj, %k, %kk, %ii, %jt, %it, %jb, %ib) : f32
    %p = arith.mulf %a, %b : f32
    %v = arith.addf %acc, %p : f32
    ure.yield %v : f32
  }
  ure.def @out(%iii, %jjj, %ii, %jt, %it, %jb, %ib) with (%k, %kk) {
    %last_k = arith.constant 3 : index
    %last_kk = arith.constant 2 : index
    %is_last_k = arith.cmpi eq, %k, %last_k : index
    %is_last_kk = arith.cmpi eq, %kk, %last_kk : index
    %is_last = arith.andi %is_last_k, %is_last_kk : i1
    %c = ure.at @c(%iii, %jjj, %k, %kk, %ii, %jt, %it, %jb, %ib) : f32
    %v = ure.select %is_last, %c : f32
    ure.yield %v : f32
  }

  ure.merge_ures @a [@b, @c, @out]
  ure.set_bounds @a (iii = 0 extent 2, jjj = 0 extent 2, k = 0 extent 4, kk = 0 extent 3,
                     ii = 0 extent 2, jt = 0 extent 4, it = 0 extent 2, jb = 0 extent 2, ib = 0 extent 2)
  ure.space_time_transform @a (iii, jjj)
  ure.gpu_map @a blocks (jb, ib) threads (jt, it) shared [@A, @B] scope (kk) double_buffered staged_output
}
