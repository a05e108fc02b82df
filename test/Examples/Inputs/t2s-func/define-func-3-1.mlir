// Port of IntelLabs/t2sp t2s/tests/correctness/Func/define-func-3-1.cpp
// (a declared float Func reading itself, realized directly), SIZE = 10.
//
//   Func f(Float(32), {i, j});        ure.func @f(i, j) -> f32 (Halide layout)
//   f(i, j) = select(i > 0, f(i - 1, j), i * 1.0f);   ure.def @f
//   f.realize({10, 10})               the single URE is its own merge and the output
//   assert(out(i, j) == 0)            t2s refuses the read of the output (rule 7), as in
//                                     define-func-2-3.mlir; define-func-3-1-copy.mlir is
//                                     the form t2s takes
ure.program @define_func_3_1 {
  ure.func @f(i, j) -> f32 layout affine_map<(i, j) -> (j, i)>
  ure.def @f(%i, %j) {
    %c0 = arith.constant 0 : index
    %pos = arith.cmpi sgt, %i, %c0 : index
    %in = arith.index_cast %i : index to i32
    %fi = arith.sitofp %in : i32 to f32
    %one = arith.constant 1.0 : f32
    %x = arith.mulf %fi, %one : f32
    %prev = ure.at @f(%i - 1, %j) : f32
    %v = arith.select %pos, %prev, %x : f32
    ure.yield %v : f32
  }
  ure.set_bounds @f (i = 0 extent 10, j = 0 extent 10)
}
