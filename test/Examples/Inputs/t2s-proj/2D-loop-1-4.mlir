// T2S t2s/tests/correctness/multi-projection/2D-loop-1-4.cpp (test.sh: no
// option; the file #defines CASE1), SIZE = 10:
//   Var i2, j2;                                 the loops, i innermost
//   Func A2(Int(32), {i2, j2}), B2(..);         ure.func @A, @B
//   A2(i2, j2) = i2 + j2;                       ure.def @A
//   B2(i2, j2) = A2(i2, j2);                    ure.def @B (the output)
//   A2.merge_ures(B2).set_bounds(i2, 0, SIZE)   ure.merge_ures @A [@B]
//     .set_bounds(j2, 0, SIZE);                 ure.set_bounds
//   A2.space_time_transform({i2, j2}, {s, t},   ure.space_time_transform @A (i, j) -> (s, t)
//     {{0, 1}, {1, 1}},  // s = j2, t = i2+j2    projection (j, i + j)
//     {{j2, s}, {i2, t - j2}});                  reverse (t - s, s)
//                                               ure.reorder @A (j, i): t2s's space loops are
//                                               the innermost (T2S's projection reorders itself)
//   check_equal_2D(golden, result)              npycheck B(i, j) == i + j
// Variants (sed in runall.sh): CASE2 (s = i2, no reorder) runs; CASE3
// (s = i2 + j2) and CASE4 (s = j2 - i2) are skewed projections, refused.
ure.program @loop2d14 {
  ure.func @A(i, j) -> i32
  ure.func @B(i, j) -> i32
  ure.def @A(%i, %j) {
    %s = arith.addi %i, %j : index
    %v = arith.index_cast %s : index to i32
    ure.yield %v : i32
  }
  ure.def @B(%i, %j) {
    %a = ure.at @A(%i, %j) : i32
    ure.yield %a : i32
  }
  ure.merge_ures @A [@B]
  ure.set_bounds @A (i = 0 extent 10, j = 0 extent 10)
  ure.reorder @A (j, i)
  ure.space_time_transform @A (i, j) -> (s, t)
      projection affine_map<(i, j) -> (j, i + j)>
      reverse affine_map<(s, t) -> (t - s, s)>
}
