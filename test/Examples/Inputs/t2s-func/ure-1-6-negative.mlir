// Port of IntelLabs/t2sp t2s/tests/correctness/Func/ure-1-6-negative.cpp
// (a left-hand side with an expression of two loops, A(i, i + j, k) = ...: a Halide CompileError at the definition).
//
//   ImageParam a(Int(32), 2), b(...); ure.input @a, @b : memref<10x10xi32> (Halide layout)
//   Func A(Int(32), {i, j, k}), B(..), C(..);   ure.func @A, @B, @C (i, j, k) -> i32
//   A(i, i + j, k) = a(i, k);         ure.def @A(%i, %i + %j, %k)
// t2s: a ure.def's left-hand side is its block arguments, the loop
// variables themselves; there is no syntax for an expression there. This file
// writes the T2S left-hand side where the block arguments go, to see how t2s
// reports it (expected: a located parse error).
ure.program @ure_1_6_negative {
  ure.input @a : memref<10x10xi32, affine_map<(d0, d1) -> (d1, d0)>>
  ure.input @b : memref<10x10xi32, affine_map<(d0, d1) -> (d1, d0)>>
  ure.func @A(i, j, k) -> i32
  ure.func @B(i, j, k) -> i32
  ure.func @C(i, j, k) -> i32
  ure.def @A(%i, %i + %j, %k) {
    %v = ure.load @a(%i, %k) : i32
    ure.yield %v : i32
  }
  ure.merge_ures @A [@B, @C]
  ure.set_bounds @A (i = 0 extent 10, j = 0 extent 10, k = 0 extent 10)
}
