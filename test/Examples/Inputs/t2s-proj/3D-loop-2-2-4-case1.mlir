// T2S t2s/tests/correctness/multi-projection/3D-loop-2-2-4.cpp, SIZE = 10; test.sh: -DCASE1.
//   A2(i2,j2,k2) = select(i2 == 0, j2, A2(i2 - 1, j2, k2));                  ure.def @A
//   B2(i2,j2,k2) = select(j2 == 0, i2, A2(i2,j2,k2) + B2(i2, j2 - 1, k2));    ure.def @B
//   C2(i2,j2,k2) = B2(i2, j2, k2);                                           ure.def @C (output)
//   A2.merge_ures(B2, C2).set_bounds(.. SIZE) x 3   ure.merge_ures @A [@B, @C], ure.set_bounds
//   A2.space_time_transform({i2, j2, k2}, ..,   ure.space_time_transform @A (i, j, k) -> ..
//     {1,0,0, 1,1,SIZE}, {i2,s, j2,(t-s)%SIZE, k2,(t-s)/SIZE})
//     (s=i,t=i+j+10k)                                   
//   check_equal_3D(golden, result)               npycheck C(i, j, k) == i + j*(j+1)//2
ure.program @loop3d {
  ure.func @A(i, j, k) -> i32
  ure.func @B(i, j, k) -> i32
  ure.func @C(i, j, k) -> i32
  ure.def @A(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %jv = arith.index_cast %j : index to i32
    %prev = ure.at @A(%i - 1, %j, %k) : i32
    %v = arith.select %first, %jv, %prev : i32
    ure.yield %v : i32
  }
  ure.def @B(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %j, %c0 : index
    %iv = arith.index_cast %i : index to i32
    %a = ure.at @A(%i, %j, %k) : i32
    %prev = ure.at @B(%i, %j - 1, %k) : i32
    %sum = arith.addi %a, %prev : i32
    %v = arith.select %first, %iv, %sum : i32
    ure.yield %v : i32
  }
  ure.def @C(%i, %j, %k) {
    %b = ure.at @B(%i, %j, %k) : i32
    ure.yield %b : i32
  }
  ure.merge_ures @A [@B, @C]
  ure.set_bounds @A (i = 0 extent 10, j = 0 extent 10, k = 0 extent 10)
  ure.space_time_transform @A (i, j, k) -> (s, t)
      projection affine_map<(i, j, k) -> (i, i + j + k * 10)>
      reverse affine_map<(s, t) -> (s, (t - s) mod 10, (t - s) floordiv 10)>
}
