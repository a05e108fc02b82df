// Port of IntelLabs/t2sp t2s/tests/correctness/vectorize/vectorize-4-2-p.cpp
// (vectorize a reduction), I = 4, J = 6, K = 8, KK = 4.
//
//   ImageParam b(Int(32), 2), c(...);     ure.input @b : memref<4x8xi32>, @c : memref<8x6xi32>,
//                                         Halide layout
//   Func A(Int(32,1), {i, j, k}), B, C;   ure.func @B, @C, @acc, @A (kk, ok, j, i)
//   B(i, j, k) = b(i, k);                 ure.def @B
//   C(i, j, k) = c(k, j);                 ure.def @C
//   A(i, j, k) = select(k == 0, B * C,    ure.def @acc (k = kk + 4 ok; A(i, j, k-1) is
//       A(i, j, k-1) + B * C);              acc(kk-1, ok) or acc(kk+3, ok-1) at kk == 0)
//                                         and the output @A = acc (t2s's rule 7: the
//                                         output is only written)
//   A.merge_ures(B, C)                    ure.merge_ures @B [@C, @acc, @A]: B and C are
//                                         read at distance 0, so t2s realizes them first
//    .split(k, ok, kk, KK)                split by hand (ure.split of the output is refused)
//    .reorder(kk, ok, j, i);              loops (kk, ok, j, i), innermost first
//   realize({I, J, K})                    layout (ok, kk, j, i): Halide's A(i, j, k)
//   A.vectorize(kk);                      ure.vectorize @B (kk): every k is stored, so a
//                                         prefix sum along kk (expected: serialized)
ure.program @vec42 {
  ure.input @b : memref<4x8xi32, affine_map<(d0, d1) -> (d1, d0)>>
  ure.input @c : memref<8x6xi32, affine_map<(d0, d1) -> (d1, d0)>>
  ure.func @B(kk, ok, j, i) -> i32 on device
  ure.func @C(kk, ok, j, i) -> i32 on device
  ure.func @acc(kk, ok, j, i) -> i32 on device
  ure.func @A(kk, ok, j, i) -> i32 on device layout affine_map<(kk, ok, j, i) -> (ok, kk, j, i)>
  ure.def @B(%kk, %ok, %j, %i) {
    %v = ure.load @b(%i, %kk + %ok * 4) : i32
    ure.yield %v : i32
  }
  ure.def @C(%kk, %ok, %j, %i) {
    %v = ure.load @c(%kk + %ok * 4, %j) : i32
    ure.yield %v : i32
  }
  ure.def @acc(%kk, %ok, %j, %i) {
    %c0 = arith.constant 0 : index
    %kk0 = arith.cmpi eq, %kk, %c0 : index
    %ok0 = arith.cmpi eq, %ok, %c0 : index
    %k0 = arith.andi %kk0, %ok0 : i1
    %bv = ure.at @B(%kk, %ok, %j, %i) : i32
    %cv = ure.at @C(%kk, %ok, %j, %i) : i32
    %p = arith.muli %bv, %cv : i32
    %prev_ok = ure.at @acc(%kk + 3, %ok - 1, %j, %i) : i32
    %prev_kk = ure.at @acc(%kk - 1, %ok, %j, %i) : i32
    %prev = arith.select %kk0, %prev_ok, %prev_kk : i32
    %s = arith.addi %prev, %p : i32
    %v = arith.select %k0, %p, %s : i32
    ure.yield %v : i32
  }
  ure.def @A(%kk, %ok, %j, %i) {
    %v = ure.at @acc(%kk, %ok, %j, %i) : i32
    ure.yield %v : i32
  }
  ure.merge_ures @B [@C, @acc, @A]
  ure.set_bounds @B (kk = 0 extent 4, ok = 0 extent 2, j = 0 extent 6, i = 0 extent 4)
  ure.vectorize @B (kk)
}
