// T2S t2s/tests/correctness/gather/gather-1-2.cpp, SIZE = 8, STRATEGY = Up
// (examples/t2s/gather.mlir ports it at SIZE = 4).
//   ImageParam a(Int(32), 2, "a");                 ure.input @a (Halide layout)
//   A(i, j) = a(i, j);                             ure.def @A (Halide layout)
//   A.set_bounds(i, 0, SIZE, j, 0, SIZE)           ure.set_bounds
//    .unroll(i).unroll(j)                          ure.unroll @A (i, j)
//    .isolate_consumer_chain(A_drainer, A_collector);   ure.isolate_consumer + ure.unload
//   A_drainer.gather(A, j, STRATEGY);              ure.gather @A_drainer (@A, j, up)
//   check_equal_2D(A0(i0, j0) = a(i0, j0), out)    npycheck A(i, j) == i * 8 + j (new_matrix)
ure.program @gather {
  ure.input @a : memref<8x8xi32, affine_map<(d0, d1) -> (d1, d0)>>
  ure.func @A(i, j) -> i32 on device layout affine_map<(d0, d1) -> (d1, d0)>
  ure.def @A(%i, %j) {
    %v = ure.load @a(%i, %j) : i32
    ure.yield %v : i32
  }
  ure.set_bounds @A (i = 0 extent 8, j = 0 extent 8)
  ure.unroll @A (i, j)
  ure.isolate_consumer @A into @A_drainer
  ure.gather @A_drainer (@A, j, up)
  ure.unload @A from @A_drainer into @A_collector
}
