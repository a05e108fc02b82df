// GEMM, C = A * B, with A of 4 x 5 and B of 5 x 6, and the loops reordered so
// that the reduction loop k is the innermost one. Same UREs as gemm.mlir:
//   a(i, j, k) = select(j == 0, A(i, k), a(i, j - 1, k))
//   b(i, j, k) = select(i == 0, B(k, j), b(i - 1, j, k))
//   c(i, j, k) = select(k == 0, 0, c(i, j, k - 1)) + a(i, j, k) * b(i, j, k)
//   out(i, j)  = select(k == K - 1, c(i, j, k))
//   a.merge_ures(b, c, out)
//    .set_bounds(i, 0, I, j, 0, J, k, 0, K)
//    .reorder(k, i, j)
// Without the reorder the loops are, outermost first, k, j, i (the first
// loop variable is the innermost, as in Halide). reorder(k, i, j) lists the
// new loops innermost first, giving j, i, k: each output is completed by the
// innermost loop. The merged UREs move with the representative @a. The
// result is the same: the UREs define values, not an order.
//
// Run: t2s-run examples/gemm-reorder.mlir --compare interpret,sequential
//      t2s-opt --merge-ures examples/gemm-reorder.mlir   (shows the nest)
ure.program @gemm_reorder {
  ure.input @A : memref<4x5xf32>
  ure.input @B : memref<5x6xf32>
  ure.func @a(i, j, k) -> f32 on device
  ure.func @b(i, j, k) -> f32 on device
  ure.func @c(i, j, k) -> f32 on device
  ure.func @out(i, j) -> f32 on device

  ure.def @a(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %j, %c0 : index
    %in = ure.load @A(%i, %k) : f32
    %prev = ure.at @a(%i, %j - 1, %k) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @b(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %in = ure.load @B(%k, %j) : f32
    %prev = ure.at @b(%i - 1, %j, %k) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @c(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first = arith.cmpi eq, %k, %c0 : index
    %prev = ure.at @c(%i, %j, %k - 1) : f32
    %acc = arith.select %first, %zero, %prev : f32
    %a = ure.at @a(%i, %j, %k) : f32
    %b = ure.at @b(%i, %j, %k) : f32
    %p = arith.mulf %a, %b : f32
    %v = arith.addf %acc, %p : f32
    ure.yield %v : f32
  }
  ure.def @out(%i, %j) with (%k) {
    %last = arith.constant 4 : index
    %is_last = arith.cmpi eq, %k, %last : index
    %c = ure.at @c(%i, %j, %k) : f32
    %v = ure.select %is_last, %c : f32
    ure.yield %v : f32
  }

  ure.merge_ures @a [@b, @c, @out]
  ure.set_bounds @a (i = 0 extent 4, j = 0 extent 6, k = 0 extent 5)
  ure.reorder @a (k, i, j)
}
