// T2S t2s/tests/correctness/isolation/isolate-producer-a-A-19-negative.cpp, SIZE = 10.
// T2S expects a CompileError: the producer A_feeder already has a definition.
//   A(i) = a(i) * 2;                             ure.def @A
//   A_feeder(i) = i * 2;                         ure.func @A_feeder, ure.def @A_feeder
//   A.isolate_producer_chain(a, A_feeder);       ure.isolate_producer [@a] into @A_feeder
// (A_feeder is merged into A's nest: t2s compiles one merged nest, and a
//  Func left out of it is an error of its own.)
ure.program @iso {
  ure.input @a : memref<10xi32>
  ure.func @A_feeder(i) -> i32 on device
  ure.func @A(i) -> i32 on device
  ure.def @A_feeder(%i) {
    %ii = arith.index_cast %i : index to i32
    %c2 = arith.constant 2 : i32
    %v = arith.muli %ii, %c2 : i32
    ure.yield %v : i32
  }
  ure.def @A(%i) {
    %c2 = arith.constant 2 : i32
    %x = ure.load @a(%i) : i32
    %v = arith.muli %x, %c2 : i32
    ure.yield %v : i32
  }
  ure.merge_ures @A_feeder [@A]
  ure.set_bounds @A_feeder (i = 0 extent 10)
  ure.space_time_transform @A_feeder (i)
  ure.isolate_producer [@a] into @A_feeder
}
