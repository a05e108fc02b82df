// Mismatch: interpret refuses a short input for another reason: poison stored into output Func `out` at (l2=-2, l1=1, l0=0): Func `f2` holds poison at (l0=0, l1=1, l2=-2) (never stored, or stored from poison) (at -:49:11)
// params: []
// between: cse, sccp, symbol-dce, inline, canonicalize{region-simplify=aggressive}
// input shapes: [[1]] (one too small)
ure.program @fuzz {
  ure.input @in0 : memref<?xf16>
  ure.func @f0(l0, l1, l2) -> f16
  ure.func @f1(l0, l1, l2) -> f16
  ure.func @f2(l0, l1, l2) -> f16
  ure.func @out(l0, l1, l2) -> f16
  ure.def @f0(%l0, %l1, %l2) {
    %v1 = ure.load @in0(%l1) : f16
    %v2 = ure.load @in0(%l1) : f16
    %v3 = arith.constant -0.50 : f16
    %v4 = arith.maximumf %v1, %v2 : f16
    %v5 = arith.mulf %v4, %v3 : f16
    ure.yield %v5 : f16
  }
  ure.def @f1(%l0, %l1, %l2) {
    %v1 = arith.index_cast %l0 : index to i32
    %v2 = arith.sitofp %v1 : i32 to f16
    %v3 = ure.at @f1(%l0 + 2, %l1 - 1, %l2) : f16
    %v4 = arith.constant 0 : index
    %v5 = arith.cmpi sle, %l0, %v4 : index
    %v6 = arith.constant 1 : index
    %v7 = arith.cmpi sge, %l1, %v6 : index
    %v8 = arith.andi %v5, %v7 : i1
    %v9 = arith.constant -2.00 : f16
    %v10 = arith.select %v8, %v3, %v9 : f16
    %v11 = arith.mulf %v2, %v10 : f16
    ure.yield %v11 : f16
  }
  ure.def @f2(%l0, %l1, %l2) {
    %v1 = ure.load @in0(%l1) : f16
    %v2 = ure.load @in0(%l1) : f16
    %v3 = ure.at @f1(%l0 + 2, %l1, %l2 - 1) : f16
    %v4 = arith.constant 0 : index
    %v5 = arith.cmpi sle, %l0, %v4 : index
    %v6 = arith.constant -1 : index
    %v7 = arith.cmpi sge, %l2, %v6 : index
    %v8 = arith.andi %v5, %v7 : i1
    %v9 = arith.constant 1.75 : f16
    %v10 = arith.select %v8, %v3, %v9 : f16
    %v11 = arith.cmpf uno, %v2, %v2 : f16
    %v12 = arith.constant 1.0 : f16
    %v13 = arith.select %v11, %v12, %v2 : f16
    %v14 = math.copysign %v1, %v13 : f16
    %v15 = arith.mulf %v14, %v10 : f16
    %v16 = math.roundeven %v15 : f16
    ure.yield %v16 : f16
  }
  ure.def @out(%l0, %l1, %l2) {
    %v1 = ure.at @f2(%l0, %l1, %l2) : f16
    ure.yield %v1 : f16
  }
  ure.merge_ures @f0 [@f1, @f2, @out]
  ure.set_bounds @f0 (l0 = 0 extent 3, l1 = 0 extent 2, l2 = -2 extent 1)
  ure.space_time_transform @f0 (l0) vector [1]
  ure.isolate_producer [@in0] into @loader depth 1
  ure.vectorize @f0 (l0)
}
