// Mismatch: systolic refuses a legal schedule: the schedule does not respect the dependence of @f1 on @f0 at (l0 + 2, l1 - 1): the value is read 3 step(s) before the step that computes it (its time distance along 't1' is -3; it must be at least 1)
// params: []
// between: canonicalize, loop-invariant-code-motion, sccp
// input shapes: [[4, 1]]
ure.program @fuzz {
  ure.input @in0 : memref<4x1xf64>
  ure.func @f0(l0, l1) -> f64
  ure.func @f1(l0, l1) -> f64
  ure.func @f2(l0, l1) -> f64
  ure.func @out(l1) -> f64
  ure.def @f0(%l0, %l1) {
    %v1 = ure.load @in0(%l0 - 1, %l1 + 2) : f64
    %v2 = ure.at @f0(%l0 - 1, %l1) : f64
    %v3 = arith.constant 2 : index
    %v4 = arith.cmpi sge, %l0, %v3 : index
    %v5 = arith.constant 1.50 : f64
    %v6 = arith.select %v4, %v2, %v5 : f64
    %v7 = arith.cmpf uno, %v6, %v6 : f64
    %v8 = arith.constant 1.0 : f64
    %v9 = arith.select %v7, %v8, %v6 : f64
    %v10 = math.copysign %v1, %v9 : f64
    ure.yield %v10 : f64
  }
  ure.def @f1(%l0, %l1) {
    %v1 = ure.load @in0(%l0 - 1, %l1 + 2) : f64
    %v2 = ure.load @in0(%l0 - 1, %l1 + 2) : f64
    %v3 = ure.load @in0(%l0 - 1, %l1 + 2) : f64
    %v4 = ure.at @f0(%l0 + 2, %l1 - 1) : f64
    %v5 = arith.constant 2 : index
    %v6 = arith.cmpi sle, %l0, %v5 : index
    %v7 = arith.constant -1 : index
    %v8 = arith.cmpi sge, %l1, %v7 : index
    %v9 = arith.andi %v6, %v8 : i1
    %v10 = arith.constant -0.50 : f64
    %v11 = arith.select %v9, %v4, %v10 : f64
    %v12 = arith.mulf %v1, %v2 : f64
    %v13 = arith.maximumf %v12, %v3 : f64
    %v14 = arith.subf %v13, %v11 : f64
    ure.yield %v14 : f64
  }
  ure.def @f2(%l0, %l1) {
    %v1 = ure.at @f0(%l0, %l1 - 2) : f64
    %v2 = arith.constant 0 : index
    %v3 = arith.cmpi sge, %l1, %v2 : index
    %v4 = arith.constant 1.75 : f64
    %v5 = arith.select %v3, %v1, %v4 : f64
    %v6 = arith.constant 2.00 : f64
    %v7 = ure.at @f2(%l0 - 2, %l1) : f64
    %v8 = arith.constant 3 : index
    %v9 = arith.cmpi sge, %l0, %v8 : index
    %v10 = arith.constant 1.75 : f64
    %v11 = arith.select %v9, %v7, %v10 : f64
    %v12 = arith.minimumf %v5, %v6 : f64
    %v13 = arith.subf %v12, %v11 : f64
    %v14 = arith.truncf %v13 : f64 to f32
    %v15 = arith.extf %v14 : f32 to f64
    ure.yield %v15 : f64
  }
  ure.def @out(%l1) with (%l0) {
    %v1 = ure.at @f2(%l0, %l1) : f64
    %v2 = arith.constant 4 : index
    %v3 = arith.cmpi eq, %l0, %v2 : index
    %v4 = ure.select %v3, %v1 : f64
    ure.yield %v4 : f64
  }
  ure.merge_ures @f0 [@f1, @f2, @out]
  ure.set_bounds @f0 (l0 = 1 extent 4, l1 = -2 extent 1)
  ure.space_time_transform @f0 (l0) vector [2] check_time
}
