// Mismatch: interpret refuses a short input for another reason: poison stored into output Func `out` at (l2=0, l1=1, l0=3): Func `f1` holds poison at (l0=3, l1=1, l2=0) (never stored, or stored from poison) (at -:27:11)
// params: []
// between: canonicalize, loop-invariant-code-motion, sccp, canonicalize{region-simplify=aggressive}
// input shapes: [[5, 4]] (one too small)
ure.program @fuzz {
  ure.input @in0 : memref<?x?xi3>
  ure.func @f0(l0, l1, l2) -> i3
  ure.func @f1(l0, l1, l2) -> i3
  ure.func @out(l0, l1, l2) -> i3
  ure.def @f0(%l0, %l1, %l2) {
    %v1 = arith.constant 2 : i3
    %v2 = ure.load @in0(%l1 + 1, %l0 + 1) : i3
    %v3 = ure.at @f0(%l0, %l1 - 2, %l2) : i3
    %v4 = arith.constant 3 : index
    %v5 = arith.cmpi sge, %l1, %v4 : index
    %v6 = arith.constant 0 : i3
    %v7 = arith.select %v5, %v3, %v6 : i3
    %v8 = arith.ceildivsi %v1, %v2 : i3
    %v9 = arith.floordivsi %v8, %v7 : i3
    ure.yield %v9 : i3
  }
  ure.def @f1(%l0, %l1, %l2) {
    %v1 = ure.load @in0(%l1 + 1, %l0 + 1) : i3
    %v2 = arith.index_cast %l2 : index to i3
    %v3 = arith.constant 3 : i3
    %v4 = arith.remui %v2, %v3 : i3
    %v5 = arith.shrui %v1, %v4 : i3
    ure.yield %v5 : i3
  }
  ure.def @out(%l0, %l1, %l2) {
    %v1 = ure.at @f1(%l0, %l1, %l2) : i3
    %v2 = ure.at @f0(%l0, %l1, %l2) : i3
    %v3 = arith.ceildivsi %v1, %v2 : i3
    ure.yield %v3 : i3
  }
  ure.merge_ures @f0 [@f1, @out]
  ure.set_bounds @f0 (l0 = 0 extent 4, l1 = 1 extent 3, l2 = 0 extent 2)
  ure.space_time_transform @f0 (l0, l1) vector [1, -1]
  ure.space_time_transform @f0 (l0) vector [2] check_time
  ure.isolate_producer [@in0] into @loader depth 3
  ure.vectorize @f0 (l0)
}
