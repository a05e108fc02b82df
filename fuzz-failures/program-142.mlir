// Mismatch: systolic refuses a legal schedule: the schedule does not respect the dependence of @f0 on @f0 at (l0, l1 - 2, l2): the value is read 2 step(s) before the step that computes it (its time distance along 't1' is -2; it must be at least 1)
// params: []
// between: cse, loop-invariant-code-motion, symbol-dce, inline, canonicalize{region-simplify=aggressive}
// input shapes: [[8]]
ure.program @fuzz {
  ure.input @in0 : memref<?xi1>
  ure.func @f0(l0, l1, l2) -> i1
  ure.func @out(l1, l2) -> i1
  ure.def @f0(%l0, %l1, %l2) {
    %v1 = arith.constant false
    %v2 = ure.at @f0(%l0, %l1 - 2, %l2) : i1
    %v3 = arith.constant 2 : index
    %v4 = arith.cmpi sge, %l1, %v3 : index
    %v5 = arith.constant false
    %v6 = arith.select %v4, %v2, %v5 : i1
    %v7 = arith.minui %v1, %v6 : i1
    ure.yield %v7 : i1
  }
  ure.def @out(%l1, %l2) with (%l0) {
    %v1 = ure.at @f0(%l0, %l1, %l2) : i1
    %v2 = arith.constant 3 : index
    %v3 = arith.cmpi eq, %l0, %v2 : index
    %v4 = ure.select %v3, %v1 : i1
    ure.yield %v4 : i1
  }
  ure.merge_ures @f0 [@out]
  ure.set_bounds @f0 (l0 = 0 extent 4, l1 = 0 extent 1, l2 = 0 extent 4)
  ure.space_time_transform @f0 (l0, l1) vector [0, -1] check_time
}
