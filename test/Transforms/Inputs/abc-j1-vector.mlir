// abc-j1.mlir with C reading C(k - 2) too and the 4 PEs along i vectorized:
// C becomes an on_write file of 2 registers (vector<4xi32>), written under
// the CheckTime mask, which sets one lane per step (PE i writes at
// t = 7k + 16i). A write shifts only its own lanes' chains; shifting every
// lane would lose C(k - 2) of the lanes that did not write.
ure.program @abc {
  ure.input @XA : memref<4x4xi32>
  ure.input @XB : memref<4x4xi32>
  ure.func @A(i, j, k) -> i32 on device
  ure.func @B(i, j, k) -> i32 on device
  ure.func @C(i, j, k) -> i32 on device
  ure.func @c(i, j) -> i32 on device

  // A flows along i: dependence distance (1, 0, 0).
  ure.def @A(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %in = ure.load @XA(%j, %k) : i32
    %prev = ure.at @A(%i - 1, %j, %k) : i32
    %v = arith.select %first, %in, %prev : i32
    ure.yield %v : i32
  }
  // B flows along j: dependence distance (0, 1, 0).
  ure.def @B(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %j, %c0 : index
    %in = ure.load @XB(%i, %k) : i32
    %prev = ure.at @B(%i, %j - 1, %k) : i32
    %v = arith.select %first, %in, %prev : i32
    ure.yield %v : i32
  }
  // C accumulates along k: dependence distance (0, 0, 1), and (0, 0, 0) on
  // A and B (computed before C at the same point).
  ure.def @C(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %first = arith.cmpi eq, %k, %c0 : index
    %a = ure.at @A(%i, %j, %k) : i32
    %b = ure.at @B(%i, %j, %k) : i32
    %c2 = arith.constant 2 : index
    %early = arith.cmpi slt, %k, %c2 : index
    %prev = ure.at @C(%i, %j, %k - 1) : i32
    %prev2 = ure.at @C(%i, %j, %k - 2) : i32
    %p2 = arith.select %early, %zero, %prev2 : i32
    %ab = arith.addi %a, %b : i32
    %sum = arith.addi %ab, %prev : i32
    %three = arith.constant 3 : i32
    %p2x = arith.muli %p2, %three : i32
    %sum2 = arith.addi %sum, %p2x : i32
    %v = arith.select %first, %ab, %sum2 : i32
    ure.yield %v : i32
  }
  // The output: the last C along k (an extended URE, dropping k).
  ure.def @c(%i, %j) with (%k) {
    %last = arith.constant 3 : index
    %is_last = arith.cmpi eq, %k, %last : index
    %v = ure.at @C(%i, %j, %k) : i32
    %w = ure.select %is_last, %v : i32
    ure.yield %w : i32
  }

  ure.merge_ures @A [@B, @C, @c]
  ure.set_bounds @A (i = 0 extent 4, j = 0 extent 1, k = 0 extent 4)
  ure.space_time_transform @A (i, j) vector [2, 3] check_time
  ure.space_time_transform @A (i) vector [2]
  ure.vectorize @A (i)
}
