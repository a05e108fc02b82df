// examples/vector/fir.mlir without its ure.space_time_transform: ure.vectorize
// alone makes its loop a space loop, in every mode that builds arrays.
// FIR filter (examples/systolic/fir.mlir) with its taps vectorized: the 4 PEs
// of the skewed chain are the lanes of one vector; x and the partial sums
// move one lane per step (lane shifts), the weights are loaded as a vector.
//
// Run: t2s-run examples/vector/fir.mlir --compare interpret,systolic
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
  ure.vectorize @ws (k)
}
