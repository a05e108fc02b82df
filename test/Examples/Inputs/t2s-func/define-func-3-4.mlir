// Port of IntelLabs/t2sp t2s/tests/correctness/Func/define-func-3-4.cpp
// (two self-references at distances 1 and 2, realized directly), SIZE = 10.
//
//   Func f(Int(32), {i, j});          ure.func @f(i, j) -> i32 (Halide layout)
//   f(i, j) = select(i == 0, 1,
//               select(i == 1, f(i - 1, j), f(i - 2, j)));   ure.def @f
//   f.realize({10, 10})               the single URE is the output: t2s refuses the
//                                     read of the output (rule 7); define-func-3-4-copy.mlir
//   assert(out(i, j) == 1)            is the form t2s takes
ure.program @define_func_3_4 {
  ure.func @f(i, j) -> i32 layout affine_map<(i, j) -> (j, i)>
  ure.def @f(%i, %j) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1 : i32
    %i0 = arith.cmpi eq, %i, %c0 : index
    %i1 = arith.cmpi eq, %i, %c1 : index
    %p1 = ure.at @f(%i - 1, %j) : i32
    %p2 = ure.at @f(%i - 2, %j) : i32
    %in = arith.select %i1, %p1, %p2 : i32
    %v = arith.select %i0, %one, %in : i32
    ure.yield %v : i32
  }
  ure.set_bounds @f (i = 0 extent 10, j = 0 extent 10)
}
