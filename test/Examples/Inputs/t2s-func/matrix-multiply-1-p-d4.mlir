// Port of IntelLabs/t2sp t2s/tests/correctness/space-time-transform/matrix-multiply-1-p.cpp
// with -DDESIGN=4 (commented out in T2S's test.sh): a 2x3 times 3x2 matrix product (PolySA's designs),
// I = 2, J = 2, K = 3.
//
//   ImageParam a(type_of<int>(), 2), b(..);   ure.input @a : memref<2x3xi32>, @b : memref<3x2xi32>
//                                     (Halide layout; a(i, k), b(k, j))
//   Func A, B, C (Int(32), {i, j, k}), c;     ure.func @A, @B, @C (i, j, k); @c(i, j) with (k)
//   A(P) = select(j == 0, a(i, k), A(P_j_minus_1));   ure.def @A
//   B(P) = select(i == 0, b(k, j), B(P_i_minus_1));   ure.def @B
//   C(P) = select(k == 0, 0, C(P_k_minus_1)) + A(P) * B(P);   ure.def @C
//   c(i, j) = select(k == K - 1, C(P));   ure.def @c: ure.select (output, Halide layout)
//   A.merge_ures(B, C, c)             ure.merge_ures @A [@B, @C, @c]
//    .set_bounds(i, 0, I, k, 0, K, j, 0, J);   ure.set_bounds @A
//   A.reorder(j, i, k).space_time_transform(j, i);   first projection
//   A.space_time_transform(j);        second projection
//                                     ure.reorder @A (j, i, k); ure.space_time_transform @A (j, i);
//                                     ure.space_time_transform @A (j): a chain
//   a, b = new_data_2d(SEQUENTIAL)    inputs/a2x3.npy, inputs/b3x2.npy: x(r, s) = r + s + 1
//   check_equal(golden, out)          golden: the un-transformed program; mmrun.sh ... c last
ure.program @mm_1_p_d4 {
  ure.input @a : memref<2x3xi32, affine_map<(d0, d1) -> (d1, d0)>>
  ure.input @b : memref<3x2xi32, affine_map<(d0, d1) -> (d1, d0)>>
  ure.func @A(i, j, k) -> i32
  ure.func @B(i, j, k) -> i32
  ure.func @C(i, j, k) -> i32
  ure.func @c(i, j) -> i32 layout affine_map<(i, j) -> (j, i)>
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
    %zero = arith.constant 0 : i32
    %first = arith.cmpi eq, %k, %c0 : index
    %prev = ure.at @C(%i, %j, %k - 1) : i32
    %acc = arith.select %first, %zero, %prev : i32
    %x = ure.at @A(%i, %j, %k) : i32
    %y = ure.at @B(%i, %j, %k) : i32
    %p = arith.muli %x, %y : i32
    %v = arith.addi %acc, %p : i32
    ure.yield %v : i32
  }
  ure.def @c(%i, %j) with (%k) {
    %last = arith.constant 2 : index
    %is_last = arith.cmpi eq, %k, %last : index
    %v0 = ure.at @C(%i, %j, %k) : i32
    %v = ure.select %is_last, %v0 : i32
    ure.yield %v : i32
  }
  ure.merge_ures @A [@B, @C, @c]
  ure.set_bounds @A (i = 0 extent 2, k = 0 extent 3, j = 0 extent 2)
  ure.reorder @A (j, i, k)
  ure.space_time_transform @A (j, i)
  ure.space_time_transform @A (j)
}
