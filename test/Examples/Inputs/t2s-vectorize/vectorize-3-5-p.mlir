// Port of IntelLabs/t2sp t2s/tests/correctness/vectorize/vectorize-3-5-p.cpp
// (producer and consumer vectorized with different sizes), SIZE1 = 2,
// SIZE2 = 32, II = 8, III = 4.
//
//   ImageParam b(Int(32), 2, "b");         ure.input @b : memref<2x32xi32>, Halide layout
//   Func A(PLACE0), B(PLACE1);             ure.func @A (output)
//   B(i, ii) = b(i, ii);                   B's stage = the loader kernel @Bk of input @b
//   A(i, ii) = B(i, ii);                   ure.def @A: b(i, ii)
//   B.compute_root();
//   A.reorder(ii, i).split(ii,oii,iii,8);  t2s's loader copies the array's loops, so
//   B.reorder(ii, i).split(ii,oiii,iiii,4) both splits are one split by hand:
//                                          ii = l4 + 4 l2 + 8 oii; A's iii = (l4, l2),
//                                          B's iiii = l4
//   A.vectorize(iii);                      ure.vectorize @A (l4, l2): 8 lanes (as a
//                                          4x2 vector: t2s cannot give A a 1-D 8-lane
//                                          loop while its loader has 4)
//   B.vectorize(iiii);                     ure.vectorize @Bk (l4): 4 lanes, 2 PEs
//   realize({SIZE1, SIZE2})                layout (oii, l2, l4, i): Halide's A(i, ii)
ure.program @vec35 {
  ure.input @b : memref<2x32xi32, affine_map<(d0, d1) -> (d1, d0)>>
  ure.func @A(l4, l2, oii, i) -> i32 on device layout affine_map<(l4, l2, oii, i) -> (oii, l2, l4, i)>
  ure.def @A(%l4, %l2, %oii, %i) {
    %v = ure.load @b(%i, %l4 + %l2 * 4 + %oii * 8) : i32
    ure.yield %v : i32
  }
  ure.set_bounds @A (l4 = 0 extent 4, l2 = 0 extent 2, oii = 0 extent 4, i = 0 extent 2)
  ure.isolate_producer [@b] into @Bk
  ure.vectorize @A (l4, l2)
  ure.vectorize @Bk (l4)
}
