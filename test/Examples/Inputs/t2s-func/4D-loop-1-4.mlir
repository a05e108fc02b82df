// Port of IntelLabs/t2sp t2s/tests/correctness/space-time-transform/4D-loop-1-4.cpp
// (a 4-D loop, reordered j innermost, space loop j, vector {2}), SIZE = 10.
//
// T2S realizes the UREs twice, without (golden) and with the transform, and
// compares; t2s-run --compare does the same across modes, and stt_check.py
// checks the interpreter against the C-style golden.
//
//   Var i2, j2, k2, l2; Func A2, B2, C2, D2 (Int(32), {i2, j2, k2, l2})   ure.func ... -> i32
//   A(i, j, k, l) = select(i == 0, j, A(i-1, j, k, l));   ure.def @A
//   B(i, j, k, l) = select(j == 0, i, B(i, j-1, k, l));   ure.def @B
//   C(i, j, k, l) = select(k == 0, 0, A + B + C(i, j, k-1, l));   ure.def @C
//   D(i, j, k) = select(l == 0, C(i, j, k, l));   ure.def @D(%i, %j, %k) with (%l): ure.select
//                                     (output, Halide layout)
//   A2.merge_ures(B2, C2, D2)  ure.merge_ures @A [@B, @C, @D]
//     .set_bounds(x2, 0, SIZE) ...    ure.set_bounds @A (... = 0 extent 10)
//     .reorder(j2, i2, k2, l2)       ure.reorder @A (j, i, k, l)
//     .space_time_transform({j2}, {2});   ure.space_time_transform @A (j) vector [2]
//   check_equal_3D(golden, result)      golden: k*(i+j)
ure.program @stt_4D_loop_1_4 {
  ure.func @A(i, j, k, l) -> i32
  ure.func @B(i, j, k, l) -> i32
  ure.func @C(i, j, k, l) -> i32
  ure.func @D(i, j, k) -> i32 layout affine_map<(i, j, k) -> (k, j, i)>
  ure.def @A(%i, %j, %k, %l) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %iv = arith.index_cast %j : index to i32
    %prev = ure.at @A(%i - 1, %j, %k, %l) : i32
    %v = arith.select %first, %iv, %prev : i32
    ure.yield %v : i32
  }
  ure.def @B(%i, %j, %k, %l) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %j, %c0 : index
    %iv = arith.index_cast %i : index to i32
    %prev = ure.at @B(%i, %j - 1, %k, %l) : i32
    %v = arith.select %first, %iv, %prev : i32
    ure.yield %v : i32
  }
  ure.def @C(%i, %j, %k, %l) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %first = arith.cmpi eq, %k, %c0 : index
    %a = ure.at @A(%i, %j, %k, %l) : i32
    %b = ure.at @B(%i, %j, %k, %l) : i32
    %prev = ure.at @C(%i, %j, %k - 1, %l) : i32
    %ab = arith.addi %a, %b : i32
    %s = arith.addi %ab, %prev : i32
    %v = arith.select %first, %zero, %s : i32
    ure.yield %v : i32
  }
  ure.def @D(%i, %j, %k) with (%l) {
    %c0 = arith.constant 0 : index
    %l0 = arith.cmpi eq, %l, %c0 : index
    %c = ure.at @C(%i, %j, %k, %l) : i32
    %v = ure.select %l0, %c : i32
    ure.yield %v : i32
  }
  ure.merge_ures @A [@B, @C, @D]
  ure.set_bounds @A (i = 0 extent 10, j = 0 extent 10, k = 0 extent 10, l = 0 extent 10)
  ure.reorder @A (j, i, k, l)
  ure.space_time_transform @A (j) vector [2]
}
