// Port of IntelLabs/t2sp t2s/tests/correctness/vectorize/vectorize-3-3-p.cpp
// (vectorize a broadcast), I = 32, II = 8, III = 4.
//
//   ImageParam a(Int(32), 1, "a");       ure.input @a : memref<32xi32>
//   Func A(PLACE0); Var i, ii, oii, iii; ure.func @A(iii, oii, i): the loops
//                                        after reorder and split, innermost first
//   A(i, ii) = a(i);                     ure.def @A: a(i)
//   A.reorder(ii, i)                     loop order (innermost first) ii, i
//    .split(ii, oii, iii, III);          split by hand: ii = iii + 4 oii
//                                        (ure.split of the output is refused,
//                                        see vectorize-1-2-p-split.mlir)
//   realize({I, II})                     layout (oii, iii, i): the bytes of
//                                        Halide's A(i, ii), i contiguous
//   A.vectorize(iii);                    ure.vectorize @A (iii)
ure.program @vec33 {
  ure.input @a : memref<32xi32>
  ure.func @A(iii, oii, i) -> i32 on device layout affine_map<(iii, oii, i) -> (oii, iii, i)>
  ure.def @A(%iii, %oii, %i) {
    %v = ure.load @a(%i) : i32
    ure.yield %v : i32
  }
  ure.set_bounds @A (iii = 0 extent 4, oii = 0 extent 2, i = 0 extent 32)
  ure.vectorize @A (iii)
}
