// Port of IntelLabs/t2sp t2s/tests/correctness/Func/ure-1-1.cpp
// (two merged UREs, a simple case), SIZE = 10.
//
//   Func f, g;                        ure.func @f, @g (output, Halide layout)
//   f(i, j) = i + j - 1;              ure.def @f
//   g(i, j) = f(i, j);                ure.def @g: f at distance 0
//   f.merge_ures(g);                  ure.merge_ures @f [@g]
//   g.realize({10, 10})               set_bounds 10 x 10 (T2S takes realize's box)
//   check_equal_2D(golden, out)       golden = i + j - 1: check.sh
ure.program @ure_1_1 {
  ure.func @f
  ure.func @g(i, j) -> i32 layout affine_map<(i, j) -> (j, i)>
  ure.def @f(%i, %j) {
    %c1 = arith.constant 1 : index
    %s = arith.addi %i, %j : index
    %t = arith.subi %s, %c1 : index
    %v = arith.index_cast %t : index to i32
    ure.yield %v : i32
  }
  ure.def @g(%i, %j) {
    %v = ure.at @f(%i, %j) : i32
    ure.yield %v : i32
  }
  ure.merge_ures @f [@g]
  ure.set_bounds @f (i = 0 extent 10, j = 0 extent 10)
}
