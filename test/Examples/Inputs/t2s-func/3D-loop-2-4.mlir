// Port of IntelLabs/t2sp t2s/tests/correctness/space-time-transform/3D-loop-2-4.cpp
// (A along i, B along j, C along k, space loops i, j), SIZE = 10.
//
// T2S realizes the UREs twice, without (golden) and with the transform, and
// compares; t2s-run --compare does the same across modes, and stt_check.py
// checks the interpreter against the C-style golden.
//
//   Var i2, j2, k2; Func A2, B2, C2, D2 (Int(32), {i2, j2, k2})   ure.func ... -> i32
//   A(i, j, k) = select(i == 0, j, A(i-1, j, k));   ure.def @A
//   B(i, j, k) = select(j == 0, i, B(i, j-1, k));   ure.def @B
//   C(i, j, k) = select(k == 0, 0, A + B + C(i, j, k-1));   ure.def @C
//   D(i, j, k) = C(i, j, k);          ure.def @D (output, Halide layout)
//   A2.merge_ures(B2, C2, D2)  ure.merge_ures @A [@B, @C, @D]
//     .set_bounds(x2, 0, SIZE) ...    ure.set_bounds @A (... = 0 extent 10)
//     .space_time_transform(i2, j2); ure.space_time_transform @A (i, j)
//   check_equal_3D(golden, result)      golden: k*(i+j)
ure.program @stt_3D_loop_2_4 {
  ure.func @A(i, j, k) -> i32
  ure.func @B(i, j, k) -> i32
  ure.func @C(i, j, k) -> i32
  ure.func @D(i, j, k) -> i32 layout affine_map<(i, j, k) -> (k, j, i)>
  ure.def @A(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %iv = arith.index_cast %j : index to i32
    %prev = ure.at @A(%i - 1, %j, %k) : i32
    %v = arith.select %first, %iv, %prev : i32
    ure.yield %v : i32
  }
  ure.def @B(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %j, %c0 : index
    %iv = arith.index_cast %i : index to i32
    %prev = ure.at @B(%i, %j - 1, %k) : i32
    %v = arith.select %first, %iv, %prev : i32
    ure.yield %v : i32
  }
  ure.def @C(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %first = arith.cmpi eq, %k, %c0 : index
    %a = ure.at @A(%i, %j, %k) : i32
    %b = ure.at @B(%i, %j, %k) : i32
    %prev = ure.at @C(%i, %j, %k - 1) : i32
    %ab = arith.addi %a, %b : i32
    %s = arith.addi %ab, %prev : i32
    %v = arith.select %first, %zero, %s : i32
    ure.yield %v : i32
  }
  ure.def @D(%i, %j, %k) {
    %v = ure.at @C(%i, %j, %k) : i32
    ure.yield %v : i32
  }
  ure.merge_ures @A [@B, @C, @D]
  ure.set_bounds @A (i = 0 extent 10, j = 0 extent 10, k = 0 extent 10)
  ure.space_time_transform @A (i, j)
}
