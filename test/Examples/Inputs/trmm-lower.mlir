// A lower-triangular matrix product: out(i, j) = sum over k <= i of
// A(i, k) * B(k, j), with k's extent i + 1 (T2S's set_bounds(k, 0, i + 1)).
// The output is stored at every point, so the last write wins: k = i, the
// last point of the triangle, not k = 3, the last of the box the nest runs.
ure.program @trmm {
  ure.input @A : memref<4x4xf32>
  ure.input @B : memref<4x4xf32>
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
    %c = ure.at @c(%i, %j, %k) : f32
    ure.yield %c : f32
  }

  ure.merge_ures @a [@b, @c, @out]
  ure.set_bounds @a (i = 0 extent 4, j = 0 extent 4, k = 0 extent i + 1)
  ure.space_time_transform @a (j, i) vector [1, 1]
}
