// Mismatch: systolic refuses a legal schedule: the schedule does not respect the dependence of @f1 on @f1 at (l0 - 2, l1): the value is read in the same step that computes it (its time distance along 't1' is 0; it must be at least 1)
// params: [2]
// between: 
// input shapes: [[2], [4, 2]]
ure.program @fuzz {
  ure.param @P0 max 2
  ure.input @in0 : memref<2xi16>
  ure.input @in1 : memref<4x2xi16>
  ure.func @f0(l0, l1) -> i16
  ure.func @f1(l0, l1) -> i16
  ure.func @f2(l0, l1) -> i16
  ure.func @out(l1) -> i16
  ure.def @f0(%l0, %l1) {
    %v1 = ure.at @f0(%l0, %l1 - 1) : i16
    %v2 = arith.constant 1 : index
    %v3 = arith.cmpi sge, %l1, %v2 : index
    %v4 = arith.constant 4 : i16
    %v5 = arith.select %v3, %v1, %v4 : i16
    %v6 = ure.at @f0(%l0, %l1 - 1) : i16
    %v7 = arith.constant 1 : index
    %v8 = arith.cmpi sge, %l1, %v7 : index
    %v9 = arith.constant 2 : i16
    %v10 = arith.select %v8, %v6, %v9 : i16
    %v11 = arith.andi %v5, %v10 : i16
    ure.yield %v11 : i16
  }
  ure.def @f1(%l0, %l1) {
    %v1 = arith.constant 4 : i16
    %v2 = ure.at @f1(%l0 - 2, %l1) : i16
    %v3 = arith.constant 2 : index
    %v4 = arith.cmpi sge, %l0, %v3 : index
    %v5 = arith.constant -1 : i16
    %v6 = arith.select %v4, %v2, %v5 : i16
    %v7 = arith.floordivsi %v1, %v6 : i16
    ure.yield %v7 : i16
  }
  ure.def @f2(%l0, %l1) {
    %v1 = ure.load @in0(%l0) : i16
    %v2 = ure.load @in1(%l1, %l0) : i16
    %v3 = arith.index_cast %l1 : index to i16
    %v4 = ure.at @f2(%l0 - 2, %l1 - 1) : i16
    %v5 = arith.constant 2 : index
    %v6 = arith.cmpi sge, %l0, %v5 : index
    %v7 = arith.constant 1 : index
    %v8 = arith.cmpi sge, %l1, %v7 : index
    %v9 = arith.andi %v6, %v8 : i1
    %v10 = arith.constant -1 : i16
    %v11 = arith.select %v9, %v4, %v10 : i16
    %v12 = arith.xori %v1, %v2 : i16
    %v13 = arith.addi %v12, %v3 : i16
    %v14 = arith.remui %v13, %v11 : i16
    %v15 = math.absi %v14 : i16
    ure.yield %v15 : i16
  }
  ure.def @out(%l1) with (%l0) {
    %v1 = ure.at @f2(%l0, %l1) : i16
    %v2 = ure.at @f1(%l0, %l1) : i16
    %v3 = arith.remsi %v1, %v2 : i16
    %v4 = ure.param_value @P0
    %v5 = arith.constant -1 : index
    %v6 = arith.addi %v4, %v5 : index
    %v7 = arith.cmpi eq, %l0, %v6 : index
    %v8 = ure.select %v7, %v3 : i16
    ure.yield %v8 : i16
  }
  ure.merge_ures @f0 [@f1, @f2, @out]
  ure.set_bounds @f0 (l0 = 0 extent @P0, l1 = 0 extent 4)
  ure.space_time_transform @f0 (l0) vector [0]
  ure.isolate_producer [@in1] into @loader depth 3
  ure.vectorize @f0 (l0)
  ure.vectorize @loader (l0)
}
