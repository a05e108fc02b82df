// define-func-3-4.cpp as t2s takes it (see define-func-2-3-copy.mlir): f
// internal, copied to the output @out.
//
//   f(i, j) = select(i == 0, 1,
//               select(i == 1, f(i - 1, j), f(i - 2, j)));   ure.def @f
//   f.realize({10, 10})               ure.def @out = f(i, j); merge_ures @f [@out]
//   assert(out(i, j) == 1)            check.sh: 1
ure.program @define_func_3_4_copy {
  ure.func @f(i, j) -> i32
  ure.func @out(i, j) -> i32 layout affine_map<(i, j) -> (j, i)>
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
  ure.def @out(%i, %j) {
    %v = ure.at @f(%i, %j) : i32
    ure.yield %v : i32
  }
  ure.merge_ures @f [@out]
  ure.set_bounds @f (i = 0 extent 10, j = 0 extent 10)
}
