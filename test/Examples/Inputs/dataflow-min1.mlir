// A regression test from a review of the dataflow mode (test/Examples/dataflow-review.test).
ure.program @mv {
  ure.input @A : memref<8x8xi32>
  ure.input @x : memref<8xi32>
  ure.func @s(j, i) -> i32 on device
  ure.func @y(i) -> i32 on device
  ure.def @s(%j, %i) {
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0 : i32
    %first = arith.cmpi eq, %j, %c1 : index
    %prev = ure.at @s(%j - 1, %i) : i32
    %acc = arith.select %first, %zero, %prev : i32
    %a = ure.load @A(%i, %j) : i32
    %xv = ure.load @x(%j) : i32
    %p = arith.muli %a, %xv : i32
    %v = arith.addi %acc, %p : i32
    ure.yield %v : i32
  }
  ure.def @y(%i) with (%j) {
    %last = arith.constant 5 : index
    %is_last = arith.cmpi eq, %j, %last : index
    %v = ure.at @s(%j, %i) : i32
    %w = ure.select %is_last, %v : i32
    ure.yield %w : i32
  }
  ure.merge_ures @s [@y]
  ure.set_bounds @s (j = 1 extent 5, i = 0 extent 6)
  ure.space_time_transform @s (j) vector [1] check_time
  ure.isolate_producer [@A, @x] into @loader
  ure.isolate_consumer @y into @drainer
}
