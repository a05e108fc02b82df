// Port of IntelLabs/t2sp t2s/tests/correctness/Func/define-func-4-1.cpp
// (g reads f(i, j - 1) before f, declared by Float(32, 1), {i, j}, is defined), SIZE = 10.
//
//   Var i, j;
//   Func f(Float(32, 1), {i, j}), g;       ure.func @f(i, j) -> f32 (declared: usable before its def)
//   g(i, j) = f(i, j - 1);            ure.def @g, written before @f: select(j == 0, i - 1, f(i, j - 1))
//                                     (Halide inlines f: f(i, -1) = i - 1; t2s's f(i, -1) is
//                                      undefined, see declare-func-1-1-literal.mlir)
//   f(i, j) = (i + j) * 1.0f     ;        ure.def @f
//   g.compile_jit; g.realize({10,10}) output @g(i, j) (Halide layout); merge_ures @f [@g]
//   check_equal_2D(golden, out)       golden(i, j) = i + j - 1: check.sh
ure.program @define_func_4_1 {
  ure.func @f(i, j) -> f32
  ure.func @g(i, j) -> f32 layout affine_map<(i, j) -> (j, i)>
  ure.def @g(%i, %j) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %first = arith.cmpi eq, %j, %c0 : index
    %im1 = arith.subi %i, %c1 : index
    %en = arith.index_cast %im1 : index to i32
    %edge = arith.sitofp %en : i32 to f32
    %prev = ure.at @f(%i, %j - 1) : f32
    %v = arith.select %first, %edge, %prev : f32
    ure.yield %v : f32
  }
  ure.def @f(%i, %j) {
    %s = arith.addi %i, %j : index
    %n = arith.index_cast %s : index to i32
    %v = arith.sitofp %n : i32 to f32
    ure.yield %v : f32
  }
  ure.merge_ures @f [@g]
  ure.set_bounds @f (i = 0 extent 10, j = 0 extent 10)
}
