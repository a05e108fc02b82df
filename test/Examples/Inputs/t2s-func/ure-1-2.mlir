// Port of IntelLabs/t2sp t2s/tests/correctness/Func/ure-1-2.cpp
// (three merged UREs, a select on a merged Func), SIZE = 10.
//
//   Func f, g, h;                     ure.func @f, @g, @h (output, Halide layout)
//   f(i, j) = i + j - 1;              ure.def @f
//   g(i, j) = f(i, j);                ure.def @g
//   h(i, j) = select(g(i, j) > 0, f(i, j), g(i, j));   ure.def @h
//   f.merge_ures(g, h);               ure.merge_ures @f [@g, @h]
//   h.realize({10, 10})               set_bounds 10 x 10
//   check_equal_2D(golden, out)       golden = i + j - 1: check.sh
ure.program @ure_1_2 {
  ure.func @f
  ure.func @g
  ure.func @h(i, j) -> i32 layout affine_map<(i, j) -> (j, i)>
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
  ure.def @h(%i, %j) {
    %zero = arith.constant 0 : i32
    %g = ure.at @g(%i, %j) : i32
    %f = ure.at @f(%i, %j) : i32
    %pos = arith.cmpi sgt, %g, %zero : i32
    %v = arith.select %pos, %f, %g : i32
    ure.yield %v : i32
  }
  ure.merge_ures @f [@g, @h]
  ure.set_bounds @f (i = 0 extent 10, j = 0 extent 10)
}
