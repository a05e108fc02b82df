// A hand-written dataflow design that indexes a channel array at run time
// past its end: the producer writes @d[i] for i in [0, 4) but @d has 2
// channels. The verifier cannot tell (the index is not a constant); the run
// reports it and exits 1.
ure.program @oob {
  ure.input @A : memref<4xi32>
  ure.func @out(i = 0 extent 4) -> i32 on device
  channel.fifo @d [2] : i32, depth 4
  spacetime.array @out loops (i = 0 extent 4, p = 0 extent 1) time (t = 0 extent 4) space (p = 0 extent 1) schedule affine_map<(d0, d1) -> (d0)> recover affine_map<(d0, d1) -> (d0, d1)> {
  ^bb0(%t: index, %p: index):
    %i, %q = spacetime.recover : index, index
    %v = channel.read @d[%i] : i32
    spacetime.output %v to @out[%i] : i32
  }
  channel.kernel @producer {
    spacetime.array @out loops (i = 0 extent 4, p = 0 extent 1) time (t = 0 extent 4) space (p = 0 extent 1) schedule affine_map<(d0, d1) -> (d0)> recover affine_map<(d0, d1) -> (d0, d1)> {
    ^bb0(%t: index, %p: index):
      %i, %q = spacetime.recover : index, index
      %a = ure.load @A(%i) : i32
      channel.write @d[%i], %a : i32
    }
  }
}
