// Mismatch: systolic refuses a legal schedule: the schedule does not respect the dependence of @f1 on @f0 at (l0 - 2, l1, l2): the value is read in the same step that computes it (its time distance along 't1' is 0; it must be at least 1)
// params: []
// between: symbol-dce, inline, canonicalize{region-simplify=aggressive}
// input shapes: [[1], [1, 1]]
ure.program @fuzz {
  ure.input @in0 : memref<1xi12>
  ure.input @in1 : memref<1x1xi12>
  ure.func @f0(l0, l1, l2) -> i12
  ure.func @f1(l0, l1, l2) -> i12
  ure.func @out(l0, l1, l2) -> i12
  ure.def @f0(%l0, %l1, %l2) {
    %v1 = arith.index_cast %l2 : index to i12
    %v2 = arith.constant -2 : i12
    %v3 = ure.load @in1(%l0, %l2 + 2) : i12
    %v4 = ure.at @f1(%l0, %l1, %l2 - 2) : i12
    %v5 = arith.constant 0 : index
    %v6 = arith.cmpi sge, %l2, %v5 : index
    %v7 = arith.constant -3 : i12
    %v8 = arith.select %v6, %v4, %v7 : i12
    %v9 = arith.subi %v1, %v2 : i12
    %v10 = arith.minui %v9, %v3 : i12
    %v11 = arith.xori %v10, %v8 : i12
    ure.yield %v11 : i12
  }
  ure.def @f1(%l0, %l1, %l2) {
    %v1 = ure.load @in1(%l0, %l2 + 2) : i12
    %v2 = arith.constant -2 : i12
    %v3 = ure.at @f0(%l0 - 2, %l1, %l2) : i12
    %v4 = arith.constant 2 : index
    %v5 = arith.cmpi sge, %l0, %v4 : index
    %v6 = arith.constant 3 : i12
    %v7 = arith.select %v5, %v3, %v6 : i12
    %v8 = arith.ori %v1, %v2 : i12
    %v9 = arith.minui %v8, %v7 : i12
    ure.yield %v9 : i12
  }
  ure.def @out(%l0, %l1, %l2) {
    %v1 = ure.at @f1(%l0, %l1, %l2) : i12
    %v2 = ure.at @f0(%l0, %l1, %l2) : i12
    %v3 = arith.remui %v1, %v2 : i12
    ure.yield %v3 : i12
  }
  ure.merge_ures @f0 [@f1, @out]
  ure.set_bounds @f0 (l0 = 0 extent 1, l1 = 0 extent 2, l2 = -2 extent 1)
  ure.space_time_transform @f0 (l0) vector [0] check_time
}
