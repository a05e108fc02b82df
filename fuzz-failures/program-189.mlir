// Mismatch: systolic refuses a legal schedule: the schedule does not respect the dependence of @f0 on @f0 at (l0 - 2, l1): the value is read in the same step that computes it (its time distance along 't1' is 0; it must be at least 1)
// params: [1]
// between: cse, symbol-dce
// input shapes: [[1], [1, 3]]
ure.program @fuzz {
  ure.param @P0 max 1
  ure.input @in0 : memref<1xi33>
  ure.input @in1 : memref<?x?xi33>
  ure.func @f0(l0, l1) -> i33
  ure.func @out(l0, l1) -> i33
  ure.def @f0(%l0, %l1) {
    %v1 = arith.constant 3 : i33
    %v2 = ure.at @f0(%l0 - 2, %l1) : i33
    %v3 = arith.constant 2 : index
    %v4 = arith.cmpi sge, %l0, %v3 : index
    %v5 = arith.constant -2 : i33
    %v6 = arith.select %v4, %v2, %v5 : i33
    %v7 = arith.maxsi %v1, %v6 : i33
    ure.yield %v7 : i33
  }
  ure.def @out(%l0, %l1) {
    %v1 = ure.at @f0(%l0, %l1) : i33
    ure.yield %v1 : i33
  }
  ure.merge_ures @f0 [@out]
  ure.set_bounds @f0 (l0 = 0 extent @P0, l1 = 0 extent 2)
  ure.space_time_transform @f0 (l0) vector [0] check_time
}
