// Mismatch: systolic refuses a legal schedule: the schedule does not respect the dependence of @f0 on @f0 at (l0 - 1, l1): the value is read in the same step that computes it (its time distance along 't1' is 0; it must be at least 1)
// params: []
// between: cse, sccp, symbol-dce, canonicalize{region-simplify=aggressive}
// input shapes: [[2], [2]]
ure.program @fuzz {
  ure.input @in0 : memref<2xf32>
  ure.input @in1 : memref<2xf32>
  ure.func @f0(l0, l1) -> f32
  ure.func @out(l0) -> f32
  ure.def @f0(%l0, %l1) {
    %v1 = arith.constant 1.25 : f32
    %v2 = ure.load @in1(%l1 + 2) : f32
    %v3 = ure.at @f0(%l0, %l1 - 2) : f32
    %v4 = arith.constant 0 : index
    %v5 = arith.cmpi sge, %l1, %v4 : index
    %v6 = arith.constant 1.25 : f32
    %v7 = arith.select %v5, %v3, %v6 : f32
    %v8 = ure.at @f0(%l0 - 1, %l1) : f32
    %v9 = arith.constant 1 : index
    %v10 = arith.cmpi sge, %l0, %v9 : index
    %v11 = arith.constant 0.75 : f32
    %v12 = arith.select %v10, %v8, %v11 : f32
    %v13 = arith.maximumf %v1, %v2 : f32
    %v14 = arith.maximumf %v13, %v7 : f32
    %v15 = arith.mulf %v14, %v12 : f32
    ure.yield %v15 : f32
  }
  ure.def @out(%l0) with (%l1) {
    %v1 = ure.at @f0(%l0, %l1) : f32
    %v2 = arith.constant -1 : index
    %v3 = arith.cmpi eq, %l1, %v2 : index
    %v4 = ure.select %v3, %v1 : f32
    ure.yield %v4 : f32
  }
  ure.merge_ures @f0 [@out]
  ure.set_bounds @f0 (l0 = 0 extent 1, l1 = -2 extent 2)
  ure.space_time_transform @f0 (l0) vector [0] check_time
}
