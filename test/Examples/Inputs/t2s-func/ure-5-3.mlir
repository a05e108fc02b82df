// Port of IntelLabs/t2sp t2s/tests/correctness/Func/ure-5-3.cpp
// (a long merge_ures: 14 UREs), SIZE = 10.
//
//   ImageParam a(Int(32), 2), b(..);  ure.input @a, @b : memref<10x10xi32> (Halide layout)
//   Func A .. N (Int(32), {i, j, k})  ure.func @A .. @N (i, j, k) -> i32 (N: output)
//   A = select(j == 0, a(i, k), A(i, j - 1, k));        ure.def @A
//   B = select(i == 0, b(k, j), B(i - 1, j, k));        ure.def @B
//   C = select(k == 0, A * B, C(i, j, k - 1) + A * B);  ure.def @C
//   D = i + j;                        ure.def @D
//   E = a(i, j) + b(j, k);            ure.def @E (input reads: any affine index)
//   F = -D + E;                       ure.def @F
//   G = C + i;  H = G - i;            ure.def @G, @H
//   I = A + 1;  J = I - I;            ure.def @I, @J
//   K = J / 2;                        ure.def @K: arith.floordivsi (Halide's / rounds down)
//   L = H + K;  M = 0 * F + L;        ure.def @L, @M
//   N = (L + M) / 2;                  ure.def @N (output, Halide layout): floordivsi
//   A.merge_ures(B, C, ..., N);       ure.merge_ures @A [@B, ..., @N]
//   N.realize({10, 10, 10})           set_bounds 10^3
//   a, b = new_data_2d(SEQUENTIAL)    inputs/seq10.npy
//   extract N(i, j, 9) == mm(a, b)    mmrun.sh ... N full (N = L = C, the partial sums)
ure.program @ure_5_3 {
  ure.input @a : memref<10x10xi32, affine_map<(d0, d1) -> (d1, d0)>>
  ure.input @b : memref<10x10xi32, affine_map<(d0, d1) -> (d1, d0)>>
  ure.func @A(i, j, k) -> i32
  ure.func @B(i, j, k) -> i32
  ure.func @C(i, j, k) -> i32
  ure.func @D(i, j, k) -> i32
  ure.func @E(i, j, k) -> i32
  ure.func @F(i, j, k) -> i32
  ure.func @G(i, j, k) -> i32
  ure.func @H(i, j, k) -> i32
  ure.func @I(i, j, k) -> i32
  ure.func @J(i, j, k) -> i32
  ure.func @K(i, j, k) -> i32
  ure.func @L(i, j, k) -> i32
  ure.func @M(i, j, k) -> i32
  ure.func @N(i, j, k) -> i32 layout affine_map<(i, j, k) -> (k, j, i)>
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
  ure.def @D(%i, %j, %k) {
    %s = arith.addi %i, %j : index
    %v = arith.index_cast %s : index to i32
    ure.yield %v : i32
  }
  ure.def @E(%i, %j, %k) {
    %x = ure.load @a(%i, %j) : i32
    %y = ure.load @b(%j, %k) : i32
    %v = arith.addi %x, %y : i32
    ure.yield %v : i32
  }
  ure.def @F(%i, %j, %k) {
    %zero = arith.constant 0 : i32
    %d = ure.at @D(%i, %j, %k) : i32
    %e = ure.at @E(%i, %j, %k) : i32
    %nd = arith.subi %zero, %d : i32
    %v = arith.addi %nd, %e : i32
    ure.yield %v : i32
  }
  ure.def @G(%i, %j, %k) {
    %c = ure.at @C(%i, %j, %k) : i32
    %iv = arith.index_cast %i : index to i32
    %v = arith.addi %c, %iv : i32
    ure.yield %v : i32
  }
  ure.def @H(%i, %j, %k) {
    %g = ure.at @G(%i, %j, %k) : i32
    %iv = arith.index_cast %i : index to i32
    %v = arith.subi %g, %iv : i32
    ure.yield %v : i32
  }
  ure.def @I(%i, %j, %k) {
    %one = arith.constant 1 : i32
    %x = ure.at @A(%i, %j, %k) : i32
    %v = arith.addi %x, %one : i32
    ure.yield %v : i32
  }
  ure.def @J(%i, %j, %k) {
    %x = ure.at @I(%i, %j, %k) : i32
    %y = ure.at @I(%i, %j, %k) : i32
    %v = arith.subi %x, %y : i32
    ure.yield %v : i32
  }
  ure.def @K(%i, %j, %k) {
    %two = arith.constant 2 : i32
    %x = ure.at @J(%i, %j, %k) : i32
    %v = arith.floordivsi %x, %two : i32
    ure.yield %v : i32
  }
  ure.def @L(%i, %j, %k) {
    %h = ure.at @H(%i, %j, %k) : i32
    %x = ure.at @K(%i, %j, %k) : i32
    %v = arith.addi %h, %x : i32
    ure.yield %v : i32
  }
  ure.def @M(%i, %j, %k) {
    %zero = arith.constant 0 : i32
    %f = ure.at @F(%i, %j, %k) : i32
    %l = ure.at @L(%i, %j, %k) : i32
    %z = arith.muli %zero, %f : i32
    %v = arith.addi %z, %l : i32
    ure.yield %v : i32
  }
  ure.def @N(%i, %j, %k) {
    %two = arith.constant 2 : i32
    %l = ure.at @L(%i, %j, %k) : i32
    %m = ure.at @M(%i, %j, %k) : i32
    %s = arith.addi %l, %m : i32
    %v = arith.floordivsi %s, %two : i32
    ure.yield %v : i32
  }
  ure.merge_ures @A [@B, @C, @D, @E, @F, @G, @H, @I, @J, @K, @L, @M, @N]
  ure.set_bounds @A (i = 0 extent 10, j = 0 extent 10, k = 0 extent 10)
}
