// The errors of spacetime-to-scf on programs isolated into kernels.
// RUN: t2s-opt %s --split-input-file --spacetime-to-scf --verify-diagnostics

ure.program @q {
  ure.input @A : memref<8xi32>
  ure.func @out(i = 0 extent 8) -> i32 on device
  spacetime.array @out loops (i = 0 extent 8, p = 0 extent 1) time (t = 0 extent 8) space (p = 0 extent 1) schedule affine_map<(d0, d1) -> (d0)> recover affine_map<(d0, d1) -> (d0, d1)> {
  ^bb0(%t: index, %p: index):
    %i, %r = spacetime.recover : index, index
    %a = ure.load @A(%i) : i32
    spacetime.output %a to @out[%i] : i32
  }
  channel.kernel @k {
    // expected-error@+1 {{kernel @k holds 'arith.constant'; spacetime-to-scf lowers a kernel made of register files, buffers and one spacetime.array}}
    %c = arith.constant 1 : i32
  }
}

// -----

ure.program @q {
  ure.input @A : memref<8xi32>
  ure.func @out(i = 0 extent 8) -> i32 on device
  spacetime.array @out loops (i = 0 extent 8, p = 0 extent 1) time (t = 0 extent 8) space (p = 0 extent 1) schedule affine_map<(d0, d1) -> (d0)> recover affine_map<(d0, d1) -> (d0, d1)> {
  ^bb0(%t: index, %p: index):
    %i, %r = spacetime.recover : index, index
    %a = ure.load @A(%i) : i32
    spacetime.output %a to @out[%i] : i32
  }
  // expected-error@+1 {{kernel @k holds 2 spacetime.array ops; spacetime-to-scf lowers one per kernel}}
  channel.kernel @k {
    spacetime.array @out loops (i = 0 extent 8, p = 0 extent 1) time (t = 0 extent 8) space (p = 0 extent 1) schedule affine_map<(d0, d1) -> (d0)> recover affine_map<(d0, d1) -> (d0, d1)> {
    ^bb0(%t: index, %p: index):
    }
    spacetime.array @out loops (i = 0 extent 8, p = 0 extent 1) time (t = 0 extent 8) space (p = 0 extent 1) schedule affine_map<(d0, d1) -> (d0)> recover affine_map<(d0, d1) -> (d0, d1)> {
    ^bb0(%t: index, %p: index):
    }
  }
}

// -----

// Once lowered, the program's channel @c is the module's @q.c.
func.func @q.c() {
  return
}
ure.program @q {
  ure.input @A : memref<8xi32>
  ure.func @out(i = 0 extent 8) -> i32 on device
  // expected-error@+1 {{channel @q.c would clash with a symbol of the module once the program is lowered}}
  channel.fifo @c : i32, depth 1
  spacetime.array @out loops (i = 0 extent 8, p = 0 extent 1) time (t = 0 extent 8) space (p = 0 extent 1) schedule affine_map<(d0, d1) -> (d0)> recover affine_map<(d0, d1) -> (d0, d1)> {
  ^bb0(%t: index, %p: index):
    %i, %r = spacetime.recover : index, index
    %a = ure.load @A(%i) : i32
    spacetime.output %a to @out[%i] : i32
  }
}

// -----

// One kernel stores the output: each would zero it while the other stores.
ure.program @two {
  ure.input @A : memref<8xi32>
  ure.func @out(i = 0 extent 8) -> i32 on device
  spacetime.array @out loops (i = 0 extent 8, p = 0 extent 1) time (t = 0 extent 8) space (p = 0 extent 1) schedule affine_map<(d0, d1) -> (d0)> recover affine_map<(d0, d1) -> (d0, d1)> {
  ^bb0(%t: index, %p: index):
    %i, %r = spacetime.recover : index, index
    %a = ure.load @A(%i) : i32
    spacetime.output %a to @out[%i] : i32
  }
  channel.kernel @k {
    // expected-error@+1 {{@out is stored by two kernels, @two and @two.k: one kernel stores the output (the kernels run at the same time)}}
    spacetime.array @out loops (i = 0 extent 8, p = 0 extent 1) time (t = 0 extent 8) space (p = 0 extent 1) schedule affine_map<(d0, d1) -> (d0)> recover affine_map<(d0, d1) -> (d0, d1)> {
    ^bb0(%t: index, %p: index):
      %i, %r = spacetime.recover : index, index
      %a = ure.load @A(%i) : i32
      spacetime.output %a to @out[%i] : i32
    }
  }
}
