// Port of IntelLabs/t2sp t2s/tests/correctness/vectorize/vectorize-1-6-p.cpp
// (vectorize an intrinsic), SIZE = 32, II = 8.
//
//   ImageParam a(Int(32), 1), b(...);    ure.input @a, @b : memref<32xi32>
//   Func A(PLACE0); Var i, oi, ii;       ure.func @A(ii, oi) -> i32, Halide layout
//   A(i) = max(a(i), b(i));              ure.def @A: arith.maxsi
//   A.split(i, oi, ii, II);              split by hand (see vectorize-1-2-p.mlir)
//   A.vectorize(ii);                     ure.vectorize @A (ii)
ure.program @vec16 {
  ure.input @a : memref<32xi32>
  ure.input @b : memref<32xi32>
  ure.func @A(ii, oi) -> i32 on device layout affine_map<(ii, oi) -> (oi, ii)>
  ure.def @A(%ii, %oi) {
    %x = ure.load @a(%ii + %oi * 8) : i32
    %y = ure.load @b(%ii + %oi * 8) : i32
    %v = arith.maxsi %x, %y : i32
    ure.yield %v : i32
  }
  ure.set_bounds @A (ii = 0 extent 8, oi = 0 extent 4)
  ure.vectorize @A (ii)
}
