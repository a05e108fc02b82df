// define-func-3-1.cpp as t2s takes it (see define-func-2-3-copy.mlir): the
// self-reading f is internal, the output @out copies it.
//
//   f(i, j) = select(i > 0, f(i - 1, j), i * 1.0f);   ure.def @f
//   f.realize({10, 10})               ure.def @out = f(i, j); merge_ures @f [@out]
//   assert(out(i, j) == 0)            check.sh: 0
ure.program @define_func_3_1_copy {
  ure.func @f(i, j) -> f32
  ure.func @out(i, j) -> f32 layout affine_map<(i, j) -> (j, i)>
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
  ure.def @out(%i, %j) {
    %v = ure.at @f(%i, %j) : f32
    ure.yield %v : f32
  }
  ure.merge_ures @f [@out]
  ure.set_bounds @f (i = 0 extent 10, j = 0 extent 10)
}
