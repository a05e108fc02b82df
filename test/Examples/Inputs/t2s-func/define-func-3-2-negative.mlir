// Port of IntelLabs/t2sp t2s/tests/correctness/Func/define-func-3-2-negative.cpp
// (a Func declared by default reads itself: a Halide CompileError).
//
//   Func f;                           ure.func @f (no loops, no types)
//   f(i, j) = select(i == 0, i, f(i - 1, j));   ure.def @f reads @f
// Expected: rule 5 (only Funcs declared with loops and types are used before
// their definition is complete), at the ure.at.
ure.program @define_func_3_2 {
  ure.func @f
  ure.def @f(%i, %j) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %iv = arith.index_cast %i : index to i32
    %prev = ure.at @f(%i - 1, %j) : i32
    %v = arith.select %first, %iv, %prev : i32
    ure.yield %v : i32
  }
  ure.set_bounds @f (i = 0 extent 10, j = 0 extent 10)
}
