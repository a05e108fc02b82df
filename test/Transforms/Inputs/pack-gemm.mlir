// The tiled GEMM of examples/systolic/gemm-tiled.mlir with its tile loops
// swapped (jj outside ii) and a P x Q = 4 x 8 block, the jjj PEs vectorized,
// B's feeder packed at scope jj (test/Transforms/pack-feeders.test): each
// iteration of jj copies the 32 x 8 panel of B the array reads into a
// contiguous buffer, which every ii reads.
ure.program @gemm_tiled {
  ure.input @A : memref<32x32xf32>
  ure.input @B : memref<32x32xf32>
  ure.func @a(iii, jjj, k, ii, jj) -> f32 on device
  ure.func @b(iii, jjj, k, ii, jj) -> f32 on device
  ure.func @c(iii, jjj, k, ii, jj) -> f32 on device
  ure.func @out(ii, iii, jj, jjj) -> f32 on device
  ure.def @a(%iii, %jjj, %k, %ii, %jj) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %jjj, %c0 : index
    %in = ure.load @A(%ii * 4 + %iii, %k) : f32
    %prev = ure.at @a(%iii, %jjj - 1, %k, %ii, %jj) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @b(%iii, %jjj, %k, %ii, %jj) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %iii, %c0 : index
    %in = ure.load @B(%k, %jj * 8 + %jjj) : f32
    %prev = ure.at @b(%iii - 1, %jjj, %k, %ii, %jj) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @c(%iii, %jjj, %k, %ii, %jj) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first = arith.cmpi eq, %k, %c0 : index
    %prev = ure.at @c(%iii, %jjj, %k - 1, %ii, %jj) : f32
    %acc = arith.select %first, %zero, %prev : f32
    %a = ure.at @a(%iii, %jjj, %k, %ii, %jj) : f32
    %b = ure.at @b(%iii, %jjj, %k, %ii, %jj) : f32
    %p = arith.mulf %a, %b : f32
    %v = arith.addf %acc, %p : f32
    ure.yield %v : f32
  }
  ure.def @out(%ii, %iii, %jj, %jjj) with (%k) {
    %last = arith.constant 31 : index
    %is_last = arith.cmpi eq, %k, %last : index
    %c = ure.at @c(%iii, %jjj, %k, %ii, %jj) : f32
    %v = ure.select %is_last, %c : f32
    ure.yield %v : f32
  }
  ure.merge_ures @a [@b, @c, @out]
  ure.set_bounds @a (iii = 0 extent 4, jjj = 0 extent 8, k = 0 extent 32,
                     ii = 0 extent 8, jj = 0 extent 4)
  ure.space_time_transform @a (iii, jjj)
  ure.vectorize @a (jjj)
  ure.stream_input @B loader @bL out (jjj) feeder @bF scope (jj)
}
