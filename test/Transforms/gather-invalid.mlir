// Every error of the gather pass, on hand-written kernels (4 PEs along i,
// 2 steps) whose channel reads of @out a PE chain could not pass on.
// RUN: t2s-opt %s --split-input-file --gather --verify-diagnostics

// The loop must be a space loop of the kernel.
ure.program @p {
  ure.func @out(i = 0 extent 4, t = 0 extent 2) -> f32 on device
  channel.fifo @c [4] : f32, depth 2
  channel.kernel @w {
    spacetime.array @out loops (t = 0 extent 2, i = 0 extent 4) time (t = 0 extent 2) space (i = 0 extent 4) schedule affine_map<(t, i) -> (t)> recover affine_map<(t, i) -> (t, i)> {
    ^bb0(%t: index, %i: index):
      %x = arith.constant 1.0 : f32
      channel.write @c[%i], %x : f32
    }
  }
  channel.kernel @k {
    spacetime.array @out loops (t = 0 extent 2, i = 0 extent 4) time (t = 0 extent 2) space (i = 0 extent 4) schedule affine_map<(t, i) -> (t)> recover affine_map<(t, i) -> (t, i)> {
    ^bb0(%t: index, %i: index):
      %tt, %ii = spacetime.recover : index, index
      %v = channel.read @c[%i] : f32
      spacetime.output %v to @out[%ii, %tt] : f32
    }
  }
  // expected-error @+1 {{cannot gather along 't': it is not a space loop of @k (its space loops: i)}}
  ure.gather @k (@out, t, down)
}

// -----

// Gathering applies to the space-time transformed program.
ure.program @p {
  ure.func @out(i) -> f32 on device
  ure.def @out(%i) {
    %c = arith.constant 1.0 : f32
    ure.yield %c : f32
  }
  // expected-error @+1 {{gather applies to the systolic array: run space-time-transform first}}
  ure.gather @out (@out, i, down)
}

// -----

// A Func target must be the representative of the program's array.
ure.program @p {
  ure.func @out(i, t) -> f32 on device
  ure.func @g(i, t) -> f32 on device
  spacetime.array @out loops (t = 0 extent 2, i = 0 extent 4) time (t = 0 extent 2) space (i = 0 extent 4) schedule affine_map<(t, i) -> (t)> recover affine_map<(t, i) -> (t, i)> {
  ^bb0(%t: index, %i: index):
  }
  channel.kernel @k {
    spacetime.array @out loops (t = 0 extent 2, i = 0 extent 4) time (t = 0 extent 2) space (i = 0 extent 4) schedule affine_map<(t, i) -> (t)> recover affine_map<(t, i) -> (t, i)> {
    ^bb0(%t: index, %i: index):
      %tt, %ii = spacetime.recover : index, index
    }
  }
  // expected-error @+1 {{@g is neither a kernel of the program nor the representative of its array (@out)}}
  ure.gather @g (@out, i, down)
}

// -----

// The kernel must receive @out through a channel.
ure.program @p {
  ure.func @out(i = 0 extent 4, t = 0 extent 2) -> f32 on device
  channel.kernel @k {
    spacetime.array @out loops (t = 0 extent 2, i = 0 extent 4) time (t = 0 extent 2) space (i = 0 extent 4) schedule affine_map<(t, i) -> (t)> recover affine_map<(t, i) -> (t, i)> {
    ^bb0(%t: index, %i: index):
      %tt, %ii = spacetime.recover : index, index
      %v = arith.constant 0.0 : f32
      spacetime.output %v to @out[%ii, %tt] : f32
    }
  }
  // expected-error @+1 {{@k reads no value of @out from a channel: gather the kernel that receives @out}}
  ure.gather @k (@out, i, down)
}

// -----

// One read per PE: two reads that both feed the store of @out are ambiguous.
ure.program @p {
  ure.func @out(i = 0 extent 4, t = 0 extent 2) -> f32 on device
  channel.fifo @c [4] : f32, depth 2
  channel.fifo @c2 [4] : f32, depth 2
  channel.kernel @w {
    spacetime.array @out loops (t = 0 extent 2, i = 0 extent 4) time (t = 0 extent 2) space (i = 0 extent 4) schedule affine_map<(t, i) -> (t)> recover affine_map<(t, i) -> (t, i)> {
    ^bb0(%t: index, %i: index):
      %x = arith.constant 1.0 : f32
      channel.write @c[%i], %x : f32
      channel.write @c2[%i], %x : f32
    }
  }
  channel.kernel @k {
    spacetime.array @out loops (t = 0 extent 2, i = 0 extent 4) time (t = 0 extent 2) space (i = 0 extent 4) schedule affine_map<(t, i) -> (t)> recover affine_map<(t, i) -> (t, i)> {
    ^bb0(%t: index, %i: index):
      %tt, %ii = spacetime.recover : index, index
      // expected-note @+1 {{a read of it}}
      %v = channel.read @c[%i] : f32
      // expected-note @+1 {{a read of it}}
      %w = channel.read @c2[%i] : f32
      spacetime.output %v to @out[%ii, %tt] : f32
      spacetime.output %w to @out[%ii, %tt] : f32
    }
  }
  // expected-error @+1 {{@k reads @out's values from channels 2 times; gathering passes one read per PE along the chain}}
  ure.gather @k (@out, i, down)
}

// -----

// A condition computed from data: the chain cannot know when PEs send.
ure.program @p {
  ure.func @out(i = 0 extent 4, t = 0 extent 2) -> f32 on device
  channel.fifo @c [4] : f32, depth 2
  channel.fifo @c2 [4] : f32, depth 2
  channel.kernel @w {
    spacetime.array @out loops (t = 0 extent 2, i = 0 extent 4) time (t = 0 extent 2) space (i = 0 extent 4) schedule affine_map<(t, i) -> (t)> recover affine_map<(t, i) -> (t, i)> {
    ^bb0(%t: index, %i: index):
      %x = arith.constant 1.0 : f32
      channel.write @c[%i], %x : f32
      channel.write @c2[%i], %x : f32
    }
  }
  channel.kernel @k {
    spacetime.array @out loops (t = 0 extent 2, i = 0 extent 4) time (t = 0 extent 2) space (i = 0 extent 4) schedule affine_map<(t, i) -> (t)> recover affine_map<(t, i) -> (t, i)> {
    ^bb0(%t: index, %i: index):
      %tt, %ii = spacetime.recover : index, index
      // expected-note @+1 {{computed from data here}}
      %d = channel.read @c[%i] : f32
      %z = arith.constant 0.0 : f32
      %p = arith.cmpf ogt, %d, %z : f32
      scf.if %p {
        // expected-note @+1 {{the access}}
        %v = channel.read @c2[%i] : f32
        spacetime.output %v to @out[%ii, %tt] : f32
      }
    }
  }
  // The error is the directive's.
  // expected-error @+1 {{cannot gather the read of @out in @k: it runs under a condition computed from data}}
  ure.gather @k (@out, i, down)
}

// -----

// A read inside a loop of the PE body.
ure.program @p {
  ure.func @out(i = 0 extent 4, t = 0 extent 2) -> f32 on device
  channel.fifo @c [4] : f32, depth 2
  channel.kernel @w {
    spacetime.array @out loops (t = 0 extent 2, i = 0 extent 4) time (t = 0 extent 2) space (i = 0 extent 4) schedule affine_map<(t, i) -> (t)> recover affine_map<(t, i) -> (t, i)> {
    ^bb0(%t: index, %i: index):
      %x = arith.constant 1.0 : f32
      channel.write @c[%i], %x : f32
    }
  }
  channel.kernel @k {
    spacetime.array @out loops (t = 0 extent 2, i = 0 extent 4) time (t = 0 extent 2) space (i = 0 extent 4) schedule affine_map<(t, i) -> (t)> recover affine_map<(t, i) -> (t, i)> {
    ^bb0(%t: index, %i: index):
      %tt, %ii = spacetime.recover : index, index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      // expected-note @+1 {{inside this region}}
      scf.for %r = %c0 to %c1 step %c1 {
        // expected-note @+1 {{the access}}
        %v = channel.read @c[%i] : f32
        spacetime.output %v to @out[%ii, %tt] : f32
      }
    }
  }
  // The error is the directive's.
  // expected-error @+1 {{cannot gather the read of @out in @k: it is inside a region that is not an scf.if}}
  ure.gather @k (@out, i, down)
}

// -----

// The value read must go straight to the store of @out.
ure.program @p {
  ure.func @out(i = 0 extent 4, t = 0 extent 2) -> f32 on device
  channel.fifo @c [4] : f32, depth 2
  channel.kernel @w {
    spacetime.array @out loops (t = 0 extent 2, i = 0 extent 4) time (t = 0 extent 2) space (i = 0 extent 4) schedule affine_map<(t, i) -> (t)> recover affine_map<(t, i) -> (t, i)> {
    ^bb0(%t: index, %i: index):
      %x = arith.constant 1.0 : f32
      channel.write @c[%i], %x : f32
    }
  }
  channel.kernel @k {
    spacetime.array @out loops (t = 0 extent 2, i = 0 extent 4) time (t = 0 extent 2) space (i = 0 extent 4) schedule affine_map<(t, i) -> (t)> recover affine_map<(t, i) -> (t, i)> {
    ^bb0(%t: index, %i: index):
      %tt, %ii = spacetime.recover : index, index
      // expected-error @+1 {{cannot gather the read of @out in @k: its value must go to one spacetime.output of @out (it has 2 uses)}}
      %v = channel.read @c[%i] : f32
      %w = arith.negf %v : f32
      spacetime.output %v to @out[%ii, %tt] : f32
    }
  }
  ure.gather @k (@out, i, down)
}

// -----

// A store already made on behalf of another PE.
ure.program @p {
  ure.func @out(i = 0 extent 4, t = 0 extent 2) -> f32 on device
  channel.fifo @c [4] : f32, depth 2
  channel.kernel @w {
    spacetime.array @out loops (t = 0 extent 2, i = 0 extent 4) time (t = 0 extent 2) space (i = 0 extent 4) schedule affine_map<(t, i) -> (t)> recover affine_map<(t, i) -> (t, i)> {
    ^bb0(%t: index, %i: index):
      %x = arith.constant 1.0 : f32
      channel.write @c[%i], %x : f32
    }
  }
  channel.kernel @k {
    spacetime.array @out loops (t = 0 extent 2, i = 0 extent 4) time (t = 0 extent 2) space (i = 0 extent 4) schedule affine_map<(t, i) -> (t)> recover affine_map<(t, i) -> (t, i)> {
    ^bb0(%t: index, %i: index):
      %tt, %ii = spacetime.recover : index, index
      %v = channel.read @c[%i] : f32
      // expected-error @+1 {{cannot gather this store of @out: it already has a mask or stores for another PE}}
      spacetime.output %v to @out[%ii, %tt] at(%t, %i : index, index) : f32
    }
  }
  ure.gather @k (@out, i, down)
}

// -----

// Store indices computed from data cannot be recomputed for PE t.
ure.program @p {
  ure.func @out(i = 0 extent 4, t = 0 extent 2) -> f32 on device
  channel.fifo @c [4] : f32, depth 2
  channel.fifo @c2 [4] : index, depth 2
  channel.kernel @w {
    spacetime.array @out loops (t = 0 extent 2, i = 0 extent 4) time (t = 0 extent 2) space (i = 0 extent 4) schedule affine_map<(t, i) -> (t)> recover affine_map<(t, i) -> (t, i)> {
    ^bb0(%t: index, %i: index):
      %x = arith.constant 1.0 : f32
      channel.write @c[%i], %x : f32
      %y = arith.constant 1 : index
      channel.write @c2[%i], %y : index
    }
  }
  channel.kernel @k {
    spacetime.array @out loops (t = 0 extent 2, i = 0 extent 4) time (t = 0 extent 2) space (i = 0 extent 4) schedule affine_map<(t, i) -> (t)> recover affine_map<(t, i) -> (t, i)> {
    ^bb0(%t: index, %i: index):
      %tt, %ii = spacetime.recover : index, index
      %v = channel.read @c[%i] : f32
      // expected-note @+1 {{computed from data here}}
      %d = channel.read @c2[%i] : index
      // expected-error @+1 {{cannot gather this store of @out: its indices or mask are not computed from the PE's coordinates alone}}
      spacetime.output %v to @out[%d, %tt] : f32
    }
  }
  ure.gather @k (@out, i, down)
}

// -----

// Along an unrolled loop of a vectorized array, the lanes' mask must be
// computed from the coordinates: the PEs along the chain recompute it.
ure.program @p {
  ure.func @out(i = 0 extent 4, j = 0 extent 2, t = 0 extent 2) -> f32 on device
  channel.fifo @c [4, 2] : f32, depth 2
  channel.fifo @d [4, 2] : f32, depth 2
  channel.kernel @w {
    spacetime.array @out loops (t = 0 extent 2, i = 0 extent 4, j = 0 extent 2) time (t = 0 extent 2) space (i = 0 extent 4, j = 0 extent 2) schedule affine_map<(t, i, j) -> (t)> recover affine_map<(t, i, j) -> (t, i, j)> {
    ^bb0(%t: index, %i: index, %j: index):
      %x = arith.constant 1.0 : f32
      channel.write @c[%i, %j], %x : f32
      channel.write @d[%i, %j], %x : f32
    }
  }
  channel.kernel @k {
    spacetime.array @out loops (t = 0 extent 2, i = 0 extent 4, j = 0 extent 2) time (t = 0 extent 2) space (i = 0 extent 4, j = 0 extent 2) schedule affine_map<(t, i, j) -> (t)> recover affine_map<(t, i, j) -> (t, i, j)> {
    ^bb0(%t: index, %i: index, %j: vector<2xindex>):
      %tt, %ii, %jj = spacetime.recover : index, index, vector<2xindex>
      // expected-note @+1 {{computed from data here}}
      %d = channel.read_lanes @d[%i, %j] : vector<2xf32> indices index, vector<2xindex>
      %zero = arith.constant dense<0.0> : vector<2xf32>
      %m = arith.cmpf ogt, %d, %zero : vector<2xf32>
      // expected-note @+1 {{the access}}
      %v = channel.read_lanes @c[%i, %j] if %m : vector<2xf32> indices index, vector<2xindex>
      spacetime.output %v to @out[%ii, %jj, %tt] if %m : vector<2xf32> indices index, vector<2xindex>, index
    }
  }
  // The error is the directive's.
  // expected-error @+1 {{cannot gather the read of @out}}
  ure.gather @k (@out, i, down)
}

// -----

// Along a vectorized loop, the lanes' read of @out must go to its store.
ure.program @p {
  ure.func @out(i = 0 extent 4, t = 0 extent 2) -> f32 on device
  channel.fifo @c [4] : f32, depth 2
  channel.kernel @w {
    spacetime.array @out loops (t = 0 extent 2, i = 0 extent 4) time (t = 0 extent 2) space (i = 0 extent 4) schedule affine_map<(t, i) -> (t)> recover affine_map<(t, i) -> (t, i)> {
    ^bb0(%t: index, %i: index):
      %x = arith.constant 1.0 : f32
      channel.write @c[%i], %x : f32
    }
  }
  channel.kernel @k {
    spacetime.array @out loops (t = 0 extent 2, i = 0 extent 4) time (t = 0 extent 2) space (i = 0 extent 4) schedule affine_map<(t, i) -> (t)> recover affine_map<(t, i) -> (t, i)> {
    ^bb0(%t: index, %i: vector<4xindex>):
      %tt, %ii = spacetime.recover : index, vector<4xindex>
      // expected-error @+1 {{cannot gather the read of @out in @k: its value must go to one spacetime.output of @out (it has 2 uses)}}
      %v = channel.read_lanes @c[%i] : vector<4xf32> indices vector<4xindex>
      %w = arith.negf %v : vector<4xf32>
      spacetime.output %v to @out[%ii, %tt] : vector<4xf32> indices vector<4xindex>, index
    }
  }
  ure.gather @k (@out, i, down)
}

// -----

// Along a vectorized loop: the kernel must read @out's values lane-wise.
ure.program @p {
  ure.func @out(i = 0 extent 4, t = 0 extent 2) -> f32 on device
  channel.kernel @k {
    spacetime.array @out loops (t = 0 extent 2, i = 0 extent 4) time (t = 0 extent 2) space (i = 0 extent 4) schedule affine_map<(t, i) -> (t)> recover affine_map<(t, i) -> (t, i)> {
    ^bb0(%t: index, %i: vector<4xindex>):
      %tt, %ii = spacetime.recover : index, vector<4xindex>
      %x = arith.constant dense<1.0> : vector<4xf32>
      spacetime.output %x to @out[%ii, %tt] : vector<4xf32> indices vector<4xindex>, index
    }
  }
  // expected-error @+1 {{@k reads no value of @out from a channel: gather the kernel that receives @out (e.g. the drainer of 'ure.isolate_consumer @out')}}
  ure.gather @k (@out, i, down)
}
