// T2S t2s/tests/correctness/isolation/isolate-producer-a-A-condition-merge-ures-negative-13.cpp, SIZE = 10.
// T2S expects an error: B is (inside) the condition of a Select.
//   C(i) = (i <= 2);                             ure.def @C
//   B(i) = (!C(i));                              ure.def @B
//   A(i) = select(B(i), a(i) + 1, i * 2) * 2;    ure.def @A
//   C.merge_ures(B, A);                          ure.merge_ures @C [@B, @A]
//   C.isolate_producer_chain(B, A_feeder);       ure.isolate_producer [@B] into @A_feeder
ure.program @iso {
  ure.input @a : memref<10xi32>
  ure.func @C(i) -> i1 on device
  ure.func @B(i) -> i1 on device
  ure.func @A(i) -> i32 on device
  ure.def @C(%i) {
    %c2 = arith.constant 2 : index
    %v = arith.cmpi sle, %i, %c2 : index
    ure.yield %v : i1
  }
  ure.def @B(%i) {
    %true = arith.constant true
    %c = ure.at @C(%i) : i1
    %v = arith.xori %c, %true : i1
    ure.yield %v : i1
  }
  ure.def @A(%i) {
    %c1i = arith.constant 1 : i32
    %c2i = arith.constant 2 : i32
    %cond = ure.at @B(%i) : i1
    %x = ure.load @a(%i) : i32
    %x1 = arith.addi %x, %c1i : i32
    %ii = arith.index_cast %i : index to i32
    %i2 = arith.muli %ii, %c2i : i32
    %s = arith.select %cond, %x1, %i2 : i32
    %v = arith.muli %s, %c2i : i32
    ure.yield %v : i32
  }
  ure.merge_ures @C [@B, @A]
  ure.set_bounds @C (i = 0 extent 10)
  ure.space_time_transform @C (i)
  ure.isolate_producer [@B] into @A_feeder
}
