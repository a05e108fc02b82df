// Every error of the vectorize pass, on small hand-written arrays.
// RUN: t2s-opt %s --split-input-file --vectorize --verify-diagnostics

// Vectorization applies to the systolic array.
ure.program @p {
  ure.input @A : memref<8xi32>
  ure.func @out(i) -> i32 on device
  ure.def @out(%i) {
    %a = ure.load @A(%i) : i32
    ure.yield %a : i32
  }
  ure.set_bounds @out (i = 0 extent 8)
  // expected-error@+1 {{ure.vectorize needs the space-time transformed program (run space-time-transform first): a vectorized loop is a space loop, its PEs the lanes}}
  ure.vectorize @out (i)
}

// -----

// Only a space loop is a vector of PEs.
ure.program @p {
  ure.input @A : memref<8x4xi32>
  ure.func @out(i = 0 extent 8, p = 0 extent 4) -> i32 on device
  spacetime.array @out loops (i = 0 extent 8, p = 0 extent 4) time (t = 0 extent 8) space (p = 0 extent 4) schedule affine_map<(d0, d1) -> (d0)> recover affine_map<(d0, d1) -> (d0, d1)> {
  ^bb0(%t: index, %p: index):
    %i, %q = spacetime.recover : index, index
    %a = ure.load @A(%i, %q) : i32
    spacetime.output %a to @out[%i, %q] : i32
  }
  // expected-error@+1 {{loop i is not a space loop of @out's array (space loops: p): a vectorized loop is a space loop, its PEs the lanes}}
  ure.vectorize @out (i)
}

// -----

// Vector sizes 2 to 32 (vectorization.md).
ure.program @p {
  ure.input @A : memref<8x33xi32>
  ure.func @out(i = 0 extent 8, p = 0 extent 33) -> i32 on device
  spacetime.array @out loops (i = 0 extent 8, p = 0 extent 33) time (t = 0 extent 8) space (p = 0 extent 33) schedule affine_map<(d0, d1) -> (d0)> recover affine_map<(d0, d1) -> (d0, d1)> {
  ^bb0(%t: index, %p: index):
    %i, %q = spacetime.recover : index, index
    %a = ure.load @A(%i, %q) : i32
    spacetime.output %a to @out[%i, %q] : i32
  }
  // expected-error@+1 {{loop p has extent 33: vectorized loops have 2 to 32 lanes}}
  ure.vectorize @out (p)
}

// -----

ure.program @p {
  ure.input @A : memref<8x1xi32>
  ure.func @out(i = 0 extent 8, p = 0 extent 1) -> i32 on device
  spacetime.array @out loops (i = 0 extent 8, p = 0 extent 1) time (t = 0 extent 8) space (p = 0 extent 1) schedule affine_map<(d0, d1) -> (d0)> recover affine_map<(d0, d1) -> (d0, d1)> {
  ^bb0(%t: index, %p: index):
    %i, %q = spacetime.recover : index, index
    %a = ure.load @A(%i, %q) : i32
    spacetime.output %a to @out[%i, %q] : i32
  }
  // expected-error@+1 {{loop p has extent 1: vectorized loops have 2 to 32 lanes}}
  ure.vectorize @out (p)
}

// -----

// Directives follow the representative of the merge.
ure.program @p {
  ure.input @A : memref<8x4xi32>
  ure.func @out(i = 0 extent 8, p = 0 extent 4) -> i32 on device
  ure.func @other(i, p) -> i32 on device
  spacetime.array @out loops (i = 0 extent 8, p = 0 extent 4) time (t = 0 extent 8) space (p = 0 extent 4) schedule affine_map<(d0, d1) -> (d0)> recover affine_map<(d0, d1) -> (d0, d1)> {
  ^bb0(%t: index, %p: index):
    %i, %q = spacetime.recover : index, index
    %a = ure.load @A(%i, %q) : i32
    spacetime.output %a to @out[%i, %q] : i32
  }
  // expected-error@+1 {{@other is not the representative of the merge; give vectorize to @out}}
  ure.vectorize @other (p)
}

// -----

// A second directive naming a merged Func is misplaced too (it was
// reported as "the array is already vectorized").
ure.program @p {
  ure.input @A : memref<8x4xi32>
  ure.func @out(i = 0 extent 8, p = 0 extent 4) -> i32 on device
  ure.func @other(i, p) -> i32 on device
  spacetime.array @out loops (i = 0 extent 8, p = 0 extent 4) time (t = 0 extent 8) space (p = 0 extent 4) schedule affine_map<(d0, d1) -> (d0)> recover affine_map<(d0, d1) -> (d0, d1)> {
  ^bb0(%t: index, %p: index):
    %i, %q = spacetime.recover : index, index
    %a = ure.load @A(%i, %q) : i32
    spacetime.output %a to @out[%i, %q] : i32
  }
  // expected-remark@+1 {{loop p vectorized}}
  ure.vectorize @out (p)
  // expected-error@+1 {{@other is not the representative of the merge; give vectorize to @out}}
  ure.vectorize @other (i)
}

// -----

ure.program @p {
  ure.input @A : memref<8x4xi32>
  ure.func @out(i = 0 extent 8, p = 0 extent 4) -> i32 on device
  spacetime.array @out loops (i = 0 extent 8, p = 0 extent 4) time (t = 0 extent 8) space (p = 0 extent 4) schedule affine_map<(d0, d1) -> (d0)> recover affine_map<(d0, d1) -> (d0, d1)> {
  ^bb0(%t: index, %p: index):
    %i, %q = spacetime.recover : index, index
    %a = ure.load @A(%i, %q) : i32
    spacetime.output %a to @out[%i, %q] : i32
  }
  // expected-note@+1 {{first vectorized here}}
  ure.vectorize @out (p)
  // expected-error@+1 {{loop p is vectorized twice}}
  ure.vectorize @out (p)
}

// -----

// 32 x 32 x 2 lanes: more than one vector holds.
ure.program @p {
  ure.input @A : memref<32x32x2xi32>
  ure.func @out(p = 0 extent 32, q = 0 extent 32, r = 0 extent 2, i = 0 extent 2) -> i32 on device
  spacetime.array @out loops (i = 0 extent 2, p = 0 extent 32, q = 0 extent 32, r = 0 extent 2) time (t = 0 extent 2) space (p = 0 extent 32, q = 0 extent 32, r = 0 extent 2) schedule affine_map<(d0, d1, d2, d3) -> (d0)> recover affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)> {
  ^bb0(%t: index, %p: index, %q: index, %r: index):
    %i, %p1, %q1, %r1 = spacetime.recover : index, index, index, index
    %a = ure.load @A(%p1, %q1, %r1) : i32
    spacetime.output %a to @out[%p1, %q1, %r1, %i] : i32
  }
  // expected-error@+1 {{2048 lanes in one vector: at most 1024}}
  ure.vectorize @out (p, q, r)
}

// -----

// Lanes that share a channel element must access it in the PEs' order:
// every PE (p, q) reads the one channel @c, in PE order (p, q); as lanes of
// p inside a loop over q they would read in the order (q, p).
ure.program @p {
  ure.input @A : memref<8x4x2xi32>
  ure.func @out(i = 0 extent 8, p = 0 extent 4, q = 0 extent 2) -> i32 on device
  channel.fifo @c : i32, depth 2
  channel.kernel @k {
    spacetime.array @out loops (i = 0 extent 8, p = 0 extent 4, q = 0 extent 2) time (t = 0 extent 8) space (p = 0 extent 4, q = 0 extent 2) schedule affine_map<(d0, d1, d2) -> (d0)> recover affine_map<(d0, d1, d2) -> (d0, d1, d2)> {
    ^bb0(%t: index, %p: index, %q: index):
      %i, %a, %b = spacetime.recover : index, index, index
      %x = ure.load @A(%i, %a, %b) : i32
      channel.write @c, %x : i32
    }
  }
  spacetime.array @out loops (i = 0 extent 8, p = 0 extent 4, q = 0 extent 2) time (t = 0 extent 8) space (p = 0 extent 4, q = 0 extent 2) schedule affine_map<(d0, d1, d2) -> (d0)> recover affine_map<(d0, d1, d2) -> (d0, d1, d2)> {
  ^bb0(%t: index, %p: index, %q: index):
    %i, %a, %b = spacetime.recover : index, index, index
    // expected-error@+1 {{vectorize: the lanes along p share the elements of channel @c (no index is p) and would access them in another order than the PEs: vectorized, the PEs along q run in a loop around the lanes along p, and no index tells them apart either}}
    %x = channel.read @c : i32
    spacetime.output %x to @out[%i, %a, %b] : i32
  }
  // expected-note@+1 {{vectorized here}}
  ure.vectorize @out (p)
}

// -----

// Two reads of one channel in a step: each would run for every lane before
// the other, where a PE makes both reads before the next PE.
ure.program @p {
  ure.input @A : memref<8x4xi32>
  ure.func @out(i = 0 extent 8, p = 0 extent 4) -> i32 on device
  channel.fifo @c : i32, depth 2
  channel.kernel @k {
    spacetime.array @out loops (i = 0 extent 8, p = 0 extent 4) time (t = 0 extent 8) space (p = 0 extent 4) schedule affine_map<(d0, d1) -> (d0)> recover affine_map<(d0, d1) -> (d0, d1)> {
    ^bb0(%t: index, %p: index):
      %i, %q = spacetime.recover : index, index
      %x = ure.load @A(%i, %q) : i32
      channel.write @c, %x : i32
      channel.write @c, %x : i32
    }
  }
  spacetime.array @out loops (i = 0 extent 8, p = 0 extent 4) time (t = 0 extent 8) space (p = 0 extent 4) schedule affine_map<(d0, d1) -> (d0)> recover affine_map<(d0, d1) -> (d0, d1)> {
  ^bb0(%t: index, %p: index):
    %i, %q = spacetime.recover : index, index
    // expected-error@+1 {{vectorize: the lanes along p share the elements of channel @c (no index is p) and would access them in another order than the PEs: the array accesses @c 2 times in a step, and each access runs for every lane before the next one}}
    %x = channel.read @c : i32
    %y = channel.read @c : i32
    %z = arith.addi %x, %y : i32
    spacetime.output %z to @out[%i, %q] : i32
  }
  // expected-note@+1 {{vectorized here}}
  ure.vectorize @out (p)
}

// -----

// A descending loop's PEs run from the last to the first; lanes ascend.
ure.program @p {
  ure.input @A : memref<8x4xi32>
  ure.func @out(i = 0 extent 8, p = 0 extent 4) -> i32 on device
  channel.fifo @c : i32, depth 2
  channel.kernel @k {
    spacetime.array @out loops (i = 0 extent 8, p = 0 extent 4) time (t = 0 extent 8) space (p = 0 extent 4) schedule affine_map<(d0, d1) -> (d0)> recover affine_map<(d0, d1) -> (d0, d1)> {
    ^bb0(%t: index, %p: index):
      %i, %q = spacetime.recover : index, index
      %x = ure.load @A(%i, %q) : i32
      channel.write @c, %x : i32
    }
  }
  spacetime.array @out loops (i = 0 extent 8, p = 0 extent 4) time (t = 0 extent 8) space (p = 0 extent 4) descending ["p"] schedule affine_map<(d0, d1) -> (d0)> recover affine_map<(d0, d1) -> (d0, d1)> {
  ^bb0(%t: index, %p: index):
    %i, %q = spacetime.recover : index, index
    // expected-error@+1 {{vectorize: the lanes along p share the elements of channel @c (no index is p) and would access them in another order than the PEs: the PEs along p run in descending order, the lanes in ascending order}}
    %x = channel.read @c : i32
    spacetime.output %x to @out[%i, %q] : i32
  }
  // expected-note@+1 {{vectorized here}}
  ure.vectorize @out (p)
}

// -----

// A lane reads one value of a channel of scalars.
ure.program @p {
  ure.input @A : memref<8x4xi32>
  ure.func @out(i = 0 extent 8, p = 0 extent 4) -> i32 on device
  channel.fifo @c [4] : vector<2xi32>, depth 2
  channel.kernel @k {
    spacetime.array @out loops (i = 0 extent 8, p = 0 extent 4) time (t = 0 extent 8) space (p = 0 extent 4) schedule affine_map<(d0, d1) -> (d0)> recover affine_map<(d0, d1) -> (d0, d1)> {
    ^bb0(%t: index, %p: index):
      %i, %q = spacetime.recover : index, index
      %x = ure.load @A(%i, %q) : i32
      %v = vector.broadcast %x : i32 to vector<2xi32>
      channel.write @c[%p], %v : vector<2xi32>
    }
  }
  spacetime.array @out loops (i = 0 extent 8, p = 0 extent 4) time (t = 0 extent 8) space (p = 0 extent 4) schedule affine_map<(d0, d1) -> (d0)> recover affine_map<(d0, d1) -> (d0, d1)> {
  ^bb0(%t: index, %p: index):
    %i, %q = spacetime.recover : index, index
    // expected-error@+1 {{vectorize: a read of vector<2xi32> has no lane-wise form: every lane reads one value of a channel of scalars}}
    %v = channel.read @c[%p] : vector<2xi32>
    %x = vector.extract %v[0] : i32 from vector<2xi32>
    spacetime.output %x to @out[%i, %q] : i32
  }
  ure.vectorize @out (p)
}

// -----

// A kernel's array is vectorized once isolation has made it.
ure.program @p {
  ure.input @A : memref<8xi32>
  ure.func @out(i) -> i32 on device
  // expected-error@+1 {{kernel @k holds no spacetime.array to vectorize}}
  ure.vectorize @k (i)
  channel.kernel @k {
  }
}
