// Mismatch: systolic refuses a legal schedule: the schedule does not respect the dependence of @f1 on @f0 at (l0 - 2, l1): the value is read 2 step(s) before the step that computes it (its time distance along 't1' is -2; it must be at least 1)
// params: []
// between: loop-invariant-code-motion, sccp, symbol-dce
// input shapes: [[1, 3]]
ure.program @fuzz {
  ure.input @in0 : memref<1x3xi3>
  ure.func @f0(l0, l1) -> i3
  ure.func @f1(l0, l1) -> i3
  ure.func @f2(l0, l1) -> i3
  ure.func @out(l0, l1) -> i3
  ure.def @f0(%l0, %l1) {
    %v1 = ure.load @in0(%l0, %l1 - 1) : i3
    %v2 = arith.index_cast %l1 : index to i3
    %v3 = ure.load @in0(%l0, %l1 - 1) : i3
    %v4 = ure.at @f0(%l0, %l1 - 2) : i3
    %v5 = arith.constant 3 : index
    %v6 = arith.cmpi sge, %l1, %v5 : index
    %v7 = arith.constant -1 : i3
    %v8 = arith.select %v6, %v4, %v7 : i3
    %v9 = arith.floordivsi %v1, %v2 : i3
    %v10 = arith.divui %v9, %v3 : i3
    %v11 = arith.floordivsi %v10, %v8 : i3
    ure.yield %v11 : i3
  }
  ure.def @f1(%l0, %l1) {
    %v1 = ure.load @in0(%l0, %l1 - 1) : i3
    %v2 = arith.index_cast %l1 : index to i3
    %v3 = ure.load @in0(%l0, %l1 - 1) : i3
    %v4 = ure.at @f0(%l0 - 2, %l1) : i3
    %v5 = arith.constant 2 : index
    %v6 = arith.cmpi sge, %l0, %v5 : index
    %v7 = arith.constant -4 : i3
    %v8 = arith.select %v6, %v4, %v7 : i3
    %v9 = arith.divui %v1, %v2 : i3
    %v10 = arith.subi %v9, %v3 : i3
    %v11 = arith.floordivsi %v10, %v8 : i3
    ure.yield %v11 : i3
  }
  ure.def @f2(%l0, %l1) {
    %v1 = arith.index_cast %l1 : index to i3
    %v2 = ure.load @in0(%l0, %l1 - 1) : i3
    %v3 = ure.load @in0(%l0, %l1 - 1) : i3
    %v4 = ure.at @f0(%l0 - 1, %l1) : i3
    %v5 = arith.constant 1 : index
    %v6 = arith.cmpi sge, %l0, %v5 : index
    %v7 = arith.constant -2 : i3
    %v8 = arith.select %v6, %v4, %v7 : i3
    %v9 = arith.minui %v1, %v2 : i3
    %v10 = arith.remsi %v9, %v3 : i3
    %v11 = arith.ceildivsi %v10, %v8 : i3
    %v12 = arith.extui %v11 : i3 to i64
    %v13 = arith.trunci %v12 : i64 to i3
    ure.yield %v13 : i3
  }
  ure.def @out(%l0, %l1) {
    %v1 = ure.at @f2(%l0, %l1) : i3
    %v2 = ure.at @f0(%l0, %l1) : i3
    %v3 = arith.remui %v1, %v2 : i3
    ure.yield %v3 : i3
  }
  ure.merge_ures @f0 [@f1, @f2, @out]
  ure.set_bounds @f0 (l0 = 0 extent 1, l1 = 1 extent 3)
  ure.space_time_transform @f0 (l0) vector [-1] check_time
}
