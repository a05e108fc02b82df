// Port of IntelLabs/t2sp t2s/tests/correctness/Func/define-func-2-2.cpp
// (bounds: the boundary written with a select), SIZE = 10.
//
//   Func f, g;
//   f(i, j) = i + j;                  ure.def @f
//   g(i, j) = select(j == 0, i - 1, f(i, j - 1));   ure.def @g
//   g.realize({10, 10})               merge_ures @f [@g], set_bounds 10 x 10
//   check_equal_2D(golden, out)       golden = i + j - 1: check.sh
ure.program @define_func_2_2 {
  ure.func @f
  ure.func @g(i, j) -> i32 layout affine_map<(i, j) -> (j, i)>
  ure.def @f(%i, %j) {
    %s = arith.addi %i, %j : index
    %v = arith.index_cast %s : index to i32
    ure.yield %v : i32
  }
  ure.def @g(%i, %j) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %first = arith.cmpi eq, %j, %c0 : index
    %im1 = arith.subi %i, %c1 : index
    %edge = arith.index_cast %im1 : index to i32
    %prev = ure.at @f(%i, %j - 1) : i32
    %v = arith.select %first, %edge, %prev : i32
    ure.yield %v : i32
  }
  ure.merge_ures @f [@g]
  ure.set_bounds @f (i = 0 extent 10, j = 0 extent 10)
}
