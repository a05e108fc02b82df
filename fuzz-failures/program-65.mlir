// Mismatch: interpret refuses a short input for another reason: poison stored into output Func `out` at (l1=1, l0=0): Func `f1` holds poison at (l0=0, l1=1) (never stored, or stored from poison) (at -:33:11)
// params: [1]
// between: sccp, inline
// input shapes: [[4, 2], [2, 5]] (one too small)
ure.program @fuzz {
  ure.param @P0 max 2
  ure.input @in0 : memref<4x2xbf16>
  ure.input @in1 : memref<?x?xbf16>
  ure.func @f0(l0, l1) -> bf16
  ure.func @f1(l0, l1) -> bf16
  ure.func @out(l0, l1) -> bf16
  ure.def @f0(%l0, %l1) {
    %v1 = arith.constant 0.75 : bf16
    %v2 = ure.load @in1(%l0 + 1, %l1 + 4) : bf16
    %v3 = ure.at @f0(%l0, %l1 - 1) : bf16
    %v4 = arith.constant -1 : index
    %v5 = arith.cmpi sge, %l1, %v4 : index
    %v6 = arith.constant 2.00 : bf16
    %v7 = arith.select %v5, %v3, %v6 : bf16
    %v8 = arith.maximumf %v1, %v2 : bf16
    %v9 = arith.addf %v8, %v7 : bf16
    ure.yield %v9 : bf16
  }
  ure.def @f1(%l0, %l1) {
    %v1 = arith.constant 0.00 : bf16
    %v2 = ure.load @in1(%l0 + 1, %l1 + 4) : bf16
    %v3 = ure.at @f1(%l0, %l1 - 1) : bf16
    %v4 = arith.constant -1 : index
    %v5 = arith.cmpi sge, %l1, %v4 : index
    %v6 = arith.constant 1.25 : bf16
    %v7 = arith.select %v5, %v3, %v6 : bf16
    %v8 = arith.subf %v1, %v2 : bf16
    %v9 = arith.addf %v8, %v7 : bf16
    ure.yield %v9 : bf16
  }
  ure.def @out(%l0, %l1) {
    %v1 = ure.at @f1(%l0, %l1) : bf16
    %v2 = ure.at @f0(%l0, %l1) : bf16
    %v3 = arith.mulf %v1, %v2 : bf16
    ure.yield %v3 : bf16
  }
  ure.merge_ures @f0 [@f1, @out]
  ure.set_bounds @f0 (l0 = 0 extent @P0, l1 = -2 extent 4)
  ure.space_time_transform @f0 (l0) vector [0] check_time
  ure.isolate_producer [@in1] into @loader depth 2
  ure.isolate_consumer @out into @drainer depth 1
}
