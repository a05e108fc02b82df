// Port of IntelLabs/t2sp t2s/tests/correctness/Func/declare-func-2-6-negative.cpp
// (a Func declared with a repeated argument: Func f(Int(32, 1), {i, i}) is a
// Halide CompileError at the declaration).
//
//   Func f(Int(32, 1), {i, i}), g;    ure.func @f(i, i) -> i32
// (T2S declares nothing else; a def and a bound are added so that the program
// is otherwise complete.)
ure.program @declare_func_2_6 {
  ure.func @f(i, i) -> i32
  ure.def @f(%i, %j) {
    %s = arith.addi %i, %j : index
    %v = arith.index_cast %s : index to i32
    ure.yield %v : i32
  }
  ure.set_bounds @f (i = 0 extent 10)
}
