// A store in the else-region of a condition the array computes from data
// (an input's value): the drainer stores where the flag it receives does
// not hold.
ure.program @p {
  ure.input @A : memref<8xi32>
  ure.func @out(i = 0 extent 8) -> i32 on device
  spacetime.array @out loops (i = 0 extent 8, p = 0 extent 1) time (t = 0 extent 8) space (p = 0 extent 1) schedule affine_map<(d0, d1) -> (d0)> recover affine_map<(d0, d1) -> (d0, d1)> {
  ^bb0(%t: index, %p: index):
    %i, %q = spacetime.recover : index, index
    %a = ure.load @A(%i) : i32
    %zero = arith.constant 0 : i32
    %negative = arith.cmpi slt, %a, %zero : i32
    scf.if %negative {
    } else {
      spacetime.output %a to @out[%i] : i32
    }
  }
  ure.isolate_consumer @out into @drainer
}
