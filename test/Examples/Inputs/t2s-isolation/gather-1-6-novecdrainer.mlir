// T2S t2s/tests/correctness/gather/gather-1-6.cpp, SIZE = 8, STRATEGY = Up
// Variant: the drainer not vectorized (only ure.vectorize @B (i), as T2S writes it).
//   ImageParam a(Int(32), 2, "a");                 ure.input @a (Halide layout)
//   A(i, j, k) = a(i, j) + i;                      (inlined into B, as Halide does)
//   B(i, j, k) = A(i, j, k) * j;                   ure.def @B = (a(i, j) + i) * j (Halide layout)
//   B.set_bounds(i,0,SIZE, j,0,SIZE, k,0,SIZE)     ure.set_bounds
//    .unroll(j).vectorize(i)                       ure.unroll @B (j), ure.vectorize @B (i): i, j the
//                                                  space loops
//    .isolate_consumer_chain(B_drainer, B_collector);   ure.isolate_consumer + ure.unload
//   B_drainer.gather(B, i, STRATEGY);              ure.vectorize @B_drainer (i) + ure.gather @B_drainer (@B, i, up)
//   check_equal_3D(golden, out)                    npycheck B == (8 i + j + i) * j
ure.program @gather {
  ure.input @a : memref<8x8xi32, affine_map<(d0, d1) -> (d1, d0)>>
  ure.func @B(i, j, k) -> i32 on device layout affine_map<(i, j, k) -> (k, j, i)>
  ure.def @B(%i, %j, %k) {
    %x = ure.load @a(%i, %j) : i32
    %ii = arith.index_cast %i : index to i32
    %jj = arith.index_cast %j : index to i32
    %s = arith.addi %x, %ii : i32
    %v = arith.muli %s, %jj : i32
    ure.yield %v : i32
  }
  ure.set_bounds @B (i = 0 extent 8, j = 0 extent 8, k = 0 extent 8)
  ure.unroll @B (j)
  ure.vectorize @B (i)
  ure.isolate_consumer @B into @B_drainer
  ure.gather @B_drainer (@B, i, up)
  ure.unload @B from @B_drainer into @B_collector
}
