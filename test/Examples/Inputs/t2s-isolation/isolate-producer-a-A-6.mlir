// T2S t2s/tests/correctness/isolation/isolate-producer-a-A-6.cpp, SIZE = 10.
//   ImageParam a, b (Int(32), 1)              ure.input @a, @b
//   A(i) = a(i) * b(i);                       ure.def @A
//   A.isolate_producer_chain({a, b}, Feeder); ure.isolate_producer [@a, @b] into @Feeder
//   check_equal(B(i) = a(i) * b(i), out)      npycheck A(i) == i * i
ure.program @iso {
  ure.input @a : memref<10xi32>
  ure.input @b : memref<10xi32>
  ure.func @A(i) -> i32 on device
  ure.def @A(%i) {
    %x = ure.load @a(%i) : i32
    %y = ure.load @b(%i) : i32
    %v = arith.muli %x, %y : i32
    ure.yield %v : i32
  }
  ure.set_bounds @A (i = 0 extent 10)
  ure.space_time_transform @A (i)
  ure.isolate_producer [@a, @b] into @Feeder
}
