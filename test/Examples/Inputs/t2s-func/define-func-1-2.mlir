// Port of IntelLabs/t2sp t2s/tests/correctness/Func/define-func-1-2.cpp
// (g defined from a Func of another type, with a cast), SIZE = 10.
//
//   Func f(Float(32, 1), {i, j}),     ure.func @f(i, j) -> f32
//        g(Int(32, 1), {i, j});       ure.func @g(i, j) -> i32 (Halide layout)
//   f(i, j) = (i + j) * 1.0f;         ure.def @f
//   g(i, j) = cast(Int(32, 1), f(i, j - 1));
//                                     ure.def @g: fptosi(select(j == 0, i - 1, f(i, j - 1)))
//                                     (the boundary as in declare-func-1-1.mlir)
//   g.realize({10, 10})               merge_ures @f [@g], set_bounds 10 x 10
//   check_equal_2D(golden, out)       golden = i + j - 1: check.sh
ure.program @define_func_1_2 {
  ure.func @f(i, j) -> f32
  ure.func @g(i, j) -> i32 layout affine_map<(i, j) -> (j, i)>
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
    %first = arith.cmpi eq, %j, %c0 : index
    %im1 = arith.subi %i, %c1 : index
    %en = arith.index_cast %im1 : index to i32
    %edge = arith.sitofp %en : i32 to f32
    %prev = ure.at @f(%i, %j - 1) : f32
    %r = arith.select %first, %edge, %prev : f32
    %v = arith.fptosi %r : f32 to i32
    ure.yield %v : i32
  }
  ure.merge_ures @f [@g]
  ure.set_bounds @f (i = 0 extent 10, j = 0 extent 10)
}
