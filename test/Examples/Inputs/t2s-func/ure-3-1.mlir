// Port of IntelLabs/t2sp t2s/tests/correctness/Func/ure-3-1.cpp
// (distance zero; g written before the declared f it reads), SIZE = 10.
//
//   Func f(Int(32), {i, j}), g;       ure.func @f(i, j) -> i32; ure.func @g (output)
//   g(i, j) = f(i, j);                ure.def @g, first in the text: reads @f at distance 0
//   f(i, j) = i + j - 1;              ure.def @f
//   f.merge_ures(g);                  ure.merge_ures @f [@g]: f is realized before g
//   g.realize({10, 10})               set_bounds 10 x 10
//   check_equal_2D(golden, out)       golden = i + j - 1: check.sh
ure.program @ure_3_1 {
  ure.func @f(i, j) -> i32
  ure.func @g(i, j) -> i32 layout affine_map<(i, j) -> (j, i)>
  ure.def @g(%i, %j) {
    %v = ure.at @f(%i, %j) : i32
    ure.yield %v : i32
  }
  ure.def @f(%i, %j) {
    %c1 = arith.constant 1 : index
    %s = arith.addi %i, %j : index
    %t = arith.subi %s, %c1 : index
    %v = arith.index_cast %t : index to i32
    ure.yield %v : i32
  }
  ure.merge_ures @f [@g]
  ure.set_bounds @f (i = 0 extent 10, j = 0 extent 10)
}
