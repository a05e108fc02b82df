// examples/fir-symbolic.mlir as a systolic array: one PE per tap k, up to
// 8 taps (ure.param @K max 8: the PEs past K idle), N outputs of any
// number. t1 = n + k runs over [0, N + K - 1); the weights stay in their
// PE, the partial sums move one PE per step.
//
// Run: t2s-opt examples/systolic/fir-symbolic.mlir --space-time-transform
//      t2s-run examples/systolic/fir-symbolic.mlir --compare interpret,systolic \
//          --param N=10 --param K=4 --input x=x.npy --input w=w.npy
//
ure.program @fir_symbolic {
  ure.param @N
  ure.param @K max 8
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
  ure.space_time_transform @ws (k) vector [1] check_time
}
