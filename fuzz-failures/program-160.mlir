// Mismatch: systolic refuses a legal schedule: the schedule does not respect the dependence of @f1 on @f0 at (l0 - 2, l1, l2): the value is read in the same step that computes it (its time distance along 't1' is 0; it must be at least 1)
// params: []
// between: cse, loop-invariant-code-motion, symbol-dce, canonicalize{region-simplify=aggressive}
// input shapes: [[4, 4]]
ure.program @fuzz {
  ure.input @in0 : memref<4x4xi64>
  ure.func @f0(l0, l1, l2) -> i64
  ure.func @f1(l0, l1, l2) -> i64
  ure.func @out(l0, l2) -> i64
  ure.def @f0(%l0, %l1, %l2) {
    %v1 = arith.index_cast %l0 : index to i64
    %v2 = arith.index_cast %l0 : index to i64
    %v3 = ure.at @f0(%l0, %l1, %l2 - 1) : i64
    %v4 = arith.constant 2 : index
    %v5 = arith.cmpi sge, %l2, %v4 : index
    %v6 = arith.constant 5 : i64
    %v7 = arith.select %v5, %v3, %v6 : i64
    %v8 = arith.maxsi %v1, %v2 : i64
    %v9 = arith.divui %v8, %v7 : i64
    ure.yield %v9 : i64
  }
  ure.def @f1(%l0, %l1, %l2) {
    %v1 = arith.constant -2 : i64
    %v2 = ure.load @in0(%l2 - 1, %l1 + 2) : i64
    %v3 = ure.at @f0(%l0 - 2, %l1, %l2) : i64
    %v4 = arith.constant 0 : index
    %v5 = arith.cmpi sge, %l0, %v4 : index
    %v6 = arith.constant -5 : i64
    %v7 = arith.select %v5, %v3, %v6 : i64
    %v8 = arith.ceildivsi %v1, %v2 : i64
    %v9 = arith.divui %v8, %v7 : i64
    ure.yield %v9 : i64
  }
  ure.def @out(%l0, %l2) with (%l1) {
    %v1 = ure.at @f1(%l0, %l1, %l2) : i64
    %v2 = ure.at @f0(%l0, %l1, %l2) : i64
    %v3 = arith.floordivsi %v1, %v2 : i64
    %v4 = arith.constant 1 : index
    %v5 = arith.cmpi eq, %l1, %v4 : index
    %v6 = ure.select %v5, %v3 : i64
    ure.yield %v6 : i64
  }
  ure.merge_ures @f0 [@f1, @out]
  ure.set_bounds @f0 (l0 = -2 extent 1, l1 = -2 extent 4, l2 = 1 extent 4)
  ure.space_time_transform @f0 (l0, l1) vector [0, -1] check_time
  ure.vectorize @f0 (l1)
}
