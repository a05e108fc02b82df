// An upper-triangular matrix product, T2S's trmm bounds: out(i, j) = sum
// over i <= k < K of A(i, k) * B(k, j), k = i extent @K - i
// (set_bounds(k, i, K - i)), with CheckTime: the PEs compute only at the
// box's scheduled steps, and the output is stored only in the triangle.
ure.program @trmm_upper {
  ure.param @K max 6
  ure.input @A : memref<?x?xf32>
  ure.input @B : memref<?x?xf32>
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
    %first = arith.cmpi eq, %k, %i : index
    %prev = ure.at @c(%i, %j, %k - 1) : f32
    %acc = arith.select %first, %zero, %prev : f32
    %a = ure.at @a(%i, %j, %k) : f32
    %b = ure.at @b(%i, %j, %k) : f32
    %p = arith.mulf %a, %b : f32
    %v = arith.addf %acc, %p : f32
    ure.yield %v : f32
  }
  ure.def @out(%i, %j) with (%k) {
    %K = ure.param_value @K
    %c1 = arith.constant 1 : index
    %last = arith.subi %K, %c1 : index
    %is_last = arith.cmpi eq, %k, %last : index
    %c = ure.at @c(%i, %j, %k) : f32
    %v = ure.select %is_last, %c : f32
    ure.yield %v : f32
  }

  ure.merge_ures @a [@b, @c, @out]
  ure.set_bounds @a (i = 0 extent @K, j = 0 extent @K, k = i extent @K - i)
  ure.space_time_transform @a (j, i) vector [1, 1] check_time
}
