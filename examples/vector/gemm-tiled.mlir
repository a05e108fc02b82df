// The tiled GEMM of examples/systolic/gemm-tiled.mlir (C = A * B, 32 x 32,
// f32) with a 4 x 16 PE block whose 16 PEs per row are the lanes of one
// vector<16xf32> (`ure.vectorize @a (jjj)`) and whose 4 rows are unrolled:
// the register-blocked shape of a BLAS micro-kernel. Per step of k: one
// vector load of B(k, 16 jj + jjj), four scalar loads of A broadcast to the
// lanes (a is copied along jjj from jjj = 0: a broadcast, not a dependence),
// four vector multiply-adds into the accumulators c. tools/bench/vector_bench.py
// times this design at larger sizes next to OpenBLAS.
//
// Run: t2s-run examples/vector/gemm-tiled.mlir --compare interpret,systolic
ure.program @gemm_tiled {
  ure.input @A : memref<32x32xf32>
  ure.input @B : memref<32x32xf32>
  ure.func @a(iii, jjj, k, jj, ii) -> f32 on device
  ure.func @b(iii, jjj, k, jj, ii) -> f32 on device
  ure.func @c(iii, jjj, k, jj, ii) -> f32 on device
  ure.func @out(iii, jjj, jj, ii) -> f32 on device

  ure.def @a(%iii, %jjj, %k, %jj, %ii) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %jjj, %c0 : index
    %in = ure.load @A(%ii * 4 + %iii, %k) : f32
    %prev = ure.at @a(%iii, %jjj - 1, %k, %jj, %ii) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @b(%iii, %jjj, %k, %jj, %ii) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %iii, %c0 : index
    %in = ure.load @B(%k, %jj * 16 + %jjj) : f32
    %prev = ure.at @b(%iii - 1, %jjj, %k, %jj, %ii) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @c(%iii, %jjj, %k, %jj, %ii) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first = arith.cmpi eq, %k, %c0 : index
    %prev = ure.at @c(%iii, %jjj, %k - 1, %jj, %ii) : f32
    %acc = arith.select %first, %zero, %prev : f32
    %a = ure.at @a(%iii, %jjj, %k, %jj, %ii) : f32
    %b = ure.at @b(%iii, %jjj, %k, %jj, %ii) : f32
    %p = arith.mulf %a, %b : f32
    %v = arith.addf %acc, %p : f32
    ure.yield %v : f32
  }
  ure.def @out(%iii, %jjj, %jj, %ii) with (%k) {
    %last = arith.constant 31 : index
    %is_last = arith.cmpi eq, %k, %last : index
    %c = ure.at @c(%iii, %jjj, %k, %jj, %ii) : f32
    %v = ure.select %is_last, %c : f32
    ure.yield %v : f32
  }

  ure.merge_ures @a [@b, @c, @out]
  ure.set_bounds @a (iii = 0 extent 4, jjj = 0 extent 16, k = 0 extent 32,
                     jj = 0 extent 2, ii = 0 extent 8)
  ure.space_time_transform @a (iii, jjj)
  ure.vectorize @a (jjj)
}
