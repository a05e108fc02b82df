// Port of IntelLabs/t2sp t2s/tests/correctness/space-time-transform/3D-loop-1-4.cpp
// (a 3-D loop, constant, space loops i, j), SIZE = 10.
//
// T2S realizes the UREs twice, without (golden) and with the transform, and
// compares; t2s-run --compare does the same across modes, and stt_check.py
// checks the interpreter against the C-style golden.
//
//   Var i2, j2, k2; Func A2, B2 (Int(32), {i2, j2, k2})   ure.func ... -> i32
//   A(i, j, k) = 10;                  ure.def @A
//   B(i, j, k) = A(i, j, k);          ure.def @B (output, Halide layout)
//   A2.merge_ures(B2)          ure.merge_ures @A [@B]
//     .set_bounds(x2, 0, SIZE) ...    ure.set_bounds @A (... = 0 extent 10)
//     .space_time_transform(i2, j2); ure.space_time_transform @A (i, j)
//   check_equal_3D(golden, result)      golden: 10
ure.program @stt_3D_loop_1_4 {
  ure.func @A(i, j, k) -> i32
  ure.func @B(i, j, k) -> i32 layout affine_map<(i, j, k) -> (k, j, i)>
  ure.def @A(%i, %j, %k) {
    %v = arith.constant 10 : i32
    ure.yield %v : i32
  }
  ure.def @B(%i, %j, %k) {
    %v = ure.at @A(%i, %j, %k) : i32
    ure.yield %v : i32
  }
  ure.merge_ures @A [@B]
  ure.set_bounds @A (i = 0 extent 10, j = 0 extent 10, k = 0 extent 10)
  ure.space_time_transform @A (i, j)
}
