// Mismatch: systolic refuses a legal schedule: the schedule does not respect the dependence of @f1 on @f1 at (l0 - 1, l1 - 1, l2): the value is read 1 step(s) before the step that computes it (its time distance along 't1' is -1; it must be at least 1)
// params: [2]
// between: loop-invariant-code-motion, sccp, canonicalize{region-simplify=aggressive}
// input shapes: [[1, 2]]
ure.program @fuzz {
  ure.param @P1 max 4
  ure.input @in0 : memref<1x2xi3>
  ure.func @f0(l0, l1, l2) -> i3
  ure.func @f1(l0, l1, l2) -> i3
  ure.func @out(l0, l1, l2) -> i3
  ure.def @f0(%l0, %l1, %l2) {
    %v1 = arith.index_cast %l2 : index to i3
    %v2 = ure.load @in0(%l0, %l2) : i3
    %v3 = arith.constant 3 : i3
    %v4 = arith.remsi %v1, %v2 : i3
    %v5 = arith.addi %v4, %v3 : i3
    ure.yield %v5 : i3
  }
  ure.def @f1(%l0, %l1, %l2) {
    %v1 = ure.at @f1(%l0 - 1, %l1 - 1, %l2) : i3
    %v2 = arith.constant 1 : index
    %v3 = arith.cmpi sge, %l0, %v2 : index
    %v4 = arith.constant 1 : index
    %v5 = arith.cmpi sge, %l1, %v4 : index
    %v6 = arith.andi %v3, %v5 : i1
    %v7 = arith.constant 1 : i3
    %v8 = arith.select %v6, %v1, %v7 : i3
    %v9 = arith.constant -2 : i3
    %v10 = ure.load @in0(%l0, %l2) : i3
    %v11 = ure.at @f1(%l0, %l1 - 1, %l2 - 2) : i3
    %v12 = arith.constant 1 : index
    %v13 = arith.cmpi sge, %l1, %v12 : index
    %v14 = arith.constant 2 : index
    %v15 = arith.cmpi sge, %l2, %v14 : index
    %v16 = arith.andi %v13, %v15 : i1
    %v17 = arith.constant 0 : i3
    %v18 = arith.select %v16, %v11, %v17 : i3
    %v19 = arith.divui %v8, %v9 : i3
    %v20 = arith.andi %v19, %v10 : i3
    %v21 = arith.andi %v20, %v18 : i3
    %v22 = math.absi %v21 : i3
    ure.yield %v22 : i3
  }
  ure.def @out(%l0, %l1, %l2) {
    %v1 = ure.at @f1(%l0, %l1, %l2) : i3
    %v2 = ure.at @f0(%l0, %l1, %l2) : i3
    %v3 = arith.muli %v1, %v2 : i3
    ure.yield %v3 : i3
  }
  ure.merge_ures @f0 [@f1, @out]
  ure.set_bounds @f0 (l0 = 0 extent 1, l1 = 0 extent @P1, l2 = 0 extent 2)
  ure.space_time_transform @f0 (l0, l1) vector [-1, 0] check_time
  ure.vectorize @f0 (l1)
}
