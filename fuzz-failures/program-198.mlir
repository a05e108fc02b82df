// Mismatch: systolic refuses a legal schedule: the schedule does not respect the dependence of @f0 on @f1 at (l0 - 1, l2, l1): the value is read in the same step that computes it (its time distance along 't1' is 0; it must be at least 1)
// params: []
// between: cse, loop-invariant-code-motion, sccp, symbol-dce, canonicalize{region-simplify=aggressive}
// input shapes: [[1]]
ure.program @fuzz {
  ure.input @in0 : memref<1xf32>
  ure.func @f0(l0, l1, l2) -> f32
  ure.func @f1(l0, l1, l2) -> f32
  ure.func @f2(l0, l1, l2) -> f32
  ure.func @out(l2, l1) -> f32
  ure.def @f0(%l0, %l1, %l2) {
    %v1 = ure.load @in0(%l0) : f32
    %v2 = ure.at @f1(%l0 - 1, %l1, %l2) : f32
    %v3 = arith.constant 1 : index
    %v4 = arith.cmpi sge, %l0, %v3 : index
    %v5 = arith.constant -0.75 : f32
    %v6 = arith.select %v4, %v2, %v5 : f32
    %v7 = arith.minimumf %v1, %v6 : f32
    ure.yield %v7 : f32
  }
  ure.def @f1(%l0, %l1, %l2) {
    %v1 = ure.at @f0(%l0 + 1, %l1 - 1, %l2 + 2) : f32
    %v2 = arith.constant -1 : index
    %v3 = arith.cmpi sle, %l0, %v2 : index
    %v4 = arith.constant -1 : index
    %v5 = arith.cmpi sge, %l1, %v4 : index
    %v6 = arith.andi %v3, %v5 : i1
    %v7 = arith.constant -2 : index
    %v8 = arith.cmpi sle, %l2, %v7 : index
    %v9 = arith.andi %v6, %v8 : i1
    %v10 = arith.constant -0.25 : f32
    %v11 = arith.select %v9, %v1, %v10 : f32
    %v12 = arith.constant 0.25 : f32
    %v13 = ure.at @f0(%l0, %l1 - 2, %l2) : f32
    %v14 = arith.constant 0 : index
    %v15 = arith.cmpi sge, %l1, %v14 : index
    %v16 = arith.constant -1.25 : f32
    %v17 = arith.select %v15, %v13, %v16 : f32
    %v18 = arith.subf %v11, %v12 : f32
    %v19 = arith.addf %v18, %v17 : f32
    ure.yield %v19 : f32
  }
  ure.def @f2(%l0, %l1, %l2) {
    %v1 = ure.load @in0(%l0) : f32
    %v2 = arith.constant 1.25 : f32
    %v3 = arith.index_cast %l2 : index to i32
    %v4 = arith.sitofp %v3 : i32 to f32
    %v5 = ure.at @f1(%l0, %l1 - 2, %l2) : f32
    %v6 = arith.constant 0 : index
    %v7 = arith.cmpi sge, %l1, %v6 : index
    %v8 = arith.constant 0.25 : f32
    %v9 = arith.select %v7, %v5, %v8 : f32
    %v10 = arith.minimumf %v1, %v2 : f32
    %v11 = arith.mulf %v10, %v4 : f32
    %v12 = arith.mulf %v11, %v9 : f32
    ure.yield %v12 : f32
  }
  ure.def @out(%l2, %l1) with (%l0) {
    %v1 = ure.at @f2(%l0, %l1, %l2) : f32
    %v2 = ure.at @f1(%l0, %l1, %l2) : f32
    %v3 = arith.minimumf %v1, %v2 : f32
    %v4 = arith.constant 0 : index
    %v5 = arith.cmpi sle, %l0, %v4 : index
    %v6 = ure.select %v5, %v3 : f32
    ure.yield %v6 : f32
  }
  ure.merge_ures @f0 [@f1, @f2, @out]
  ure.set_bounds @f0 (l0 = 0 extent 1, l1 = -2 extent 1, l2 = 0 extent 1)
  ure.reorder @f0 (l0, l2, l1)
  ure.space_time_transform @f0 (l0) vector [0] check_time
}
