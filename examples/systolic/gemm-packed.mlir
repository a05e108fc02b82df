// GEMM on a CPU the way BLAS libraries run it: C (64 x 64) = A * B with a
// 4 x 16 block of PEs computing each tile of C (iii, jjj), the 16 PEs of a row
// the lanes of one vector<16xf32> (ure.vectorize), the tile loops ordered jj
// (outermost), ii, then k. Two directives of the CPU route
// (docs/passes/spacetime-to-scf.md):
// - ure.stream_input @B ... scope (jj): B's feeder, which the systolic mode
//   realizes as a packed tile: at each jj the 64 x 16 panel of B that the
//   array reads is copied into a contiguous, aligned buffer, read by every
//   ii with one vector load per step of k (OpenBLAS packs B the same way);
// - ure.parallel @a (jj): the iterations of jj (a panel of B, a column of
//   tiles of C) run on the host's threads, each with its own registers and
//   packed tile.
// The other modes run the chain as kernels (dataflow, OpenCL) or the
// array alone (SPIR-V), on one thread, and say so.
//
// Run: t2s-run examples/systolic/gemm-packed.mlir --compare interpret,systolic
// Time: t2s-run examples/systolic/gemm-packed.mlir --mode systolic --time 5
// (tools/bench/cpu_bench.py times this design at N = 512 to 2048: on AVX2,
// 4 rows of two vectors of 8 lanes, 8 accumulators in registers.)
ure.program @gemm_tiled {
  ure.input @A : memref<64x64xf32>
  ure.input @B : memref<64x64xf32>
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
    %in = ure.load @B(%k, %jj * 16 + %jjj) : f32
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
    %last = arith.constant 63 : index
    %is_last = arith.cmpi eq, %k, %last : index
    %c = ure.at @c(%iii, %jjj, %k, %ii, %jj) : f32
    %v = ure.select %is_last, %c : f32
    ure.yield %v : f32
  }
  ure.merge_ures @a [@b, @c, @out]
  ure.set_bounds @a (iii = 0 extent 4, jjj = 0 extent 16, k = 0 extent 64,
                     ii = 0 extent 16, jj = 0 extent 4)
  ure.space_time_transform @a (iii, jjj)
  ure.vectorize @a (jjj)
  ure.stream_input @B loader @bLoader out (jjj) feeder @bFeeder scope (jj)
  ure.parallel @a (jj)
}
