// T2S t2s/tests/correctness/isolation/isolate-producer-a-A-2.cpp, SIZE = 10.
//   ImageParam a(Int(32), 1, "a");          ure.input @a
//   A(i) = a(i) * 2;                        ure.def @A
//   (A.realize(SIZE))                       ure.set_bounds @A (i = 0 extent 10)
//   (no space_time_transform in T2S)        ure.space_time_transform @A (i): t2s needs a space loop
//   A.isolate_producer_chain(a, A_feeder);  ure.isolate_producer [@a] into @A_feeder
//   check_equal(B(i) = a(i) * 2, out)       npycheck A(i) == 2 i  (a(i) = i)
ure.program @iso {
  ure.input @a : memref<10xi32>
  ure.func @A(i) -> i32 on device
  ure.def @A(%i) {
    %c2 = arith.constant 2 : i32
    %x = ure.load @a(%i) : i32
    %v = arith.muli %x, %c2 : i32
    ure.yield %v : i32
  }
  ure.set_bounds @A (i = 0 extent 10)
  ure.space_time_transform @A (i)
  ure.isolate_producer [@a] into @A_feeder
}
