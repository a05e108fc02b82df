// examples/systolic/gemm-inside.mlir with kk of 16 and vectorized: each PE
// computes a 16-long dot product per step as one ordered vector.reduction
// (docs/passes/vectorize.md, "Lane reductions"), which the GPU route lowers
// to LLVM's ordered llvm.vector.reduce.fadd.
ure.program @gemm {
  ure.input @A : memref<4x48xf32>
  ure.input @B : memref<48x4xf32>
  ure.func @a(kk, i, j, k) -> f32 on device
  ure.func @b(kk, i, j, k) -> f32 on device
  ure.func @c(kk, i, j, k) -> f32 on device
  ure.func @out(i, j) -> f32 on device

  ure.def @a(%kk, %i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %j, %c0 : index
    %in = ure.load @A(%i, %k * 16 + %kk) : f32
    %prev = ure.at @a(%kk, %i, %j - 1, %k) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @b(%kk, %i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %in = ure.load @B(%k * 16 + %kk, %j) : f32
    %prev = ure.at @b(%kk, %i - 1, %j, %k) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @c(%kk, %i, %j, %k) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %lane0 = arith.cmpi eq, %kk, %c0 : index
    %k0 = arith.cmpi eq, %k, %c0 : index
    %prev_k = ure.at @c(%kk + 15, %i, %j, %k - 1) : f32
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
    %c3 = arith.constant 15 : index
    %c2 = arith.constant 2 : index
    %lane3 = arith.cmpi eq, %kk, %c3 : index
    %k2 = arith.cmpi eq, %k, %c2 : index
    %last = arith.andi %lane3, %k2 : i1
    %c = ure.at @c(%kk, %i, %j, %k) : f32
    %v = ure.select %last, %c : f32
    ure.yield %v : f32
  }

  ure.merge_ures @a [@b, @c, @out]
  ure.set_bounds @a (kk = 0 extent 16, i = 0 extent 4, j = 0 extent 4, k = 0 extent 3)
  ure.space_time_transform @a (i, j) vector [1, 1] check_time
  ure.vectorize @a (kk)
}
