// GEMM on a 4 x 4 systolic array whose PEs each do a 4-long dot product per
// step: T2S's `space_time_transform(i, j)` with the loop `kk` inside the
// space loops, so each PE runs all of kk's iterations within a step
// (unrolled), as T2S's performance GEMM does with its kkk (T2S's
// gemm.cpp: `acc += X[kkk] * Y[kkk]` in each PE). The time loop is
// t1 = k + i + j; kk has no scheduling coefficient, and the reduction
// along it (`c(kk - 1, ...)`) is read in the same step, in the same PE.
//
// Run: t2s-opt examples/systolic/gemm-inside.mlir --space-time-transform
//      t2s-run examples/systolic/gemm-inside.mlir --compare interpret,systolic
//
// The UREs (loops innermost first; K = 4 k + kk):
//   a(kk, i, j, k) = select(j == 0, A(i, 4k + kk), a(kk, i, j - 1, k))
//   b(kk, i, j, k) = select(i == 0, B(4k + kk, j), b(kk, i - 1, j, k))
//   c(kk, i, j, k) = select(kk == 0, select(k == 0, 0, c(kk + 3, i, j, k - 1)),
//                           c(kk - 1, i, j, k)) + a * b
//   out(i, j)      = select(kk == 3 && k == 2, c(kk, i, j, k))
ure.program @gemm {
  ure.input @A : memref<4x12xf32>
  ure.input @B : memref<12x4xf32>
  ure.func @a(kk, i, j, k) -> f32 on device
  ure.func @b(kk, i, j, k) -> f32 on device
  ure.func @c(kk, i, j, k) -> f32 on device
  ure.func @out(i, j) -> f32 on device

  ure.def @a(%kk, %i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %j, %c0 : index
    %in = ure.load @A(%i, %k * 4 + %kk) : f32
    %prev = ure.at @a(%kk, %i, %j - 1, %k) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @b(%kk, %i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %in = ure.load @B(%k * 4 + %kk, %j) : f32
    %prev = ure.at @b(%kk, %i - 1, %j, %k) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @c(%kk, %i, %j, %k) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %lane0 = arith.cmpi eq, %kk, %c0 : index
    %k0 = arith.cmpi eq, %k, %c0 : index
    %prev_k = ure.at @c(%kk + 3, %i, %j, %k - 1) : f32
    %chained = ure.at @c(%kk - 1, %i, %j, %k) : f32
    %from_k = arith.select %k0, %zero, %prev_k : f32
    %acc = arith.select %lane0, %from_k, %chained : f32
    %a = ure.at @a(%kk, %i, %j, %k) : f32
    %b = ure.at @b(%kk, %i, %j, %k) : f32
    %p = arith.mulf %a, %b : f32
    %v = arith.addf %acc, %p : f32
    ure.yield %v : f32
  }
  ure.def @out(%i, %j) with (%kk, %k) {
    %c3 = arith.constant 3 : index
    %c2 = arith.constant 2 : index
    %lane3 = arith.cmpi eq, %kk, %c3 : index
    %k2 = arith.cmpi eq, %k, %c2 : index
    %last = arith.andi %lane3, %k2 : i1
    %c = ure.at @c(%kk, %i, %j, %k) : f32
    %v = ure.select %last, %c : f32
    ure.yield %v : f32
  }

  ure.merge_ures @a [@b, @c, @out]
  ure.set_bounds @a (kk = 0 extent 4, i = 0 extent 4, j = 0 extent 4, k = 0 extent 3)
  ure.space_time_transform @a (i, j) vector [1, 1] check_time
}
