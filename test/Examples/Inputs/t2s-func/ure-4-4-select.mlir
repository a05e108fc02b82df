// ure-4-4.cpp in t2s's spelling: h(i) = g(i, 5); reads g at a constant, which t2s's
// simple argument form refuses (ure-4-4.mlir); the extended URE selects the
// point instead, with a select without else (written only there).
// To make the check stronger than T2S's all-zero one, f(i, j) = 10 i + j + 1
// (T2S: f = 0); expected h = 10 i + 6.
//
//   f(i, j) = 10 * i + j + 1;         ure.def @f (T2S: 0)
//   g(i, j) = f(i, j);                ure.def @g
//   h(i) = g(i, 5);                   ure.def @h(%i) with (%j) { ure.select(j == 5, g(i, j)) }
//   f.merge_ures(g, h).set_bounds     ure.merge_ures @f [@g, @h]; set_bounds 10 x 10
ure.program @ure_4_4_select {
  ure.func @f
  ure.func @g
  ure.func @h
  ure.def @f(%i, %j) {
    %c10 = arith.constant 10 : index
    %c1 = arith.constant 1 : index
    %a = arith.muli %i, %c10 : index
    %b = arith.addi %a, %j : index
    %c = arith.addi %b, %c1 : index
    %v = arith.index_cast %c : index to i32
    ure.yield %v : i32
  }
  ure.def @g(%i, %j) {
    %v = ure.at @f(%i, %j) : i32
    ure.yield %v : i32
  }
  ure.def @h(%i) with (%j) {
    %c5 = arith.constant 5 : index
    %is5 = arith.cmpi eq, %j, %c5 : index
    %g = ure.at @g(%i, %j) : i32
    %v = ure.select %is5, %g : i32
    ure.yield %v : i32
  }
  ure.merge_ures @f [@g, @h]
  ure.set_bounds @f (i = 0 extent 10, j = 0 extent 10)
}
