// examples/systolic/gemm.mlir with symbolic sizes: C (I x J) = A (I x K) *
// B (K x J), compiled once for every I, J <= 8 and every K. The PEs are
// (i, j), 8 x 8 of them (the declared maxima: the PEs past I or J idle);
// the time loop t1 = k + i + j runs over [0, I + J + K - 2), and the
// register files keep 2 slots: every read is one step back.
//
// Run: t2s-opt examples/systolic/gemm-symbolic.mlir --space-time-transform
//      t2s-run examples/systolic/gemm-symbolic.mlir --compare interpret,systolic \
//          --param I=5 --param J=8 --param K=13 --input A=a.npy --input B=b.npy
//
//   a(i, j, k) = select(j == 0, A(i, k), a(i, j - 1, k))
//   b(i, j, k) = select(i == 0, B(k, j), b(i - 1, j, k))
//   c(i, j, k) = select(k == 0, 0, c(i, j, k - 1)) + a(i, j, k) * b(i, j, k)
//   out(i, j)  = select(k == K - 1, c(i, j, k))
ure.program @gemm_symbolic {
  ure.param @I max 8
  ure.param @J max 8
  ure.param @K
  ure.input @A : memref<?x?xf32>
  ure.input @B : memref<?x?xf32>
  ure.func @a(i, j, k) -> f32 on device
  ure.func @b(i, j, k) -> f32 on device
  ure.func @c(i, j, k) -> f32 on device
  ure.func @out(i, j) -> f32 on device

  ure.def @a(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %j, %c0 : index
    %in = ure.load @A(%i, %k) : f32
    %prev = ure.at @a(%i, %j - 1, %k) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @b(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %in = ure.load @B(%k, %j) : f32
    %prev = ure.at @b(%i - 1, %j, %k) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @c(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first = arith.cmpi eq, %k, %c0 : index
    %prev = ure.at @c(%i, %j, %k - 1) : f32
    %acc = arith.select %first, %zero, %prev : f32
    %a = ure.at @a(%i, %j, %k) : f32
    %b = ure.at @b(%i, %j, %k) : f32
    %p = arith.mulf %a, %b : f32
    %v = arith.addf %acc, %p : f32
    ure.yield %v : f32
  }
  ure.def @out(%i, %j) with (%k) {
    %c1 = arith.constant 1 : index
    %K = ure.param_value @K
    %last = arith.subi %K, %c1 : index
    %is_last = arith.cmpi eq, %k, %last : index
    %c = ure.at @c(%i, %j, %k) : f32
    %v = ure.select %is_last, %c : f32
    ure.yield %v : f32
  }

  ure.merge_ures @a [@b, @c, @out]
  ure.set_bounds @a (i = 0 extent @I, j = 0 extent @J, k = 0 extent @K)
  ure.space_time_transform @a (i, j) vector [1, 1] check_time
}
