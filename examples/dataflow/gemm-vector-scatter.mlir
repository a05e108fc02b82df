// Scattering combined with vectorization: the tiled GEMM of
// examples/vector/gemm-tiled.mlir (a 4 x 16 block of PEs, the 16 PEs of a
// row vectorized into vector<16xf32>, the 4 rows unrolled) plus
//
//   ure.scatter @a (@A, iii, up)    // along the unrolled rows
//   ure.scatter @a (@B, k, up)      // along the serial reduction loop
//
// A: only row iii = 0 loads A(4 ii + t, k) for the 4 rows t and passes
// them up through @a_A_scatter (f32). B: the vector B(k, 16 jj + 0..15) that
// every step loads is loaded for all k at the first step of the tile (k = 0)
// and passed from one iteration of k to the next through @a_B_scatter
// (vector<16xf32>, depth 31: the 31 later iterations' vectors); a serial
// loop runs upwards, so it takes `up` only.
//
// Run: t2s-run examples/dataflow/gemm-vector-scatter.mlir --compare interpret,dataflow
ure.program @gemm_vector_scatter {
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
  ure.scatter @a (@A, iii, up)
  ure.scatter @a (@B, k, up)
}
