// The convolution of examples/systolic/conv2d-channels.mlir written
// directly, without a schedule: one reduction URE over k with both inputs
// loaded at every point (no forwarding), its output in the same layout.
ure.program @conv {
  ure.input @I : memref<4x6x10xf32>
  ure.input @W : memref<36x32xf32>
  ure.func @c(k, jjj, jj, iii, ii, y) -> f32 on device
  ure.func @out(y, ii, iii, jj, jjj) -> f32 on device
  ure.def @c(%k, %jjj, %jj, %iii, %ii, %y) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first = arith.cmpi eq, %k, %c0 : index
    %prev = ure.at @c(%k - 1, %jjj, %jj, %iii, %ii, %y) : f32
    %acc = arith.select %first, %zero, %prev : f32
    %x = ure.load @I(%k floordiv 9, %y + (%k mod 9) floordiv 3, %ii * 4 + %iii + %k mod 3) : f32
    %w = ure.load @W(%k, %jj * 16 + %jjj) : f32
    %m = arith.mulf %x, %w : f32
    %v = arith.addf %acc, %m : f32
    ure.yield %v : f32
  }
  ure.def @out(%y, %ii, %iii, %jj, %jjj) with (%k) {
    %last = arith.constant 35 : index
    %is_last = arith.cmpi eq, %k, %last : index
    %c = ure.at @c(%k, %jjj, %jj, %iii, %ii, %y) : f32
    %v = ure.select %is_last, %c : f32
    ure.yield %v : f32
  }
  ure.merge_ures @c [@out]
  ure.set_bounds @c (k = 0 extent 36, jjj = 0 extent 16, jj = 0 extent 2,
                     iii = 0 extent 4, ii = 0 extent 2, y = 0 extent 4)
}
