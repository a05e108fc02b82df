// Row sums of A (4 x 8), one PE per row (test/Transforms/parallel.test):
// s(i, k) = s(i, k - 1) + A(i, k) carries a dependence along k, the time
// loop, so ure.parallel cannot run k on threads.
ure.program @acc {
  ure.input @A : memref<4x8xf32>
  ure.func @s(i, k) -> f32 on device
  ure.func @out(i) -> f32 on device
  ure.def @s(%i, %k) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first = arith.cmpi eq, %k, %c0 : index
    %prev = ure.at @s(%i, %k - 1) : f32
    %acc = arith.select %first, %zero, %prev : f32
    %a = ure.load @A(%i, %k) : f32
    %v = arith.addf %acc, %a : f32
    ure.yield %v : f32
  }
  ure.def @out(%i) with (%k) {
    %last = arith.constant 7 : index
    %is_last = arith.cmpi eq, %k, %last : index
    %s = ure.at @s(%i, %k) : f32
    %v = ure.select %is_last, %s : f32
    ure.yield %v : f32
  }
  ure.merge_ures @s [@out]
  ure.set_bounds @s (i = 0 extent 4, k = 0 extent 8)
  ure.space_time_transform @s (i)
}
