// Port of IntelLabs/t2sp t2s/tests/correctness/Func/define-func-2-1.cpp
// (bounds: g reads f at (i + 1, j - 1)), SIZE = 10.
//
//   Func f, g;
//   f(i, j) = i - 1 + j;              ure.def @f
//   g(i, j) = f(i + 1, j - 1);        ure.def @g: ure.at @f(%i + 1, %j - 1), distance
//                                     (j: 1, i: -1): lexicographically positive with j
//                                     outer (rule 3). Halide inlines f everywhere; in t2s
//                                     f(i + 1, j - 1) is undefined at j == 0 and at i == 9,
//                                     so those points take f's value i + j - 1 directly:
//                                     select(j == 0 || i == 9, i + j - 1, f(i + 1, j - 1))
//   g.realize({10, 10})               merge_ures @f [@g], set_bounds 10 x 10
//   check_equal_2D(golden, out)       golden = i + j - 1: check.sh
ure.program @define_func_2_1 {
  ure.func @f
  ure.func @g(i, j) -> i32 layout affine_map<(i, j) -> (j, i)>
  ure.def @f(%i, %j) {
    %c1 = arith.constant 1 : index
    %a = arith.subi %i, %c1 : index
    %s = arith.addi %a, %j : index
    %v = arith.index_cast %s : index to i32
    ure.yield %v : i32
  }
  ure.def @g(%i, %j) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c9 = arith.constant 9 : index
    %j0 = arith.cmpi eq, %j, %c0 : index
    %i9 = arith.cmpi eq, %i, %c9 : index
    %edge = arith.ori %j0, %i9 : i1
    %a = arith.subi %i, %c1 : index
    %s = arith.addi %a, %j : index
    %ev = arith.index_cast %s : index to i32
    %prev = ure.at @f(%i + 1, %j - 1) : i32
    %v = arith.select %edge, %ev, %prev : i32
    ure.yield %v : i32
  }
  ure.merge_ures @f [@g]
  ure.set_bounds @f (i = 0 extent 10, j = 0 extent 10)
}
