// GEMM, C = A * B, for 4 x 4 matrices: the program of docs/ure.md with a
// space-time transform instead of its reorder (docs/tutorial/1-systolic-array.md).
//   a(i, j, k) = select(j == 0, A(i, k), a(i, j - 1, k))
//   b(i, j, k) = select(i == 0, B(k, j), b(i - 1, j, k))
//   c(i, j, k) = select(k == 0, 0, c(i, j, k - 1)) + a(i, j, k) * b(i, j, k)
//   out(i, j)  = select(k == K - 1, c(i, j, k))
//   a.merge_ures(b, c, out)
//    .set_bounds(i, 0, 4, j, 0, 4, k, 0, 4)
//    .space_time_transform(i, j; vector 1, 1)
ure.program @gemm {
  ure.input @A : memref<4x4xf32>
  ure.input @B : memref<4x4xf32>
  ure.func @a(i, j, k) -> f32 on device
  ure.func @b(i, j, k) -> f32 on device
  ure.func @c(i, j, k) -> f32 on device
  ure.func @out(i, j) -> f32 on device

  // A(i, k) enters at column j = 0 and moves right: a(i, j, k) = a(i, j-1, k).
  ure.def @a(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %j, %c0 : index
    %in = ure.load @A(%i, %k) : f32
    %prev = ure.at @a(%i, %j - 1, %k) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  // B(k, j) enters at row i = 0 and moves down: b(i, j, k) = b(i-1, j, k).
  ure.def @b(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %in = ure.load @B(%k, %j) : f32
    %prev = ure.at @b(%i - 1, %j, %k) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  // The partial sum over k of a * b.
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
  // The output: c at the last k. Extended: drops k from the left-hand side.
  ure.def @out(%i, %j) with (%k) {
    %last = arith.constant 3 : index
    %is_last = arith.cmpi eq, %k, %last : index
    %c = ure.at @c(%i, %j, %k) : f32
    %v = ure.select %is_last, %c : f32
    ure.yield %v : f32
  }

  ure.merge_ures @a [@b, @c, @out]
  ure.set_bounds @a (i = 0 extent 4, j = 0 extent 4, k = 0 extent 4)
  // i and j become the PEs of a 4 x 4 array; k is time, and a PE (i, j)
  // computes step k at time t = i + j + k.
  ure.space_time_transform @a (i, j) vector [1, 1]
}
