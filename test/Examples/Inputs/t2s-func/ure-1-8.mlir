// Port of IntelLabs/t2sp t2s/tests/correctness/Func/ure-1-8.cpp
// (named positive, commented "A negative test case: the merged URE isn't used
// in the output"; T2S expects a CompileError from g.compile_jit).
//
//   Func f, g;
//   f(i, j) = 1;                      ure.def @f
//   g(i, j) = 0;                      ure.def @g
//   g.merge_ures(f);                  ure.merge_ures @g [@f]
//   g.compile_jit(target) -> error    t2s has no "compile this Func": the last merged URE,
//                                     @f, is the output, and nothing reads @g.
//                                     set_bounds 10 x 10 (T2S gives none; t2s needs them)
// t2s: accepted? If so, the output f must be 1 everywhere (check.sh).
ure.program @ure_1_8 {
  ure.func @f
  ure.func @g
  ure.def @f(%i, %j) {
    %v = arith.constant 1 : i32
    ure.yield %v : i32
  }
  ure.def @g(%i, %j) {
    %v = arith.constant 0 : i32
    ure.yield %v : i32
  }
  ure.merge_ures @g [@f]
  ure.set_bounds @g (i = 0 extent 10, j = 0 extent 10)
}
