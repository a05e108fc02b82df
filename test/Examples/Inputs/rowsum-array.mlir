// rowsum.mlir's array written by hand, with a schedule of its own:
// t = j + 2i (PE i starts at 2i), so j = t - 2i and t in [0, 3 + 6].
// acc moves along j inside PE i: one step.
ure.program @rowsum {
  ure.func @acc(j, i) -> f32
  ure.input @A : memref<4x4xf32>
  ure.func @y(i = 0 extent 4) -> f32 on device
  %r = spacetime.shift_reg "partial sums" : memref<4x2xf32>
  spacetime.array @acc registers(%r : memref<4x2xf32>) loops (j = 0 extent 4, i = 0 extent 4) time (t = 0 extent 10) space (i = 0 extent 4)
      schedule affine_map<(d0, d1) -> (d0 + d1 * 2)> recover affine_map<(d0, d1) -> (d0 - d1 * 2, d1)> {
  ^bb0(%t: index, %pi: index, %r_in: memref<4x2xf32>):
    %j, %i = spacetime.recover : index, index
    %on = spacetime.scheduled
    scf.if %on {
      %c0 = arith.constant 0 : index
      %zero = arith.constant 0.0 : f32
      %first = arith.cmpi eq, %j, %c0 : index
      %prev = spacetime.read %r_in [0] delay 1 : memref<4x2xf32>
      %acc = arith.select %first, %zero, %prev : f32
      %a = ure.load @A(%i, %j) : f32
      %v = arith.addf %acc, %a : f32
      spacetime.write %v, %r_in : memref<4x2xf32>
      %c3 = arith.constant 3 : index
      %last = arith.cmpi eq, %j, %c3 : index
      scf.if %last {
        spacetime.output %v to @y[%i] : f32
      }
    }
  }
}
