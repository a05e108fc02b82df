// Mismatch: interpret refuses a short input for another reason: poison stored into output Func `out` at (l1=4, l0=0): Func `f0` holds poison at (l0=0, l1=4) (never stored, or stored from poison) (at -:27:11)
// params: []
// between: loop-invariant-code-motion, inline, canonicalize{region-simplify=aggressive}
// input shapes: [[6, 3]] (one too small)
ure.program @fuzz {
  ure.input @in0 : memref<?x?xbf16>
  ure.func @f0(l0, l1) -> bf16
  ure.func @out(l0, l1) -> bf16
  ure.def @f0(%l0, %l1) {
    %v1 = ure.load @in0(%l0 + 2, %l1 - 1) : bf16
    %v2 = ure.load @in0(%l0 + 2, %l1 - 1) : bf16
    %v3 = ure.at @f0(%l0 - 1, %l1 - 1) : bf16
    %v4 = arith.constant 1 : index
    %v5 = arith.cmpi sge, %l0, %v4 : index
    %v6 = arith.constant 2 : index
    %v7 = arith.cmpi sge, %l1, %v6 : index
    %v8 = arith.andi %v5, %v7 : i1
    %v9 = arith.constant 1.75 : bf16
    %v10 = arith.select %v8, %v3, %v9 : bf16
    %v11 = ure.at @f0(%l0 - 1, %l1) : bf16
    %v12 = arith.constant 1 : index
    %v13 = arith.cmpi sge, %l0, %v12 : index
    %v14 = arith.constant -1.25 : bf16
    %v15 = arith.select %v13, %v11, %v14 : bf16
    %v16 = arith.mulf %v1, %v2 : bf16
    %v17 = arith.maximumf %v16, %v10 : bf16
    %v18 = arith.subf %v17, %v15 : bf16
    ure.yield %v18 : bf16
  }
  ure.def @out(%l0, %l1) {
    %v1 = ure.at @f0(%l0, %l1) : bf16
    ure.yield %v1 : bf16
  }
  ure.merge_ures @f0 [@out]
  ure.set_bounds @f0 (l0 = 0 extent 4, l1 = 1 extent 4)
  ure.space_time_transform @f0 (l0)
}
