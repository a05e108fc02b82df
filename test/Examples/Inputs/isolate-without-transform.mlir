// examples/dataflow/gemm.mlir without its ure.space_time_transform: the
// isolation directives need an array, and every mode that builds one says so.
// GEMM as a full dataflow design (the smallest T2S design: loaders, the
// systolic array, a drainer): examples/systolic/gemm.mlir plus isolation.
// `isolate` moves the array's reads of A and B into the kernel @loader,
// which sends each value through a channel array indexed by the PEs
// (@loader_A, @loader_B: the PEs of column j == 0 and row i == 0 receive
// them), and its stores of C into @drainer, which receives them through
// @drainer_out. Every kernel runs on its own thread.
//
// Run: t2s-opt examples/dataflow/gemm.mlir --merge-ures --space-time-transform --isolate
//      t2s-run examples/dataflow/gemm.mlir --compare interpret,dataflow
//
// The systolic design it starts from:
// | A 2-D systolic array for GEMM (examples/gemm.mlir): the PEs are (i, j),
// | 8 x 8 of them, and the time loop is t1 = k + i + j (the classic skewed
// | array): A enters at the left column and moves right one PE per step, B
// | enters at the top row and moves down, C accumulates in place. check_time:
// | a PE computes only at the steps it has an iteration.
// |
// | Run: t2s-opt examples/systolic/gemm.mlir --space-time-transform
// |      t2s-run examples/systolic/gemm.mlir --compare interpret,systolic
// |
// | The UREs, from examples/gemm.mlir:
// | GEMM in the T2S style: C = A * B, with A and B flowing through a 2-D grid.
// |   a(i, j, k) = select(j == 0, A(i, k), a(i, j - 1, k))
// |   b(i, j, k) = select(i == 0, B(k, j), b(i - 1, j, k))
// |   c(i, j, k) = select(k == 0, 0, c(i, j, k - 1)) + a(i, j, k) * b(i, j, k)
// |   out(i, j)  = select(k == K - 1, c(i, j, k))
ure.program @gemm {
  ure.input @A : memref<8x8xf32>
  ure.input @B : memref<8x8xf32>
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
    %last = arith.constant 7 : index
    %is_last = arith.cmpi eq, %k, %last : index
    %c = ure.at @c(%i, %j, %k) : f32
    %v = ure.select %is_last, %c : f32
    ure.yield %v : f32
  }

  ure.merge_ures @a [@b, @c, @out]
  ure.set_bounds @a (i = 0 extent 8, j = 0 extent 8, k = 0 extent 8)
  ure.isolate_producer [@A, @B] into @loader
  ure.isolate_consumer @out into @drainer
}
