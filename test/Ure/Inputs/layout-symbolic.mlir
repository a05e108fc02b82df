// GEMM with K symbolic and the inputs in Halide's order: the dynamic
// dimension is the contiguous one of A and the outer one of B.
ure.program @gemm {
  ure.param @K
  ure.input @A : memref<?x6xf32, affine_map<(k, i) -> (i, k)>>
  ure.input @B : memref<5x?xf32, affine_map<(j, k) -> (k, j)>>
  ure.func @a(i, j, k) -> f32 on device
  ure.func @b(i, j, k) -> f32 on device
  ure.func @c(i, j, k) -> f32 on device
  ure.func @out(i, j) -> f32 on device layout affine_map<(i, j) -> (j, i)>

  ure.def @a(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %j, %c0 : index
    %in = ure.load @A(%k, %i) : f32
    %prev = ure.at @a(%i, %j - 1, %k) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @b(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %in = ure.load @B(%j, %k) : f32
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
    %K = ure.param_value @K
    %one = arith.constant 1 : index
    %last = arith.subi %K, %one : index
    %is_last = arith.cmpi eq, %k, %last : index
    %c = ure.at @c(%i, %j, %k) : f32
    %v = ure.select %is_last, %c : f32
    ure.yield %v : f32
  }

  ure.merge_ures @a [@b, @c, @out]
  ure.set_bounds @a (i = 0 extent 6, j = 0 extent 5, k = 0 extent @K)
  ure.space_time_transform @a (i, j)
}
