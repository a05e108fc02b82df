// Port of IntelLabs/t2sp t2s/tests/correctness/vectorize/vectorize-1-2-p.cpp
// (vectorize a data loading), SIZE = 32, II = 8.
//
//   ImageParam a(Int(32), 1, "a");     ure.input @a : memref<32xi32>
//   Func A(PLACE0); Var i, oi, ii;     ure.func @A(ii, oi) ... layout (oi, ii)
//   A(i) = a(i);                       ure.def @A(%ii, %oi): a(ii + 8 oi)
//   A.split(i, oi, ii, II);            split by hand: `ure.split @A (i) into
//                                      (oi, ii) factor 8` is refused for an
//                                      output that takes every loop (see
//                                      vectorize-1-2-p-split.mlir); the Halide
//                                      layout keeps A's buffer = A(i) bytes
//   (realize(SIZE))                    ure.set_bounds (ii 0..8, oi 0..4)
//   A.vectorize(ii);                   ure.vectorize @A (ii)
//   check_equal(golden, out)           --compare interpret,...; check12.py: A(i) == a(i)
ure.program @vec12 {
  ure.input @a : memref<32xi32>
  ure.func @A(ii, oi) -> i32 on device layout affine_map<(ii, oi) -> (oi, ii)>
  ure.def @A(%ii, %oi) {
    %v = ure.load @a(%ii + %oi * 8) : i32
    ure.yield %v : i32
  }
  ure.set_bounds @A (ii = 0 extent 8, oi = 0 extent 4)
  ure.vectorize @A (ii)
}
