// Port of IntelLabs/t2sp t2s/tests/correctness/Func/declare-func-1-3-negative.cpp
// (a Func name containing '.': Func f("f.f") is a Halide CompileError).
//
//   Func f("f.f"), g;                 ure.func @"f.f" (an MLIR symbol may hold '.'
//                                     when quoted), used as declare-func-1-1's f
//   (T2S throws at the declaration; nothing is computed)
// t2s: is the name refused? If not, do the names reach the generated code
// (OpenCL kernels, SPIR-V) intact?
ure.program @declare_func_1_3 {
  ure.func @"f.f"
  ure.func @g(i, j) -> i32 layout affine_map<(i, j) -> (j, i)>
  ure.def @"f.f"(%i, %j) {
    %s = arith.addi %i, %j : index
    %v = arith.index_cast %s : index to i32
    ure.yield %v : i32
  }
  ure.def @g(%i, %j) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %first = arith.cmpi eq, %j, %c0 : index
    %im1 = arith.subi %i, %c1 : index
    %edge = arith.index_cast %im1 : index to i32
    %prev = ure.at @"f.f"(%i, %j - 1) : i32
    %v = arith.select %first, %edge, %prev : i32
    ure.yield %v : i32
  }
  ure.merge_ures @"f.f" [@g]
  ure.set_bounds @"f.f" (i = 0 extent 10, j = 0 extent 10)
}
