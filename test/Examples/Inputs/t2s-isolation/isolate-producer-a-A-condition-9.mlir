// T2S t2s/tests/correctness/isolation/isolate-producer-a-A-condition-9.cpp, SIZE = 10.
//   A(i) = select(i <= 2, a(i), i * 2) * 2;   ure.def @A
//   A.isolate_producer_chain(a, A_feeder);    ure.isolate_producer [@a] into @A_feeder
//   golden B(i) = same expression             npycheck (i if i <= 2 else 2 i) * 2
ure.program @iso {
  ure.input @a : memref<10xi32>
  ure.func @A(i) -> i32 on device
  ure.def @A(%i) {
    %c2 = arith.constant 2 : index
    %c2i = arith.constant 2 : i32
    %cond = arith.cmpi sle, %i, %c2 : index
    %x = ure.load @a(%i) : i32
    %ii = arith.index_cast %i : index to i32
    %i2 = arith.muli %ii, %c2i : i32
    %s = arith.select %cond, %x, %i2 : i32
    %v = arith.muli %s, %c2i : i32
    ure.yield %v : i32
  }
  ure.set_bounds @A (i = 0 extent 10)
  ure.space_time_transform @A (i)
  ure.isolate_producer [@a] into @A_feeder
}
