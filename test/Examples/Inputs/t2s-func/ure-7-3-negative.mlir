// Port of IntelLabs/t2sp t2s/tests/correctness/Func/ure-7-3-negative.cpp
// (re-merge: A.merge_ures(B, C) twice; a CompileError).
//
//   ImageParam a, b                   ure.input @a, @b : memref<10x10xi32> (Halide layout)
//   Func A, B, C (Int(32), {i, j, k}) ure.func @A, @B, @C (i, j, k) -> i32
//   A = select(j == 0, a(i, k), A(i, j - 1, k));        ure.def @A
//   B = select(i == 0, b(k, j), B(i - 1, j, k));        ure.def @B
//   C = select(k == 0, A * B, C(i, j, k - 1) + A * B);  ure.def @C
// C reads itself, so t2s (whose output is only written, rule 7) takes it
// internal with an output @out(i, j, k) = C(i, j, k), appended to each merge
// list (as in ure-5-1-copy.mlir), so that rule 7 does not hide the reason
// under test.
//   A.merge_ures(B, C);               ure.merge_ures @A [@B, @C, @out]
//   A.merge_ures(B, C);               ure.merge_ures @A [@B, @C, @out] again
// Expected: refused: a second merge of the same UREs.
ure.program @ure_7_3_negative {
  ure.input @a : memref<10x10xi32, affine_map<(d0, d1) -> (d1, d0)>>
  ure.input @b : memref<10x10xi32, affine_map<(d0, d1) -> (d1, d0)>>
  ure.func @A(i, j, k) -> i32
  ure.func @B(i, j, k) -> i32
  ure.func @C(i, j, k) -> i32
  ure.func @out(i, j, k) -> i32 layout affine_map<(i, j, k) -> (k, j, i)>
  ure.def @A(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %j, %c0 : index
    %in = ure.load @a(%i, %k) : i32
    %prev = ure.at @A(%i, %j - 1, %k) : i32
    %v = arith.select %first, %in, %prev : i32
    ure.yield %v : i32
  }
  ure.def @B(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %in = ure.load @b(%k, %j) : i32
    %prev = ure.at @B(%i - 1, %j, %k) : i32
    %v = arith.select %first, %in, %prev : i32
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
  ure.def @out(%i, %j, %k) {
    %v = ure.at @C(%i, %j, %k) : i32
    ure.yield %v : i32
  }
  ure.merge_ures @A [@B, @C, @out]
  ure.merge_ures @A [@B, @C, @out]
  ure.set_bounds @A (i = 0 extent 10, j = 0 extent 10, k = 0 extent 10)
}
