// The FIR filter of fir.mlir with symbolic extents: N outputs and K taps are
// parameters (ure.param), given when the program runs, and the inputs have
// dynamic sizes, taken from the buffers given:
//   y(n) = sum over k = 0 .. K-1 of w(k) * x(n + k)
//   ws(k, n)  = select(n == 0, w(k), ws(k, n - 1))
//   acc(k, n) = select(k == 0, 0, acc(k - 1, n)) + ws(k, n) * x(n + k)
//   y(n)      = select(k == K - 1, acc(k, n))
//   ws.merge_ures(acc, y).set_bounds(k, 0, K, n, 0, N)
// The output URE reads the value of K (ure.param_value) to find the last tap.
// x needs at least N + K - 1 elements and w at least K: a read outside them
// gives an undefined value, and an undefined value in the output is an error.
//
// Run, with x of 13 elements and w of 4 (N = 10, K = 4):
//   t2s-run examples/fir-symbolic.mlir --compare interpret,sequential \
//       --param N=10 --param K=4 --input x=x.npy --input w=w.npy
ure.program @fir_symbolic {
  ure.param @N
  ure.param @K
  ure.input @x : memref<?xi32>
  ure.input @w : memref<?xi32>
  ure.func @ws(k, n) -> i32 on device
  ure.func @acc(k, n) -> i32 on device
  ure.func @y(n) -> i32 on device

  ure.def @ws(%k, %n) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %n, %c0 : index
    %in = ure.load @w(%k) : i32
    %prev = ure.at @ws(%k, %n - 1) : i32
    %v = arith.select %first, %in, %prev : i32
    ure.yield %v : i32
  }
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
  // The last tap is K - 1, with K the value of the parameter.
  ure.def @y(%n) with (%k) {
    %c1 = arith.constant 1 : index
    %K = ure.param_value @K
    %kmax = arith.subi %K, %c1 : index
    %last = arith.cmpi eq, %k, %kmax : index
    %a = ure.at @acc(%k, %n) : i32
    %v = ure.select %last, %a : i32
    ure.yield %v : i32
  }

  ure.merge_ures @ws [@acc, @y]
  ure.set_bounds @ws (k = 0 extent @K, n = 0 extent @N)
}
