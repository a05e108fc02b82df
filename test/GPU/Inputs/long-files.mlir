// 64 PEs (l2) whose register files hold 133 slots each (25,536 words in
// the one GPU thread): the GPU route keeps the PEs a loop over private
// arrays rather than unrolling them (LLVM's NVPTX pipeline took 35 s on
// the unrolled form). Found by t2s-fuzz (program 51190, with i33).
ure.program @fuzz {
  ure.input @in0 : memref<3x64xi32, affine_map<(d0, d1) -> (d1, d0)>>
  ure.func @f0(l0, l1, l2) -> i32
  ure.func @f1(l0, l1, l2) -> i32
  ure.func @f2(l0, l1, l2) -> i32
  ure.func @out(l0, l1, l2) -> i32
  ure.def @f0(%l0, %l1, %l2) {
    %v1 = arith.constant 3 : i32
    %v2 = ure.at @f2(%l0 - 2, %l1, %l2) : i32
    %v3 = arith.constant 2 : index
    %v4 = arith.cmpi sge, %l0, %v3 : index
    %v5 = arith.constant 4 : i32
    %v6 = arith.select %v4, %v2, %v5 : i32
    %v7 = arith.maxsi %v1, %v6 : i32
    %v8 = arith.extui %v7 : i32 to i64
    %v9 = arith.trunci %v8 : i64 to i32
    %v10 = arith.index_cast %v9 : i32 to index
    %v11 = arith.index_cast %v10 : index to i32
    ure.yield %v11 : i32
  }
  ure.def @f1(%l0, %l1, %l2) {
    %v1 = ure.load @in0((%l0 - 1) mod 3, %l2 + 2) : i32
    %v2 = ure.at @f0(%l0 - 2, %l1, %l2) : i32
    %v3 = arith.constant 2 : index
    %v4 = arith.cmpi sge, %l0, %v3 : index
    %v5 = arith.constant -1 : i32
    %v6 = arith.select %v4, %v2, %v5 : i32
    %v7 = arith.divsi %v1, %v6 : i32
    ure.yield %v7 : i32
  }
  ure.def @f2(%l0, %l1, %l2) {
    %v1 = ure.at @f1(%l0 - 2, %l1, %l2) : i32
    %v2 = arith.constant 2 : index
    %v3 = arith.cmpi sge, %l0, %v2 : index
    %v4 = arith.constant -3 : i32
    %v5 = arith.select %v3, %v1, %v4 : i32
    %v6 = ure.load @in0((%l0 - 1) mod 3, %l2 + 2) : i32
    %v7 = arith.index_cast %l0 : index to i32
    %v8 = ure.at @f0(%l0, %l1, %l2 - 2) : i32
    %v9 = arith.constant 0 : index
    %v10 = arith.cmpi sge, %l2, %v9 : index
    %v11 = arith.constant -3 : i32
    %v12 = arith.select %v10, %v8, %v11 : i32
    %v13 = arith.andi %v5, %v6 : i32
    %v14 = arith.minui %v13, %v7 : i32
    %v15 = arith.divui %v14, %v12 : i32
    ure.yield %v15 : i32
  }
  ure.def @out(%l0, %l1, %l2) {
    %v1 = ure.at @f2(%l0, %l1, %l2) : i32
    %v2 = ure.at @f0(%l0, %l1, %l2) : i32
    %v3 = arith.addi %v1, %v2 : i32
    ure.yield %v3 : i32
  }
  ure.merge_ures @f0 [@f1, @f2, @out]
  ure.set_bounds @f0 (l0 = 0 extent 3, l1 = 0 extent 3, l2 = -2 extent 64)
  ure.reorder @f0 (l2, l1, l0)
  ure.space_time_transform @f0 (l2) vector [1]

}
