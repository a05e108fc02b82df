// T2S t2s/tests/correctness/multi-projection/2D-loop-3-3.cpp, SIZE = 10.
// test.sh runs it with no -DCASE (no space-time transform); CASE1 is ported
// here (CASE2 by sed; CASE3, s = j2 - i2, is skewed and refused).
//   A2(i2, j2) = select(i2 == 0, j2,            ure.def @A
//     select(j2 == 0, i2, A2(i2-1, j2) + A2(i2, j2-1)));
//   B2(i2, j2) = A2(i2, j2);                    ure.def @B (output)
//   A2.merge_ures(B2).set_bounds(i2, 0, SIZE)   ure.merge_ures @A [@B]
//     .set_bounds(j2, 0, SIZE);                 ure.set_bounds
//   A2.space_time_transform({i2, j2}, {s, t},   ure.reorder @A (j, i) (space loop innermost)
//     {0, 1, 1, 1}, {j2, s, i2, t - j2});       ure.space_time_transform @A (i, j) -> (s, t)
//                                                 projection (j, i + j) reverse (t - s, s)
//   check_equal_2D(golden, result)              npycheck B(i,j) == C(i+j, i) style recurrence (Python ref)
ure.program @loop2d33 {
  ure.func @A(i, j) -> i32
  ure.func @B(i, j) -> i32
  ure.def @A(%i, %j) {
    %c0 = arith.constant 0 : index
    %i0 = arith.cmpi eq, %i, %c0 : index
    %j0 = arith.cmpi eq, %j, %c0 : index
    %iv = arith.index_cast %i : index to i32
    %jv = arith.index_cast %j : index to i32
    %up = ure.at @A(%i - 1, %j) : i32
    %left = ure.at @A(%i, %j - 1) : i32
    %sum = arith.addi %up, %left : i32
    %s1 = arith.select %j0, %iv, %sum : i32
    %v = arith.select %i0, %jv, %s1 : i32
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
