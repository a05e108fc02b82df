// Mismatch: interpret refuses a short input for another reason: poison stored into output Func `out` at (l2=3, l1=0, l0=-2): Func `f0` holds poison at (l0=-2, l1=0, l2=3) (never stored, or stored from poison) (at -:19:11)
// params: []
// between: sccp, symbol-dce, canonicalize{region-simplify=aggressive}
// input shapes: [[2, 2], [3, 4]] (one too small)
ure.program @fuzz {
  ure.input @in0 : memref<?x?xi1>
  ure.input @in1 : memref<?x?xi1>
  ure.func @f0(l0, l1, l2) -> i1
  ure.func @out(l0, l1, l2) -> i1
  ure.def @f0(%l0, %l1, %l2) {
    %v1 = ure.load @in0(%l1 + 1, %l2 - 1) : i1
    %v2 = arith.index_cast %l1 : index to i1
    %v3 = ure.at @f0(%l0, %l1 - 2, %l2) : i1
    %v4 = arith.constant 2 : index
    %v5 = arith.cmpi sge, %l1, %v4 : index
    %v6 = arith.constant false
    %v7 = arith.select %v5, %v3, %v6 : i1
    %v8 = arith.divui %v1, %v2 : i1
    %v9 = arith.remsi %v8, %v7 : i1
    ure.yield %v9 : i1
  }
  ure.def @out(%l0, %l1, %l2) {
    %v1 = ure.at @f0(%l0, %l1, %l2) : i1
    ure.yield %v1 : i1
  }
  ure.merge_ures @f0 [@out]
  ure.set_bounds @f0 (l0 = -2 extent 1, l1 = 0 extent 1, l2 = 1 extent 3)
  ure.vectorize @f0 (l2)
}
