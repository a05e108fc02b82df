// Integer division in vector lanes: total-division makes each lane total
// as the interpreter defines it (by zero: quotient -1, remainder the
// dividend; INT_MIN / -1 = INT_MIN), so no lane traps.
//
// Run: t2s-run examples/vector/division.mlir --compare interpret,systolic --input A=a.npy --input B=b.npy
ure.program @div {
  ure.input @A : memref<8x3xi32>
  ure.input @B : memref<8x3xi32>
  ure.func @q(i, k) -> i32 on device
  ure.def @q(%i, %k) {
    %a = ure.load @A(%i, %k) : i32
    %b = ure.load @B(%i, %k) : i32
    %d = arith.divsi %a, %b : i32
    %r = arith.remui %a, %b : i32
    %v = arith.addi %d, %r : i32
    ure.yield %v : i32
  }
  ure.set_bounds @q (i = 0 extent 8, k = 0 extent 3)
  ure.vectorize @q (i)
}
