// Mismatch: systolic refuses a legal schedule: the schedule does not respect the dependence of @f0 on @f2 at (l0 - 2, l1): the value is read in the same step that computes it (its time distance along 't1' is 0; it must be at least 1)
// params: []
// between: canonicalize, cse, symbol-dce, inline
// input shapes: [[2], [2]]
ure.program @fuzz {
  ure.input @in0 : memref<2xi3>
  ure.input @in1 : memref<2xi3>
  ure.func @f0(l0, l1) -> i3
  ure.func @f1(l0, l1) -> i3
  ure.func @f2(l0, l1) -> i3
  ure.func @out(l1) -> i3
  ure.def @f0(%l0, %l1) {
    %v1 = ure.load @in1(%l1) : i3
    %v2 = ure.at @f2(%l0 - 2, %l1) : i3
    %v3 = arith.constant 2 : index
    %v4 = arith.cmpi sge, %l0, %v3 : index
    %v5 = arith.constant -4 : i3
    %v6 = arith.select %v4, %v2, %v5 : i3
    %v7 = ure.load @in0(%l0) : i3
    %v8 = ure.at @f1(%l0, %l1 - 2) : i3
    %v9 = arith.constant 2 : index
    %v10 = arith.cmpi sge, %l1, %v9 : index
    %v11 = arith.constant 2 : i3
    %v12 = arith.select %v10, %v8, %v11 : i3
    %v13 = arith.ori %v1, %v6 : i3
    %v14 = arith.maxsi %v13, %v7 : i3
    %v15 = arith.remsi %v14, %v12 : i3
    ure.yield %v15 : i3
  }
  ure.def @f1(%l0, %l1) {
    %v1 = ure.load @in1(%l1) : i3
    %v2 = ure.load @in0(%l0) : i3
    %v3 = ure.at @f0(%l0, %l1) : i3
    %v4 = ure.at @f0(%l0, %l1 - 1) : i3
    %v5 = arith.constant 1 : index
    %v6 = arith.cmpi sge, %l1, %v5 : index
    %v7 = arith.constant 1 : i3
    %v8 = arith.select %v6, %v4, %v7 : i3
    %v9 = arith.constant 3 : i3
    %v10 = arith.remui %v2, %v9 : i3
    %v11 = arith.shli %v1, %v10 : i3
    %v12 = arith.andi %v11, %v3 : i3
    %v13 = arith.maxsi %v12, %v8 : i3
    %v14 = math.absi %v13 : i3
    ure.yield %v14 : i3
  }
  ure.def @f2(%l0, %l1) {
    %v1 = arith.index_cast %l1 : index to i3
    %v2 = ure.at @f1(%l0, %l1 - 1) : i3
    %v3 = arith.constant 1 : index
    %v4 = arith.cmpi sge, %l1, %v3 : index
    %v5 = arith.constant -2 : i3
    %v6 = arith.select %v4, %v2, %v5 : i3
    %v7 = arith.divui %v1, %v6 : i3
    ure.yield %v7 : i3
  }
  ure.def @out(%l1) with (%l0) {
    %v1 = ure.at @f2(%l0, %l1) : i3
    %v2 = arith.constant 1 : index
    %v3 = arith.cmpi eq, %l0, %v2 : index
    %v4 = ure.select %v3, %v1 : i3
    ure.yield %v4 : i3
  }
  ure.merge_ures @f0 [@f1, @f2, @out]
  ure.set_bounds @f0 (l0 = 0 extent 2, l1 = 0 extent 2)
  ure.space_time_transform @f0 (l0) vector [0]
  ure.vectorize @f0 (l0)
}
