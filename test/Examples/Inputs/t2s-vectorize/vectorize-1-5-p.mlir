// Port of IntelLabs/t2sp t2s/tests/correctness/vectorize/vectorize-1-5-p.cpp
// (vectorize a cast), SIZE = 32, II = 8.
//
//   ImageParam a(Float(32), 1, "a");     ure.input @a : memref<32xf32>
//   Func A(PLACE0); Var i, oi, ii;       ure.func @A(ii, oi) -> i32, Halide layout
//   A(i) = cast<int>(a(i));              ure.def @A: arith.fptosi
//   A.split(i, oi, ii, II);              split by hand (see vectorize-1-2-p.mlir)
//   A.vectorize(ii);                     ure.vectorize @A (ii)
//   new_data SEQUENTIAL: a(i) = i        inputs/a15.npy: a(i) = 1.75 i - 20
//                                        (negatives, fractions: truncation)
ure.program @vec15 {
  ure.input @a : memref<32xf32>
  ure.func @A(ii, oi) -> i32 on device layout affine_map<(ii, oi) -> (oi, ii)>
  ure.def @A(%ii, %oi) {
    %in = ure.load @a(%ii + %oi * 8) : f32
    %v = arith.fptosi %in : f32 to i32
    ure.yield %v : i32
  }
  ure.set_bounds @A (ii = 0 extent 8, oi = 0 extent 4)
  ure.vectorize @A (ii)
}
