// Mismatch: interpret refuses a short input for another reason: poison stored into output Func `out` at (l2=-1, l1=0, l0=2): Func `f2` holds poison at (l0=2, l1=0, l2=-1) (never stored, or stored from poison) (at -:61:11)
// params: [2]
// between: cse, loop-invariant-code-motion, sccp, symbol-dce, canonicalize{region-simplify=aggressive}
// input shapes: [[3]] (one too small)
ure.program @fuzz {
  ure.param @P2 max 3
  ure.input @in0 : memref<?xi8>
  ure.func @f0(l0, l1, l2) -> i8
  ure.func @f1(l0, l1, l2) -> i8
  ure.func @f2(l0, l1, l2) -> i8
  ure.func @out(l1, l0) -> i8
  ure.def @f0(%l0, %l1, %l2) {
    %v1 = ure.at @f2(%l0 + 1, %l1 + 2, %l2 - 2) : i8
    %v2 = arith.constant 1 : index
    %v3 = arith.cmpi sle, %l0, %v2 : index
    %v4 = arith.constant -1 : index
    %v5 = arith.cmpi sle, %l1, %v4 : index
    %v6 = arith.andi %v3, %v5 : i1
    %v7 = arith.constant 0 : index
    %v8 = arith.cmpi sge, %l2, %v7 : index
    %v9 = arith.andi %v6, %v8 : i1
    %v10 = arith.constant 0 : i8
    %v11 = arith.select %v9, %v1, %v10 : i8
    %v12 = ure.at @f0(%l0 - 1, %l1, %l2 - 2) : i8
    %v13 = arith.constant 2 : index
    %v14 = arith.cmpi sge, %l0, %v13 : index
    %v15 = arith.constant 0 : index
    %v16 = arith.cmpi sge, %l2, %v15 : index
    %v17 = arith.andi %v14, %v16 : i1
    %v18 = arith.constant -4 : i8
    %v19 = arith.select %v17, %v12, %v18 : i8
    %v20 = arith.andi %v11, %v19 : i8
    ure.yield %v20 : i8
  }
  ure.def @f1(%l0, %l1, %l2) {
    %v1 = arith.index_cast %l0 : index to i8
    %v2 = ure.at @f1(%l0, %l1 - 1, %l2) : i8
    %v3 = arith.constant 1 : index
    %v4 = arith.cmpi sge, %l1, %v3 : index
    %v5 = arith.constant 2 : i8
    %v6 = arith.select %v4, %v2, %v5 : i8
    %v7 = arith.minui %v1, %v6 : i8
    %v8 = arith.extui %v7 : i8 to i64
    %v9 = arith.trunci %v8 : i64 to i8
    %v10 = arith.index_cast %v9 : i8 to index
    %v11 = arith.index_cast %v10 : index to i8
    ure.yield %v11 : i8
  }
  ure.def @f2(%l0, %l1, %l2) {
    %v1 = arith.constant -2 : i8
    %v2 = ure.at @f0(%l0, %l1, %l2) : i8
    %v3 = ure.load @in0(%l0 + 1) : i8
    %v4 = ure.at @f1(%l0 - 1, %l1, %l2) : i8
    %v5 = arith.constant 2 : index
    %v6 = arith.cmpi sge, %l0, %v5 : index
    %v7 = arith.constant 5 : i8
    %v8 = arith.select %v6, %v4, %v7 : i8
    %v9 = arith.ceildivsi %v1, %v2 : i8
    %v10 = arith.ori %v9, %v3 : i8
    %v11 = arith.divui %v10, %v8 : i8
    %v12 = math.absi %v11 : i8
    ure.yield %v12 : i8
  }
  ure.def @out(%l1, %l0) with (%l2) {
    %v1 = ure.at @f2(%l0, %l1, %l2) : i8
    %v2 = ure.at @f1(%l0, %l1, %l2) : i8
    %v3 = arith.minui %v1, %v2 : i8
    %v4 = ure.param_value @P2
    %v5 = arith.constant -3 : index
    %v6 = arith.addi %v4, %v5 : index
    %v7 = arith.cmpi eq, %l2, %v6 : index
    %v8 = ure.select %v7, %v3 : i8
    ure.yield %v8 : i8
  }
  ure.merge_ures @f0 [@f1, @f2, @out]
  ure.set_bounds @f0 (l0 = 1 extent 2, l1 = 0 extent 2, l2 = -2 extent @P2)
  ure.space_time_transform @f0 (l0, l1) vector [0, 2] check_time
  ure.space_time_transform @f0 (l0)
}
