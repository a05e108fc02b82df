// Mismatch: systolic refuses a legal schedule: the schedule does not respect the dependence of @f1 on @f0 at (l0 - 2, l1 - 2): the value is read in the same step that computes it (its time distance along 't1' is 0; it must be at least 1)
// params: []
// between: 
// input shapes: [[3], [3]]
ure.program @fuzz {
  ure.input @in0 : memref<3xi16>
  ure.input @in1 : memref<3xi16>
  ure.func @f0(l0, l1) -> i16
  ure.func @f1(l0, l1) -> i16
  ure.func @out(l1) -> i16
  ure.def @f0(%l0, %l1) {
    %v1 = arith.index_cast %l0 : index to i16
    %v2 = arith.constant -1 : i16
    %v3 = arith.divsi %v1, %v2 : i16
    ure.yield %v3 : i16
  }
  ure.def @f1(%l0, %l1) {
    %v1 = ure.load @in1(%l0 + 2) : i16
    %v2 = ure.at @f0(%l0 - 2, %l1 - 2) : i16
    %v3 = arith.constant 0 : index
    %v4 = arith.cmpi sge, %l0, %v3 : index
    %v5 = arith.constant 3 : index
    %v6 = arith.cmpi sge, %l1, %v5 : index
    %v7 = arith.andi %v4, %v6 : i1
    %v8 = arith.constant -5 : i16
    %v9 = arith.select %v7, %v2, %v8 : i16
    %v10 = arith.minui %v1, %v9 : i16
    ure.yield %v10 : i16
  }
  ure.def @out(%l1) with (%l0) {
    %v1 = ure.at @f1(%l0, %l1) : i16
    %v2 = arith.constant 0 : index
    %v3 = arith.cmpi sle, %l0, %v2 : index
    %v4 = ure.select %v3, %v1 : i16
    ure.yield %v4 : i16
  }
  ure.merge_ures @f0 [@f1, @out]
  ure.set_bounds @f0 (l0 = -2 extent 3, l1 = 1 extent 2)
  ure.space_time_transform @f0 (l0) vector [-1] check_time
  ure.isolate_consumer @out into @drainer depth 1
  ure.vectorize @f0 (l0)
  ure.scatter @f0 (@in1, l1, down)
  ure.gather @drainer (@out, l0, up)
}
