// The double projection of the space-time transform design document on
// its A/B/C example (examples/abc.mlir):
//   (i, j, k) => (i, j, t1) => (i, t2, t1),  t1 = 2i + 3j + k,  t2 = 2i + j
// 4 PEs (i) and two time loops; register files of 23, 32 and 11 slots
// (flattened distances 22, 31 and 10 with t = 10 t1 + t2).
//
// Run: t2s-opt examples/systolic/abc.mlir --space-time-transform
//      t2s-run examples/systolic/abc.mlir --compare interpret,systolic
//
// The UREs, from examples/abc.mlir:
// The A/B/C/c example of docs' space-time-transform design (the semantics
// section), with I = J = K = 4:
//   A(i, j, k) = select(i == 0, XA(j, k), A(i - 1, j, k))
//   B(i, j, k) = select(j == 0, XB(i, k), B(i, j - 1, k))
//   C(i, j, k) = select(k == 0, 0, A(i, j, k) + B(i, j, k) + C(i, j, k - 1))
//   c(i, j)    = select(k == K - 1, C(i, j, k))
//   A.merge_ures(B, C, c).set_bounds(i, 0, I, j, 0, J, k, 0, K)
//
// The design document starts A and B from 0 (A(i, j, k) = select(i == 0, 0,
// ...)), which makes every value, and so the output, zero: its point is the
// dependence pattern, (1, 0, 0) for A, (0, 1, 0) for B and (0, 0, 1) for C.
// Here A and B start from input values at i == 0 and j == 0 instead, with the
// same dependences, so that the output says something:
//   A(i, j, k) = XA(j, k) and B(i, j, k) = XB(i, k) everywhere, and
//   c(i, j) = sum over k = 1 .. K-1 of (XA(j, k) + XB(i, k))
// (C is 0 at k == 0, as in the document, so k = 0 does not contribute).
//
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
    %prev = ure.at @C(%i, %j, %k - 1) : i32
    %ab = arith.addi %a, %b : i32
    %sum = arith.addi %ab, %prev : i32
    %v = arith.select %first, %zero, %sum : i32
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
  ure.set_bounds @A (i = 0 extent 4, j = 0 extent 4, k = 0 extent 4)
  ure.space_time_transform @A (i, j) vector [2, 3] check_time
  ure.space_time_transform @A (i) vector [2]
}
