// Port of IntelLabs/t2sp t2s/tests/correctness/vectorize/vectorize-1-7-p.cpp
// (vectorize a complex case with casts and intrinsics), SIZE = 32, II = 8,
// JJ = 4.
//
//   ImageParam a(Int(32), 2, "a");        ure.input @a : memref<8x4xi32, Halide
//     (new_matrix<int, SIZE/JJ, JJ>)      layout (first index contiguous)>
//   Func A(Int(32), {i}, PLACE0);         ure.func @A(ii, oi) -> i32, Halide layout
//   A(i) = a(cast<int>(i / JJ),           ure.load @a(i floordiv 4, i mod 4),
//            cast<int>(mod_round_to_zero(   i = ii + 8 oi >= 0, so floordiv/mod
//              i, JJ)));                    equal Halide's division/mod_round_to_zero
//   A.split(i, oi, ii, II);               split by hand (see vectorize-1-2-p.mlir)
//   A.vectorize(ii);                      ure.vectorize @A (ii)
ure.program @vec17 {
  ure.input @a : memref<8x4xi32, affine_map<(d0, d1) -> (d1, d0)>>
  ure.func @A(ii, oi) -> i32 on device layout affine_map<(ii, oi) -> (oi, ii)>
  ure.def @A(%ii, %oi) {
    %v = ure.load @a((%ii + %oi * 8) floordiv 4, (%ii + %oi * 8) mod 4) : i32
    ure.yield %v : i32
  }
  ure.set_bounds @A (ii = 0 extent 8, oi = 0 extent 4)
  ure.vectorize @A (ii)
}
