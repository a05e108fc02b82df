// T2S t2s/tests/correctness/isolation/isolate-consumer-4-merge-ures.cpp, SIZE = 10.
//   A(i)   = select(i == 0, i + 1, A(i - 1));     ure.def @A
//   out(i) = A(i);                                ure.def @out
//   A.merge_ures(out).set_bounds(i, 0, SIZE);     ure.merge_ures @A [@out], ure.set_bounds
//   (no space_time_transform in T2S)              ure.space_time_transform @A (i)
//   out.isolate_consumer_chain(c1, c2, c3);       out >> c1 >> c2 >> c3:
//                                                 ure.isolate_consumer @out into @c1
//                                                 ure.unload @out from @c1 into @c2
// Reduced to out >> c1 >> c2 (t2s builds at most collector >> unloader; the
// full chain is isolate-consumer-4-merge-ures.mlir, refused).
//   check_equal(golden hout(i) = 1, result)
ure.program @iso {
  ure.func @A(i) -> i32 on device
  ure.func @out(i) -> i32 on device
  ure.def @A(%i) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : i32
    %first = arith.cmpi eq, %i, %c0 : index
    %ii = arith.index_cast %i : index to i32
    %i1 = arith.addi %ii, %c1 : i32
    %p = ure.at @A(%i - 1) : i32
    %v = arith.select %first, %i1, %p : i32
    ure.yield %v : i32
  }
  ure.def @out(%i) {
    %a = ure.at @A(%i) : i32
    ure.yield %a : i32
  }
  ure.merge_ures @A [@out]
  ure.set_bounds @A (i = 0 extent 10)
  ure.space_time_transform @A (i)
  ure.isolate_consumer @out into @c1
  ure.unload @out from @c1 into @c2
}
