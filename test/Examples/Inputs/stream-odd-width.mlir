// Found by t2s-fuzz (seed 777777, program 778063): an input of i3 streamed
// in vectors of 4 lanes (out (l0)). The feeder stored each vector into its
// buffer with one vector.store, which LLVM packs into 12 bits while the
// buffer pads each i3 to a byte: the array read wrong values. Lanes of such
// widths are now stored one by one (test/Examples/streams.test).
ure.program @fuzz {
  ure.input @in0 : memref<3x4xi3>
  ure.input @in1 : memref<3xi3>
  ure.func @f0(l0, l1, l2) -> i3
  ure.func @f1(l0, l1, l2) -> i3
  ure.func @f2(l0, l1, l2) -> i3
  ure.func @out(l0, l1, l2) -> i3
  ure.def @f0(%l0, %l1, %l2) {
    %v1 = arith.index_cast %l1 : index to i3
    %v2 = ure.load @in0(%l2 - 1, %l0) : i3
    %v3 = ure.at @f1(%l0, %l1 - 1, %l2) : i3
    %v4 = arith.constant 1 : index
    %v5 = arith.cmpi sge, %l1, %v4 : index
    %v6 = arith.constant 3 : i3
    %v7 = arith.select %v5, %v3, %v6 : i3
    %v8 = arith.divsi %v1, %v2 : i3
    %v9 = arith.floordivsi %v8, %v7 : i3
    ure.yield %v9 : i3
  }
  ure.def @f1(%l0, %l1, %l2) {
    %v1 = arith.index_cast %l1 : index to i3
    %v2 = ure.at @f2(%l0 - 2, %l1, %l2) : i3
    %v3 = arith.constant 2 : index
    %v4 = arith.cmpi sge, %l0, %v3 : index
    %v5 = arith.constant -2 : i3
    %v6 = arith.select %v4, %v2, %v5 : i3
    %v7 = arith.addi %v1, %v6 : i3
    ure.yield %v7 : i3
  }
  ure.def @f2(%l0, %l1, %l2) {
    %v1 = ure.at @f1(%l0, %l1, %l2) : i3
    %v2 = ure.load @in0(%l2 - 1, %l0) : i3
    %v3 = arith.constant 2 : index
    %v4 = arith.cmpi eq, %l0, %v3 : index
    %v5 = arith.constant 3 : i3
    %v6 = arith.select %v4, %v5, %v2 : i3
    %v7 = ure.load @in1(%l2 - 1) : i3
    %v8 = ure.at @f0(%l0, %l1 - 2, %l2) : i3
    %v9 = arith.constant 2 : index
    %v10 = arith.cmpi sge, %l1, %v9 : index
    %v11 = arith.constant 0 : i3
    %v12 = arith.select %v10, %v8, %v11 : i3
    %v13 = arith.remui %v1, %v6 : i3
    %v14 = arith.constant 3 : i3
    %v15 = arith.remui %v7, %v14 : i3
    %v16 = arith.shrui %v13, %v15 : i3
    %v17 = arith.muli %v16, %v12 : i3
    ure.yield %v17 : i3
  }
  ure.def @out(%l0, %l1, %l2) {
    %v1 = ure.at @f2(%l0, %l1, %l2) : i3
    %v2 = ure.at @f0(%l0, %l1, %l2) : i3
    %v3 = arith.xori %v1, %v2 : i3
    ure.yield %v3 : i3
  }
  ure.merge_ures @f0 [@f1, @f2, @out]
  ure.set_bounds @f0 (l0 = 0 extent 4, l1 = 0 extent 3, l2 = 1 extent 3)
  ure.space_time_transform @f0 (l0) vector [2]
  ure.stream_input @in0 loader @sl0 out (l0) depth 3 feeder @sf0 scope (l2) depth 2
}
