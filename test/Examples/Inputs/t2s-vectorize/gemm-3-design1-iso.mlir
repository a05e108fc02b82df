// gemm-3-design1.mlir plus isolation (not in T2S): loader, drainer kernels.
// Port of IntelLabs/t2sp t2s/tests/correctness/vectorize/gemm-3.cpp with
// -DDESIGN=1 (run by T2S's test.sh): a 2x12 times 12x2 matrix product (PolySA designs),
// I = 2, J = 2, K = 12.
//
//   ImageParam a(Int(32), 2), b(...);     ure.input @a : memref<2x12xi32> (a(i, k)),
//                                         @b : memref<12x2xi32> (b(k, j)), Halide layout
//   Var i, j, k;                          ure.func @A, @B, @C (i, j, k); @c(i, j) with (k)
//   A(P) = select(j == 0, a(i, k),        ure.def @A
//                 A(P_j_minus_1));
//   B(P) = select(i == 0, b(k, j),        ure.def @B
//                 B(P_i_minus_1));
//   C(P) = select(k == 0, 0, C(P_k_minus_1)) + A(P) * B(P);   ure.def @C
//   c(i, j) = select(k == K - 1, C(P));   ure.def @c (output, Halide layout c(i, j))
//   A.merge_ures(B, C, c)                 ure.merge_ures @A [@B, @C, @c]
//    .set_bounds(i, 0, I, k, 0, K,        ure.set_bounds @A
//                j, 0, J);
//   A.reorder(i, k, j).space_time_transform(i, k);
//                                         ure.reorder @A (i, k, j); ure.space_time_transform @A (i, k)
//   A.vectorize(i);                       ure.vectorize @A (i)
//   check_equal_2D(golden, out)           --compare interpret,...; check-gemm-3.py checks
//                                         c(i, j) = sum_k a(i, k) b(k, j)
ure.program @gemm3d1 {
  ure.input @a : memref<2x12xi32, affine_map<(d0, d1) -> (d1, d0)>>
  ure.input @b : memref<12x2xi32, affine_map<(d0, d1) -> (d1, d0)>>
  ure.func @A(i, j, k) -> i32 on device
  ure.func @B(i, j, k) -> i32 on device
  ure.func @C(i, j, k) -> i32 on device
  ure.func @c(i, j) -> i32 on device layout affine_map<(i, j) -> (j, i)>
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
    %last = arith.constant 11 : index
    %is_last = arith.cmpi eq, %k, %last : index
    %v0 = ure.at @C(%i, %j, %k) : i32
    %v = ure.select %is_last, %v0 : i32
    ure.yield %v : i32
  }
  ure.merge_ures @A [@B, @C, @c]
  ure.set_bounds @A (i = 0 extent 2, k = 0 extent 12, j = 0 extent 2)
  ure.reorder @A (i, k, j)
  ure.space_time_transform @A (i, k)
  ure.isolate_producer [@a, @b] into @loader
  ure.isolate_consumer @c into @drainer
  ure.vectorize @A (i)
}
