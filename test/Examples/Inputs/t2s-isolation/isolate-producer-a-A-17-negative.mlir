// T2S t2s/tests/correctness/isolation/isolate-producer-a-A-17-negative.cpp, SIZE = 10.
// T2S expects a CompileError: b does not appear in A.
//   ImageParam a, b                              ure.input @a, @b
//   A(i) = a(i) * a(i);                          ure.def @A
//   A.isolate_producer_chain(b, A_feeder);       ure.isolate_producer [@b] into @A_feeder
ure.program @iso {
  ure.input @a : memref<10xi32>
  ure.input @b : memref<10xi32>
  ure.func @A(i) -> i32 on device
  ure.def @A(%i) {
    %x = ure.load @a(%i) : i32
    %v = arith.muli %x, %x : i32
    ure.yield %v : i32
  }
  ure.set_bounds @A (i = 0 extent 10)
  ure.space_time_transform @A (i)
  ure.isolate_producer [@b] into @A_feeder
}
