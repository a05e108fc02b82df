// test/GPU/Inputs/double-outer-f32.mlir with i16 elements: cp.async moves 4,
// 8 or 16 bytes, so the double-buffered tiles of 2-byte elements are copied
// by loads and stores. Checked on the H100 by tools/gpu/prepare.sh and
// launch.py --check.
ure.program @gemm_double_i16 {
  ure.input @A : memref<16x12xi16>
  ure.input @B : memref<12x16xi16>
  ure.func @a(iii, jjj, k, kk, ii, jt, it, jb, ib) -> i16 on device
  ure.func @b(iii, jjj, k, kk, ii, jt, it, jb, ib) -> i16 on device
  ure.func @c(iii, jjj, k, kk, ii, jt, it, jb, ib) -> i16 on device
  ure.func @out(iii, jjj, ii, jt, it, jb, ib) -> i16 on device

  ure.def @a(%iii, %jjj, %k, %kk, %ii, %jt, %it, %jb, %ib) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %jjj, %c0 : index
    %in = ure.load @A(%ib * 8 + %it * 4 + %ii * 2 + %iii, %kk * 4 + %k) : i16
    %prev = ure.at @a(%iii, %jjj - 1, %k, %kk, %ii, %jt, %it, %jb, %ib) : i16
    %v = arith.select %first, %in, %prev : i16
    ure.yield %v : i16
  }
  ure.def @b(%iii, %jjj, %k, %kk, %ii, %jt, %it, %jb, %ib) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %iii, %c0 : index
    %in = ure.load @B(%kk * 4 + %k, %jb * 8 + %jt * 2 + %jjj) : i16
    %prev = ure.at @b(%iii - 1, %jjj, %k, %kk, %ii, %jt, %it, %jb, %ib) : i16
    %v = arith.select %first, %in, %prev : i16
    ure.yield %v : i16
  }
  ure.def @c(%iii, %jjj, %k, %kk, %ii, %jt, %it, %jb, %ib) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i16
    %first_k = arith.cmpi eq, %k, %c0 : index
    %first_kk = arith.cmpi eq, %kk, %c0 : index
    %prev = ure.at @c(%iii, %jjj, %k - 1, %kk, %ii, %jt, %it, %jb, %ib) : i16
    %carry = ure.at @c(%iii, %jjj, %k + 3, %kk - 1, %ii, %jt, %it, %jb, %ib) : i16
    %from_tile = arith.select %first_kk, %zero, %carry : i16
    %acc = arith.select %first_k, %from_tile, %prev : i16
    %a = ure.at @a(%iii, %jjj, %k, %kk, %ii, %jt, %it, %jb, %ib) : i16
    %b = ure.at @b(%iii, %jjj, %k, %kk, %ii, %jt, %it, %jb, %ib) : i16
    %p = arith.muli %a, %b : i16
    %v = arith.addi %acc, %p : i16
    ure.yield %v : i16
  }
  ure.def @out(%iii, %jjj, %ii, %jt, %it, %jb, %ib) with (%k, %kk) {
    %last_k = arith.constant 3 : index
    %last_kk = arith.constant 2 : index
    %is_last_k = arith.cmpi eq, %k, %last_k : index
    %is_last_kk = arith.cmpi eq, %kk, %last_kk : index
    %is_last = arith.andi %is_last_k, %is_last_kk : i1
    %c = ure.at @c(%iii, %jjj, %k, %kk, %ii, %jt, %it, %jb, %ib) : i16
    %v = ure.select %is_last, %c : i16
    ure.yield %v : i16
  }

  ure.merge_ures @a [@b, @c, @out]
  ure.set_bounds @a (iii = 0 extent 2, jjj = 0 extent 2, k = 0 extent 4, kk = 0 extent 3,
                     ii = 0 extent 2, jt = 0 extent 4, it = 0 extent 2, jb = 0 extent 2, ib = 0 extent 2)
  ure.space_time_transform @a (iii, jjj)
  ure.gpu_map @a blocks (jb, ib) threads (jt, it) shared [@A, @B] scope (kk) double_buffered
}
