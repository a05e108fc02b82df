// GEMM whose output store is decided by a control URE, as T2S writes its
// split-k designs (`lastk(P) = ...; c(P_c) = select(lastk(P) == 0, C(P))`):
// @remaining counts the k steps left, from K - 1 down to 0, and the output
// is stored where it reaches 0. The condition is a value the array computes
// (a register file), not a function of the coordinates, so the drainer
// cannot recompute it: the array sends it, one flag per step of each PE
// that could store, and the value only where the flag holds.
//
// Run: t2s-run examples/dataflow/gemm-control.mlir --compare interpret,dataflow,opencl
//
// The UREs (loops innermost first):
//   a(i, j, k) = select(j == 0, A(i, k), a(i, j - 1, k))
//   b(i, j, k) = select(i == 0, B(k, j), b(i - 1, j, k))
//   c(i, j, k) = select(k == 0, 0, c(i, j, k - 1)) + a(i, j, k) * b(i, j, k)
//   remaining(i, j, k) = select(k == 0, K - 1, remaining(i, j, k - 1) - 1)
//   out(i, j) = select(remaining(i, j, k) == 0, c(i, j, k))
ure.program @gemm {
  ure.input @A : memref<6x5xf32>
  ure.input @B : memref<5x4xf32>
  ure.func @a(i, j, k) -> f32 on device
  ure.func @b(i, j, k) -> f32 on device
  ure.func @c(i, j, k) -> f32 on device
  ure.func @remaining(i, j, k) -> index on device
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
  ure.def @remaining(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %last = arith.constant 4 : index
    %first = arith.cmpi eq, %k, %c0 : index
    %prev = ure.at @remaining(%i, %j, %k - 1) : index
    %down = arith.subi %prev, %c1 : index
    %v = arith.select %first, %last, %down : index
    ure.yield %v : index
  }
  ure.def @out(%i, %j) with (%k) {
    %c0 = arith.constant 0 : index
    %r = ure.at @remaining(%i, %j, %k) : index
    %done = arith.cmpi eq, %r, %c0 : index
    %c = ure.at @c(%i, %j, %k) : f32
    %v = ure.select %done, %c : f32
    ure.yield %v : f32
  }

  ure.merge_ures @a [@b, @c, @remaining, @out]
  ure.set_bounds @a (i = 0 extent 6, j = 0 extent 4, k = 0 extent 5)
  ure.space_time_transform @a (i, j) vector [1, 1] check_time
  ure.isolate_producer [@A, @B] into @loader
  ure.isolate_consumer @out into @drainer
}
