// T2S t2s/tests/correctness/isolation/isolate-producer-a-A.cpp, SIZE = 10.
//   ImageParam a(Int(32), 1, "a");          ure.input @a (1-D: layout moot)
//   Func A(PLACE0); Var i; A(i) = a(i);     ure.func @A(i), ure.def @A
//   (bounds from A.realize(SIZE))           ure.set_bounds @A (i = 0 extent 10)
//   Func A_feeder(PLACE1);
//   A.isolate_producer_chain(a, A_feeder);  ure.isolate_producer [@a] into @A_feeder
//   check_equal(golden B(i) = a(i), out)    npycheck: A(i) == a(i) (a(i) = i, SEQUENTIAL)
ure.program @iso {
  ure.input @a : memref<10xi32>
  ure.func @A(i) -> i32 on device
  ure.def @A(%i) {
    %v = ure.load @a(%i) : i32
    ure.yield %v : i32
  }
  ure.set_bounds @A (i = 0 extent 10)
  ure.space_time_transform @A (i)           // (t2s needs a space loop; T2S leaves i serial)
  ure.isolate_producer [@a] into @A_feeder
}
