// T2S t2s/tests/correctness/multi-projection/2D-loop-4-4.cpp, SIZE = 10.
// test.sh runs it with no -DCASE (no space-time transform); CASE1 is ported
// here (CASE2 by sed; CASE3 s = i2 + j2 and CASE4 s = j2 - i2 are skewed, refused).
//   A2(i2, j2) = select(i2 == 0, 1,             ure.def @A (Fibonacci along i)
//     select(i2 == 1, 1, A2(i2-1, j2) + A2(i2-2, j2)));
//   B2(i2, j2) = A2(i2, j2);                    ure.def @B (output)
//   A2.merge_ures(B2).set_bounds(..)            ure.merge_ures, ure.set_bounds
//     {0, 1, 1, 1}, {j2, s, i2, t - j2});       ure.space_time_transform @A (i, j) -> (s, t)
//                                                 projection (j, i + j) reverse (t - s, s)
//   check_equal_2D(golden, result)              npycheck B(i, j) == fib(i) (fib(0)=fib(1)=1)
ure.program @loop2d44 {
  ure.func @A(i, j) -> i32
  ure.func @B(i, j) -> i32
  ure.def @A(%i, %j) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1 : i32
    %i0 = arith.cmpi eq, %i, %c0 : index
    %i1 = arith.cmpi eq, %i, %c1 : index
    %p1 = ure.at @A(%i - 1, %j) : i32
    %p2 = ure.at @A(%i - 2, %j) : i32
    %sum = arith.addi %p1, %p2 : i32
    %s1 = arith.select %i1, %one, %sum : i32
    %v = arith.select %i0, %one, %s1 : i32
    ure.yield %v : i32
  }
  ure.def @B(%i, %j) {
    %a = ure.at @A(%i, %j) : i32
    ure.yield %a : i32
  }
  ure.merge_ures @A [@B]
  ure.set_bounds @A (i = 0 extent 10, j = 0 extent 10)
  ure.space_time_transform @A (i, j) -> (s, t)
      projection affine_map<(i, j) -> (j - i, i + j)>
      reverse affine_map<(s, t) -> ((t - s) floordiv 2, (s + t) floordiv 2)>
}
