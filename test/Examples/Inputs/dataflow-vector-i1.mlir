// A regression test from a review of the dataflow mode (test/Examples/dataflow-review.test).
ure.program @ty {
  ure.input @A : memref<8xi32>
  ure.func @out(i = 0 extent 8) -> i32 on device
  channel.fifo @c : vector<3x2xi1>, depth 2
  spacetime.array @out loops (i = 0 extent 8, p = 0 extent 1) time (t = 0 extent 8) space (p = 0 extent 1) schedule affine_map<(d0, d1) -> (d0)> recover affine_map<(d0, d1) -> (d0, d1)> {
  ^bb0(%t: index, %p: index):
    %i, %q = spacetime.recover : index, index
    %v = channel.read @c : vector<3x2xi1>
    %e = vector.extract %v[2, 1] : i1 from vector<3x2xi1>
    %r = arith.extui %e : i1 to i32
    spacetime.output %r to @out[%i] : i32
  }
  channel.kernel @producer {
    spacetime.array @out loops (i = 0 extent 8, p = 0 extent 1) time (t = 0 extent 8) space (p = 0 extent 1) schedule affine_map<(d0, d1) -> (d0)> recover affine_map<(d0, d1) -> (d0, d1)> {
    ^bb0(%t: index, %p: index):
      %i, %q = spacetime.recover : index, index
      %a = ure.load @A(%i) : i32
      %b = arith.trunci %a : i32 to i1
      %x = vector.broadcast %b : i1 to vector<3x2xi1>
      channel.write @c, %x : vector<3x2xi1>
    }
  }
}
