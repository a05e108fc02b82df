// Port of IntelLabs/t2sp t2s/tests/correctness/Func/declare-func-2-1.cpp
// (Func declared by Int(32, 1), {i, j}; used by g before its definition), SIZE = 10.
//
//   Var i, j;
//   Func f(Int(32, 1), {i, j}), g;       ure.func @f(i, j) -> i32 (declared: usable before its def)
//   g(i, j) = f(i, j - 1);            ure.def @g, written before @f: select(j == 0, i - 1, f(i, j - 1))
//                                     (Halide inlines f: f(i, -1) = i - 1; t2s's f(i, -1) is
//                                      undefined, see declare-func-1-1-literal.mlir)
//   f(i, j) = i + j             ;        ure.def @f
//   g.compile_jit; g.realize({10,10}) output @g(i, j) (Halide layout); merge_ures @f [@g]
//   check_equal_2D(golden, out)       golden(i, j) = i + j - 1: check.sh
ure.program @declare_func_2_1 {
  ure.func @f(i, j) -> i32
  ure.func @g(i, j) -> i32 layout affine_map<(i, j) -> (j, i)>
  ure.def @g(%i, %j) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %first = arith.cmpi eq, %j, %c0 : index
    %im1 = arith.subi %i, %c1 : index
    %edge = arith.index_cast %im1 : index to i32
    %prev = ure.at @f(%i, %j - 1) : i32
    %v = arith.select %first, %edge, %prev : i32
    ure.yield %v : i32
  }
  ure.def @f(%i, %j) {
    %s = arith.addi %i, %j : index
    %v = arith.index_cast %s : index to i32
    ure.yield %v : i32
  }
  ure.merge_ures @f [@g]
  ure.set_bounds @f (i = 0 extent 10, j = 0 extent 10)
}
