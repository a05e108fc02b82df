// Port of IntelLabs/t2sp t2s/tests/correctness/Func/ure-2-4-negative.cpp
// (merged UREs whose loop variables are in different orders: A(i, j, k) and
// B(j, i, k); a CompileError at merge_ures).
//
//   Func A(Int(32), {i, j, k}), B;    ure.func @A(i, j, k) -> i32; ure.func @B
//   A(i, j, k) = i + j;               ure.def @A(%i, %j, %k)
//   B(j, i, k) = i + j;               ure.def @B(%j, %i, %k)
//   A.merge_ures(B);                  ure.merge_ures @A [@B]; set_bounds 10^3
// Expected: rule 11 (merged UREs share the representative's loop variables).
ure.program @ure_2_4 {
  ure.input @a : memref<10x10xi32, affine_map<(d0, d1) -> (d1, d0)>>
  ure.input @b : memref<10x10xi32, affine_map<(d0, d1) -> (d1, d0)>>
  ure.func @A(i, j, k) -> i32
  ure.func @B
  ure.def @A(%i, %j, %k) {
    %s = arith.addi %i, %j : index
    %v = arith.index_cast %s : index to i32
    ure.yield %v : i32
  }
  ure.def @B(%j, %i, %k) {
    %s = arith.addi %i, %j : index
    %v = arith.index_cast %s : index to i32
    ure.yield %v : i32
  }
  ure.merge_ures @A [@B]
  ure.set_bounds @A (i = 0 extent 10, j = 0 extent 10, k = 0 extent 10)
}
