// A regression test from a review of the dataflow mode (test/Examples/dataflow-review.test).
ure.program @two {
  ure.input @A : memref<8xi32>
  ure.func @out(i = 0 extent 8) -> i32 on device
  channel.fifo @c : i32, depth 2
  spacetime.array @out loops (i = 0 extent 8, p = 0 extent 1) time (t = 0 extent 8) space (p = 0 extent 1) schedule affine_map<(d0, d1) -> (d0)> recover affine_map<(d0, d1) -> (d0, d1)> {
  ^bb0(%t: index, %p: index):
    %i, %q = spacetime.recover : index, index
    %c4 = arith.constant 4 : index
    %lo = arith.cmpi uge, %i, %c4 : index
    %v = channel.read @c : i32
    scf.if %lo {
      spacetime.output %v to @out[%i] : i32
    }
  }
  channel.kernel @producer {
    spacetime.array @out loops (i = 0 extent 8, p = 0 extent 1) time (t = 0 extent 8) space (p = 0 extent 1) schedule affine_map<(d0, d1) -> (d0)> recover affine_map<(d0, d1) -> (d0, d1)> {
    ^bb0(%t: index, %p: index):
      %i, %q = spacetime.recover : index, index
      %a = ure.load @A(%i) : i32
      channel.write @c, %a : i32
      %c4 = arith.constant 4 : index
      %hi = arith.cmpi ult, %i, %c4 : index
      scf.if %hi {
        spacetime.output %a to @out[%i] : i32
      }
    }
  }
}
