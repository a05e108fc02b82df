// Mismatch: systolic refuses a legal schedule: the schedule does not respect the dependence of @f0 on @f1 at (l0 - 2, l1): the value is read 2 step(s) before the step that computes it (its time distance along 't1' is -2; it must be at least 1)
// params: []
// between: cse, loop-invariant-code-motion, sccp, inline, canonicalize{region-simplify=aggressive}
// input shapes: [[1, 2], [1]]
ure.program @fuzz {
  ure.input @in0 : memref<1x2xi33>
  ure.input @in1 : memref<1xi33>
  ure.func @f0(l0, l1) -> i33
  ure.func @f1(l0, l1) -> i33
  ure.func @f2(l0, l1) -> i33
  ure.func @out(l1) -> i33
  ure.def @f0(%l0, %l1) {
    %v1 = ure.load @in0(%l1, %l0 + 2) : i33
    %v2 = arith.index_cast %l1 : index to i33
    %v3 = ure.at @f1(%l0 - 2, %l1) : i33
    %v4 = arith.constant 0 : index
    %v5 = arith.cmpi sge, %l0, %v4 : index
    %v6 = arith.constant 3 : i33
    %v7 = arith.select %v5, %v3, %v6 : i33
    %v8 = arith.addi %v1, %v2 : i33
    %v9 = arith.andi %v8, %v7 : i33
    %v10 = arith.extui %v9 : i33 to i64
    %v11 = arith.trunci %v10 : i64 to i33
    ure.yield %v11 : i33
  }
  ure.def @f1(%l0, %l1) {
    %v1 = ure.load @in1(%l1) : i33
    %v2 = ure.load @in0(%l1, %l0 + 2) : i33
    %v3 = ure.load @in0(%l1, %l0 + 2) : i33
    %v4 = ure.at @f1(%l0 - 2, %l1) : i33
    %v5 = arith.constant 0 : index
    %v6 = arith.cmpi sge, %l0, %v5 : index
    %v7 = arith.constant 5 : i33
    %v8 = arith.select %v6, %v4, %v7 : i33
    %v9 = arith.ori %v1, %v2 : i33
    %v10 = arith.remui %v9, %v3 : i33
    %v11 = arith.constant 33 : i33
    %v12 = arith.remui %v8, %v11 : i33
    %v13 = arith.shli %v10, %v12 : i33
    %v14 = arith.extui %v13 : i33 to i64
    %v15 = arith.trunci %v14 : i64 to i33
    %v16 = arith.index_cast %v15 : i33 to index
    %v17 = arith.index_cast %v16 : index to i33
    ure.yield %v17 : i33
  }
  ure.def @f2(%l0, %l1) {
    %v1 = ure.at @f1(%l0, %l1) : i33
    %v2 = ure.load @in1(%l1) : i33
    %v3 = ure.at @f1(%l0, %l1 - 1) : i33
    %v4 = arith.constant 1 : index
    %v5 = arith.cmpi sge, %l1, %v4 : index
    %v6 = arith.constant -4 : i33
    %v7 = arith.select %v5, %v3, %v6 : i33
    %v8 = arith.maxsi %v1, %v2 : i33
    %v9 = arith.subi %v8, %v7 : i33
    ure.yield %v9 : i33
  }
  ure.def @out(%l1) with (%l0) {
    %v1 = ure.at @f2(%l0, %l1) : i33
    %v2 = ure.at @f0(%l0, %l1) : i33
    %v3 = arith.floordivsi %v1, %v2 : i33
    %v4 = arith.constant -1 : index
    %v5 = arith.cmpi eq, %l0, %v4 : index
    %v6 = ure.select %v5, %v3 : i33
    ure.yield %v6 : i33
  }
  ure.merge_ures @f0 [@f1, @f2, @out]
  ure.set_bounds @f0 (l0 = -2 extent 2, l1 = 0 extent 1)
  ure.space_time_transform @f0 (l0) vector [-1] check_time
  ure.isolate_producer [@in0, @in1] into @loader depth 2
  ure.isolate_consumer @out into @drainer depth 2
  ure.vectorize @f0 (l0)
  ure.vectorize @drainer (l0)
  ure.gather @drainer (@out, l0, down)
}
