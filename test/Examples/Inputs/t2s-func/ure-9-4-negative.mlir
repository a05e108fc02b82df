// Port of IntelLabs/t2sp t2s/tests/correctness/Func/ure-9-4-negative.cpp
// (self reference without an initial value; a CompileError).
//
//   Func f(Int(32), {i, j});          ure.func @f(i, j) -> i32
//   f(i, j) = f(i - 1, j);            ure.def @f
//   f.compile_jit()                   f is internal and copied to an output @out
//                                     (t2s's output is only written, rule 7, which would
//                                     otherwise refuse the program first); merge_ures @f [@out];
//                                     set_bounds 10 x 10 (T2S gives none)
// Expected: rule 9 (no initial value), at @f's ure.def.
ure.program @ure_9_4 {
  ure.func @f(i, j) -> i32
  ure.func @out(i, j) -> i32
  ure.def @f(%i, %j) {
    %v = ure.at @f(%i - 1, %j) : i32
    ure.yield %v : i32
  }
  ure.def @out(%i, %j) {
    %v = ure.at @f(%i, %j) : i32
    ure.yield %v : i32
  }
  ure.merge_ures @f [@out]
  ure.set_bounds @f (i = 0 extent 10, j = 0 extent 10)
}
