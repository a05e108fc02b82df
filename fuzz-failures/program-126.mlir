// Mismatch: systolic refuses a legal schedule: the schedule does not respect the dependence of @f0 on @f0 at (l0 - 2, l1): the value is read in the same step that computes it (its time distance along 't1' is 0; it must be at least 1)
// params: [1]
// between: canonicalize, sccp
// input shapes: [[4, 1]]
ure.program @fuzz {
  ure.param @P0 max 1
  ure.input @in0 : memref<4x1xi32>
  ure.func @f0(l0, l1) -> i32
  ure.func @out(l1) -> i32
  ure.def @f0(%l0, %l1) {
    %v1 = ure.at @f0(%l0 - 2, %l1) : i32
    %v2 = arith.constant 3 : index
    %v3 = arith.cmpi sge, %l0, %v2 : index
    %v4 = arith.constant 2 : i32
    %v5 = arith.select %v3, %v1, %v4 : i32
    %v6 = ure.load @in0(%l1, %l0 - 1) : i32
    %v7 = ure.at @f0(%l0, %l1 - 2) : i32
    %v8 = arith.constant 2 : index
    %v9 = arith.cmpi sge, %l1, %v8 : index
    %v10 = arith.constant 3 : i32
    %v11 = arith.select %v9, %v7, %v10 : i32
    %v12 = arith.floordivsi %v5, %v6 : i32
    %v13 = arith.maxsi %v12, %v11 : i32
    ure.yield %v13 : i32
  }
  ure.def @out(%l1) with (%l0) {
    %v1 = ure.at @f0(%l0, %l1) : i32
    %v2 = ure.param_value @P0
    %v3 = arith.constant 0 : index
    %v4 = arith.addi %v2, %v3 : index
    %v5 = arith.cmpi eq, %l0, %v4 : index
    %v6 = ure.select %v5, %v1 : i32
    ure.yield %v6 : i32
  }
  ure.merge_ures @f0 [@out]
  ure.set_bounds @f0 (l0 = 1 extent @P0, l1 = 0 extent 4)
  ure.space_time_transform @f0 (l0) vector [0] check_time
  ure.isolate_producer [@in0] into @loader depth 1
  ure.isolate_consumer @out into @drainer depth 2
}
