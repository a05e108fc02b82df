// Mismatch: systolic refuses a legal schedule: the schedule does not respect the dependence of @f0 on @f0 at (l0 - 2, l1, l2): the value is read in the same step that computes it (its time distance along 't1' is 0; it must be at least 1)
// params: []
// between: cse, loop-invariant-code-motion, sccp, symbol-dce, inline, canonicalize{region-simplify=aggressive}
// input shapes: [[1, 1]]
ure.program @fuzz {
  ure.input @in0 : memref<1x1xi32>
  ure.func @f0(l0, l1, l2) -> i32
  ure.func @f1(l0, l1, l2) -> i32
  ure.func @out(l0, l1, l2) -> i32
  ure.def @f0(%l0, %l1, %l2) {
    %v1 = ure.at @f0(%l0 - 2, %l1, %l2) : i32
    %v2 = arith.constant 2 : index
    %v3 = arith.cmpi sge, %l0, %v2 : index
    %v4 = arith.constant 0 : i32
    %v5 = arith.select %v3, %v1, %v4 : i32
    %v6 = arith.index_cast %l0 : index to i32
    %v7 = ure.at @f0(%l0 - 1, %l1 - 2, %l2) : i32
    %v8 = arith.constant 1 : index
    %v9 = arith.cmpi sge, %l0, %v8 : index
    %v10 = arith.constant 2 : index
    %v11 = arith.cmpi sge, %l1, %v10 : index
    %v12 = arith.andi %v9, %v11 : i1
    %v13 = arith.constant 5 : i32
    %v14 = arith.select %v12, %v7, %v13 : i32
    %v15 = arith.muli %v5, %v6 : i32
    %v16 = arith.constant 32 : i32
    %v17 = arith.remui %v14, %v16 : i32
    %v18 = arith.shrsi %v15, %v17 : i32
    %v19 = arith.extui %v18 : i32 to i64
    %v20 = arith.trunci %v19 : i64 to i32
    ure.yield %v20 : i32
  }
  ure.def @f1(%l0, %l1, %l2) {
    %v1 = ure.load @in0(%l0, %l2 - 1) : i32
    %v2 = arith.index_cast %l2 : index to i32
    %v3 = arith.constant 32 : i32
    %v4 = arith.remui %v2, %v3 : i32
    %v5 = arith.shrui %v1, %v4 : i32
    ure.yield %v5 : i32
  }
  ure.def @out(%l0, %l1, %l2) {
    %v1 = ure.at @f1(%l0, %l1, %l2) : i32
    ure.yield %v1 : i32
  }
  ure.merge_ures @f0 [@f1, @out]
  ure.set_bounds @f0 (l0 = 0 extent 1, l1 = 0 extent 1, l2 = 1 extent 1)
  ure.reorder @f0 (l0, l1, l2)
  ure.space_time_transform @f0 (l0, l1) vector [0, -1] check_time
  ure.isolate_producer [@in0] into @loader depth 2
}
