// Every partial sum of an 8x8x8 GEMM stored (@out keeps all loops: no
// "last write wins" stamps). The schedule t1 = j + k leaves i out, so with
// i vectorized the lanes of a PE row store one contiguous row of
// @out(k, j, i); k = t1 - j, recovered from time, is not proven inside
// @out over the box of coordinates, so the row is guarded once.
ure.program @partial {
  ure.input @A : memref<8x8xf32>
  ure.input @B : memref<8x8xf32>
  ure.func @a(k, j, i) -> f32 on device
  ure.func @c(k, j, i) -> f32 on device
  ure.func @out(k, j, i) -> f32 on device

  ure.def @a(%k, %j, %i) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %j, %c0 : index
    %in = ure.load @A(%i, %k) : f32
    %prev = ure.at @a(%k, %j - 1, %i) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @c(%k, %j, %i) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first = arith.cmpi eq, %k, %c0 : index
    %prev = ure.at @c(%k - 1, %j, %i) : f32
    %acc = arith.select %first, %zero, %prev : f32
    %a = ure.at @a(%k, %j, %i) : f32
    %b = ure.load @B(%k, %j) : f32
    %p = arith.mulf %a, %b : f32
    %v = arith.addf %acc, %p : f32
    ure.yield %v : f32
  }
  ure.def @out(%k, %j, %i) {
    %c = ure.at @c(%k, %j, %i) : f32
    ure.yield %c : f32
  }

  ure.merge_ures @a [@c, @out]
  ure.set_bounds @a (k = 0 extent 8, j = 0 extent 8, i = 0 extent 8)
  ure.reorder @a (i, j, k)
  ure.space_time_transform @a (i, j) vector [0, 1]
  ure.vectorize @a (i)
}
