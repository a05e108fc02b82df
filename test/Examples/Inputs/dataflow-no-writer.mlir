// A hand-written dataflow design with a logic error the verifier cannot
// see: the producer writes element 0 of @d, the array reads element 1,
// which no kernel writes. It deadlocks whatever the depths.
ure.program @lost {
  ure.input @A : memref<4xi32>
  ure.func @out(i = 0 extent 4) -> i32 on device
  channel.fifo @d [2] : i32, depth 2
  spacetime.array @out loops (i = 0 extent 4, p = 0 extent 1) time (t = 0 extent 4) space (p = 0 extent 1) schedule affine_map<(d0, d1) -> (d0)> recover affine_map<(d0, d1) -> (d0, d1)> {
  ^bb0(%t: index, %p: index):
    %i, %q = spacetime.recover : index, index
    %c1 = arith.constant 1 : index
    %v = channel.read @d[%c1] : i32
    spacetime.output %v to @out[%i] : i32
  }
  channel.kernel @producer {
    spacetime.array @out loops (i = 0 extent 4, p = 0 extent 1) time (t = 0 extent 4) space (p = 0 extent 1) schedule affine_map<(d0, d1) -> (d0)> recover affine_map<(d0, d1) -> (d0, d1)> {
    ^bb0(%t: index, %p: index):
      %i, %q = spacetime.recover : index, index
      %a = ure.load @A(%i) : i32
      %c0 = arith.constant 0 : index
      channel.write @d[%c0], %a : i32
    }
  }
}
