// Port of IntelLabs/t2sp t2s/tests/correctness/vectorize/vectorize-2-3-p.cpp
// (two stages; both stages are vectorized), SIZE = 32, II = 8.
//
//   ImageParam b(Int(32), 1, "b");       ure.input @b : memref<32xi32>
//   Func A(PLACE0), B(PLACE1);           ure.func @A (output, Halide layout)
//   B(i) = b(i);                         B's stage = the loader kernel @Bk that
//   B.compute_root();                    isolation makes of input @b (t2s
//                                        compiles one merged nest; a separate
//                                        producer stage is an isolated kernel)
//   A(i) = (B(i) + 1) * 2;               ure.def @A
//   A.split(i, oi, ii, II);              split by hand (see vectorize-1-2-p.mlir)
//   B.split(i, oi, ii, II);              (@Bk copies the array: same loops ii, oi)
//   A.vectorize(ii);                     ure.vectorize @A (ii)
//   B.vectorize(ii);                     ure.vectorize @Bk (ii)
// Place::Host/Device have no effect on the values in t2s (`on device` here).
ure.program @vec23 {
  ure.input @b : memref<32xi32>
  ure.func @A(ii, oi) -> i32 on device layout affine_map<(ii, oi) -> (oi, ii)>
  ure.def @A(%ii, %oi) {
    %one = arith.constant 1 : i32
    %two = arith.constant 2 : i32
    %x = ure.load @b(%ii + %oi * 8) : i32
    %s = arith.addi %x, %one : i32
    %v = arith.muli %s, %two : i32
    ure.yield %v : i32
  }
  ure.set_bounds @A (ii = 0 extent 8, oi = 0 extent 4)
  ure.isolate_producer [@b] into @Bk
  ure.vectorize @A (ii)
  ure.vectorize @Bk (ii)
}
