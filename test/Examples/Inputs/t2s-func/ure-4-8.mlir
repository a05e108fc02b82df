// Port of IntelLabs/t2sp t2s/tests/correctness/Func/ure-4-8.cpp
// (an extended URE dropping two loops, with an else value), SIZE = 10.
//
//   Var i, j, k; Func f, g, h;        ure.func @f, @g, @h (output)
//   f(i, j, k) = 0;            ure.def @f
//   g(i, j, k) = f(i, j, k);          ure.def @g
//   h(k) = select(i == 5 && j == 5, g(i, j, k), 0);
//                                     ure.def @h(%k) with (%i, %j): arith.select, else 0
//                                     (written at every (i, j); the last, (9, 9), stays: 0)
//   f.merge_ures(g, h)                ure.merge_ures @f [@g, @h]
//    .set_bounds(j, 0, 10, i, 0, 10); set_bounds @f (i, j, and k = 0 extent 10: T2S takes
//                                     k's from realize({SIZE}))
//   h.realize({10}); out(k) == 0      check.sh
ure.program @ure_4_8 {
  ure.func @f
  ure.func @g
  ure.func @h
  ure.def @f(%i, %j, %k) {
    %v = arith.constant 0 : i32
    ure.yield %v : i32
  }
  ure.def @g(%i, %j, %k) {
    %v = ure.at @f(%i, %j, %k) : i32
    ure.yield %v : i32
  }
  ure.def @h(%k) with (%i, %j) {
    %c5 = arith.constant 5 : index
    %zero = arith.constant 0 : i32
    %i5 = arith.cmpi eq, %i, %c5 : index
    %j5 = arith.cmpi eq, %j, %c5 : index
    %both = arith.andi %i5, %j5 : i1
    %g = ure.at @g(%i, %j, %k) : i32
    %v = arith.select %both, %g, %zero : i32
    ure.yield %v : i32
  }
  ure.merge_ures @f [@g, @h]
  ure.set_bounds @f (j = 0 extent 10, i = 0 extent 10, k = 0 extent 10)
}
