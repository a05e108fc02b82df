// Port of IntelLabs/t2sp t2s/tests/correctness/Func/define-func-1-9-negative.cpp
// (a read with too few arguments: a Halide CompileError).
//
//   Func f, g;
//   f(i, j) = i + j;                  ure.def @f(%i, %j)
//   g(i, j) = 0 * (i + j) + f(i);     ure.def @g: ure.at @f(%i): one argument for two loops
// Expected: rule 2 (same arguments, same order), located at the ure.at.
ure.program @define_func_1_9 {
  ure.func @f
  ure.func @g
  ure.def @f(%i, %j) {
    %s = arith.addi %i, %j : index
    %v = arith.index_cast %s : index to i32
    ure.yield %v : i32
  }
  ure.def @g(%i, %j) {
    %c0 = arith.constant 0 : index
    %s = arith.addi %i, %j : index
    %z = arith.muli %c0, %s : index
    %zi = arith.index_cast %z : index to i32
    %f = ure.at @f(%i) : i32
    %v = arith.addi %zi, %f : i32
    ure.yield %v : i32
  }
  ure.merge_ures @f [@g]
  ure.set_bounds @f (i = 0 extent 10, j = 0 extent 10)
}
