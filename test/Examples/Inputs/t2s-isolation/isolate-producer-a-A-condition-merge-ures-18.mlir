// T2S t2s/tests/correctness/isolation/isolate-producer-a-A-condition-merge-ures-18.cpp, SIZE = 10.
//   E(i) = i;                                      ure.def @E -> i32
//   D(i) = E(i);                                   ure.def @D
//   C(i) = (i <= 2);                               ure.def @C -> i1
//   B(i) = select(C(i), a(i), a(i) * D(i));        ure.def @B (two loads of @a, one per branch)
//   A(i) = select(C(i), B(i) + 1, i * 2) * 2;      ure.def @A (output)
//   E.merge_ures(D, C, B, A)                       ure.merge_ures @E [@D, @C, @B, @A]
//   (bounds from A.realize(SIZE))                  ure.set_bounds @E (i = 0 extent 10)
//   (no space_time_transform in T2S)               ure.space_time_transform @E (i)
//    .isolate_producer_chain(D, A_feeder);         ure.isolate_producer [@D] into @A_feeder
//                                                  -> expected error: isolates @D, which is not a ure.input
// isolate-producer-a-A-condition-merge-ures-18-a.mlir isolates @a instead.
//   golden F(i) = A(i)                             npycheck (i + 1 if i <= 2 else 2 i) * 2
ure.program @iso {
  ure.input @a : memref<10xi32>
  ure.func @E(i) -> i32 on device
  ure.func @D(i) -> i32 on device
  ure.func @C(i) -> i1 on device
  ure.func @B(i) -> i32 on device
  ure.func @A(i) -> i32 on device
  ure.def @E(%i) {
    %v = arith.index_cast %i : index to i32
    ure.yield %v : i32
  }
  ure.def @D(%i) {
    %v = ure.at @E(%i) : i32
    ure.yield %v : i32
  }
  ure.def @C(%i) {
    %c2 = arith.constant 2 : index
    %v = arith.cmpi sle, %i, %c2 : index
    ure.yield %v : i1
  }
  ure.def @B(%i) {
    %c = ure.at @C(%i) : i1
    %x = ure.load @a(%i) : i32
    %x2 = ure.load @a(%i) : i32
    %d = ure.at @D(%i) : i32
    %xd = arith.muli %x2, %d : i32
    %v = arith.select %c, %x, %xd : i32
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
  ure.merge_ures @E [@D, @C, @B, @A]
  ure.set_bounds @E (i = 0 extent 10)
  ure.space_time_transform @E (i)
  ure.isolate_producer [@D] into @A_feeder
}
