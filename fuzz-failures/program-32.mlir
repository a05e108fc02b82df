// Mismatch: systolic refuses a legal schedule: the schedule does not respect the dependence of @f0 on @f0 at (l0 - 1, l1, l2): the value is read 1 step(s) before the step that computes it (its time distance along 't1' is -1; it must be at least 1)
// params: [2]
// between: canonicalize{region-simplify=aggressive}
// input shapes: [[1, 4]]
ure.program @fuzz {
  ure.param @P2 max 4
  ure.input @in0 : memref<1x4xf64>
  ure.func @f0(l0, l1, l2) -> f64
  ure.func @out(l0, l1, l2) -> f64
  ure.def @f0(%l0, %l1, %l2) {
    %v1 = ure.at @f0(%l0 - 1, %l1, %l2) : f64
    %v2 = arith.constant 1 : index
    %v3 = arith.cmpi sge, %l0, %v2 : index
    %v4 = arith.constant -2.00 : f64
    %v5 = arith.select %v3, %v1, %v4 : f64
    %v6 = ure.load @in0(%l0, %l2 - 1) : f64
    %v7 = ure.at @f0(%l0 + 1, %l1, %l2 - 1) : f64
    %v8 = arith.constant -1 : index
    %v9 = arith.cmpi sle, %l0, %v8 : index
    %v10 = arith.constant 2 : index
    %v11 = arith.cmpi sge, %l2, %v10 : index
    %v12 = arith.andi %v9, %v11 : i1
    %v13 = arith.constant 1.25 : f64
    %v14 = arith.select %v12, %v7, %v13 : f64
    %v15 = arith.minimumf %v5, %v6 : f64
    %v16 = arith.minimumf %v15, %v14 : f64
    ure.yield %v16 : f64
  }
  ure.def @out(%l0, %l1, %l2) {
    %v1 = ure.at @f0(%l0, %l1, %l2) : f64
    ure.yield %v1 : f64
  }
  ure.merge_ures @f0 [@out]
  ure.set_bounds @f0 (l0 = 0 extent 1, l1 = 0 extent 2, l2 = 1 extent @P2)
  ure.space_time_transform @f0 (l0, l1) vector [-1, 0]
}
