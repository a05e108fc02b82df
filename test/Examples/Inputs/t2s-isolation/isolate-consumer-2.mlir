// T2S t2s/tests/correctness/isolation/isolate-consumer-2.cpp, SIZE = 10.
//   Func A(PLACE0); A(i) = i * 2;          ure.func @A(i), ure.def @A
//   (c2.realize(SIZE))                    ure.set_bounds @A (i = 0 extent 10)
//   (no space_time_transform in T2S)      ure.space_time_transform @A (i)
//   A.isolate_consumer_chain(c1, c2);     A >> c1 >> c2: ure.isolate_consumer @A into @c1
//                                         + ure.unload @A from @c1 into @c2
//   check_equal(B(i) = i * 2, result)     npycheck A(i) == 2 i
ure.program @iso {
  ure.func @A(i) -> i32 on device
  ure.def @A(%i) {
    %c2 = arith.constant 2 : i32
    %ii = arith.index_cast %i : index to i32
    %v = arith.muli %ii, %c2 : i32
    ure.yield %v : i32
  }
  ure.set_bounds @A (i = 0 extent 10)
  ure.space_time_transform @A (i)
  ure.isolate_consumer @A into @c1
  ure.unload @A from @c1 into @c2
}
