// Port of IntelLabs/t2sp t2s/tests/correctness/Func/declare-func-1-1.cpp
// (Func declared with the default constructor), SIZE = 10.
//
//   Var i, j; Func f, g;              ure.func @f, @g (no loops, no types)
//   f(i, j) = i + j;                  ure.def @f: index_cast(i + j) to i32
//   g(i, j) = f(i, j - 1);            ure.def @g: select(j == 0, i - 1, f(i, j - 1))
//   (Halide inlines f, so f(i, -1) = i - 1; in t2s f(i, -1) is outside f's
//    domain, an undefined value: the literal read is declare-func-1-1-literal.mlir,
//    which the interpreter refuses with a located poison error)
//   g.compile_jit; g.realize({10,10}) the output @g(i, j) (Halide layout)
//                                     merge_ures @f [@g] (t2s compiles one merged nest)
//                                     set_bounds i, j = 0 extent 10 (realize's box)
//   check_equal_2D(golden, out)       golden(i, j) = i + j - 1: check.sh
ure.program @declare_func_1_1 {
  ure.func @f
  ure.func @g(i, j) -> i32 layout affine_map<(i, j) -> (j, i)>
  ure.def @f(%i, %j) {
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
    %prev = ure.at @f(%i, %j - 1) : i32
    %v = arith.select %first, %edge, %prev : i32
    ure.yield %v : i32
  }
  ure.merge_ures @f [@g]
  ure.set_bounds @f (i = 0 extent 10, j = 0 extent 10)
}
