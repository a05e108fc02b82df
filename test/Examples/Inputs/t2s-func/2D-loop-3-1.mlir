// Port of IntelLabs/t2sp t2s/tests/correctness/space-time-transform/2D-loop-3-1.cpp
// (A flows along i, B along j, space loop i), SIZE = 10.
//
// T2S realizes the UREs twice, without (golden) and with the transform, and
// compares; t2s-run --compare does the same across modes, and stt_check.py
// checks the interpreter against the C-style golden.
//
//   Var i2, j2; Func A2, B2, C2 (Int(32), {i2, j2})   ure.func ... -> i32
//   A(i, j) = select(i == 0, j, A(i-1, j));   ure.def @A
//   B(i, j) = select(j == 0, i, B(i, j-1));   ure.def @B
//   C(i, j) = A(i, j) + B(i, j);      ure.def @C (output, Halide layout)
//   A2.merge_ures(B2, C2)      ure.merge_ures @A [@B, @C]
//     .set_bounds(x2, 0, SIZE) ...    ure.set_bounds @A (... = 0 extent 10)
//     .space_time_transform(i2);     ure.space_time_transform @A (i)
//   check_equal_2D(golden, result)      golden: i+j
ure.program @stt_2D_loop_3_1 {
  ure.func @A(i, j) -> i32
  ure.func @B(i, j) -> i32
  ure.func @C(i, j) -> i32 layout affine_map<(i, j) -> (j, i)>
  ure.def @A(%i, %j) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %iv = arith.index_cast %j : index to i32
    %prev = ure.at @A(%i - 1, %j) : i32
    %v = arith.select %first, %iv, %prev : i32
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
  ure.space_time_transform @A (i)
}
