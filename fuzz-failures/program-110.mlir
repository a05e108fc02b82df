// Mismatch: systolic refuses a legal schedule: the schedule does not respect the dependence of @f0 on @f0 at (l0 - 1, l1): the value is read 1 step(s) before the step that computes it (its time distance along 't1' is -1; it must be at least 1)
// params: []
// between: cse, sccp
// input shapes: [[1], [1, 1]]
ure.program @fuzz {
  ure.input @in0 : memref<1xf32>
  ure.input @in1 : memref<1x1xf32>
  ure.func @f0(l0, l1) -> f32
  ure.func @out(l1) -> f32
  ure.def @f0(%l0, %l1) {
    %v1 = ure.load @in0(%l0 + 2) : f32
    %v2 = ure.at @f0(%l0 - 1, %l1) : f32
    %v3 = arith.constant -1 : index
    %v4 = arith.cmpi sge, %l0, %v3 : index
    %v5 = arith.constant -1.50 : f32
    %v6 = arith.select %v4, %v2, %v5 : f32
    %v7 = ure.at @f0(%l0, %l1 - 2) : f32
    %v8 = arith.constant 2 : index
    %v9 = arith.cmpi sge, %l1, %v8 : index
    %v10 = arith.constant 1.75 : f32
    %v11 = arith.select %v9, %v7, %v10 : f32
    %v12 = arith.subf %v1, %v6 : f32
    %v13 = arith.minimumf %v12, %v11 : f32
    %v14 = arith.extf %v13 : f32 to f64
    %v15 = arith.truncf %v14 : f64 to f32
    ure.yield %v15 : f32
  }
  ure.def @out(%l1) with (%l0) {
    %v1 = ure.at @f0(%l0, %l1) : f32
    %v2 = arith.constant -2 : index
    %v3 = arith.cmpi eq, %l0, %v2 : index
    %v4 = ure.select %v3, %v1 : f32
    ure.yield %v4 : f32
  }
  ure.merge_ures @f0 [@out]
  ure.set_bounds @f0 (l0 = -2 extent 1, l1 = 0 extent 1)
  ure.space_time_transform @f0 (l0) vector [-1]
  ure.isolate_producer [@in0] into @loader depth 3
}
