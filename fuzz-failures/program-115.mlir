// Mismatch: systolic refuses a legal schedule: the schedule does not respect the dependence of @f1 on @f0 at (l0 + 1, l1, l2 - 1): the value is read in the same step that computes it (its time distance along 't1' is 0; it must be at least 1)
// params: []
// between: canonicalize, loop-invariant-code-motion, inline, canonicalize{region-simplify=aggressive}
// input shapes: [[5, 6]]
ure.program @fuzz {
  ure.input @in0 : memref<?x?xf16>
  ure.func @f0(l0, l1, l2) -> f16
  ure.func @f1(l0, l1, l2) -> f16
  ure.func @out(l0, l1, l2) -> f16
  ure.def @f0(%l0, %l1, %l2) {
    %v1 = ure.at @f1(%l0 - 1, %l1, %l2 - 2) : f16
    %v2 = arith.constant -1 : index
    %v3 = arith.cmpi sge, %l0, %v2 : index
    %v4 = arith.constant 2 : index
    %v5 = arith.cmpi sge, %l2, %v4 : index
    %v6 = arith.andi %v3, %v5 : i1
    %v7 = arith.constant 1.75 : f16
    %v8 = arith.select %v6, %v1, %v7 : f16
    ure.yield %v8 : f16
  }
  ure.def @f1(%l0, %l1, %l2) {
    %v1 = arith.index_cast %l0 : index to i32
    %v2 = arith.sitofp %v1 : i32 to f16
    %v3 = ure.at @f0(%l0 + 1, %l1, %l2 - 1) : f16
    %v4 = arith.constant 0 : index
    %v5 = arith.cmpi sle, %l0, %v4 : index
    %v6 = arith.constant 1 : index
    %v7 = arith.cmpi sge, %l2, %v6 : index
    %v8 = arith.andi %v5, %v7 : i1
    %v9 = arith.constant -0.25 : f16
    %v10 = arith.select %v8, %v3, %v9 : f16
    %v11 = arith.mulf %v2, %v10 : f16
    %v12 = math.floor %v11 : f16
    ure.yield %v12 : f16
  }
  ure.def @out(%l0, %l1, %l2) {
    %v1 = ure.at @f1(%l0, %l1, %l2) : f16
    ure.yield %v1 : f16
  }
  ure.merge_ures @f0 [@f1, @out]
  ure.set_bounds @f0 (l0 = -2 extent 4, l1 = 1 extent 2, l2 = 0 extent 1)
  ure.space_time_transform @f0 (l0, l1) vector [1, 2] check_time
  ure.space_time_transform @f0 (l0) vector [-1] check_time
  ure.vectorize @f0 (l0)
}
