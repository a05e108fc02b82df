// pack-inner-lanes leaves a channel whose rows would be more than 65536:
// each row keeps the value being filled or taken (lower-channels), and the
// lowering refuses more. 65537 x 2 stays as it is, 65536 x 2 is packed.
// RUN: t2s-opt %s --pack-inner-lanes 2>/dev/null | FileCheck %s
// CHECK: channel.fifo @big [65537, 2] : i32, depth 2
// CHECK: channel.fifo @fits [65536] : vector<2xi32>, depth 2

ure.program @p {
  ure.func @out(i = 0 extent 1, r = 0 extent 65537, l = 0 extent 2) -> i32 on device
  channel.fifo @big [65537, 2] : i32, depth 2
  channel.fifo @fits [65536, 2] : i32, depth 2
  channel.kernel @k {
    spacetime.array @out loops (i = 0 extent 1, r = 0 extent 65537, l = 0 extent 2) time (t = 0 extent 1) space (r = 0 extent 65537, l = 0 extent 2) schedule affine_map<(d0, d1, d2) -> (d0)> recover affine_map<(d0, d1, d2) -> (d0, d1, d2)> {
    ^bb0(%t: index, %r: index, %l: index):
      %c1 = arith.constant 1 : i32
      channel.write @big[%r, %l], %c1 : i32
    }
  }
  channel.kernel @k2 {
    spacetime.array @out loops (i = 0 extent 1, r = 0 extent 65536, l = 0 extent 2) time (t = 0 extent 1) space (r = 0 extent 65536, l = 0 extent 2) schedule affine_map<(d0, d1, d2) -> (d0)> recover affine_map<(d0, d1, d2) -> (d0, d1, d2)> {
    ^bb0(%t: index, %r: index, %l: index):
      %c1 = arith.constant 1 : i32
      channel.write @fits[%r, %l], %c1 : i32
    }
  }
  channel.kernel @k3 {
    spacetime.array @out loops (i = 0 extent 1, r = 0 extent 65536, l = 0 extent 2) time (t = 0 extent 1) space (r = 0 extent 65536, l = 0 extent 2) schedule affine_map<(d0, d1, d2) -> (d0)> recover affine_map<(d0, d1, d2) -> (d0, d1, d2)> {
    ^bb0(%t: index, %r: index, %l: index):
      %v = channel.read @fits[%r, %l] : i32
    }
  }
  spacetime.array @out loops (i = 0 extent 1, r = 0 extent 65537, l = 0 extent 2) time (t = 0 extent 1) space (r = 0 extent 65537, l = 0 extent 2) schedule affine_map<(d0, d1, d2) -> (d0)> recover affine_map<(d0, d1, d2) -> (d0, d1, d2)> {
  ^bb0(%t: index, %r: index, %l: index):
    %i, %rr, %ll = spacetime.recover : index, index, index
    %v = channel.read @big[%r, %l] : i32
    spacetime.output %v to @out[%i, %rr, %ll] : i32
  }
}
