// Mismatch: systolic refuses a legal schedule: the schedule does not respect the dependence of @f0 on @f1 at (l0 - 2, l1): the value is read in the same step that computes it (its time distance along 't1' is 0; it must be at least 1)
// params: []
// between: loop-invariant-code-motion, canonicalize{region-simplify=aggressive}
// input shapes: [[2]]
ure.program @fuzz {
  ure.input @in0 : memref<2xi8>
  ure.func @f0(l0, l1) -> i8
  ure.func @f1(l0, l1) -> i8
  ure.func @out(l1) -> i8
  ure.def @f0(%l0, %l1) {
    %v1 = arith.index_cast %l1 : index to i8
    %v2 = ure.load @in0(%l0) : i8
    %v3 = ure.at @f1(%l0 - 2, %l1) : i8
    %v4 = arith.constant 2 : index
    %v5 = arith.cmpi sge, %l0, %v4 : index
    %v6 = arith.constant 4 : i8
    %v7 = arith.select %v5, %v3, %v6 : i8
    %v8 = arith.minui %v1, %v2 : i8
    %v9 = arith.divsi %v8, %v7 : i8
    %v10 = arith.extsi %v9 : i8 to i64
    %v11 = arith.trunci %v10 : i64 to i8
    ure.yield %v11 : i8
  }
  ure.def @f1(%l0, %l1) {
    %v1 = ure.load @in0(%l0) : i8
    %v2 = ure.at @f0(%l0 - 2, %l1 - 1) : i8
    %v3 = arith.constant 2 : index
    %v4 = arith.cmpi sge, %l0, %v3 : index
    %v5 = arith.constant 1 : index
    %v6 = arith.cmpi sge, %l1, %v5 : index
    %v7 = arith.andi %v4, %v6 : i1
    %v8 = arith.constant 0 : i8
    %v9 = arith.select %v7, %v2, %v8 : i8
    %v10 = arith.maxsi %v1, %v9 : i8
    ure.yield %v10 : i8
  }
  ure.def @out(%l1) with (%l0) {
    %v1 = ure.at @f1(%l0, %l1) : i8
    %v2 = ure.at @f0(%l0, %l1) : i8
    %v3 = arith.floordivsi %v1, %v2 : i8
    %v4 = arith.constant 1 : index
    %v5 = arith.cmpi sle, %l0, %v4 : index
    %v6 = ure.select %v5, %v3 : i8
    ure.yield %v6 : i8
  }
  ure.merge_ures @f0 [@f1, @out]
  ure.set_bounds @f0 (l0 = 0 extent 2, l1 = 0 extent 2)
  ure.space_time_transform @f0 (l0) vector [0]
  ure.isolate_producer [@in0] into @loader depth 2
  ure.isolate_consumer @out into @drainer depth 2
}
