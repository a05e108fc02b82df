// T2S t2s/tests/correctness/scatter/gemm-3.cpp, DESIGN = 5, SCATTER, STRATEGY = Up,
// I = J = 2, K = 12 (test.sh has these cases commented out).
//   ImageParam a, b (Int(32), 2)                   ure.input @a (a(i, k)), @b (b(k, j)), Halide layouts
//   A(P) = select(j == 0, a(i, k), A(P_j_minus_1)) ure.def @A
//   B(P) = select(i == 0, b(k, j), B(P_i_minus_1)) ure.def @B
//   C(P) = select(k == 0, 0, C(P_k_minus_1)) + A(P) * B(P)   ure.def @C
//   c(i, j) = select(k == K - 1, C(P))             ure.def @c (output, Halide layout)
//   A.merge_ures(B, C, c).set_bounds(...)          ure.merge_ures @A [@B, @C, @c], ure.set_bounds
//   A.reorder(i, j, k).space_time_transform(i, j); A.space_time_transform(i); A.vectorize(i);
//                                                  ure.reorder @A (i, j, k); ure.space_time_transform @A (i, j); ure.space_time_transform @A (i); ure.vectorize @A (i)
//   A.isolate_producer_chain(a, A_loader, A_feeder);   ure.isolate_producer [@a] into @A_feeder
//   A.isolate_producer_chain(b, B_loader, B_feeder);   ure.isolate_producer [@b] into @B_feeder
//                                                  (no loaders: a feeder that scatters its loader's
//                                                  values is refused, see scatter-1-1.mlir)
//   A_feeder.scatter(A_loader, i);
//                                                  ure.scatter @A_feeder (@a, i, up)
//   check_equal(golden c0, out)                    npycheck c(i, j) == sum_k (i + k + 1)(k + j + 1)
ure.program @gemm3 {
  ure.input @a : memref<2x12xi32, affine_map<(i, k) -> (k, i)>>
  ure.input @b : memref<12x2xi32, affine_map<(k, j) -> (j, k)>>
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
    %v = ure.at @C(%i, %j, %k) : i32
    %w = ure.select %is_last, %v : i32
    ure.yield %w : i32
  }
  ure.merge_ures @A [@B, @C, @c]
  ure.set_bounds @A (i = 0 extent 2, k = 0 extent 12, j = 0 extent 2)
  ure.reorder @A (i, j, k)
  ure.space_time_transform @A (i, j)
  ure.space_time_transform @A (i)
  ure.vectorize @A (i)
  ure.isolate_producer [@a] into @A_feeder
  ure.isolate_producer [@b] into @B_feeder
  ure.scatter @A_feeder (@a, i, up)
}
