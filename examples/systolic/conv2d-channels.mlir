// A 2-D convolution with channels on a CPU, as tools/bench/cpu_bench.py
// times it (there: 64 -> 64 channels, a 56 x 56 output): CI = 4 input
// channels, CO = 32 output channels, a 4 x 8 output, a 3 x 3 kernel (a
// valid convolution of a 6 x 10 input):
//   out(y, x, co) = sum over ci, ky, kx of I(ci, y + ky, x + kx) W(ci 9 + ky 3 + kx, co)
// written as the GEMM of examples/systolic/gemm-packed.mlir with one
// reduction loop k over (ci, ky, kx), whose input indices are quasi-affine
// (k floordiv 9, y + (k mod 9) floordiv 3, x + k mod 3): an im2col that
// the UREs read in place. The block: 4 pixels of a row (iii, the rows) x 16
// output channels (jjj, the lanes of a vector<16xf32>); the loops, outermost
// first: y, the pixel tiles ii, the channel tiles jj, k.
// - ure.stream_input @I ... scope (ii): the windows of 4 pixels (36 x 4
//   values) packed once per ii, read by every channel tile;
// - ure.parallel @a (y): the rows of the output on the host's threads.
// The output is laid out (y, x, co): out(y, ii, iii, jj, jjj). The
// sequential and SPIR-V modes run it too; the dataflow and OpenCL modes
// refuse it at the read of I: a feeder's double buffer has no form for
// quasi-affine indices yet.
//
// Run: t2s-run examples/systolic/conv2d-channels.mlir --compare interpret,systolic
// Test: test/Examples/conv2d-channels.test (also against a direct
// convolution written without a schedule).
ure.program @conv {
  ure.input @I : memref<4x6x10xf32>
  ure.input @W : memref<36x32xf32>
  ure.func @a(iii, jjj, k, jj, ii, y) -> f32 on device
  ure.func @b(iii, jjj, k, jj, ii, y) -> f32 on device
  ure.func @c(iii, jjj, k, jj, ii, y) -> f32 on device
  ure.func @out(y, ii, iii, jj, jjj) -> f32 on device
  ure.def @a(%iii, %jjj, %k, %jj, %ii, %y) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %jjj, %c0 : index
    %in = ure.load @I(%k floordiv 9, %y + (%k mod 9) floordiv 3, %ii * 4 + %iii + %k mod 3) : f32
    %prev = ure.at @a(%iii, %jjj - 1, %k, %jj, %ii, %y) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @b(%iii, %jjj, %k, %jj, %ii, %y) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %iii, %c0 : index
    %in = ure.load @W(%k, %jj * 16 + %jjj) : f32
    %prev = ure.at @b(%iii - 1, %jjj, %k, %jj, %ii, %y) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @c(%iii, %jjj, %k, %jj, %ii, %y) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first = arith.cmpi eq, %k, %c0 : index
    %prev = ure.at @c(%iii, %jjj, %k - 1, %jj, %ii, %y) : f32
    %acc = arith.select %first, %zero, %prev : f32
    %a = ure.at @a(%iii, %jjj, %k, %jj, %ii, %y) : f32
    %b = ure.at @b(%iii, %jjj, %k, %jj, %ii, %y) : f32
    %m = arith.mulf %a, %b : f32
    %v = arith.addf %acc, %m : f32
    ure.yield %v : f32
  }
  ure.def @out(%y, %ii, %iii, %jj, %jjj) with (%k) {
    %last = arith.constant 35 : index
    %is_last = arith.cmpi eq, %k, %last : index
    %c = ure.at @c(%iii, %jjj, %k, %jj, %ii, %y) : f32
    %v = ure.select %is_last, %c : f32
    ure.yield %v : f32
  }
  ure.merge_ures @a [@b, @c, @out]
  ure.set_bounds @a (iii = 0 extent 4, jjj = 0 extent 16, k = 0 extent 36,
                     jj = 0 extent 2, ii = 0 extent 2, y = 0 extent 4)
  ure.space_time_transform @a (iii, jjj)
  ure.vectorize @a (jjj)
  ure.stream_input @I loader @iLoader out (iii) feeder @iFeeder scope (ii)
  ure.parallel @a (y)
}
