// A fuzz case (t2s-fuzz seed 4242, program 6811): f2's register file
// becomes on_write after canonicalize and minimize-storage, and its
// lanes write at different steps (the schedule skews l2).
ure.program @fuzz {
  ure.input @in0 : memref<3xi32>
  ure.input @in1 : memref<1x4xi32>
  ure.func @f0(l0, l1, l2) -> i32
  ure.func @f1(l0, l1, l2) -> i32
  ure.func @f2(l0, l1, l2) -> i32
  ure.func @out(l0, l2) -> i32
  ure.def @f0(%l0, %l1, %l2) {
    %v1 = ure.load @in0(%l0 + 2) : i32
    %v2 = ure.load @in1(%l1 - 1, %l2 - 1) : i32
    %v3 = ure.at @f2(%l0, %l1, %l2 - 2) : i32
    %v4 = arith.constant 3 : index
    %v5 = arith.cmpi sge, %l2, %v4 : index
    %v6 = arith.constant -6 : i32
    %v7 = arith.select %v5, %v3, %v6 : i32
    %v8 = arith.andi %v1, %v2 : i32
    %v9 = arith.muli %v8, %v7 : i32
    %v10 = arith.extsi %v9 : i32 to i64
    %v11 = arith.trunci %v10 : i64 to i32
    ure.yield %v11 : i32
  }
  ure.def @f1(%l0, %l1, %l2) {
    %v1 = ure.load @in0(%l0 + 2) : i32
    %v2 = ure.at @f0(%l0, %l1 - 2, %l2) : i32
    %v3 = arith.constant 3 : index
    %v4 = arith.cmpi sge, %l1, %v3 : index
    %v5 = arith.constant 4 : i32
    %v6 = arith.select %v4, %v2, %v5 : i32
    %v7 = arith.maxsi %v1, %v6 : i32
    %v8 = math.absi %v7 : i32
    ure.yield %v8 : i32
  }
  ure.def @f2(%l0, %l1, %l2) {
    %v1 = ure.load @in0(%l0 + 2) : i32
    %v2 = arith.constant -1 : i32
    %v3 = arith.constant 5 : i32
    %v4 = ure.at @f2(%l0 - 2, %l1, %l2) : i32
    %v5 = arith.constant 0 : index
    %v6 = arith.cmpi sge, %l0, %v5 : index
    %v7 = arith.constant -3 : i32
    %v8 = arith.select %v6, %v4, %v7 : i32
    %v9 = arith.ceildivsi %v1, %v2 : i32
    %v10 = arith.floordivsi %v9, %v3 : i32
    %v11 = arith.constant 32 : i32
    %v12 = arith.remui %v8, %v11 : i32
    %v13 = arith.shrui %v10, %v12 : i32
    ure.yield %v13 : i32
  }
  ure.def @out(%l0, %l2) with (%l1) {
    %v1 = ure.at @f2(%l0, %l1, %l2) : i32
    %v2 = arith.constant 1 : index
    %v3 = arith.cmpi eq, %l1, %v2 : index
    %v4 = ure.select %v3, %v1 : i32
    ure.yield %v4 : i32
  }
  ure.merge_ures @f0 [@f1, @f2, @out]
  ure.set_bounds @f0 (l0 = -2 extent 3, l1 = 1 extent 1, l2 = 1 extent 4)
  ure.reorder @f0 (l2, l1, l0)
  ure.space_time_transform @f0 (l2) vector [2] check_time
  ure.vectorize @f0 (l2)
}
