// T2S t2s/tests/correctness/isolation/isolate-producer-a-A-3-negative.cpp, SIZE = 10.
// T2S expects a CompileError: "a" has more than one occurrence in A.
//   A(i) = a(i) * a(i+1);                   ure.def @A (two loads of @a)
//   A.isolate_producer_chain(a, A_feeder);  ure.isolate_producer [@a] into @A_feeder
// (@a holds 11 elements so that a(i + 1) is defined at i = 9.)
ure.program @iso {
  ure.input @a : memref<11xi32>
  ure.func @A(i) -> i32 on device
  ure.def @A(%i) {
    %x = ure.load @a(%i) : i32
    %y = ure.load @a(%i + 1) : i32
    %v = arith.muli %x, %y : i32
    ure.yield %v : i32
  }
  ure.set_bounds @A (i = 0 extent 10)
  ure.space_time_transform @A (i)
  ure.isolate_producer [@a] into @A_feeder
}
