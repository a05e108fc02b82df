// define-func-2-3.cpp as t2s takes it: t2s's output Func may only be written
// (docs/ure.md rule 7), so the self-reading f, which T2S realizes directly,
// is computed by an internal URE and copied to an output @out.
//
//   f(i, j) = select(i == 0, i, f(i - 1, j));   ure.def @f (internal)
//   f.realize({10, 10})               ure.def @out = f(i, j); merge_ures @f [@out]
//   assert(out(i, j) == 0)            check.sh: 0
ure.program @define_func_2_3_copy {
  ure.func @f(i, j) -> i32
  ure.func @out(i, j) -> i32 layout affine_map<(i, j) -> (j, i)>
  ure.def @f(%i, %j) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %iv = arith.index_cast %i : index to i32
    %prev = ure.at @f(%i - 1, %j) : i32
    %v = arith.select %first, %iv, %prev : i32
    ure.yield %v : i32
  }
  ure.def @out(%i, %j) {
    %v = ure.at @f(%i, %j) : i32
    ure.yield %v : i32
  }
  ure.merge_ures @f [@out]
  ure.set_bounds @f (i = 0 extent 10, j = 0 extent 10)
}
