// T2S t2s/tests/correctness/multi-projection/3D-loop-3-2-6.cpp, SIZE = 10; test.sh: -DCASE4.
//   A2(i2,j2,k2) = select(i2 == 0, 1, select(i2 == 1, 1,
//                  A2(i2-1, j2, k2) + A2(i2-2, j2, k2)));      ure.def @A
//   B2(i2,j2,k2) = A2(i2, j2, k2);                             ure.def @B (output)
//   (T2S's golden is realized {SIZE, SIZE} for a 3-D Func: a bug of the test;
//    the check here is the recurrence itself, fib(i))
//   A2.space_time_transform({i2, j2, k2}, ..,   ure.space_time_transform @A (i, j, k) -> ..
//     {1,0,0, 1,1,2*SIZE-1}, {i2,s, j2,(t-s)%(2*SIZE-1), k2,(t-s)/(2*SIZE-1)})
//     (s=i,t=i+j+19k)                                   
//   check_equal_3D(golden, result)               npycheck B(i, j, k) == fib(i)
ure.program @loop3d {
  ure.func @A(i, j, k) -> i32
  ure.func @B(i, j, k) -> i32
  ure.def @A(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1 : i32
    %i0 = arith.cmpi eq, %i, %c0 : index
    %i1 = arith.cmpi eq, %i, %c1 : index
    %p1 = ure.at @A(%i - 1, %j, %k) : i32
    %p2 = ure.at @A(%i - 2, %j, %k) : i32
    %sum = arith.addi %p1, %p2 : i32
    %s1 = arith.select %i1, %one, %sum : i32
    %v = arith.select %i0, %one, %s1 : i32
    ure.yield %v : i32
  }
  ure.def @B(%i, %j, %k) {
    %a = ure.at @A(%i, %j, %k) : i32
    ure.yield %a : i32
  }
  ure.merge_ures @A [@B]
  ure.set_bounds @A (i = 0 extent 10, j = 0 extent 10, k = 0 extent 10)
  ure.space_time_transform @A (i, j, k) -> (s, t)
      projection affine_map<(i, j, k) -> (i, i + j + k * 19)>
      reverse affine_map<(s, t) -> (s, (t - s) mod 19, (t - s) floordiv 19)>
}
