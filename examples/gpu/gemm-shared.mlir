// GEMM on an NVIDIA GPU with shared-memory tiles: examples/gpu/gemm.mlir
// with k split into kk (tiles of 8) and k, and A and B staged in the block's
// shared memory at each iteration of kk (T2S's feeders on a GPU): the block's
// 16 threads copy the 16 x 8 tile of A and the 8 x 16 tile of B that the
// block reads during one kk, meet at a barrier, and read the tiles. At the
// first k of a tile the sum continues from the last k of the previous one.
//
// Written by tools/gpu/gemm.py 64 --iii 4 --jjj 4 --it 4 --jt 4 --kt 8 --single.
//
// Compile: t2s-opt examples/gpu/gemm-shared.mlir --t2s-systolic-to-ptx --mlir-print-debuginfo -o gemm.ptx.mlir
//          t2s-translate --t2s-to-gpu-manifest gemm.ptx.mlir -o gemm.gpu.json
// On the CPU (one thread; the directive is not applied, with a warning):
//          t2s-run examples/gpu/gemm-shared.mlir --compare interpret,systolic
ure.program @gemm_gpu {
  ure.input @A : memref<64x64xf32>
  ure.input @B : memref<64x64xf32>
  ure.func @a(iii, jjj, k, kk, jt, it, jb, ib) -> f32 on device
  ure.func @b(iii, jjj, k, kk, jt, it, jb, ib) -> f32 on device
  ure.func @c(iii, jjj, k, kk, jt, it, jb, ib) -> f32 on device
  ure.func @out(iii, jjj, jt, it, jb, ib) -> f32 on device

  ure.def @a(%iii, %jjj, %k, %kk, %jt, %it, %jb, %ib) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %jjj, %c0 : index
    %in = ure.load @A(%ib * 16 + %it * 4 + %iii, %kk * 8 + %k) : f32
    %prev = ure.at @a(%iii, %jjj - 1, %k, %kk, %jt, %it, %jb, %ib) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @b(%iii, %jjj, %k, %kk, %jt, %it, %jb, %ib) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %iii, %c0 : index
    %in = ure.load @B(%kk * 8 + %k, %jb * 16 + %jt * 4 + %jjj) : f32
    %prev = ure.at @b(%iii - 1, %jjj, %k, %kk, %jt, %it, %jb, %ib) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @c(%iii, %jjj, %k, %kk, %jt, %it, %jb, %ib) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first_k = arith.cmpi eq, %k, %c0 : index
    %first_kk = arith.cmpi eq, %kk, %c0 : index
    %prev = ure.at @c(%iii, %jjj, %k - 1, %kk, %jt, %it, %jb, %ib) : f32
    %carry = ure.at @c(%iii, %jjj, %k + 7, %kk - 1, %jt, %it, %jb, %ib) : f32
    %from_tile = arith.select %first_kk, %zero, %carry : f32
    %acc = arith.select %first_k, %from_tile, %prev : f32
    %a = ure.at @a(%iii, %jjj, %k, %kk, %jt, %it, %jb, %ib) : f32
    %b = ure.at @b(%iii, %jjj, %k, %kk, %jt, %it, %jb, %ib) : f32
    %p = arith.mulf %a, %b : f32
    %v = arith.addf %acc, %p : f32
    ure.yield %v : f32
  }
  ure.def @out(%iii, %jjj, %jt, %it, %jb, %ib) with (%k, %kk) {
    %last_k = arith.constant 7 : index
    %last_kk = arith.constant 7 : index
    %is_last_k = arith.cmpi eq, %k, %last_k : index
    %is_last_kk = arith.cmpi eq, %kk, %last_kk : index
    %is_last = arith.andi %is_last_k, %is_last_kk : i1
    %c = ure.at @c(%iii, %jjj, %k, %kk, %jt, %it, %jb, %ib) : f32
    %v = ure.select %is_last, %c : f32
    ure.yield %v : f32
  }

  ure.merge_ures @a [@b, @c, @out]
  ure.set_bounds @a (iii = 0 extent 4, jjj = 0 extent 4, k = 0 extent 8, kk = 0 extent 8,
                     jt = 0 extent 4, it = 0 extent 4, jb = 0 extent 4, ib = 0 extent 4)
  ure.space_time_transform @a (iii, jjj)
  ure.gpu_map @a blocks (jb, ib) threads (jt, it) shared [@A, @B] scope (kk)
}
