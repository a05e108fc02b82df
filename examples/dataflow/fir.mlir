// FIR as a dataflow design: examples/systolic/fir.mlir plus isolation.
// One loader kernel sends both inputs: x (read at every point) and the
// weights w (read only where n == 0); the drainer stores y.
//
// Run: t2s-run examples/dataflow/fir.mlir --compare interpret,dataflow
//
// The systolic design it starts from:
// | A 1-D systolic FIR filter (examples/fir.mlir): one PE per tap k (4 of
// | them), t1 = n + k: each weight stays in its PE, the partial sums move
// | along the chain.
// |
// | Run: t2s-run examples/systolic/fir.mlir --compare interpret,systolic
// |
// | The UREs, from examples/fir.mlir:
// | A 1-D FIR filter (a convolution) on i32, with N = 8 outputs and K = 4 taps
// | whose weights are an input:
// |   y(n) = sum over k = 0 .. K-1 of w(k) * x(n + k)
// | As UREs: the weights are broadcast along n, and each output accumulates
// | along k:
// |   ws(k, n)  = select(n == 0, w(k), ws(k, n - 1))
// |   acc(k, n) = select(k == 0, 0, acc(k - 1, n)) + ws(k, n) * x(n + k)
// |   y(n)      = select(k == K - 1, acc(k, n))
// |   ws.merge_ures(acc, y).set_bounds(k, 0, K, n, 0, N)
// | x has N + K - 1 = 11 elements. k is the inner loop, n the outer one.
// |
ure.program @fir {
  ure.input @x : memref<11xi32>
  ure.input @w : memref<4xi32>
  ure.func @ws(k, n) -> i32 on device
  ure.func @acc(k, n) -> i32 on device
  ure.func @y(n) -> i32 on device

  // Tap k's weight enters at n == 0 and is reused for every later n.
  ure.def @ws(%k, %n) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %n, %c0 : index
    %in = ure.load @w(%k) : i32
    %prev = ure.at @ws(%k, %n - 1) : i32
    %v = arith.select %first, %in, %prev : i32
    ure.yield %v : i32
  }
  // The partial sum of output n over taps 0 .. k.
  ure.def @acc(%k, %n) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %first = arith.cmpi eq, %k, %c0 : index
    %prev = ure.at @acc(%k - 1, %n) : i32
    %base = arith.select %first, %zero, %prev : i32
    %wv = ure.at @ws(%k, %n) : i32
    %xv = ure.load @x(%n + %k) : i32
    %t = arith.muli %wv, %xv : i32
    %v = arith.addi %base, %t : i32
    ure.yield %v : i32
  }
  // The output: the sum over all taps, at the last one.
  ure.def @y(%n) with (%k) {
    %last = arith.constant 3 : index
    %is_last = arith.cmpi eq, %k, %last : index
    %a = ure.at @acc(%k, %n) : i32
    %v = ure.select %is_last, %a : i32
    ure.yield %v : i32
  }

  ure.merge_ures @ws [@acc, @y]
  ure.set_bounds @ws (k = 0 extent 4, n = 0 extent 8)
  ure.space_time_transform @ws (k) vector [1] check_time
  ure.isolate_producer [@x, @w] into @loader
  ure.isolate_consumer @y into @drainer
}
