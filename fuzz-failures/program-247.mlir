// Mismatch: systolic refuses a legal schedule: the schedule does not respect the dependence of @f0 on @f0 at (l0 - 2, l1, l2): the value is read in the same step that computes it (its time distance along 't1' is 0; it must be at least 1)
// params: [1]
// between: canonicalize, cse
// input shapes: [[2]]
ure.program @fuzz {
  ure.param @P1 max 2
  ure.input @in0 : memref<?xi12>
  ure.func @f0(l0, l1, l2) -> i12
  ure.func @out(l1, l2) -> i12
  ure.def @f0(%l0, %l1, %l2) {
    %v1 = ure.at @f0(%l0 - 2, %l1, %l2) : i12
    %v2 = arith.constant 2 : index
    %v3 = arith.cmpi sge, %l0, %v2 : index
    %v4 = arith.constant -5 : i12
    %v5 = arith.select %v3, %v1, %v4 : i12
    %v6 = ure.load @in0(%l1) : i12
    %v7 = arith.index_cast %l2 : index to i12
    %v8 = arith.constant 12 : i12
    %v9 = arith.remui %v6, %v8 : i12
    %v10 = arith.shli %v5, %v9 : i12
    %v11 = arith.floordivsi %v10, %v7 : i12
    ure.yield %v11 : i12
  }
  ure.def @out(%l1, %l2) with (%l0) {
    %v1 = ure.at @f0(%l0, %l1, %l2) : i12
    %v2 = arith.constant 1 : index
    %v3 = arith.cmpi eq, %l0, %v2 : index
    %v4 = ure.select %v3, %v1 : i12
    ure.yield %v4 : i12
  }
  ure.merge_ures @f0 [@out]
  ure.set_bounds @f0 (l0 = 0 extent 2, l1 = 0 extent @P1, l2 = 1 extent 3)
  ure.space_time_transform @f0 (l0) vector [0] check_time
}
