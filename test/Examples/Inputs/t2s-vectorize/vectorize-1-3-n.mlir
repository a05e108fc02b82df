// Port of IntelLabs/t2sp t2s/tests/correctness/vectorize/vectorize-1-3-n.cpp
// (vectorize with a condition that depends on the vectorized loop: OK on the
// host, a CompileError on FPGAs in T2S), SIZE = 32, II = 8.
//
//   ImageParam a(Int(32), 1, "a");       ure.input @a : memref<32xi32>
//   Func A(PLACE0); Var i, oi, ii;       ure.func @A(ii, oi), Halide layout
//   A(i) = select(i == 0, 0, a(i));      ure.def @A: i = ii + 8 oi; arith.select
//   A.split(i, oi, ii, II);              split by hand (see vectorize-1-2-p.mlir)
//   A.vectorize(ii);                     ure.vectorize @A (ii)
//   A.compile_jit(target) -> error       t2s accepts it: the select runs lane-wise, as
//                                        the interpreter computes it (T2S refuses a
//                                        condition on a vectorized loop on FPGAs)
ure.program @vec13 {
  ure.input @a : memref<32xi32>
  ure.func @A(ii, oi) -> i32 on device layout affine_map<(ii, oi) -> (oi, ii)>
  ure.def @A(%ii, %oi) {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant 0 : i32
    %t = arith.muli %oi, %c8 : index
    %i = arith.addi %ii, %t : index
    %first = arith.cmpi eq, %i, %c0 : index
    %in = ure.load @a(%ii + %oi * 8) : i32
    %v = arith.select %first, %zero, %in : i32
    ure.yield %v : i32
  }
  ure.set_bounds @A (ii = 0 extent 8, oi = 0 extent 4)
  ure.vectorize @A (ii)
}
