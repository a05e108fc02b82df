// Mismatch: systolic refuses a legal schedule: the schedule does not respect the dependence of @f0 on @f0 at (l0, l1 - 2, l2 - 1): the value is read 1 step(s) before the step that computes it (its time distance along 't1' is -1; it must be at least 1)
// params: []
// between: 
// input shapes: [[1, 1], [2]]
ure.program @fuzz {
  ure.input @in0 : memref<1x1xbf16>
  ure.input @in1 : memref<2xbf16>
  ure.func @f0(l0, l1, l2) -> bf16
  ure.func @f1(l0, l1, l2) -> bf16
  ure.func @f2(l0, l1, l2) -> bf16
  ure.func @out(l0, l1, l2) -> bf16
  ure.def @f0(%l0, %l1, %l2) {
    %v1 = arith.index_cast %l0 : index to i32
    %v2 = arith.sitofp %v1 : i32 to bf16
    %v3 = ure.at @f0(%l0, %l1 - 2, %l2 - 1) : bf16
    %v4 = arith.constant 0 : index
    %v5 = arith.cmpi sge, %l1, %v4 : index
    %v6 = arith.constant -1 : index
    %v7 = arith.cmpi sge, %l2, %v6 : index
    %v8 = arith.andi %v5, %v7 : i1
    %v9 = arith.constant -0.50 : bf16
    %v10 = arith.select %v8, %v3, %v9 : bf16
    %v11 = arith.mulf %v2, %v10 : bf16
    ure.yield %v11 : bf16
  }
  ure.def @f1(%l0, %l1, %l2) {
    %v1 = ure.at @f0(%l0, %l1 - 2, %l2 - 1) : bf16
    %v2 = arith.constant 0 : index
    %v3 = arith.cmpi sge, %l1, %v2 : index
    %v4 = arith.constant -1 : index
    %v5 = arith.cmpi sge, %l2, %v4 : index
    %v6 = arith.andi %v3, %v5 : i1
    %v7 = arith.constant -2.00 : bf16
    %v8 = arith.select %v6, %v1, %v7 : bf16
    %v9 = ure.load @in0(%l0 + 2, %l2 + 2) : bf16
    %v10 = ure.load @in0(%l0 + 2, %l2 + 2) : bf16
    %v11 = ure.at @f1(%l0 + 2, %l1 + 1, %l2 - 2) : bf16
    %v12 = arith.constant -4 : index
    %v13 = arith.cmpi sle, %l0, %v12 : index
    %v14 = arith.constant -2 : index
    %v15 = arith.cmpi sle, %l1, %v14 : index
    %v16 = arith.andi %v13, %v15 : i1
    %v17 = arith.constant 0 : index
    %v18 = arith.cmpi sge, %l2, %v17 : index
    %v19 = arith.andi %v16, %v18 : i1
    %v20 = arith.constant -1.50 : bf16
    %v21 = arith.select %v19, %v11, %v20 : bf16
    %v22 = arith.maximumf %v8, %v9 : bf16
    %v23 = arith.mulf %v22, %v10 : bf16
    %v24 = arith.subf %v23, %v21 : bf16
    %v25 = math.sqrt %v24 : bf16
    ure.yield %v25 : bf16
  }
  ure.def @f2(%l0, %l1, %l2) {
    %v1 = ure.at @f0(%l0, %l1, %l2) : bf16
    %v2 = ure.load @in0(%l0 + 2, %l2 + 2) : bf16
    %v3 = arith.constant 0.25 : bf16
    %v4 = ure.at @f2(%l0 - 1, %l1, %l2 - 1) : bf16
    %v5 = arith.constant -1 : index
    %v6 = arith.cmpi sge, %l0, %v5 : index
    %v7 = arith.constant -1 : index
    %v8 = arith.cmpi sge, %l2, %v7 : index
    %v9 = arith.andi %v6, %v8 : i1
    %v10 = arith.constant -1.00 : bf16
    %v11 = arith.select %v9, %v4, %v10 : bf16
    %v12 = arith.addf %v1, %v2 : bf16
    %v13 = arith.subf %v12, %v3 : bf16
    %v14 = arith.mulf %v13, %v11 : bf16
    ure.yield %v14 : bf16
  }
  ure.def @out(%l0, %l1, %l2) {
    %v1 = ure.at @f2(%l0, %l1, %l2) : bf16
    %v2 = ure.at @f0(%l0, %l1, %l2) : bf16
    %v3 = arith.mulf %v1, %v2 : bf16
    ure.yield %v3 : bf16
  }
  ure.merge_ures @f0 [@f1, @f2, @out]
  ure.set_bounds @f0 (l0 = -2 extent 1, l1 = -2 extent 2, l2 = -2 extent 1)
  ure.space_time_transform @f0 (l0, l1) vector [2, -1] check_time
  ure.isolate_consumer @out into @drainer depth 2
}
