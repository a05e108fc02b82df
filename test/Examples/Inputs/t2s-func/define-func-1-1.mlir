// Port of IntelLabs/t2sp t2s/tests/correctness/Func/define-func-1-1.cpp
// (a normal pipeline; an int expression plus a float Func), SIZE = 10.
//
//   Func f(Float(32, 1), {i, j}), g;  ure.func @f(i, j) -> f32; ure.func @g (type from its def)
//   f(i, j) = (i + j) * 1.0f;         ure.def @f: sitofp(i + j) * 1.0
//   g(i, j) = 0*(i + j) + f(i, j - 1);
//                                     ure.def @g: sitofp(0 * (i + j)) + select(j == 0, i - 1, f(i, j - 1))
//                                     (Halide's int + float is float; f(i, -1) = i - 1 inlined by
//                                      Halide, undefined in t2s: see declare-func-1-1-literal.mlir)
//   g.realize({10, 10})               output @g (i, j); merge_ures @f [@g], set_bounds 10 x 10
//   check_equal_2D(golden, out)       golden = i + j - 1: check.sh
ure.program @define_func_1_1 {
  ure.func @f(i, j) -> f32
  ure.func @g
  ure.def @f(%i, %j) {
    %s = arith.addi %i, %j : index
    %n = arith.index_cast %s : index to i32
    %x = arith.sitofp %n : i32 to f32
    %one = arith.constant 1.0 : f32
    %v = arith.mulf %x, %one : f32
    ure.yield %v : f32
  }
  ure.def @g(%i, %j) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %s = arith.addi %i, %j : index
    %z = arith.muli %c0, %s : index
    %zi = arith.index_cast %z : index to i32
    %zf = arith.sitofp %zi : i32 to f32
    %first = arith.cmpi eq, %j, %c0 : index
    %im1 = arith.subi %i, %c1 : index
    %en = arith.index_cast %im1 : index to i32
    %edge = arith.sitofp %en : i32 to f32
    %prev = ure.at @f(%i, %j - 1) : f32
    %r = arith.select %first, %edge, %prev : f32
    %v = arith.addf %zf, %r : f32
    ure.yield %v : f32
  }
  ure.merge_ures @f [@g]
  ure.set_bounds @f (i = 0 extent 10, j = 0 extent 10)
}
