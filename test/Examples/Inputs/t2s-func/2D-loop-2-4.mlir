// Port of IntelLabs/t2sp t2s/tests/correctness/space-time-transform/2D-loop-2-4.cpp
// (A = i + j, space loop i, vector {2}), SIZE = 10.
//
// T2S realizes the UREs twice, without (golden) and with the transform, and
// compares; t2s-run --compare does the same across modes, and stt_check.py
// checks the interpreter against the C-style golden.
//
//   Var i2, j2; Func A2, B2 (Int(32), {i2, j2})   ure.func ... -> i32
//   A(i, j) = i + j;                  ure.def @A
//   B(i, j) = A(i, j);                ure.def @B (output, Halide layout)
//   A2.merge_ures(B2)          ure.merge_ures @A [@B]
//     .set_bounds(x2, 0, SIZE) ...    ure.set_bounds @A (... = 0 extent 10)
//     .space_time_transform({i2}, {2});   ure.space_time_transform @A (i) vector [2]
//   check_equal_2D(golden, result)      golden: i+j
ure.program @stt_2D_loop_2_4 {
  ure.func @A(i, j) -> i32
  ure.func @B(i, j) -> i32 layout affine_map<(i, j) -> (j, i)>
  ure.def @A(%i, %j) {
    %s = arith.addi %i, %j : index
    %v = arith.index_cast %s : index to i32
    ure.yield %v : i32
  }
  ure.def @B(%i, %j) {
    %v = ure.at @A(%i, %j) : i32
    ure.yield %v : i32
  }
  ure.merge_ures @A [@B]
  ure.set_bounds @A (i = 0 extent 10, j = 0 extent 10)
  ure.space_time_transform @A (i) vector [2]
}
