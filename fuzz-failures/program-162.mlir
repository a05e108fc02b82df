// Mismatch: systolic refuses a legal schedule: the schedule does not respect the dependence of @f1 on @f1 at (l0 + 2, l1, l2 - 1): the value is read 1 step(s) before the step that computes it (its time distance along 't1' is -1; it must be at least 1)
// params: []
// between: cse, symbol-dce, inline, canonicalize{region-simplify=aggressive}
// input shapes: [[1]]
ure.program @fuzz {
  ure.input @in0 : memref<1xf16>
  ure.func @f0(l0, l1, l2) -> f16
  ure.func @f1(l0, l1, l2) -> f16
  ure.func @out(l0, l1, l2) -> f16
  ure.def @f0(%l0, %l1, %l2) {
    %v1 = ure.at @f0(%l0 - 1, %l1, %l2) : f16
    %v2 = arith.constant -1 : index
    %v3 = arith.cmpi sge, %l0, %v2 : index
    %v4 = arith.constant -0.75 : f16
    %v5 = arith.select %v3, %v1, %v4 : f16
    %v6 = ure.at @f0(%l0 - 2, %l1, %l2 - 1) : f16
    %v7 = arith.constant 0 : index
    %v8 = arith.cmpi sge, %l0, %v7 : index
    %v9 = arith.constant 2 : index
    %v10 = arith.cmpi sge, %l2, %v9 : index
    %v11 = arith.andi %v8, %v10 : i1
    %v12 = arith.constant -1.75 : f16
    %v13 = arith.select %v11, %v6, %v12 : f16
    %v14 = arith.minimumf %v5, %v13 : f16
    ure.yield %v14 : f16
  }
  ure.def @f1(%l0, %l1, %l2) {
    %v1 = ure.load @in0(%l0 + 2) : f16
    %v2 = ure.at @f1(%l0 + 2, %l1, %l2 - 1) : f16
    %v3 = arith.constant -4 : index
    %v4 = arith.cmpi sle, %l0, %v3 : index
    %v5 = arith.constant 2 : index
    %v6 = arith.cmpi sge, %l2, %v5 : index
    %v7 = arith.andi %v4, %v6 : i1
    %v8 = arith.constant 1.00 : f16
    %v9 = arith.select %v7, %v2, %v8 : f16
    %v10 = arith.maximumf %v1, %v9 : f16
    ure.yield %v10 : f16
  }
  ure.def @out(%l0, %l1, %l2) {
    %v1 = ure.at @f1(%l0, %l1, %l2) : f16
    %v2 = ure.at @f0(%l0, %l1, %l2) : f16
    %v3 = arith.subf %v1, %v2 : f16
    ure.yield %v3 : f16
  }
  ure.merge_ures @f0 [@f1, @out]
  ure.set_bounds @f0 (l0 = -2 extent 1, l1 = 0 extent 3, l2 = 1 extent 4)
  ure.space_time_transform @f0 (l0, l1) vector [1, 2] check_time
}
