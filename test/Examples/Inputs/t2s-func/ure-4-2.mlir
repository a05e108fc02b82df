// Port of IntelLabs/t2sp t2s/tests/correctness/Func/ure-4-2.cpp
// (an extended URE, a simple case), SIZE = 10.
//
//   Func f, g, h;                     ure.func @f, @g; ure.func @h (output)
//   f(i, j) = 0;                      ure.def @f
//   g(i, j) = f(i, j);                ure.def @g
//   h(i) = select(j == 5, g(i, j), 0);   ure.def @h(%i) with (%j): drops the outer loop j;
//                                     arith.select with else 0 (last write, j = 9, stays)
//   f.merge_ures(g, h)                ure.merge_ures @f [@g, @h]
//    .set_bounds(j, 0, 10);           set_bounds @f, j = 0 extent 10, and i = 0 extent 10
//                                     (T2S takes i's from realize({SIZE}))
//   h.realize({10}); out(x) == 0      check.sh: 0
ure.program @ure_4_2 {
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
    %zero = arith.constant 0 : i32
    %is5 = arith.cmpi eq, %j, %c5 : index
    %g = ure.at @g(%i, %j) : i32
    %v = arith.select %is5, %g, %zero : i32
    ure.yield %v : i32
  }
  ure.merge_ures @f [@g, @h]
  ure.set_bounds @f (i = 0 extent 10, j = 0 extent 10)
}
