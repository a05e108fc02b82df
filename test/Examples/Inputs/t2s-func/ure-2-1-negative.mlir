// Port of IntelLabs/t2sp t2s/tests/correctness/Func/ure-2-1-negative.cpp
// (a read whose arguments are in another order than the left-hand side:
// A(i, j, k) = B(j, i - 1, k); a CompileError at merge_ures).
//
//   ImageParam a, b (unused)          ure.input @a, @b : memref<10x10xi32> (Halide layout)
//   Func A, B, C (Int(32), {i, j, k}) ure.func @A, @B, @C (i, j, k) -> i32
//   A(i, j, k) = B(j, i - 1, k);      ure.def @A: ure.at @B(%j, %i - 1, %k)
//   B(i, j, k) = i + j;               ure.def @B
//   C(i, j, k) = select(k == 0, A * B, C(i, j, k - 1) + A * B);   ure.def @C
//   A.merge_ures(B, C);               ure.merge_ures @A [@B, @C]; set_bounds 10^3
// Expected: rule 2 (same arguments, same order), at the ure.at.
ure.program @ure_2_1 {
  ure.input @a : memref<10x10xi32, affine_map<(d0, d1) -> (d1, d0)>>
  ure.input @b : memref<10x10xi32, affine_map<(d0, d1) -> (d1, d0)>>
  ure.func @A(i, j, k) -> i32
  ure.func @B(i, j, k) -> i32
  ure.func @C(i, j, k) -> i32
  ure.def @A(%i, %j, %k) {
    %v = ure.at @B(%j, %i - 1, %k) : i32
    ure.yield %v : i32
  }
  ure.def @B(%i, %j, %k) {
    %s = arith.addi %i, %j : index
    %v = arith.index_cast %s : index to i32
    ure.yield %v : i32
  }
  ure.def @C(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %k, %c0 : index
    %x = ure.at @A(%i, %j, %k) : i32
    %y = ure.at @B(%i, %j, %k) : i32
    %p = arith.muli %x, %y : i32
    %prev = ure.at @C(%i, %j, %k - 1) : i32
    %acc = arith.addi %prev, %p : i32
    %v = arith.select %first, %p, %acc : i32
    ure.yield %v : i32
  }
  ure.merge_ures @A [@B, @C]
  ure.set_bounds @A (i = 0 extent 10, j = 0 extent 10, k = 0 extent 10)
}
