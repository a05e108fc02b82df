// Mismatch: systolic refuses a legal schedule: the schedule does not respect the dependence of @f0 on @f0 at (l0 - 2, l1): the value is read 2 step(s) before the step that computes it (its time distance along 't1' is -2; it must be at least 1)
// params: [2]
// between: canonicalize
// input shapes: [[4, 2]]
ure.program @fuzz {
  ure.param @P1 max 4
  ure.input @in0 : memref<4x2xi16>
  ure.func @f0(l0, l1) -> i16
  ure.func @out(l0, l1) -> i16
  ure.def @f0(%l0, %l1) {
    %v1 = ure.at @f0(%l0 - 2, %l1) : i16
    %v2 = arith.constant 3 : index
    %v3 = arith.cmpi sge, %l0, %v2 : index
    %v4 = arith.constant 5 : i16
    %v5 = arith.select %v3, %v1, %v4 : i16
    %v6 = arith.index_cast %l1 : index to i16
    %v7 = ure.at @f0(%l0, %l1 - 2) : i16
    %v8 = arith.constant 2 : index
    %v9 = arith.cmpi sge, %l1, %v8 : index
    %v10 = arith.constant -2 : i16
    %v11 = arith.select %v9, %v7, %v10 : i16
    %v12 = arith.constant 16 : i16
    %v13 = arith.remui %v6, %v12 : i16
    %v14 = arith.shrui %v5, %v13 : i16
    %v15 = arith.remui %v14, %v11 : i16
    ure.yield %v15 : i16
  }
  ure.def @out(%l0, %l1) {
    %v1 = ure.at @f0(%l0, %l1) : i16
    ure.yield %v1 : i16
  }
  ure.merge_ures @f0 [@out]
  ure.set_bounds @f0 (l0 = 1 extent 2, l1 = 0 extent @P1)
  ure.space_time_transform @f0 (l0) vector [-1]
  ure.isolate_consumer @out into @drainer depth 3
}
