// Mismatch: systolic refuses a legal schedule: the schedule does not respect the dependence of @f1 on @f1 at (l0 + 2, l1, l2 - 2): the value is read 2147483646 step(s) before the step that computes it (its time distance along 't1' is -2147483646; it must be at least 1)
// params: []
// between: canonicalize, cse, sccp, inline, canonicalize{region-simplify=aggressive}
// input shapes: [[1, 4]]
ure.program @fuzz {
  ure.input @in0 : memref<1x4xi1>
  ure.func @f0(l0, l1, l2) -> i1
  ure.func @f1(l0, l1, l2) -> i1
  ure.func @f2(l0, l1, l2) -> i1
  ure.func @out(l1, l2) -> i1
  ure.def @f0(%l0, %l1, %l2) {
    %v1 = arith.index_cast %l0 : index to i1
    %v2 = arith.constant true
    %v3 = ure.at @f0(%l0 - 1, %l1, %l2) : i1
    %v4 = arith.constant 1 : index
    %v5 = arith.cmpi sge, %l0, %v4 : index
    %v6 = arith.constant true
    %v7 = arith.select %v5, %v3, %v6 : i1
    %v8 = arith.subi %v1, %v2 : i1
    %v9 = arith.remsi %v8, %v7 : i1
    ure.yield %v9 : i1
  }
  ure.def @f1(%l0, %l1, %l2) {
    %v1 = arith.index_cast %l0 : index to i1
    %v2 = arith.index_cast %l0 : index to i1
    %v3 = ure.at @f1(%l0 + 2, %l1, %l2 - 2) : i1
    %v4 = arith.constant 1 : index
    %v5 = arith.cmpi sle, %l0, %v4 : index
    %v6 = arith.constant 2 : index
    %v7 = arith.cmpi sge, %l2, %v6 : index
    %v8 = arith.andi %v5, %v7 : i1
    %v9 = arith.constant true
    %v10 = arith.select %v8, %v3, %v9 : i1
    %v11 = arith.subi %v1, %v2 : i1
    %v12 = arith.divsi %v11, %v10 : i1
    %v13 = arith.extui %v12 : i1 to i64
    %v14 = arith.trunci %v13 : i64 to i1
    ure.yield %v14 : i1
  }
  ure.def @f2(%l0, %l1, %l2) {
    %v1 = ure.load @in0(%l1, %l0) : i1
    %v2 = ure.at @f0(%l0 - 2, %l1 - 1, %l2 - 2) : i1
    %v3 = arith.constant 2 : index
    %v4 = arith.cmpi sge, %l0, %v3 : index
    %v5 = arith.constant 1 : index
    %v6 = arith.cmpi sge, %l1, %v5 : index
    %v7 = arith.andi %v4, %v6 : i1
    %v8 = arith.constant 2 : index
    %v9 = arith.cmpi sge, %l2, %v8 : index
    %v10 = arith.andi %v7, %v9 : i1
    %v11 = arith.constant true
    %v12 = arith.select %v10, %v2, %v11 : i1
    %v13 = arith.ori %v1, %v12 : i1
    ure.yield %v13 : i1
  }
  ure.def @out(%l1, %l2) with (%l0) {
    %v1 = ure.at @f2(%l0, %l1, %l2) : i1
    %v2 = arith.constant 3 : index
    %v3 = arith.cmpi sle, %l0, %v2 : index
    %v4 = ure.select %v3, %v1 : i1
    ure.yield %v4 : i1
  }
  ure.merge_ures @f0 [@f1, @f2, @out]
  ure.set_bounds @f0 (l0 = 0 extent 4, l1 = 0 extent 1, l2 = 0 extent 2)
  ure.reorder @f0 (l0, l1, l2)
  ure.space_time_transform @f0 (l0, l1) vector [1073741824, 2] check_time
}
