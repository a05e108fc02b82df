// Mismatch: systolic refuses a legal schedule: the schedule does not respect the dependence of @f1 on @f1 at (l0 - 2, l1, l2): the value is read 2 step(s) before the step that computes it (its time distance along 't1' is -2; it must be at least 1)
// params: []
// between: canonicalize, cse, loop-invariant-code-motion, sccp
// input shapes: [[1]]
ure.program @fuzz {
  ure.input @in0 : memref<1xi64>
  ure.func @f0(l0, l1, l2) -> i64
  ure.func @f1(l0, l1, l2) -> i64
  ure.func @f2(l0, l1, l2) -> i64
  ure.func @out(l0, l1, l2) -> i64
  ure.def @f0(%l0, %l1, %l2) {
    %v1 = arith.index_cast %l1 : index to i64
    %v2 = ure.at @f1(%l0 + 2, %l1 - 2, %l2) : i64
    %v3 = arith.constant -4 : index
    %v4 = arith.cmpi sle, %l0, %v3 : index
    %v5 = arith.constant 2 : index
    %v6 = arith.cmpi sge, %l1, %v5 : index
    %v7 = arith.andi %v4, %v6 : i1
    %v8 = arith.constant -1 : i64
    %v9 = arith.select %v7, %v2, %v8 : i64
    %v10 = ure.at @f0(%l0, %l1 - 1, %l2 - 2) : i64
    %v11 = arith.constant 1 : index
    %v12 = arith.cmpi sge, %l1, %v11 : index
    %v13 = arith.constant 2 : index
    %v14 = arith.cmpi sge, %l2, %v13 : index
    %v15 = arith.andi %v12, %v14 : i1
    %v16 = arith.constant 5 : i64
    %v17 = arith.select %v15, %v10, %v16 : i64
    %v18 = arith.xori %v1, %v9 : i64
    %v19 = arith.remsi %v18, %v17 : i64
    ure.yield %v19 : i64
  }
  ure.def @f1(%l0, %l1, %l2) {
    %v1 = arith.constant 4 : i64
    %v2 = ure.at @f0(%l0, %l1, %l2) : i64
    %v3 = arith.constant 0 : i64
    %v4 = ure.at @f1(%l0 - 2, %l1, %l2) : i64
    %v5 = arith.constant 0 : index
    %v6 = arith.cmpi sge, %l0, %v5 : index
    %v7 = arith.constant 0 : i64
    %v8 = arith.select %v6, %v4, %v7 : i64
    %v9 = arith.divsi %v1, %v2 : i64
    %v10 = arith.subi %v9, %v3 : i64
    %v11 = arith.subi %v10, %v8 : i64
    ure.yield %v11 : i64
  }
  ure.def @f2(%l0, %l1, %l2) {
    %v1 = ure.load @in0(%l2) : i64
    %v2 = arith.index_cast %l2 : index to i64
    %v3 = ure.at @f0(%l0, %l1, %l2) : i64
    %v4 = ure.at @f2(%l0, %l1, %l2 - 2) : i64
    %v5 = arith.constant 2 : index
    %v6 = arith.cmpi sge, %l2, %v5 : index
    %v7 = arith.constant 3 : i64
    %v8 = arith.select %v6, %v4, %v7 : i64
    %v9 = arith.addi %v1, %v2 : i64
    %v10 = arith.divui %v9, %v3 : i64
    %v11 = arith.divui %v10, %v8 : i64
    ure.yield %v11 : i64
  }
  ure.def @out(%l0, %l1, %l2) {
    %v1 = ure.at @f2(%l0, %l1, %l2) : i64
    ure.yield %v1 : i64
  }
  ure.merge_ures @f0 [@f1, @f2, @out]
  ure.set_bounds @f0 (l0 = -2 extent 1, l1 = 0 extent 2, l2 = 0 extent 1)
  ure.space_time_transform @f0 (l0) vector [-1] check_time
  ure.isolate_producer [@in0] into @loader depth 2
  ure.isolate_consumer @out into @drainer depth 2
}
