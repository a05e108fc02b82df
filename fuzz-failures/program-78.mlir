// Mismatch: interpret refuses a short input for another reason: poison stored into output Func `out` at (l1=1, l0=1): Func `f1` holds poison at (l0=1, l1=1) (never stored, or stored from poison) (at -:41:11)
// params: []
// between: loop-invariant-code-motion, canonicalize{region-simplify=aggressive}
// input shapes: [[3, 3]] (one too small)
ure.program @fuzz {
  ure.input @in0 : memref<?x?xi16>
  ure.func @f0(l0, l1) -> i16
  ure.func @f1(l0, l1) -> i16
  ure.func @out(l0, l1) -> i16
  ure.def @f0(%l0, %l1) {
    %v1 = ure.at @f0(%l0, %l1 - 2) : i16
    %v2 = arith.constant 2 : index
    %v3 = arith.cmpi sge, %l1, %v2 : index
    %v4 = arith.constant 2 : i16
    %v5 = arith.select %v3, %v1, %v4 : i16
    %v6 = arith.constant 2 : i16
    %v7 = ure.load @in0(%l0, %l1 + 2) : i16
    %v8 = ure.at @f0(%l0 - 1, %l1) : i16
    %v9 = arith.constant 2 : index
    %v10 = arith.cmpi sge, %l0, %v9 : index
    %v11 = arith.constant 0 : i16
    %v12 = arith.select %v10, %v8, %v11 : i16
    %v13 = arith.floordivsi %v5, %v6 : i16
    %v14 = arith.ceildivsi %v13, %v7 : i16
    %v15 = arith.constant 16 : i16
    %v16 = arith.remui %v12, %v15 : i16
    %v17 = arith.shrsi %v14, %v16 : i16
    ure.yield %v17 : i16
  }
  ure.def @f1(%l0, %l1) {
    %v1 = ure.load @in0(%l0, %l1 + 2) : i16
    %v2 = ure.load @in0(%l0, %l1 + 2) : i16
    %v3 = arith.index_cast %l0 : index to i16
    %v4 = ure.at @f0(%l0, %l1 - 1) : i16
    %v5 = arith.constant 1 : index
    %v6 = arith.cmpi sge, %l1, %v5 : index
    %v7 = arith.constant -6 : i16
    %v8 = arith.select %v6, %v4, %v7 : i16
    %v9 = arith.ceildivsi %v1, %v2 : i16
    %v10 = arith.divsi %v9, %v3 : i16
    %v11 = arith.remsi %v10, %v8 : i16
    ure.yield %v11 : i16
  }
  ure.def @out(%l0, %l1) {
    %v1 = ure.at @f1(%l0, %l1) : i16
    ure.yield %v1 : i16
  }
  ure.merge_ures @f0 [@f1, @out]
  ure.set_bounds @f0 (l0 = 1 extent 2, l1 = 0 extent 2)
  ure.reorder @f0 (l0, l1)
  ure.space_time_transform @f0 (l0) vector [-1]
  ure.isolate_consumer @out into @drainer depth 2
  ure.vectorize @f0 (l0)
  ure.vectorize @drainer (l0)
}
