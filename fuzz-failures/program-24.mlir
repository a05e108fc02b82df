// Mismatch: systolic refuses a legal schedule: the schedule does not respect the dependence of @f0 on @f0 at (l0 - 2, l1): the value is read 2 step(s) before the step that computes it (its time distance along 't1' is -2; it must be at least 1)
// params: []
// between: canonicalize, cse, loop-invariant-code-motion, symbol-dce, inline, canonicalize{region-simplify=aggressive}
// input shapes: [[1, 1], [1, 1]]
ure.program @fuzz {
  ure.input @in0 : memref<1x1xf64>
  ure.input @in1 : memref<1x1xf64>
  ure.func @f0(l0, l1) -> f64
  ure.func @out(l0, l1) -> f64
  ure.def @f0(%l0, %l1) {
    %v1 = ure.at @f0(%l0 - 2, %l1) : f64
    %v2 = arith.constant 2 : index
    %v3 = arith.cmpi sge, %l0, %v2 : index
    %v4 = arith.constant 0.00 : f64
    %v5 = arith.select %v3, %v1, %v4 : f64
    %v6 = ure.at @f0(%l0, %l1 - 1) : f64
    %v7 = arith.constant 1 : index
    %v8 = arith.cmpi sge, %l1, %v7 : index
    %v9 = arith.constant -0.50 : f64
    %v10 = arith.select %v8, %v6, %v9 : f64
    %v11 = arith.maximumf %v5, %v10 : f64
    ure.yield %v11 : f64
  }
  ure.def @out(%l0, %l1) {
    %v1 = ure.at @f0(%l0, %l1) : f64
    ure.yield %v1 : f64
  }
  ure.merge_ures @f0 [@out]
  ure.set_bounds @f0 (l0 = 0 extent 1, l1 = 0 extent 1)
  ure.space_time_transform @f0 (l0) vector [-1]
}
