// Mismatch: systolic refuses a legal schedule: the schedule does not respect the dependence of @f0 on @f0 at (l2 + 1, l0 + 2, l1 - 1): the value is read 1 step(s) before the step that computes it (its time distance along 't1' is -1; it must be at least 1)
// params: [4]
// between: canonicalize
// input shapes: [[1]]
ure.program @fuzz {
  ure.param @P1 max 4
  ure.input @in0 : memref<1xi8>
  ure.func @f0(l0, l1, l2) -> i8
  ure.func @f1(l0, l1, l2) -> i8
  ure.func @out(l0, l1, l2) -> i8
  ure.def @f0(%l0, %l1, %l2) {
    %v1 = ure.load @in0(%l0 - 1) : i8
    %v2 = arith.constant -6 : i8
    %v3 = ure.load @in0(%l0 - 1) : i8
    %v4 = ure.at @f0(%l0 + 2, %l1 - 1, %l2 + 1) : i8
    %v5 = arith.constant -1 : index
    %v6 = arith.cmpi sle, %l0, %v5 : index
    %v7 = arith.constant 2 : index
    %v8 = arith.cmpi sge, %l1, %v7 : index
    %v9 = arith.andi %v6, %v8 : i1
    %v10 = arith.constant 0 : index
    %v11 = arith.cmpi sle, %l2, %v10 : index
    %v12 = arith.andi %v9, %v11 : i1
    %v13 = arith.constant 3 : i8
    %v14 = arith.select %v12, %v4, %v13 : i8
    %v15 = arith.floordivsi %v1, %v2 : i8
    %v16 = arith.minui %v15, %v3 : i8
    %v17 = arith.ori %v16, %v14 : i8
    ure.yield %v17 : i8
  }
  ure.def @f1(%l0, %l1, %l2) {
    %v1 = ure.load @in0(%l0 - 1) : i8
    %v2 = ure.load @in0(%l0 - 1) : i8
    %v3 = arith.constant -3 : i8
    %v4 = ure.at @f1(%l0 - 1, %l1, %l2 - 2) : i8
    %v5 = arith.constant 2 : index
    %v6 = arith.cmpi sge, %l0, %v5 : index
    %v7 = arith.constant 2 : index
    %v8 = arith.cmpi sge, %l2, %v7 : index
    %v9 = arith.andi %v6, %v8 : i1
    %v10 = arith.constant -2 : i8
    %v11 = arith.select %v9, %v4, %v10 : i8
    %v12 = arith.divui %v1, %v2 : i8
    %v13 = arith.divui %v12, %v3 : i8
    %v14 = arith.divsi %v13, %v11 : i8
    %v15 = arith.extui %v14 : i8 to i64
    %v16 = arith.trunci %v15 : i64 to i8
    %v17 = arith.index_cast %v16 : i8 to index
    %v18 = arith.index_cast %v17 : index to i8
    ure.yield %v18 : i8
  }
  ure.def @out(%l0, %l1, %l2) {
    %v1 = ure.at @f1(%l0, %l1, %l2) : i8
    %v2 = ure.at @f0(%l0, %l1, %l2) : i8
    %v3 = arith.remui %v1, %v2 : i8
    ure.yield %v3 : i8
  }
  ure.merge_ures @f0 [@f1, @out]
  ure.set_bounds @f0 (l0 = 1 extent 1, l1 = 1 extent @P1, l2 = 0 extent 2)
  ure.reorder @f0 (l2, l0, l1)
  ure.space_time_transform @f0 (l2, l0) vector [2, 0] check_time
  ure.space_time_transform @f0 (l2)
  ure.isolate_producer [@in0] into @loader depth 1
  ure.isolate_consumer @out into @drainer depth 1
  ure.vectorize @f0 (l2)
  ure.vectorize @drainer (l2)
}
