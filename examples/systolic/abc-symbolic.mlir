// The double projection of space-time-transform.md on its A/B/C example
// with symbolic I, J and K, as the document writes it:
//   (i, j, k) => (i, j, t1) => (i, t2, t1),  t1 = 2i + 3j + k,  t2 = 2i + j
// The time loops are derived, not copied from the text:
//   t1 in [0, 2(I-1) + 3(J-1) + (K-1) + 1) = [0, 2*I + 3*J + K - 5)
//   t2 in [0, 2(I-1) + (J-1) + 1)          = [0, 2*I + J - 2)
// The PEs are i, up to 4 (ure.param @I max 4). A flattened step is
// t1 * (2*I + J - 2) + t2, so every delay spans t2's symbolic extent: the
// reads give their delay per time loop (A (2, 2), B (3, 1), C (1, 0)) and
// each register file has the slots of its delay at the maxima I = 4,
// J = 8 (t2's extent 14): A 2*14 + 2 + 1 = 31, B 3*14 + 1 + 1 = 44,
// C 14 + 1 = 15. K needs no max: only t1, the outermost time loop, depends
// on it.
//
// Run: t2s-opt examples/systolic/abc-symbolic.mlir --space-time-transform
//      t2s-run examples/systolic/abc-symbolic.mlir --compare interpret,systolic \
//          --param I=3 --param J=5 --param K=6 --input XA=xa.npy --input XB=xb.npy
//
//   A(i, j, k) = select(i == 0, XA(j, k), A(i - 1, j, k))
//   B(i, j, k) = select(j == 0, XB(i, k), B(i, j - 1, k))
//   C(i, j, k) = select(k == 0, 0, A(i, j, k) + B(i, j, k) + C(i, j, k - 1))
//   c(i, j)    = select(k == K - 1, C(i, j, k))
// XA needs at least J x K elements, XB at least I x K.
ure.program @abc_symbolic {
  ure.param @I max 4
  ure.param @J max 8
  ure.param @K
  ure.input @XA : memref<?x?xi32>
  ure.input @XB : memref<?x?xi32>
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
    %c1 = arith.constant 1 : index
    %K = ure.param_value @K
    %last = arith.subi %K, %c1 : index
    %is_last = arith.cmpi eq, %k, %last : index
    %v = ure.at @C(%i, %j, %k) : i32
    %w = ure.select %is_last, %v : i32
    ure.yield %w : i32
  }

  ure.merge_ures @A [@B, @C, @c]
  ure.set_bounds @A (i = 0 extent @I, j = 0 extent @J, k = 0 extent @K)
  ure.space_time_transform @A (i, j) vector [2, 3] check_time
  ure.space_time_transform @A (i) vector [2]
}
