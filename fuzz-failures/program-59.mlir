// Mismatch: systolic refuses a legal schedule: the schedule does not respect the dependence of @f0 on @f2 at (l0 + 1, l1 - 1): the value is read 1099511627775 step(s) before the step that computes it (its time distance along 't1' is -1099511627775; it must be at least 1)
// params: [3]
// between: 
// input shapes: [[4], [3]]
ure.program @fuzz {
  ure.param @P1 max 4
  ure.input @in0 : memref<?xi12>
  ure.input @in1 : memref<?xi12>
  ure.func @f0(l0, l1) -> i12
  ure.func @f1(l0, l1) -> i12
  ure.func @f2(l0, l1) -> i12
  ure.func @out(l1) -> i12
  ure.def @f0(%l0, %l1) {
    %v1 = arith.index_cast %l0 : index to i12
    %v2 = arith.constant 2 : i12
    %v3 = ure.at @f2(%l0 - 2, %l1) : i12
    %v4 = arith.constant 2 : index
    %v5 = arith.cmpi sge, %l0, %v4 : index
    %v6 = arith.constant -4 : i12
    %v7 = arith.select %v5, %v3, %v6 : i12
    %v8 = ure.at @f2(%l0 + 1, %l1 - 1) : i12
    %v9 = arith.constant -1 : index
    %v10 = arith.cmpi sle, %l0, %v9 : index
    %v11 = arith.constant 2 : index
    %v12 = arith.cmpi sge, %l1, %v11 : index
    %v13 = arith.andi %v10, %v12 : i1
    %v14 = arith.constant 4 : i12
    %v15 = arith.select %v13, %v8, %v14 : i12
    %v16 = arith.floordivsi %v1, %v2 : i12
    %v17 = arith.andi %v16, %v7 : i12
    %v18 = arith.constant 12 : i12
    %v19 = arith.remui %v15, %v18 : i12
    %v20 = arith.shrui %v17, %v19 : i12
    ure.yield %v20 : i12
  }
  ure.def @f1(%l0, %l1) {
    %v1 = arith.constant -4 : i12
    %v2 = ure.load @in0(%l1 - 1) : i12
    %v3 = arith.constant 3 : i12
    %v4 = ure.at @f2(%l0 - 1, %l1) : i12
    %v5 = arith.constant 1 : index
    %v6 = arith.cmpi sge, %l0, %v5 : index
    %v7 = arith.constant -4 : i12
    %v8 = arith.select %v6, %v4, %v7 : i12
    %v9 = arith.muli %v1, %v2 : i12
    %v10 = arith.remsi %v9, %v3 : i12
    %v11 = arith.subi %v10, %v8 : i12
    ure.yield %v11 : i12
  }
  ure.def @f2(%l0, %l1) {
    %v1 = arith.index_cast %l1 : index to i12
    %v2 = ure.at @f0(%l0, %l1) : i12
    %v3 = arith.maxsi %v1, %v2 : i12
    ure.yield %v3 : i12
  }
  ure.def @out(%l1) with (%l0) {
    %v1 = ure.at @f2(%l0, %l1) : i12
    %v2 = arith.constant 0 : index
    %v3 = arith.cmpi eq, %l0, %v2 : index
    %v4 = ure.select %v3, %v1 : i12
    ure.yield %v4 : i12
  }
  ure.merge_ures @f0 [@f1, @f2, @out]
  ure.set_bounds @f0 (l0 = 0 extent 1, l1 = 1 extent @P1)
  ure.reorder @f0 (l0, l1)
  ure.space_time_transform @f0 (l0) vector [1099511627776] check_time
}
