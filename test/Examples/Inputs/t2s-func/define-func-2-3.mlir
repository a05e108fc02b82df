// Port of IntelLabs/t2sp t2s/tests/correctness/Func/define-func-2-3.cpp
// (a declared Func reading itself, realized directly), SIZE = 10.
//
//   Func f(Int(32), {i, j});          ure.func @f(i, j) -> i32 (Halide layout)
//   f(i, j) = select(i == 0, i, f(i - 1, j));   ure.def @f
//   f.realize({10, 10})               the single URE is its own merge and the output;
//                                     set_bounds 10 x 10
//   assert(out(i, j) == 0)            check.sh: 0
ure.program @define_func_2_3 {
  ure.func @f(i, j) -> i32 layout affine_map<(i, j) -> (j, i)>
  ure.def @f(%i, %j) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %iv = arith.index_cast %i : index to i32
    %prev = ure.at @f(%i - 1, %j) : i32
    %v = arith.select %first, %iv, %prev : i32
    ure.yield %v : i32
  }
  ure.set_bounds @f (i = 0 extent 10, j = 0 extent 10)
}
