// Port of IntelLabs/t2sp t2s/tests/correctness/Func/ure-8-4.cpp
// (ure-8-4 with f(i, j, k) = 100 i + 10 j + k + 1 instead of 0, so that the check
// sees which point is stored: expected h(k) = 551 + k), SIZE = 10.
//
//   Var i, j, k; Func f, g, h;        ure.func @f, @g, @h (output)
//   f(i, j, k) = 100 i + 10 j + k + 1;            ure.def @f
//   g(i, j, k) = f(i, j, k);          ure.def @g
//   h(k) = select(i == 5 && j == 5, g(i, j, k));
//                                     ure.def @h(%k) with (%i, %j): ure.select (no else)
//   f.merge_ures(g, h)                ure.merge_ures @f [@g, @h]
//    .set_bounds(j, 0, 10, i, 0, 10); set_bounds @f (i, j, and k = 0 extent 10: T2S takes
//                                     k's from realize({SIZE}))
//   h.realize({10}); out(k) == 0      check.sh
ure.program @ure_8_4_nonzero {
  ure.func @f
  ure.func @g
  ure.func @h
  ure.def @f(%i, %j, %k) {
    %c100 = arith.constant 100 : index
    %c10 = arith.constant 10 : index
    %c1 = arith.constant 1 : index
    %a = arith.muli %i, %c100 : index
    %b = arith.muli %j, %c10 : index
    %s = arith.addi %a, %b : index
    %t = arith.addi %s, %k : index
    %u = arith.addi %t, %c1 : index
    %v = arith.index_cast %u : index to i32
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
    %v = ure.select %both, %g : i32
    ure.yield %v : i32
  }
  ure.merge_ures @f [@g, @h]
  ure.set_bounds @f (j = 0 extent 10, i = 0 extent 10, k = 0 extent 10)
}
