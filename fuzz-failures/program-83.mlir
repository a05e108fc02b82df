// Mismatch: systolic refuses a legal schedule: the schedule does not respect the dependence of @f0 on @f0 at (l0 - 2, l1): the value is read in the same step that computes it (its time distance along 't1' is 0; it must be at least 1)
// params: []
// between: canonicalize, loop-invariant-code-motion, sccp, canonicalize{region-simplify=aggressive}
// input shapes: [[1], [4]]
ure.program @fuzz {
  ure.input @in0 : memref<1xf64>
  ure.input @in1 : memref<?xf64>
  ure.func @f0(l0, l1) -> f64
  ure.func @f1(l0, l1) -> f64
  ure.func @f2(l0, l1) -> f64
  ure.func @out(l0) -> f64
  ure.def @f0(%l0, %l1) {
    %v1 = arith.index_cast %l0 : index to i32
    %v2 = arith.sitofp %v1 : i32 to f64
    %v3 = arith.constant -2.00 : f64
    %v4 = ure.load @in0(%l0 + 2) : f64
    %v5 = ure.at @f0(%l0 - 2, %l1) : f64
    %v6 = arith.constant 0 : index
    %v7 = arith.cmpi sge, %l0, %v6 : index
    %v8 = arith.constant 1.50 : f64
    %v9 = arith.select %v7, %v5, %v8 : f64
    %v10 = arith.minimumf %v2, %v3 : f64
    %v11 = arith.cmpf uno, %v4, %v4 : f64
    %v12 = arith.constant 1.0 : f64
    %v13 = arith.select %v11, %v12, %v4 : f64
    %v14 = math.copysign %v10, %v13 : f64
    %v15 = arith.addf %v14, %v9 : f64
    %v16 = math.absf %v15 : f64
    ure.yield %v16 : f64
  }
  ure.def @f1(%l0, %l1) {
    %v1 = ure.at @f0(%l0, %l1) : f64
    %v2 = ure.at @f0(%l0, %l1) : f64
    %v3 = ure.at @f0(%l0, %l1 - 1) : f64
    %v4 = arith.constant 1 : index
    %v5 = arith.cmpi sge, %l1, %v4 : index
    %v6 = arith.constant 0.75 : f64
    %v7 = arith.select %v5, %v3, %v6 : f64
    %v8 = arith.minimumf %v1, %v2 : f64
    %v9 = arith.subf %v8, %v7 : f64
    ure.yield %v9 : f64
  }
  ure.def @f2(%l0, %l1) {
    %v1 = arith.index_cast %l0 : index to i32
    %v2 = arith.sitofp %v1 : i32 to f64
    %v3 = arith.constant -1.75 : f64
    %v4 = ure.at @f0(%l0 - 1, %l1) : f64
    %v5 = arith.constant -1 : index
    %v6 = arith.cmpi sge, %l0, %v5 : index
    %v7 = arith.constant 1.00 : f64
    %v8 = arith.select %v6, %v4, %v7 : f64
    %v9 = arith.addf %v2, %v3 : f64
    %v10 = arith.maximumf %v9, %v8 : f64
    ure.yield %v10 : f64
  }
  ure.def @out(%l0) with (%l1) {
    %v1 = ure.at @f2(%l0, %l1) : f64
    %v2 = arith.constant 0 : index
    %v3 = arith.cmpi eq, %l1, %v2 : index
    %v4 = ure.select %v3, %v1 : f64
    ure.yield %v4 : f64
  }
  ure.merge_ures @f0 [@f1, @f2, @out]
  ure.set_bounds @f0 (l0 = -2 extent 1, l1 = 0 extent 1)
  ure.space_time_transform @f0 (l0) vector [0] check_time
  ure.isolate_producer [@in0] into @loader depth 1
  ure.isolate_consumer @out into @drainer depth 2
}
