// A hand-written dataflow design whose channels need depth 4: the producer
// sends A[0..3] on @c1 and then A[4..7] on @c2, while the array first takes
// four values from @c2 and then four from @c1 (out = A[4..7], A[0..3]).
// With depth DEPTH < 4 the producer fills @c1 while the array waits on
// an empty @c2: a deadlock in strict mode, none in unbounded mode.
ure.program @swap {
  ure.input @A : memref<8xi32>
  ure.func @out(i = 0 extent 8) -> i32 on device
  channel.fifo @c1 : i32, depth DEPTH
  channel.fifo @c2 : i32, depth DEPTH
  spacetime.array @out loops (i = 0 extent 8, p = 0 extent 1) time (t = 0 extent 8) space (p = 0 extent 1) schedule affine_map<(d0, d1) -> (d0)> recover affine_map<(d0, d1) -> (d0, d1)> {
  ^bb0(%t: index, %p: index):
    %i, %q = spacetime.recover : index, index
    %c4 = arith.constant 4 : index
    %first = arith.cmpi ult, %i, %c4 : index
    %v = scf.if %first -> i32 {
      %a = channel.read @c2 : i32
      scf.yield %a : i32
    } else {
      %b = channel.read @c1 : i32
      scf.yield %b : i32
    }
    spacetime.output %v to @out[%i] : i32
  }
  channel.kernel @producer {
    spacetime.array @out loops (i = 0 extent 8, p = 0 extent 1) time (t = 0 extent 8) space (p = 0 extent 1) schedule affine_map<(d0, d1) -> (d0)> recover affine_map<(d0, d1) -> (d0, d1)> {
    ^bb0(%t: index, %p: index):
      %i, %q = spacetime.recover : index, index
      %a = ure.load @A(%i) : i32
      %c4 = arith.constant 4 : index
      %first = arith.cmpi ult, %i, %c4 : index
      scf.if %first {
        channel.write @c1, %a : i32
      } else {
        channel.write @c2, %a : i32
      }
    }
  }
}
