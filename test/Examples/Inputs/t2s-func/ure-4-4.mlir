// Port of IntelLabs/t2sp t2s/tests/correctness/Func/ure-4-4.cpp
// (an extended URE, a simple case), SIZE = 10.
//
//   Func f, g, h;                     ure.func @f, @g; ure.func @h (output)
//   f(i, j) = 0;                      ure.def @f
//   g(i, j) = f(i, j);                ure.def @g
//   h(i) = g(i, 5);                   ure.def @h(%i) with (%j): ure.at @g(%i, 5), a constant
//                                     argument: not the simple form in t2s (rule 1); the
//                                     t2s spelling is ure-4-4-select.mlir, select(j == 5, g(i, j))
//   f.merge_ures(g, h)                ure.merge_ures @f [@g, @h]
//    .set_bounds(j, 0, 10);           set_bounds @f, j = 0 extent 10, and i = 0 extent 10
//                                     (T2S takes i's from realize({SIZE}))
//   h.realize({10}); out(x) == 0      check.sh: 0
ure.program @ure_4_4 {
  ure.func @f
  ure.func @g
  ure.func @h
  ure.def @f(%i, %j) {
    %v = arith.constant 0 : i32
    ure.yield %v : i32
  }
  ure.def @g(%i, %j) {
    %v = ure.at @f(%i, %j) : i32
    ure.yield %v : i32
  }
  ure.def @h(%i) with (%j) {
    %c5 = arith.constant 5 : index
    %g = ure.at @g(%i, %c5) : i32
    ure.yield %g : i32
  }
  ure.merge_ures @f [@g, @h]
  ure.set_bounds @f (i = 0 extent 10, j = 0 extent 10)
}
