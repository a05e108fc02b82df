// A regression test from a review of the dataflow mode (test/Examples/dataflow-review.test).
ure.program @symfix {
  ure.param @J max 8
  ure.input @A : memref<6xi32>
  ure.func @v(j, i) -> i32 on device
  ure.func @out(i) -> i32 on device
  ure.def @v(%j, %i) {
    %c3 = arith.constant 3 : index
    %z = arith.constant 0 : i32
    %at3 = arith.cmpi eq, %j, %c3 : index
    %a = ure.load @A(%i) : i32
    %r = arith.select %at3, %a, %z : i32
    ure.yield %r : i32
  }
  ure.def @out(%i) with (%j) {
    %c3 = arith.constant 3 : index
    %is = arith.cmpi eq, %j, %c3 : index
    %x = ure.at @v(%j, %i) : i32
    %w = ure.select %is, %x : i32
    ure.yield %w : i32
  }
  ure.merge_ures @v [@out]
  ure.set_bounds @v (j = 0 extent @J, i = 0 extent 6)
  ure.space_time_transform @v (j) vector [1] check_time
  ure.isolate_producer [@A] into @loader
  ure.isolate_consumer @out into @drainer
}
