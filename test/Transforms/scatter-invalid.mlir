// Every error of the scatter pass, on hand-written arrays (4 PEs along i,
// 2 steps) that read the input @A.
// RUN: t2s-opt %s --split-input-file --scatter --verify-diagnostics

// The loop must be a space or time loop of the array.
ure.program @p {
  ure.input @A : memref<8xf32>
  ure.input @B : memref<8xi32>
  ure.func @out(i = 0 extent 4, t = 0 extent 2) -> f32 on device
  spacetime.array @out loops (t = 0 extent 2, i = 0 extent 4) time (t = 0 extent 2) space (i = 0 extent 4) schedule affine_map<(t, i) -> (t)> recover affine_map<(t, i) -> (t, i)> {
  ^bb0(%t: index, %i: index):
    %tt, %ii = spacetime.recover : index, index
    %v = ure.load @A(%ii) : f32
    spacetime.output %v to @out[%ii, %tt] : f32
  }
  // expected-error @+1 {{cannot scatter along 'q': it is neither a space loop of @out (i) nor one of its time loops}}
  ure.scatter @out (@A, q, up)
}

// -----

// A serial (time) loop runs upwards: `down` is impossible along it.
ure.program @p {
  ure.input @A : memref<8xf32>
  ure.input @B : memref<8xi32>
  ure.func @out(i = 0 extent 4, t = 0 extent 2) -> f32 on device
  spacetime.array @out loops (t = 0 extent 2, i = 0 extent 4) time (t = 0 extent 2) space (i = 0 extent 4) schedule affine_map<(t, i) -> (t)> recover affine_map<(t, i) -> (t, i)> {
  ^bb0(%t: index, %i: index):
    %tt, %ii = spacetime.recover : index, index
    %v = ure.load @A(%ii) : f32
    spacetime.output %v to @out[%ii, %tt] : f32
  }
  // expected-error @+1 {{cannot scatter along the serial loop 't' down: a serial loop runs its iterations in increasing order, so its values can only be passed up (use 'up')}}
  ure.scatter @out (@A, t, down)
}

// -----

// Nothing to scatter.
ure.program @p {
  ure.input @A : memref<8xf32>
  ure.input @B : memref<8xi32>
  ure.func @out(i = 0 extent 4, t = 0 extent 2) -> f32 on device
  spacetime.array @out loops (t = 0 extent 2, i = 0 extent 4) time (t = 0 extent 2) space (i = 0 extent 4) schedule affine_map<(t, i) -> (t)> recover affine_map<(t, i) -> (t, i)> {
  ^bb0(%t: index, %i: index):
    %tt, %ii = spacetime.recover : index, index
    %v = ure.load @A(%ii) : f32
    spacetime.output %v to @out[%ii, %tt] : f32
  }
  // expected-error @+1 {{@out does not read @B: nothing to scatter}}
  ure.scatter @out (@B, i, up)
}

// -----

// One value per PE: two reads of @A at different elements.
ure.program @p {
  ure.input @A : memref<8xf32>
  ure.input @B : memref<8xi32>
  ure.func @out(i = 0 extent 4, t = 0 extent 2) -> f32 on device
  spacetime.array @out loops (t = 0 extent 2, i = 0 extent 4) time (t = 0 extent 2) space (i = 0 extent 4) schedule affine_map<(t, i) -> (t)> recover affine_map<(t, i) -> (t, i)> {
  ^bb0(%t: index, %i: index):
    %tt, %ii = spacetime.recover : index, index
    // expected-note @+1 {{one read}}
    %v = ure.load @A(%ii) : f32
    // expected-note @+1 {{another read}}
    %w = ure.load @A(%tt) : f32
    %s = arith.addf %v, %w : f32
    spacetime.output %s to @out[%ii, %tt] : f32
  }
  // expected-error @+1 {{@out reads @A with different arguments; scattering passes one value per PE along 'i'}}
  ure.scatter @out (@A, i, up)
}

// -----

// Two reads of the same element are one scattered value.
ure.program @p {
  ure.input @A : memref<8xf32>
  ure.input @B : memref<8xi32>
  ure.func @out(i = 0 extent 4, t = 0 extent 2) -> f32 on device
  spacetime.array @out loops (t = 0 extent 2, i = 0 extent 4) time (t = 0 extent 2) space (i = 0 extent 4) schedule affine_map<(t, i) -> (t)> recover affine_map<(t, i) -> (t, i)> {
  ^bb0(%t: index, %i: index):
    %tt, %ii = spacetime.recover : index, index
    %v = ure.load @A(%ii) : f32
    %tt2, %ii2 = spacetime.recover : index, index
    %w = ure.load @A(%ii2) : f32
    %s = arith.addf %v, %w : f32
    spacetime.output %s to @out[%ii, %tt] : f32
  }
  // expected-remark @+1 {{scattered @A along 'i' (up): only i = 0 reads it}}
  ure.scatter @out (@A, i, up)
}

// -----

// An index computed from data cannot be recomputed for the other PEs.
ure.program @p {
  ure.input @A : memref<8xf32>
  ure.input @B : memref<8xi32>
  ure.func @out(i = 0 extent 4, t = 0 extent 2) -> f32 on device
  spacetime.array @out loops (t = 0 extent 2, i = 0 extent 4) time (t = 0 extent 2) space (i = 0 extent 4) schedule affine_map<(t, i) -> (t)> recover affine_map<(t, i) -> (t, i)> {
  ^bb0(%t: index, %i: index):
    %tt, %ii = spacetime.recover : index, index
    // expected-note @+1 {{computed from data here}}
    %x = ure.load @B(%ii) : i32
    %d = arith.index_cast %x : i32 to index
    // expected-error @+1 {{cannot scatter the read of @A in @out: its condition or index is computed from data}}
    %v = ure.load @A(%d) : f32
    spacetime.output %v to @out[%ii, %tt] : f32
  }
  ure.scatter @out (@A, i, up)
}

// -----

// A condition computed from data, likewise.
ure.program @p {
  ure.input @A : memref<8xf32>
  ure.input @B : memref<8xi32>
  ure.func @out(i = 0 extent 4, t = 0 extent 2) -> f32 on device
  spacetime.array @out loops (t = 0 extent 2, i = 0 extent 4) time (t = 0 extent 2) space (i = 0 extent 4) schedule affine_map<(t, i) -> (t)> recover affine_map<(t, i) -> (t, i)> {
  ^bb0(%t: index, %i: index):
    %tt, %ii = spacetime.recover : index, index
    // expected-note @+1 {{computed from data here}}
    %x = ure.load @B(%ii) : i32
    %z = arith.constant 0 : i32
    %p = arith.cmpi sgt, %x, %z : i32
    scf.if %p {
      // expected-error @+1 {{cannot scatter the read of @A in @out: its condition or index is computed from data}}
      %v = ure.load @A(%ii) : f32
      spacetime.output %v to @out[%ii, %tt] : f32
    }
  }
  ure.scatter @out (@A, i, up)
}

// -----

// A read inside a loop of the PE body.
ure.program @p {
  ure.input @A : memref<8xf32>
  ure.input @B : memref<8xi32>
  ure.func @out(i = 0 extent 4, t = 0 extent 2) -> f32 on device
  spacetime.array @out loops (t = 0 extent 2, i = 0 extent 4) time (t = 0 extent 2) space (i = 0 extent 4) schedule affine_map<(t, i) -> (t)> recover affine_map<(t, i) -> (t, i)> {
  ^bb0(%t: index, %i: index):
    %tt, %ii = spacetime.recover : index, index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    // expected-note @+1 {{inside this region}}
    scf.for %r = %c0 to %c1 step %c1 {
      // expected-note @+1 {{the access}}
      %v = ure.load @A(%ii) : f32
      spacetime.output %v to @out[%ii, %tt] : f32
    }
  }
  // The error is the directive's, with notes at the read and the region.
  // expected-error @+1 {{cannot scatter the read of @A in @out: it is inside a region that is not an scf.if}}
  ure.scatter @out (@A, i, up)
}

// -----

// `down` runs the PEs from the last to the first: a same-step read of
// the previous PE along i would then read a value not yet written.
ure.program @p {
  ure.input @A : memref<8xf32>
  ure.input @B : memref<8xi32>
  ure.func @out(i = 0 extent 4, t = 0 extent 2) -> f32 on device
  %f = spacetime.shift_reg "f" : memref<4x1xf32>
  spacetime.array @out registers(%f : memref<4x1xf32>) loops (t = 0 extent 2, i = 0 extent 4) time (t = 0 extent 2) space (i = 0 extent 4) schedule affine_map<(t, i) -> (t)> recover affine_map<(t, i) -> (t, i)> {
  ^bb0(%t: index, %i: index, %f_in: memref<4x1xf32>):
    %tt, %ii = spacetime.recover : index, index
    %v = ure.load @A(%ii) : f32
    spacetime.write %v, %f_in : memref<4x1xf32>
    // expected-note @+1 {{the same-step read}}
    %w = spacetime.read %f_in [1] delay 0 : memref<4x1xf32>
    spacetime.output %w to @out[%ii, %tt] : f32
  }
  // expected-error @+1 {{cannot chain the PEs along 'i' down: that runs them from the last to the first in a step, and the array reads a neighbour along 'i' in the same step}}
  ure.scatter @out (@A, i, down)
}
