// ure-5-1.cpp as t2s takes it: C, which reads itself, is internal, and the
// output @out(i, j, k) = C(i, j, k) (T2S realizes C itself; see ure-5-1.mlir).
// Port of IntelLabs/t2sp t2s/tests/correctness/Func/ure-5-1.cpp
// (matrix multiply, merged with B as the representative: B.merge_ures(A, C)),
// SIZE = 10.
//
//   ImageParam a(Int(32), 2), b(..);  ure.input @a, @b : memref<10x10xi32> (Halide layout)
//   Func A, B, C (Int(32), {i, j, k}) ure.func @A, @B, @C (i, j, k) -> i32 (C: the output,
//                                     realized over i, j, k, Halide layout)
//   A = select(j == 0, a(i, k), A(i, j - 1, k));   ure.def @A
//   B = select(i == 0, b(k, j), B(i - 1, j, k));   ure.def @B
//   C = select(k == 0, A * B, C(i, j, k - 1) + A * B);   ure.def @C
//   B.merge_ures(A, C);               ure.merge_ures @B [@A, @C, @out]: realized B, A, C, out
//   C.realize({10, 10, 10})           set_bounds @B 10^3
//   a, b = new_data_2d(SEQUENTIAL)    inputs/seq10.npy: x(i, j) = i + j + 1
//   extract C(i, j, 9) == mm(a, b)    mmrun.sh ... out full: every C(i, j, k) is the partial
//                                     sum up to k (also with random inputs)
ure.program @ure_5_1_copy {
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
  ure.merge_ures @B [@A, @C, @out]
  ure.set_bounds @B (i = 0 extent 10, j = 0 extent 10, k = 0 extent 10)
}
