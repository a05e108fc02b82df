// Mismatch: systolic refuses a legal schedule: the schedule does not respect the dependence of @f0 on @f0 at (l2, l0 - 2, l1): the value is read 2 step(s) before the step that computes it (its time distance along 't1' is -2; it must be at least 1)
// params: []
// between: canonicalize, cse, loop-invariant-code-motion, inline, canonicalize{region-simplify=aggressive}
// input shapes: [[4]]
ure.program @fuzz {
  ure.input @in0 : memref<4xf32>
  ure.func @f0(l0, l1, l2) -> f32
  ure.func @f1(l0, l1, l2) -> f32
  ure.func @out(l0, l1) -> f32
  ure.def @f0(%l0, %l1, %l2) {
    %v1 = arith.constant -2.00 : f32
    %v2 = ure.load @in0(%l2 - 1) : f32
    %v3 = ure.load @in0(%l2 - 1) : f32
    %v4 = ure.at @f0(%l0 - 2, %l1, %l2) : f32
    %v5 = arith.constant 0 : index
    %v6 = arith.cmpi sge, %l0, %v5 : index
    %v7 = arith.constant 2.00 : f32
    %v8 = arith.select %v6, %v4, %v7 : f32
    %v9 = arith.subf %v1, %v2 : f32
    %v10 = arith.addf %v9, %v3 : f32
    %v11 = arith.subf %v10, %v8 : f32
    ure.yield %v11 : f32
  }
  ure.def @f1(%l0, %l1, %l2) {
    %v1 = ure.at @f0(%l0, %l1 - 2, %l2) : f32
    %v2 = arith.constant 2 : index
    %v3 = arith.cmpi sge, %l1, %v2 : index
    %v4 = arith.constant -1.75 : f32
    %v5 = arith.select %v3, %v1, %v4 : f32
    ure.yield %v5 : f32
  }
  ure.def @out(%l0, %l1) with (%l2) {
    %v1 = ure.at @f1(%l0, %l1, %l2) : f32
    %v2 = ure.at @f0(%l0, %l1, %l2) : f32
    %v3 = arith.mulf %v1, %v2 : f32
    %v4 = arith.constant 4 : index
    %v5 = arith.cmpi eq, %l2, %v4 : index
    %v6 = ure.select %v5, %v3 : f32
    ure.yield %v6 : f32
  }
  ure.merge_ures @f0 [@f1, @out]
  ure.set_bounds @f0 (l0 = -2 extent 1, l1 = 0 extent 2, l2 = 1 extent 4)
  ure.reorder @f0 (l2, l0, l1)
  ure.space_time_transform @f0 (l2, l0) vector [2, -1] check_time
  ure.isolate_consumer @out into @drainer depth 2
}
