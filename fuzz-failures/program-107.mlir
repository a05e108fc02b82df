// Hang: no result after 10s
// params: [2]
// between: canonicalize, loop-invariant-code-motion, sccp, symbol-dce, canonicalize{region-simplify=aggressive}
// input shapes: [[3]]
ure.program @fuzz {
  ure.param @P1 max 2
  ure.input @in0 : memref<?xi12>
  ure.func @f0(l0, l1) -> i12
  ure.func @f1(l0, l1) -> i12
  ure.func @out(l0, l1) -> i12
  ure.def @f0(%l0, %l1) {
    %v1 = ure.load @in0(%l1 + 1) : i12
    %v2 = ure.load @in0(%l1 + 1) : i12
    %v3 = ure.at @f1(%l0, %l1 - 1) : i12
    %v4 = arith.constant 1 : index
    %v5 = arith.cmpi sge, %l1, %v4 : index
    %v6 = arith.constant -5 : i12
    %v7 = arith.select %v5, %v3, %v6 : i12
    %v8 = arith.constant 12 : i12
    %v9 = arith.remui %v2, %v8 : i12
    %v10 = arith.shrui %v1, %v9 : i12
    %v11 = arith.divui %v10, %v7 : i12
    ure.yield %v11 : i12
  }
  ure.def @f1(%l0, %l1) {
    %v1 = ure.load @in0(%l1 + 1) : i12
    %v2 = arith.index_cast %l0 : index to i12
    %v3 = arith.constant -4 : i12
    %v4 = ure.at @f1(%l0, %l1 - 1) : i12
    %v5 = arith.constant 1 : index
    %v6 = arith.cmpi sge, %l1, %v5 : index
    %v7 = arith.constant -4 : i12
    %v8 = arith.select %v6, %v4, %v7 : i12
    %v9 = arith.muli %v1, %v2 : i12
    %v10 = arith.floordivsi %v9, %v3 : i12
    %v11 = arith.constant 12 : i12
    %v12 = arith.remui %v8, %v11 : i12
    %v13 = arith.shrsi %v10, %v12 : i12
    ure.yield %v13 : i12
  }
  ure.def @out(%l0, %l1) {
    %v1 = ure.at @f1(%l0, %l1) : i12
    %v2 = ure.at @f0(%l0, %l1) : i12
    %v3 = arith.constant 12 : i12
    %v4 = arith.remui %v2, %v3 : i12
    %v5 = arith.shrsi %v1, %v4 : i12
    ure.yield %v5 : i12
  }
  ure.merge_ures @f0 [@f1, @out]
  ure.set_bounds @f0 (l0 = 0 extent 3, l1 = 0 extent @P1)
  ure.space_time_transform @f0 (l0) vector [1073741824]
}
