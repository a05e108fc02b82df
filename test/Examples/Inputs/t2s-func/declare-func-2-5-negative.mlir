// Port of IntelLabs/t2sp t2s/tests/correctness/Func/declare-func-2-5-negative.cpp
// (a Func declared with a vector type: Func f(Int(32, 3), {i, j}) is a Halide
// InternalError once it is defined with a scalar).
//
//   Func f(Int(32, 3), {i, j}), g;    ure.func @f(i, j) -> vector<3xi32>
//   g(i, j) = f(i, j - 1);            ure.def @g (g's type from its yield)
//   f(i, j) = i + j;                  ure.def @f yields an i32: rule 4 (declared types)
// Expected: refused; the vector type itself, or the i32 yield against the
// declared vector<3xi32>.
ure.program @declare_func_2_5 {
  ure.func @f(i, j) -> vector<3xi32>
  ure.func @g
  ure.def @g(%i, %j) {
    %prev = ure.at @f(%i, %j - 1) : vector<3xi32>
    ure.yield %prev : vector<3xi32>
  }
  ure.def @f(%i, %j) {
    %s = arith.addi %i, %j : index
    %v = arith.index_cast %s : index to i32
    ure.yield %v : i32
  }
  ure.merge_ures @f [@g]
  ure.set_bounds @f (i = 0 extent 10, j = 0 extent 10)
}
