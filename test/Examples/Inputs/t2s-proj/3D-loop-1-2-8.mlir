// T2S t2s/tests/correctness/multi-projection/3D-loop-1-2-8.cpp, SIZE = 10; test.sh: no -DCASE (no space-time transform); CASE1 ported.
//   A2(i2, j2, k2) = i2 + j2 + k2;               ure.def @A
//   B2(i2, j2, k2) = A2(i2, j2, k2);             ure.def @B (output)
//   A2.merge_ures(B2).set_bounds(.. SIZE) x 3    ure.merge_ures @A [@B], ure.set_bounds
//   A2.space_time_transform({i2, j2, k2}, ..,   ure.space_time_transform @A (i, j, k) -> ..
//     {1,0,0, 1,1,SIZE}, {i2,s, j2,(t-s)%SIZE, k2,(t-s)/SIZE})
//     (s=i,t=i+j+10k)                                   
//   check_equal_3D(golden, result)               npycheck B(i, j, k) == i+j+k
ure.program @loop3d {
  ure.func @A(i, j, k) -> i32
  ure.func @B(i, j, k) -> i32
  ure.def @A(%i, %j, %k) {
    %s0 = arith.addi %i, %j : index
    %s = arith.addi %s0, %k : index
    %v = arith.index_cast %s : index to i32
    ure.yield %v : i32
  }
  ure.def @B(%i, %j, %k) {
    %a = ure.at @A(%i, %j, %k) : i32
    ure.yield %a : i32
  }
  ure.merge_ures @A [@B]
  ure.set_bounds @A (i = 0 extent 10, j = 0 extent 10, k = 0 extent 10)
  ure.space_time_transform @A (i, j, k) -> (s, t)
      projection affine_map<(i, j, k) -> (i, i + j + k * 10)>
      reverse affine_map<(s, t) -> (s, (t - s) mod 10, (t - s) floordiv 10)>
}
