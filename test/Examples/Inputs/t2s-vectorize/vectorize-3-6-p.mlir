// Port of IntelLabs/t2sp t2s/tests/correctness/vectorize/vectorize-3-6-p.cpp
// (vectorize a filter: a running sum over (i, j), j innermost), I = 16,
// J = 8, JJ = 4.
//
//   ImageParam b(Int(32), 2), w(...);     ure.input @b, @w : memref<16x8xi32>, Halide layout
//   Func A({i, j}), B, W;                 ure.func @A(jj, oj, i): after reorder and split
//   B(i, j) = b(i, j);  B.compute_root()  B, W inlined as loads (producer stages with
//   W(i, j) = w(i, j);  W.compute_root()  no schedule of their own)
//   A(i, j) = select(i == 0, B*W,         ure.def @A, with j = jj + 4 oj:
//     select(j == 0, A(i-1, j+J-1) + B*W,   A(i-1, j+7) at j == 0 is A(jj+3, oj+1, i-1)
//                    A(i, j-1) + B*W));     A(i, j-1) is A(jj-1, oj, i), or
//                                           A(jj+3, oj-1, i) at jj == 0
//   A.reorder(j, i).split(j, oj, jj, JJ); loops (jj, oj, i), innermost first; split
//                                         by hand (ure.split of the output is refused)
//   realize({I, J})                       layout (oj, jj, i): Halide's A(i, j)
//   A.vectorize(jj);                      ure.vectorize @acc (jj): a prefix sum along jj,
//                                         expected to be serialized
// t2s's rule 7 (the output is only written) forbids A reading itself: the
// recurrence is @acc, and the output @A = acc, merged after it.
ure.program @vec36 {
  ure.input @b : memref<16x8xi32, affine_map<(d0, d1) -> (d1, d0)>>
  ure.input @w : memref<16x8xi32, affine_map<(d0, d1) -> (d1, d0)>>
  ure.func @acc(jj, oj, i) -> i32 on device
  ure.func @A(jj, oj, i) -> i32 on device layout affine_map<(jj, oj, i) -> (oj, jj, i)>
  ure.def @acc(%jj, %oj, %i) {
    %c0 = arith.constant 0 : index
    %i0 = arith.cmpi eq, %i, %c0 : index
    %jj0 = arith.cmpi eq, %jj, %c0 : index
    %oj0 = arith.cmpi eq, %oj, %c0 : index
    %j0 = arith.andi %jj0, %oj0 : i1
    %bv = ure.load @b(%i, %jj + %oj * 4) : i32
    %wv = ure.load @w(%i, %jj + %oj * 4) : i32
    %p = arith.muli %bv, %wv : i32
    %prev_row = ure.at @acc(%jj + 3, %oj + 1, %i - 1) : i32
    %prev_oj = ure.at @acc(%jj + 3, %oj - 1, %i) : i32
    %prev_jj = ure.at @acc(%jj - 1, %oj, %i) : i32
    %prev_j = arith.select %jj0, %prev_oj, %prev_jj : i32
    %prev = arith.select %j0, %prev_row, %prev_j : i32
    %s = arith.addi %prev, %p : i32
    %v = arith.select %i0, %p, %s : i32
    ure.yield %v : i32
  }
  ure.def @A(%jj, %oj, %i) {
    %v = ure.at @acc(%jj, %oj, %i) : i32
    ure.yield %v : i32
  }
  ure.merge_ures @acc [@A]
  ure.set_bounds @acc (jj = 0 extent 4, oj = 0 extent 2, i = 0 extent 16)
  ure.vectorize @acc (jj)
}
