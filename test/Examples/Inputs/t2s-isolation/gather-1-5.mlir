// T2S t2s/tests/correctness/gather/gather-1-5.cpp, SIZE = 8, STRATEGY = Up
// (gather-1-5-down.mlir: Down; test.sh runs both).
//   ImageParam a(Int(32), 1, "a");                 ure.input @a
//   A(i) = a(i);                                   ure.def @A
//   A.set_bounds(i, 0, SIZE).vectorize(i)          ure.set_bounds, ure.vectorize @A (i) (no space-time
//                                                  transform: i is the space loop, as lanes)
//    .isolate_consumer_chain(A_drainer, A_collector);   ure.isolate_consumer @A into @A_drainer
//                                                  ure.unload @A from @A_drainer into @A_collector
//   A_drainer.gather(A, i, STRATEGY);              ure.vectorize @A_drainer (i) (the drainer's lanes;
//                                                  gather.md "Code 4") + ure.gather @A_drainer (@A, i, up)
//   check_equal(A0(i0) = a(i0), out)               npycheck A(i) == i
ure.program @gather {
  ure.input @a : memref<8xi32>
  ure.func @A(i) -> i32 on device
  ure.def @A(%i) {
    %v = ure.load @a(%i) : i32
    ure.yield %v : i32
  }
  ure.set_bounds @A (i = 0 extent 8)
  ure.vectorize @A (i)
  ure.isolate_consumer @A into @A_drainer
  ure.vectorize @A_drainer (i)
  ure.gather @A_drainer (@A, i, up)
  ure.unload @A from @A_drainer into @A_collector
}
