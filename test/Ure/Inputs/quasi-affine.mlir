// Quasi-affine input indices (issue 38, item 4): T2S's capsule convolution
// reads its input at indices with mod and floordiv. Here every kind, on
// operands that go negative (so that rounding toward negative infinity
// matters: (0 - 4) floordiv 3 = -2, (0 - 5) mod 4 = 3, (0 - 1) ceildiv 2 =
// 0), in a reduction along k with i on the PEs. P's sizes are dynamic: its
// extents are checked from the indices' ranges (dimension 0 reads up to 4,
// dimension 1 up to 6).
ure.program @quasi {
  ure.input @P : memref<?x?xf32>
  ure.func @a(i, k) -> f32 on device
  ure.func @out(i) -> f32 on device
  ure.def @a(%i, %k) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first = arith.cmpi eq, %k, %c0 : index
    %prev = ure.at @a(%i, %k - 1) : f32
    %acc = arith.select %first, %zero, %prev : f32
    %p = ure.load @P((%i - 4) floordiv 3 + 2 + %k mod 2, (%k - 5) mod 4 + (%i - 1) ceildiv 2) : f32
    %v = arith.addf %acc, %p : f32
    ure.yield %v : f32
  }
  ure.def @out(%i) with (%k) {
    %last = arith.constant 5 : index
    %is_last = arith.cmpi eq, %k, %last : index
    %v = ure.at @a(%i, %k) : f32
    %w = ure.select %is_last, %v : f32
    ure.yield %w : f32
  }
  ure.merge_ures @a [@out]
  ure.set_bounds @a (i = 0 extent 8, k = 0 extent 6)
  ure.space_time_transform @a (i)
}
