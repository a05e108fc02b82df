// Round trip of every spacetime op, in custom and generic form.
// RUN: t2s-opt %s --split-input-file | t2s-opt --split-input-file | FileCheck %s
// RUN: t2s-opt %s --split-input-file --mlir-print-op-generic | t2s-opt --split-input-file | FileCheck %s
// RUN: t2s-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: %if mlir-opt-plugin %{ %mlir_opt_plugin %s --split-input-file | %mlir_opt_plugin --split-input-file | FileCheck %s %}

// A 1-D array: y(i) = sum_j A(i, j), PE i at time t = i + j; the partial sum
// moves along time in PE i's own register file (offset 0, delay 1).
// CHECK-LABEL: ure.program @rowsum
// CHECK:         ure.func @out(i = 0 extent 4) -> f32
// CHECK-NEXT:    %[[R:.*]] = spacetime.shift_reg "acc" : memref<4x2xf32>
// CHECK-NEXT:    spacetime.array @acc registers(%[[R]] : memref<4x2xf32>) loops (j = 0 extent 4, i = 0 extent 4) time (t = 0 extent 7) space (i = 0 extent 4) schedule #{{.*}} recover #{{.*}} {
// CHECK-NEXT:    ^bb0(%t: index, %i: index, %[[RIN:.*]]: memref<4x2xf32>
// CHECK-NEXT:      %[[J:.*]], %[[I:.*]] = spacetime.recover : index, index
// CHECK-NEXT:      %[[ON:.*]] = spacetime.scheduled
// CHECK-NEXT:      scf.if %[[ON]] {
// CHECK-NEXT:        %[[A:.*]] = ure.load @A(%[[I]], %[[J]]) : f32
// CHECK-NEXT:        %[[P:.*]] = spacetime.read %[[RIN]] [0] delay 1 : memref<4x2xf32>
// CHECK-NEXT:        %[[S:.*]] = arith.addf %[[A]], %[[P]] : f32
// CHECK-NEXT:        spacetime.write %[[S]], %[[RIN]] : memref<4x2xf32>
// CHECK-NEXT:        spacetime.output %[[S]] to @out[%[[I]]] : f32
// GENERIC: "spacetime.shift_reg"() <{name = "acc"}> : () -> memref<4x2xf32>
// GENERIC: "spacetime.array"(%{{.*}}) <{extents = [4, 4], loops = ["j", "i"], mins = array<i64: 0, 0>, recover = #{{.*}}, representative = @acc, schedule = #{{.*}}, space_extents = [4], space_loops = ["i"], space_mins = array<i64: 0>, time_extents = [7], time_loops = ["t"], time_mins = array<i64: 0>}>
// GENERIC: "spacetime.recover"() : () -> (index, index)
// GENERIC: "spacetime.scheduled"() : () -> i1
// GENERIC: "spacetime.read"(%{{.*}}) <{delay = 1 : i64, offset = array<i64: 0>}> : (memref<4x2xf32>) -> f32
// GENERIC: "spacetime.write"(%{{.*}}, %{{.*}}) : (f32, memref<4x2xf32>) -> ()
// GENERIC: "spacetime.output"(%{{.*}}, %{{.*}}) <{func = @out, operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (f32, index) -> ()
ure.program @rowsum {
  ure.func @acc(j, i) -> f32
  ure.input @A : memref<4x4xf32>
  ure.func @out(i = 0 extent 4) -> f32
  %r = spacetime.shift_reg "acc" : memref<4x2xf32>
  spacetime.array @acc registers(%r : memref<4x2xf32>) loops (j = 0 extent 4, i = 0 extent 4) time (t = 0 extent 7) space (i = 0 extent 4)
      schedule affine_map<(d0, d1) -> (d0 + d1)> recover affine_map<(d0, d1) -> (d0 - d1, d1)> {
  ^bb0(%t: index, %pi: index, %r_in: memref<4x2xf32>):
    %j, %i = spacetime.recover : index, index
    %on = spacetime.scheduled
    scf.if %on {
      %a = ure.load @A(%i, %j) : f32
      %prev = spacetime.read %r_in [0] delay 1 : memref<4x2xf32>
      %s = arith.addf %a, %prev : f32
      spacetime.write %s, %r_in : memref<4x2xf32>
      spacetime.output %s to @out[%i] : f32
    }
  }
}

// -----

// A 2-D dataflow array with a same-step read of the PE before (delay 0,
// offset (0, 1)), a two-result output, and a register file with a leading
// label of any text.
// CHECK-LABEL: ure.program @pairs
// CHECK:         spacetime.shift_reg "x.1" : memref<2x3x1xi32>
// CHECK:         spacetime.read %{{.*}} [0, 1] delay 0 : memref<2x3x1xi32>
// CHECK:         spacetime.output %{{.*}}, %{{.*}} to @out[%{{.*}}, %{{.*}}] : i32, f32
ure.program @pairs {
  ure.func @x(k, i, j) -> f32
  ure.func @out(i = 0 extent 2, j = 0 extent 3) -> (i32, f32)
  %x = spacetime.shift_reg "x.1" : memref<2x3x1xi32>
  spacetime.array @x registers(%x : memref<2x3x1xi32>) loops (k = 0 extent 5, i = 0 extent 2, j = 0 extent 3) time (k = 0 extent 5) space (i = 0 extent 2, j = 0 extent 3)
      schedule affine_map<(d0, d1, d2) -> (d0)> recover affine_map<(d0, d1, d2) -> (d0, d1, d2)> {
  ^bb0(%kk: index, %pi: index, %pj: index, %x_in: memref<2x3x1xi32>):
    %k, %i, %j = spacetime.recover : index, index, index
    %left = spacetime.read %x_in [0, 1] delay 0 : memref<2x3x1xi32>
    %one = arith.constant 1 : i32
    %v = arith.addi %left, %one : i32
    spacetime.write %v, %x_in : memref<2x3x1xi32>
    %f = arith.sitofp %v : i32 to f32
    %on = spacetime.scheduled
    scf.if %on {
      spacetime.output %v, %f to @out[%i, %j] : i32, f32
    }
  }
}

// -----

// A register file shifted on writes, read by writes back.
// CHECK-LABEL: ure.program @onwrite
// CHECK:         %[[R:.*]] = spacetime.shift_reg "acc" on_write : memref<4x1xf32>
// CHECK:         ^bb0(%{{.*}}: index, %{{.*}}: index, %[[RIN:.*]]: memref<4x1xf32>
// CHECK:         spacetime.read %[[RIN]] [0] writes 0 : memref<4x1xf32>
// GENERIC: "spacetime.shift_reg"() <{name = "acc", on_write}> : () -> memref<4x1xf32>
// GENERIC: "spacetime.read"(%{{.*}}) <{offset = array<i64: 0>, writes = 0 : i64}> : (memref<4x1xf32>) -> f32
ure.program @onwrite {
  ure.func @acc(j, i) -> f32
  ure.input @A : memref<4x4xf32>
  ure.func @out(i = 0 extent 4) -> f32
  %r = spacetime.shift_reg "acc" on_write : memref<4x1xf32>
  spacetime.array @acc registers(%r : memref<4x1xf32>) loops (j = 0 extent 4, i = 0 extent 4) time (t = 0 extent 7) space (i = 0 extent 4)
      schedule affine_map<(d0, d1) -> (d0 + d1)> recover affine_map<(d0, d1) -> (d0 - d1, d1)> {
  ^bb0(%t: index, %pi: index, %r_in: memref<4x1xf32>):
    %j, %i = spacetime.recover : index, index
    %on = spacetime.scheduled
    scf.if %on {
      %a = ure.load @A(%i, %j) : f32
      %prev = spacetime.read %r_in [0] writes 0 : memref<4x1xf32>
      %s = arith.addf %a, %prev : f32
      spacetime.write %s, %r_in : memref<4x1xf32>
      spacetime.output %s to @out[%i] : f32
    }
  }
}

// -----

// Register files are ordinary values: they may live in a func.func, and
// each allocation is kept (it has an allocation effect).
// RUN: t2s-opt %s --split-input-file --canonicalize --cse | FileCheck %s --check-prefix=EFFECTS
// EFFECTS-LABEL: func.func @effects
// EFFECTS-COUNT-2: spacetime.shift_reg "x"
func.func @effects() -> (memref<4x1xf32>, memref<4x1xf32>) {
  %a = spacetime.shift_reg "x" : memref<4x1xf32>
  %b = spacetime.shift_reg "x" : memref<4x1xf32>
  return %a, %b : memref<4x1xf32>, memref<4x1xf32>
}

// -----

// Symbolic extents: an affine time extent, a space loop of parameter extent
// unrolled to its max, and a read with a delay per time loop.
// CHECK-LABEL: ure.program @symbolic
// CHECK:         ure.param @I max 4
// CHECK:         spacetime.array @A registers(%{{.*}} : memref<4x31xi32>) loops (k = 0 extent @K, j = 0 extent @J, i = 0 extent @I) time (t1 = 0 extent 2 * @I + 3 * @J + @K - 5, t2 = 0 extent @J + 2 * @I - 2) space (i = 0 extent 4)
// CHECK:         spacetime.read %{{.*}} [1] delay [2, 2] : memref<4x31xi32>
// GENERIC-LABEL: sym_name = "symbolic"
// GENERIC:       time_extents = {{\[\[}}-5, @I, 2, @J, 3, @K, 1], [-2, @J, 1, @I, 2]]
// GENERIC:       time_delay = array<i64: 2, 2>
ure.program @symbolic {
  ure.func @A(k, j, i) -> f32
  ure.param @I max 4
  ure.param @J max 8
  ure.param @K
  ure.input @X : memref<?x?xi32>
  ure.func @c(i = 0 extent @I, j = 0 extent @J) -> i32
  %r = spacetime.shift_reg "A" : memref<4x31xi32>
  spacetime.array @A registers(%r : memref<4x31xi32>) loops (k = 0 extent @K, j = 0 extent @J, i = 0 extent @I)
      time (t1 = 0 extent 2 * @I + 3 * @J + @K - 5, t2 = 0 extent @J + @I * 2 - 2)
      space (i = 0 extent 4)
      schedule affine_map<(d0, d1, d2) -> (d0 + d1 * 3 + d2 * 2, d1 + d2 * 2)>
      recover affine_map<(d0, d1, d2) -> (d0 - d1 * 3 + d2 * 4, d1 - d2 * 2, d2)> {
  ^bb0(%t1: index, %t2: index, %pi: index, %r_in: memref<4x31xi32>):
    %k, %j, %i = spacetime.recover : index, index, index
    %on = spacetime.scheduled
    scf.if %on {
      %x = ure.load @X(%j, %k) : i32
      %up = spacetime.read %r_in [1] delay [2, 2] : memref<4x31xi32>
      %s = arith.addi %x, %up : i32
      spacetime.write %s, %r_in : memref<4x31xi32>
      spacetime.output %s to @c[%i, %j] : i32
    }
  }
}

// -----

// A vectorized array (what the vectorize pass writes): space loop j is the
// lanes of vector<4 x ...>, i stays PEs. Files of vectors and of scalars, a
// read across lanes one step back, a masked write and a masked vector store.
// CHECK-LABEL: ure.program @vec
// CHECK: %[[RV:.*]] = spacetime.shift_reg "v" : memref<2x2xvector<4xf32>>
// CHECK: %[[RS:.*]] = spacetime.shift_reg "s" : memref<2x1xf32>
// CHECK: ^bb0(%{{.*}}: index, %{{.*}}: index, %{{.*}}: vector<4xindex>, %[[RVIN:.*]]: memref<2x2xvector<4xf32>>, %[[RSIN:.*]]: memref<2x1xf32>
// CHECK-NEXT: %[[T:.*]], %[[I:.*]], %[[J:.*]] = spacetime.recover : index, index, vector<4xindex>
// CHECK-NEXT: %[[ON:.*]] = spacetime.scheduled : vector<4xi1>
// CHECK-NEXT: %[[X:.*]] = ure.load @A(%[[T]], %[[J]]) : vector<4xf32> indices index, vector<4xindex>
// CHECK-NEXT: %[[S:.*]] = ure.load @A(%[[T]], %[[I]]) : f32
// CHECK-NEXT: spacetime.write %[[S]], %[[RSIN]] : memref<2x1xf32>
// CHECK-NEXT: %[[L:.*]] = spacetime.read %[[RVIN]] [0, 1] delay 1 : memref<2x2xvector<4xf32>>
// CHECK-NEXT: %[[SUM:.*]] = arith.addf %[[X]], %[[L]] : vector<4xf32>
// CHECK-NEXT: spacetime.write %[[SUM]], %[[RVIN]] if %[[ON]] : memref<2x2xvector<4xf32>>
// CHECK-NEXT: spacetime.output %[[SUM]] to @out[%[[T]], %[[J]]] if %[[ON]] : vector<4xf32> indices index, vector<4xindex>
// GENERIC: "spacetime.scheduled"() : () -> vector<4xi1>
// GENERIC: "spacetime.write"(%{{.*}}, %{{.*}}, %{{.*}}) : (vector<4xf32>, memref<2x2xvector<4xf32>>, vector<4xi1>) -> ()
// GENERIC: "spacetime.output"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) <{func = @out, operandSegmentSizes = array<i32: 1, 2, 1, 0>}> : (vector<4xf32>, index, vector<4xindex>, vector<4xi1>) -> ()
ure.program @vec {
  ure.input @A : memref<8x4xf32>
  ure.func @out(t = 0 extent 8, j = 0 extent 4) -> f32
  %rv = spacetime.shift_reg "v" : memref<2x2xvector<4xf32>>
  %rs = spacetime.shift_reg "s" : memref<2x1xf32>
  spacetime.array @out registers(%rv, %rs : memref<2x2xvector<4xf32>>, memref<2x1xf32>) loops (t = 0 extent 8, i = 0 extent 2, j = 0 extent 4) time (t = 0 extent 8) space (i = 0 extent 2, j = 0 extent 4) schedule affine_map<(d0, d1, d2) -> (d0)> recover affine_map<(d0, d1, d2) -> (d0, d1, d2)> {
  ^bb0(%t: index, %i: index, %j: vector<4xindex>, %rv_in: memref<2x2xvector<4xf32>>, %rs_in: memref<2x1xf32>):
    %t1, %i1, %j1 = spacetime.recover : index, index, vector<4xindex>
    %on = spacetime.scheduled : vector<4xi1>
    %x = ure.load @A(%t1, %j1) : vector<4xf32> indices index, vector<4xindex>
    %s = ure.load @A(%t1, %i1) : f32
    spacetime.write %s, %rs_in : memref<2x1xf32>
    %l = spacetime.read %rv_in [0, 1] delay 1 : memref<2x2xvector<4xf32>>
    %sum = arith.addf %x, %l : vector<4xf32>
    spacetime.write %sum, %rv_in if %on : memref<2x2xvector<4xf32>>
    spacetime.output %sum to @out[%t1, %j1] if %on : vector<4xf32> indices index, vector<4xindex>
  }
}

// -----

// The order of PEs and explicit coordinates (what gather and scatter
// write): PEs along i run from 3 down to 0 in a step, so PE i may read PE
// i + 1's value of the same step (offset -1); PE i recomputes and stores on
// behalf of PE t.
// CHECK-LABEL: ure.program @chain {
// CHECK:       spacetime.array @out {{.*}} space (i = 0 extent 4) descending ["i"] schedule
// CHECK:       ^bb0(%[[T:.*]]: index, %[[I:.*]]: index, %{{.*}}: memref<4x1xf32>
// CHECK:         spacetime.read %{{.*}} [-1] delay 0 : memref<4x1xf32>
// CHECK:         %[[TT:.*]], %[[IT:.*]] = spacetime.recover at(%[[T]], %[[I]] : index, index) : index, index
// CHECK-NEXT:    %{{.*}} = spacetime.scheduled at(%[[T]], %[[I]] : index, index)
// CHECK-NEXT:    spacetime.output %{{.*}} to @out[%[[IT]], %[[TT]]] at(%[[T]], %[[I]] : index, index) : f32
// GENERIC: descending = ["i"]
// GENERIC: "spacetime.recover"(%{{.*}}, %{{.*}}) : (index, index) -> (index, index)
// GENERIC: "spacetime.output"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) <{func = @out, operandSegmentSizes = array<i32: 1, 2, 0, 2>}>
ure.program @chain {
  ure.func @out(i = 0 extent 4, t = 0 extent 2) -> f32
  %f = spacetime.shift_reg "f" : memref<4x1xf32>
  spacetime.array @out registers(%f : memref<4x1xf32>) loops (t = 0 extent 2, i = 0 extent 4) time (t = 0 extent 2) space (i = 0 extent 4) descending ["i"] schedule affine_map<(t, i) -> (t)> recover affine_map<(t, i) -> (t, i)> {
  ^bb0(%t: index, %i: index, %f_in: memref<4x1xf32>):
    %v = arith.constant 1.0 : f32
    spacetime.write %v, %f_in : memref<4x1xf32>
    %w = spacetime.read %f_in [-1] delay 0 : memref<4x1xf32>
    %tt, %it = spacetime.recover at(%t, %i : index, index) : index, index
    %on = spacetime.scheduled at(%t, %i : index, index)
    spacetime.output %w to @out[%it, %tt] at(%t, %i : index, index) : f32
  }
}

// -----

// A double buffer (the buffer pass's): an operand of the array beside its
// register files, read and written through memref ops in the body.
// CHECK-LABEL: ure.program @buffered {
// CHECK:         %[[B:.*]] = spacetime.buffer "x" banks 4 : memref<2x8xf32>
// CHECK-NEXT:    spacetime.array @y registers(%[[B]] : memref<2x8xf32>)
// CHECK:         ^bb0(%{{.*}}: index, %{{.*}}: index, %[[ARG:.*]]: memref<2x8xf32>):
// CHECK:           memref.load %[[ARG]]
// GENERIC: "spacetime.buffer"() <{banks = 4 : i64, name = "x"}> : () -> memref<2x8xf32>
ure.program @buffered {
  ure.func @y(i = 0 extent 4, t = 0 extent 8) -> f32
  %b = spacetime.buffer "x" banks 4 : memref<2x8xf32>
  spacetime.array @y registers(%b : memref<2x8xf32>) loops (t = 0 extent 8, i = 0 extent 4) time (t = 0 extent 8) space (i = 0 extent 4) schedule affine_map<(t, i) -> (t)> recover affine_map<(t, i) -> (t, i)> {
  ^bb0(%t: index, %i: index, %buf: memref<2x8xf32>):
    %c0 = arith.constant 0 : index
    %v = memref.load %buf[%c0, %t] : memref<2x8xf32>
    spacetime.output %v to @y[%i, %t] : f32
  }
}

// -----

// A loop inside the PE (T2S's kkk in space_time_transform(jjj, iii)): a
// space loop the PE runs unrolled; a running sum along it reads the
// iteration before in the same step.
// CHECK-LABEL: ure.program @inside {
// CHECK:       spacetime.array @out {{.*}} space (i = 0 extent 2, kk = 0 extent 4) inside ["kk"] schedule
// GENERIC: inside = ["kk"]
ure.program @inside {
  ure.func @out(i = 0 extent 2, kk = 0 extent 4, t = 0 extent 2) -> f32
  %f = spacetime.shift_reg "f" : memref<2x4x1xf32>
  spacetime.array @out registers(%f : memref<2x4x1xf32>) loops (t = 0 extent 2, i = 0 extent 2, kk = 0 extent 4) time (t = 0 extent 2) space (i = 0 extent 2, kk = 0 extent 4) inside ["kk"] schedule affine_map<(t, i, kk) -> (t)> recover affine_map<(t, i, kk) -> (t, i, kk)> {
  ^bb0(%t: index, %i: index, %kk: index, %f_in: memref<2x4x1xf32>):
    %prev = spacetime.read %f_in [0, 1] delay 0 : memref<2x4x1xf32>
    %v = arith.addf %prev, %prev : f32
    spacetime.write %v, %f_in : memref<2x4x1xf32>
    %tt, %it, %kt = spacetime.recover : index, index, index
    spacetime.output %v to @out[%it, %kt, %tt] : f32
  }
}

// -----

// A register file of a sub-box of the PEs (origin): PE 0 reads PE 3's value
// two steps back, and only PE 3 keeps that history.
// CHECK-LABEL: ure.program @deep
// CHECK:         spacetime.shift_reg "acc" : memref<4x1xf32>
// CHECK-NEXT:    spacetime.shift_reg "acc_long" origin [3] : memref<1x3xf32>
// CHECK:         spacetime.read %{{.*}} [-3] delay 2 : memref<1x3xf32>
// GENERIC: "spacetime.shift_reg"() <{name = "acc_long", origin = array<i64: 3>}> : () -> memref<1x3xf32>
ure.program @deep {
  ure.func @acc(t, i) -> f32
  ure.input @A : memref<4x4xf32>
  ure.func @out(i = 0 extent 4) -> f32
  %r = spacetime.shift_reg "acc" : memref<4x1xf32>
  %d = spacetime.shift_reg "acc_long" origin [3] : memref<1x3xf32>
  spacetime.array @acc registers(%r, %d : memref<4x1xf32>, memref<1x3xf32>) loops (t = 0 extent 4, i = 0 extent 4) time (t = 0 extent 4) space (i = 0 extent 4)
      schedule affine_map<(d0, d1) -> (d0)> recover affine_map<(d0, d1) -> (d0, d1)> {
  ^bb0(%t: index, %pi: index, %r_in: memref<4x1xf32>, %d_in: memref<1x3xf32>):
    %ti, %i = spacetime.recover : index, index
    %a = ure.load @A(%i, %ti) : f32
    %far = spacetime.read %d_in [-3] delay 2 : memref<1x3xf32>
    %s = arith.addf %a, %far : f32
    spacetime.write %s, %d_in : memref<1x3xf32>
    spacetime.write %s, %r_in : memref<4x1xf32>
    spacetime.output %s to @out[%i] : f32
  }
}
