// Found by t2s-fuzz (seed 777777, program 779967, bf16 made f32): a gather
// along l0, a space loop of symbolic extent (@P0 <= 2). With P0 = 1 the PE
// l0 = 1 idles, and the gather's count loop, which ran to the largest
// extent, waited on it forever. A gather along such a loop now counts only
// the PEs whose conditions hold (test/Examples/chain.test).
ure.program @fuzz {
  ure.param @P0 max 2
  ure.input @in0 : memref<2xf32>
  ure.func @f0(l0, l1) -> f32
  ure.func @f1(l0, l1) -> f32
  ure.func @f2(l0, l1) -> f32
  ure.func @out(l0, l1) -> f32
  ure.def @f0(%l0, %l1) {
    %v1 = ure.load @in0(%l0) : f32
    %v2 = ure.load @in0(%l0) : f32
    %v3 = ure.at @f1(%l0 - 2, %l1) : f32
    %v4 = arith.constant 2 : index
    %v5 = arith.cmpi sge, %l0, %v4 : index
    %v6 = arith.constant 0.00 : f32
    %v7 = arith.select %v5, %v3, %v6 : f32
    %v8 = arith.subf %v1, %v2 : f32
    %v9 = arith.subf %v8, %v7 : f32
    ure.yield %v9 : f32
  }
  ure.def @f1(%l0, %l1) {
    %v1 = arith.constant 2.00 : f32
    %v2 = ure.at @f0(%l0, %l1 - 1) : f32
    %v3 = arith.constant 1 : index
    %v4 = arith.cmpi sge, %l1, %v3 : index
    %v5 = arith.constant 1.75 : f32
    %v6 = arith.select %v4, %v2, %v5 : f32
    %v7 = arith.subf %v1, %v6 : f32
    ure.yield %v7 : f32
  }
  ure.def @f2(%l0, %l1) {
    %v1 = ure.load @in0(%l0) : f32
    %v2 = ure.at @f1(%l0, %l1 - 1) : f32
    %v3 = arith.constant 1 : index
    %v4 = arith.cmpi sge, %l1, %v3 : index
    %v5 = arith.constant -0.50 : f32
    %v6 = arith.select %v4, %v2, %v5 : f32
    %v7 = arith.subf %v1, %v6 : f32
    %v8 = arith.extf %v7 : f32 to f64
    %v9 = arith.truncf %v8 : f64 to f32
    ure.yield %v9 : f32
  }
  ure.def @out(%l0, %l1) {
    %v1 = ure.at @f2(%l0, %l1) : f32
    %v2 = ure.at @f0(%l0, %l1) : f32
    %v3 = arith.mulf %v1, %v2 : f32
    ure.yield %v3 : f32
  }
  ure.merge_ures @f0 [@f1, @f2, @out]
  ure.set_bounds @f0 (l0 = 0 extent @P0, l1 = 0 extent 4)
  ure.reorder @f0 (l0, l1)
  ure.space_time_transform @f0 (l0) vector [0] check_time
  ure.isolate_producer [@in0] into @loader depth 3
  ure.isolate_consumer @out into @drainer depth 1
  ure.gather @drainer (@out, l0, down)
  ure.vectorize @loader (l0)
}
