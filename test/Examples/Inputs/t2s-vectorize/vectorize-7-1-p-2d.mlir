// Port of IntelLabs/t2sp t2s/tests/correctness/vectorize/vectorize-7-1-p.cpp
// (vectorize two loops; commented out in T2S's test.sh), OI = 2, II = 4,
// III = 4; here one 2-D directive.
// FAILS in opencl mode: 'vector.to_elements' has no OpenCL C form yet (see min/opencl-2d-load-layout.mlir)
//
//   ImageParam a(Int(32), 1, "a");         ure.input @a : memref<32xi32>
//   Func A(PLACE0); Var oi, ii, iii;       ure.func @A(iii, ii, oi), Halide layout
//   A(iii, ii, oi) = a(iii + III * ii      ure.def @A
//                      + III * II * oi);
//   realize({III, II, OI})                 ure.set_bounds @A
//   A.vectorize(iii); A.vectorize(ii);     one 2-D directive
ure.program @vec71 {
  ure.input @a : memref<32xi32>
  ure.func @A(iii, ii, oi) -> i32 on device layout affine_map<(iii, ii, oi) -> (oi, ii, iii)>
  ure.def @A(%iii, %ii, %oi) {
    %v = ure.load @a(%iii + %ii * 4 + %oi * 16) : i32
    ure.yield %v : i32
  }
  ure.set_bounds @A (iii = 0 extent 4, ii = 0 extent 4, oi = 0 extent 2)
  ure.vectorize @A (iii, ii)
}
