// Port of IntelLabs/t2sp t2s/tests/correctness/vectorize/vectorize-5-1-p.cpp
// (producers in a chain vectorized with different sizes), SIZE = 32.
//
//   ImageParam a(Int(32), 1, "a");        ure.input @a : memref<32xi32>
//   Func A(PLACE0); Var i;                ure.func @A(l4, l2, l2c, oi): i split by hand
//   A(i) = a(i);                          i = l4 + 4 l2 + 8 l2c + 16 oi, so that each
//   A.set_bounds(i, 0, SIZE);             kernel has a loop of its vector width (t2s's
//                                         kernels copy the array's loops)
//   A.isolate_producer_chain(a,           ure.isolate_producer [@a] into @A_feeder +
//       A_loader, A_feeder);              ure.buffer @A_feeder (@a) scope (oi)
//                                           loader @A_loader out (l4): the loader is
//                                           vectorized by its `out` loop
//   A_loader.vectorize(i, 4);             out (l4): 4 lanes
//   A_feeder.vectorize(i, 2);             (dropped: t2s refuses to vectorize a buffered
//                                         feeder; see vectorize-5-1-p-feeder-vec.mlir)
//   A.vectorize(i, 16);                   ure.vectorize @A (l4, l2, l2c): 16 lanes
//                                         (a 4x2x2 vector)
//   realize(SIZE); check_equal            layout (oi, l2c, l2, l4): the bytes of A(i)
ure.program @vec51 {
  ure.input @a : memref<32xi32>
  ure.func @A(l4, l2, l2c, oi) -> i32 on device layout affine_map<(l4, l2, l2c, oi) -> (oi, l2c, l2, l4)>
  ure.def @A(%l4, %l2, %l2c, %oi) {
    %v = ure.load @a(%l4 + %l2 * 4 + %l2c * 8 + %oi * 16) : i32
    ure.yield %v : i32
  }
  ure.set_bounds @A (l4 = 0 extent 4, l2 = 0 extent 2, l2c = 0 extent 2, oi = 0 extent 2)
  ure.isolate_producer [@a] into @A_feeder
  ure.buffer @A_feeder (@a) scope (oi) loader @A_loader out (l4)
  ure.vectorize @A (l4, l2, l2c)
}
