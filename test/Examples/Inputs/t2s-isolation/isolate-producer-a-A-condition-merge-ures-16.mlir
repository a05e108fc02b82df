// T2S t2s/tests/correctness/isolation/isolate-producer-a-A-condition-merge-ures-16.cpp (T2S isolates the Func operand B), SIZE = 10.
//   D(i) = i;                                      ure.def @D -> i32
//   C(i) = (i <= 2);                               ure.def @C -> i1
//   B(i) = a(i) * D(i);                            ure.def @B
//   A(i) = select(C(i), B(i) + 1, i * 2) * 2;      ure.def @A (output)
//   D.merge_ures(C, B, A)                          ure.merge_ures @D [@C, @B, @A]
//   (bounds from A.realize(SIZE))                  ure.set_bounds @D (i = 0 extent 10)
//   (no space_time_transform in T2S)               ure.space_time_transform @D (i)
//    .isolate_producer_chain(a, A_feeder);         ure.isolate_producer [@B] into @A_feeder
//   golden out(i) = A(i)                           npycheck ((i*i + 1) if i <= 2 else 2 i) * 2
ure.program @iso {
  ure.input @a : memref<10xi32>
  ure.func @D(i) -> i32 on device
  ure.func @C(i) -> i1 on device
  ure.func @B(i) -> i32 on device
  ure.func @A(i) -> i32 on device
  ure.def @D(%i) {
    %v = arith.index_cast %i : index to i32
    ure.yield %v : i32
  }
  ure.def @C(%i) {
    %c2 = arith.constant 2 : index
    %v = arith.cmpi sle, %i, %c2 : index
    ure.yield %v : i1
  }
  ure.def @B(%i) {
    %x = ure.load @a(%i) : i32
    %d = ure.at @D(%i) : i32
    %v = arith.muli %x, %d : i32
    ure.yield %v : i32
  }
  ure.def @A(%i) {
    %c1i = arith.constant 1 : i32
    %c2i = arith.constant 2 : i32
    %cond = ure.at @C(%i) : i1
    %b = ure.at @B(%i) : i32
    %b1 = arith.addi %b, %c1i : i32
    %ii = arith.index_cast %i : index to i32
    %i2 = arith.muli %ii, %c2i : i32
    %s = arith.select %cond, %b1, %i2 : i32
    %v = arith.muli %s, %c2i : i32
    ure.yield %v : i32
  }
  ure.merge_ures @D [@C, @B, @A]
  ure.set_bounds @D (i = 0 extent 10)
  ure.space_time_transform @D (i)
  ure.isolate_producer [@B] into @A_feeder
}
