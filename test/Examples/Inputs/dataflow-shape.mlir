// A regression test from a review of the dataflow mode (test/Examples/dataflow-review.test).
ure.program @shape {
  ure.input @A : memref<4096xi32>
  ure.func @out(i = 0 extent 4) -> i32 on device
  channel.fifo @c : i32, depth 2
  spacetime.array @out loops (i = 0 extent 4, p = 0 extent 1) time (t = 0 extent 4) space (p = 0 extent 1) schedule affine_map<(d0, d1) -> (d0)> recover affine_map<(d0, d1) -> (d0, d1)> {
  ^bb0(%t: index, %p: index):
    %i, %q = spacetime.recover : index, index
    %a = ure.load @A(%i) : i32
    channel.write @c, %a : i32
  }
  channel.kernel @drain {
    spacetime.array @out loops (i = 0 extent 4096, p = 0 extent 1) time (t = 0 extent 4096) space (p = 0 extent 1) schedule affine_map<(d0, d1) -> (d0)> recover affine_map<(d0, d1) -> (d0, d1)> {
    ^bb0(%t: index, %p: index):
      %i, %q = spacetime.recover : index, index
      %c4 = arith.constant 4 : index
      %lo = arith.cmpi ult, %i, %c4 : index
      %a = ure.load @A(%i) : i32
      %v = scf.if %lo -> i32 {
        %r = channel.read @c : i32
        scf.yield %r : i32
      } else {
        scf.yield %a : i32
      }
      spacetime.output %v to @out[%i] : i32
    }
  }
}
