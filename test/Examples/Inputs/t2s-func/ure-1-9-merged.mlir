// ure-1-9.cpp with h merged too, the form t2s takes (t2s compiles one
// merged nest; see ure-1-9.mlir).
//
//   f(i, j) = 0; g(i, j) = 0;         ure.def @f, @g
//   h(i, j) = g(i, j) + f(i, j);      ure.def @h (output)
//   f.merge_ures(g);                  ure.merge_ures @f [@g, @h]
//   h.realize({10, 10})               set_bounds 10 x 10
//   assert(out(i, j) == 0)            check.sh: 0
ure.program @ure_1_9_merged {
  ure.func @f
  ure.func @g
  ure.func @h(i, j) -> i32
  ure.def @f(%i, %j) {
    %v = arith.constant 0 : i32
    ure.yield %v : i32
  }
  ure.def @g(%i, %j) {
    %v = arith.constant 0 : i32
    ure.yield %v : i32
  }
  ure.def @h(%i, %j) {
    %g = ure.at @g(%i, %j) : i32
    %f = ure.at @f(%i, %j) : i32
    %v = arith.addi %g, %f : i32
    ure.yield %v : i32
  }
  ure.merge_ures @f [@g, @h]
  ure.set_bounds @f (i = 0 extent 10, j = 0 extent 10)
}
