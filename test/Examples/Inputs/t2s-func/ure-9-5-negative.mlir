// Port of IntelLabs/t2sp t2s/tests/correctness/Func/ure-9-5-negative.cpp
// (self reference without an initial value, in a merge; a CompileError).
//
//   Func f(Int(32), {i, j}), g(Int(32), {i, j}), h;   ure.func @f, @g (i, j) -> i32; @h
//   f(i, j) = 0;                      ure.def @f
//   g(i, j) = f(i - 10, j) + g(i - 1, j);   ure.def @g: no path of g's references ends
//   h(i, j) = g(i - 1, j) + f(i - 1, j);    ure.def @h (output)
//   f.merge_ures(g, h);               ure.merge_ures @f [@g, @h]; set_bounds 10 x 10
//   h.compile_jit()
// Expected: rule 9 (g has no initial value), at @g's ure.def.
ure.program @ure_9_5 {
  ure.func @f(i, j) -> i32
  ure.func @g(i, j) -> i32
  ure.func @h
  ure.def @f(%i, %j) {
    %v = arith.constant 0 : i32
    ure.yield %v : i32
  }
  ure.def @g(%i, %j) {
    %x = ure.at @f(%i - 10, %j) : i32
    %y = ure.at @g(%i - 1, %j) : i32
    %v = arith.addi %x, %y : i32
    ure.yield %v : i32
  }
  ure.def @h(%i, %j) {
    %x = ure.at @g(%i - 1, %j) : i32
    %y = ure.at @f(%i - 1, %j) : i32
    %v = arith.addi %x, %y : i32
    ure.yield %v : i32
  }
  ure.merge_ures @f [@g, @h]
  ure.set_bounds @f (i = 0 extent 10, j = 0 extent 10)
}
