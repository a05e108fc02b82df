// (Copied from examples/t2s/loop2d-projection.mlir: the project's own port of this test.
// test.sh runs 2D-loop-2-3.cpp with no -DCASE, i.e. no space-time transform at all;
// CASE1 is ported here, CASE2/CASE3 by sed in runall.sh.)
// T2S's multi-projection test 2D-loop-2-3 (IntelLabs/t2sp,
// t2s/tests/correctness/multi-projection/2D-loop-2-3.cpp), CASE1, line by
// line:
//
//   Var i2, j2;                                   the loop variables, i
//   Func A2(Int(32), {i2, j2}), B2(..), C2(..);   innermost (Halide's order)
//   A2(i2, j2) = select(i2 == 0, j2,              ure.def @A: A flows along i
//                       A2(i2 - 1, j2));
//   B2(i2, j2) = select(j2 == 0, i2,              ure.def @B: B flows along j
//                       B2(i2, j2 - 1));
//   C2(i2, j2) = A2(i2, j2) + B2(i2, j2);         ure.def @C
//   A2.merge_ures(B2, C2)                         ure.merge_ures
//     .set_bounds(i2, 0, SIZE)                    ure.set_bounds, SIZE = 10
//     .set_bounds(j2, 0, SIZE);
//   A2.space_time_transform({i2, j2},             ure.space_time_transform
//                           {s, t},               @A (i, j) -> (s, t)
//                           {0, 1,  // s = j2     projection: T2S's matrix,
//                            1, 1}, // t = i2+j2  one result per row
//                           {j2, s,               reverse: the source loops
//                            i2, t - j2});        from (s, t), in order
//
// t2s's PEs are the innermost loops, so the space loop j comes inside i
// (s = i2) needs no reorder; CASE3 (s = j2 - i2, t = i2 + j2, a
// non-unimodular matrix) is refused: a t2s PE is one loop's value
// (test/Ure/projection.test runs all three).
//
//   t2s-opt examples/t2s/loop2d-projection.mlir --space-time-transform
//   t2s-run examples/t2s/loop2d-projection.mlir --compare interpret,systolic,dataflow
ure.program @loop2d {
  ure.func @A(i, j) -> i32
  ure.func @B(i, j) -> i32
  ure.func @C(i, j) -> i32
  ure.def @A(%i, %j) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %jv = arith.index_cast %j : index to i32
    %prev = ure.at @A(%i - 1, %j) : i32
    %v = arith.select %first, %jv, %prev : i32
    ure.yield %v : i32
  }
  ure.def @B(%i, %j) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %j, %c0 : index
    %iv = arith.index_cast %i : index to i32
    %prev = ure.at @B(%i, %j - 1) : i32
    %v = arith.select %first, %iv, %prev : i32
    ure.yield %v : i32
  }
  ure.def @C(%i, %j) {
    %a = ure.at @A(%i, %j) : i32
    %b = ure.at @B(%i, %j) : i32
    %v = arith.addi %a, %b : i32
    ure.yield %v : i32
  }
  ure.merge_ures @A [@B, @C]
  ure.set_bounds @A (i = 0 extent 10, j = 0 extent 10)
  ure.space_time_transform @A (i, j) -> (s, t)
      projection affine_map<(i, j) -> (i, i + j)>
      reverse affine_map<(s, t) -> (s, t - s)>
}
