// Port of IntelLabs/t2sp t2s/tests/correctness/Func/ure-1-9.cpp
// (merge two UREs that have no dependence; h, outside the merge, reads both),
// SIZE = 10.
//
//   Func f, g, h;
//   f(i, j) = 0;                      ure.def @f
//   g(i, j) = 0;                      ure.def @g
//   f.merge_ures(g);                  ure.merge_ures @f [@g]
//   h(i, j) = g(i, j) + f(i, j);      ure.def @h, not merged (a Halide Func consuming
//                                     the merged nest's results)
//   h.realize({10, 10})               set_bounds 10 x 10
//   assert(out(i, j) == 0)
// t2s compiles one merged nest: a URE left out of it is refused
// (docs/ure.md rule 14); ure-1-9-merged.mlir merges h too.
ure.program @ure_1_9 {
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
  ure.merge_ures @f [@g]
  ure.def @h(%i, %j) {
    %g = ure.at @g(%i, %j) : i32
    %f = ure.at @f(%i, %j) : i32
    %v = arith.addi %g, %f : i32
    ure.yield %v : i32
  }
  ure.set_bounds @f (i = 0 extent 10, j = 0 extent 10)
}
