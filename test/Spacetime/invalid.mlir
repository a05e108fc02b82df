// Every verifier rule of the spacetime dialect, each at the offending op.
// RUN: t2s-opt %s --split-input-file --verify-diagnostics
// RUN: %if mlir-opt-plugin %{ %mlir_opt_plugin %s --split-input-file --verify-diagnostics %}

func.func @f() {
  // expected-error@+1 {{'spacetime.shift_reg' op a register file has at least the slot dimension}}
  %r = spacetime.shift_reg "A" : memref<f32>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'spacetime.shift_reg' op a register chain has at least one slot}}
  %r = spacetime.shift_reg "A" : memref<4x0xf32>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'spacetime.shift_reg' op register files have the identity layout}}
  %r = spacetime.shift_reg "A" : memref<4x4xf32, strided<[1, 4]>>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'spacetime.shift_reg' op result #0 must be statically shaped memref of any type values}}
  %r = spacetime.shift_reg "A" : memref<?x4xf32>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'spacetime.shift_reg' op requires attribute 'name'}}
  %r = "spacetime.shift_reg"() : () -> memref<4xf32>
  return
}

// -----

ure.program @p {
  ure.func @acc(j, i) -> f32
  ure.input @A : memref<4x4xf32>
  ure.func @out(i = 0 extent 4) -> f32
  %r = spacetime.shift_reg "acc" : memref<4x2xf32>
  // expected-error@+1 {{'spacetime.array' op extent of original loop "i" must be positive}}
  spacetime.array @acc registers(%r : memref<4x2xf32>) loops (j = 0 extent 4, i = 0 extent 0) time (t = 0 extent 7) space (i = 0 extent 4)
      schedule affine_map<(d0, d1) -> (d0 + d1)> recover affine_map<(d0, d1) -> (d0 - d1, d1)> {
  ^bb0(%t: index, %pi: index, %r_in: memref<4x2xf32>):
    %j, %i = spacetime.recover : index, index
    %a = ure.load @A(%i, %j) : f32
    %prev = spacetime.read %r_in [0] delay 1 : memref<4x2xf32>
    %s = arith.addf %a, %prev : f32
    spacetime.write %s, %r_in : memref<4x2xf32>
    spacetime.output %s to @out[%i] : f32
  }
}

// -----

ure.program @p {
  ure.func @acc(j, i) -> f32
  ure.input @A : memref<4x4xf32>
  ure.func @out(i = 0 extent 4) -> f32
  %r = spacetime.shift_reg "acc" : memref<4x2xf32>
  // expected-error@+1 {{'spacetime.array' op maps 2 loops to 3 time and space loops}}
  spacetime.array @acc registers(%r : memref<4x2xf32>) loops (j = 0 extent 4, i = 0 extent 4) time (t = 0 extent 7, u = 0 extent 1) space (i = 0 extent 4)
      schedule affine_map<(d0, d1) -> (d0 + d1)> recover affine_map<(d0, d1) -> (d0 - d1, d1)> {
  ^bb0(%t: index, %pi: index, %r_in: memref<4x2xf32>):
    %j, %i = spacetime.recover : index, index
    %a = ure.load @A(%i, %j) : f32
    %prev = spacetime.read %r_in [0] delay 1 : memref<4x2xf32>
    %s = arith.addf %a, %prev : f32
    spacetime.write %s, %r_in : memref<4x2xf32>
    spacetime.output %s to @out[%i] : f32
  }
}

// -----

ure.program @p {
  ure.func @acc(j, i) -> f32
  ure.input @A : memref<4x4xf32>
  ure.func @out(i = 0 extent 4) -> f32
  %r = spacetime.shift_reg "acc" : memref<4x2xf32>
  // expected-error@+1 {{'spacetime.array' op schedule must map the 2 original indices to the 1 time loops}}
  spacetime.array @acc registers(%r : memref<4x2xf32>) loops (j = 0 extent 4, i = 0 extent 4) time (t = 0 extent 7) space (i = 0 extent 4)
      schedule affine_map<(d0) -> (d0)> recover affine_map<(d0, d1) -> (d0 - d1, d1)> {
  ^bb0(%t: index, %pi: index, %r_in: memref<4x2xf32>):
    %j, %i = spacetime.recover : index, index
    %a = ure.load @A(%i, %j) : f32
    %prev = spacetime.read %r_in [0] delay 1 : memref<4x2xf32>
    %s = arith.addf %a, %prev : f32
    spacetime.write %s, %r_in : memref<4x2xf32>
    spacetime.output %s to @out[%i] : f32
  }
}

// -----

ure.program @p {
  ure.func @acc(j, i) -> f32
  ure.input @A : memref<4x4xf32>
  ure.func @out(i = 0 extent 4) -> f32
  %r = spacetime.shift_reg "acc" : memref<4x2xf32>
  // expected-error@+1 {{'spacetime.array' op recover must map the 2 time and space loops to the 2 original indices}}
  spacetime.array @acc registers(%r : memref<4x2xf32>) loops (j = 0 extent 4, i = 0 extent 4) time (t = 0 extent 7) space (i = 0 extent 4)
      schedule affine_map<(d0, d1) -> (d0 + d1)> recover affine_map<(d0, d1) -> (d0)> {
  ^bb0(%t: index, %pi: index, %r_in: memref<4x2xf32>):
    %j, %i = spacetime.recover : index, index
    %a = ure.load @A(%i, %j) : f32
    %prev = spacetime.read %r_in [0] delay 1 : memref<4x2xf32>
    %s = arith.addf %a, %prev : f32
    spacetime.write %s, %r_in : memref<4x2xf32>
    spacetime.output %s to @out[%i] : f32
  }
}

// -----

ure.program @p {
  ure.func @acc(j, i) -> f32
  ure.input @A : memref<4x4xf32>
  ure.func @out(i = 0 extent 4) -> f32
  %r = spacetime.shift_reg "acc" : memref<4x2xf32>
  // expected-error@+1 {{'spacetime.array' op space loop 'x' is not an original loop}}
  spacetime.array @acc registers(%r : memref<4x2xf32>) loops (j = 0 extent 4, i = 0 extent 4) time (t = 0 extent 7) space (x = 0 extent 4)
      schedule affine_map<(d0, d1) -> (d0 + d1)> recover affine_map<(d0, d1) -> (d0 - d1, d1)> {
  ^bb0(%t: index, %pi: index, %r_in: memref<4x2xf32>):
    %j, %i = spacetime.recover : index, index
    %a = ure.load @A(%i, %j) : f32
    %prev = spacetime.read %r_in [0] delay 1 : memref<4x2xf32>
    %s = arith.addf %a, %prev : f32
    spacetime.write %s, %r_in : memref<4x2xf32>
    spacetime.output %s to @out[%i] : f32
  }
}

// -----

ure.program @p {
  ure.func @acc(j, i) -> f32
  ure.input @A : memref<4x4xf32>
  ure.func @out(i = 0 extent 4) -> f32
  %r = spacetime.shift_reg "acc" : memref<4x2xf32>
  // expected-error@+1 {{'spacetime.array' op space loop 'i' must have the bounds of the original loop}}
  spacetime.array @acc registers(%r : memref<4x2xf32>) loops (j = 0 extent 4, i = 0 extent 4) time (t = 0 extent 7) space (i = 0 extent 3)
      schedule affine_map<(d0, d1) -> (d0 + d1)> recover affine_map<(d0, d1) -> (d0 - d1, d1)> {
  ^bb0(%t: index, %pi: index, %r_in: memref<4x2xf32>):
    %j, %i = spacetime.recover : index, index
    %a = ure.load @A(%i, %j) : f32
    %prev = spacetime.read %r_in [0] delay 1 : memref<4x2xf32>
    %s = arith.addf %a, %prev : f32
    spacetime.write %s, %r_in : memref<4x2xf32>
    spacetime.output %s to @out[%i] : f32
  }
}

// -----

ure.program @p {
  ure.func @acc(j, i) -> f32
  ure.input @A : memref<4x4xf32>
  ure.func @out(i = 0 extent 4) -> f32
  %r = spacetime.shift_reg "acc" : memref<4x2xf32>
  // expected-error@+1 {{'spacetime.array' op recover does not invert the schedule: original index "j" comes back as affine_map<(d0, d1) -> (d0 + d1)>}}
  spacetime.array @acc registers(%r : memref<4x2xf32>) loops (j = 0 extent 4, i = 0 extent 4) time (t = 0 extent 10) space (i = 0 extent 4)
      schedule affine_map<(d0, d1) -> (d0 + d1 * 2)> recover affine_map<(d0, d1) -> (d0 - d1, d1)> {
  ^bb0(%t: index, %pi: index, %r_in: memref<4x2xf32>):
    %j, %i = spacetime.recover : index, index
    %a = ure.load @A(%i, %j) : f32
    %prev = spacetime.read %r_in [0] delay 1 : memref<4x2xf32>
    %s = arith.addf %a, %prev : f32
    spacetime.write %s, %r_in : memref<4x2xf32>
    spacetime.output %s to @out[%i] : f32
  }
}

// -----

ure.program @p {
  ure.func @acc(j, i) -> f32
  ure.input @A : memref<4x4xf32>
  ure.func @out(i = 0 extent 4) -> f32
  %r = spacetime.shift_reg "acc" : memref<4x2xf32>
  // expected-error@+1 {{'spacetime.array' op schedule of time loop "t" must be linear}}
  spacetime.array @acc registers(%r : memref<4x2xf32>) loops (j = 0 extent 4, i = 0 extent 4) time (t = 0 extent 7) space (i = 0 extent 4)
      schedule affine_map<(d0, d1) -> ((d0 + d1) mod 7)> recover affine_map<(d0, d1) -> (d0 - d1, d1)> {
  ^bb0(%t: index, %pi: index, %r_in: memref<4x2xf32>):
    %j, %i = spacetime.recover : index, index
    %a = ure.load @A(%i, %j) : f32
    %prev = spacetime.read %r_in [0] delay 1 : memref<4x2xf32>
    %s = arith.addf %a, %prev : f32
    spacetime.write %s, %r_in : memref<4x2xf32>
    spacetime.output %s to @out[%i] : f32
  }
}

// -----

ure.program @p {
  ure.func @acc(j, i) -> f32
  ure.input @A : memref<4x4xf32>
  ure.func @out(i = 0 extent 4) -> f32
  %r = spacetime.shift_reg "acc" : memref<4x2xf32>
  // expected-error@+1 {{'spacetime.array' op time loop "t" = 0 extent 6 does not cover the scheduled times [0, 6]}}
  spacetime.array @acc registers(%r : memref<4x2xf32>) loops (j = 0 extent 4, i = 0 extent 4) time (t = 0 extent 6) space (i = 0 extent 4)
      schedule affine_map<(d0, d1) -> (d0 + d1)> recover affine_map<(d0, d1) -> (d0 - d1, d1)> {
  ^bb0(%t: index, %pi: index, %r_in: memref<4x2xf32>):
    %j, %i = spacetime.recover : index, index
    %a = ure.load @A(%i, %j) : f32
    %prev = spacetime.read %r_in [0] delay 1 : memref<4x2xf32>
    %s = arith.addf %a, %prev : f32
    spacetime.write %s, %r_in : memref<4x2xf32>
    spacetime.output %s to @out[%i] : f32
  }
}

// -----

ure.program @p {
  ure.func @acc(j, i) -> f32
  ure.input @A : memref<4x4xf32>
  ure.func @out(i = 0 extent 4) -> f32
  %r = spacetime.shift_reg "acc" : memref<4x2xf32>
  // expected-error@+1 {{'spacetime.array' op time loop "t" = 1 extent 7 does not cover the scheduled times [0, 6]}}
  spacetime.array @acc registers(%r : memref<4x2xf32>) loops (j = 0 extent 4, i = 0 extent 4) time (t = 1 extent 7) space (i = 0 extent 4)
      schedule affine_map<(d0, d1) -> (d0 + d1)> recover affine_map<(d0, d1) -> (d0 - d1, d1)> {
  ^bb0(%t: index, %pi: index, %r_in: memref<4x2xf32>):
    %j, %i = spacetime.recover : index, index
    %a = ure.load @A(%i, %j) : f32
    %prev = spacetime.read %r_in [0] delay 1 : memref<4x2xf32>
    %s = arith.addf %a, %prev : f32
    spacetime.write %s, %r_in : memref<4x2xf32>
    spacetime.output %s to @out[%i] : f32
  }
}

// -----

ure.program @p {
  ure.func @acc(j, i) -> f32
  ure.input @A : memref<4x4xf32>
  ure.func @out(i = 0 extent 4) -> f32
  %r = spacetime.shift_reg "acc" : memref<4x2xf32>
  // expected-error@+1 {{'spacetime.array' op schedule of time loop "t" overflows 64-bit integers}}
  spacetime.array @acc registers(%r : memref<4x2xf32>) loops (j = 0 extent 4, i = 0 extent 4) time (t = 0 extent 7) space (i = 0 extent 4)
      schedule affine_map<(d0, d1) -> (d0 * 4611686018427387904 + d1 * 4611686018427387904)> recover affine_map<(d0, d1) -> (d0 - d1, d1)> {
  ^bb0(%t: index, %pi: index, %r_in: memref<4x2xf32>):
    %j, %i = spacetime.recover : index, index
    %a = ure.load @A(%i, %j) : f32
    %prev = spacetime.read %r_in [0] delay 1 : memref<4x2xf32>
    %s = arith.addf %a, %prev : f32
    spacetime.write %s, %r_in : memref<4x2xf32>
    spacetime.output %s to @out[%i] : f32
  }
}

// -----

ure.program @p {
  ure.func @acc(j, i) -> f32
  ure.input @A : memref<4x4xf32>
  ure.func @out(i = 0 extent 4) -> f32
  // expected-error@+1 {{'spacetime.array' op body has 1 arguments for 2 time and space coordinates and 0 register files}}
  spacetime.array @acc loops (j = 0 extent 4, i = 0 extent 4) time (t = 0 extent 7) space (i = 0 extent 4)
      schedule affine_map<(d0, d1) -> (d0 + d1)> recover affine_map<(d0, d1) -> (d0 - d1, d1)> {
  ^bb0(%t: index):
    %j, %i = spacetime.recover : index, index
    %a = ure.load @A(%i, %j) : f32
    spacetime.output %a to @out[%i] : f32
  }
}

// -----

ure.program @p {
  ure.func @acc(j, i) -> f32
  ure.input @A : memref<4x4xf32>
  ure.func @out(i = 0 extent 4) -> f32
  %r = spacetime.shift_reg "acc" : memref<4x2xf32>
  // expected-error@+1 {{'spacetime.array' op coordinates are of type index}}
  spacetime.array @acc registers(%r : memref<4x2xf32>) loops (j = 0 extent 4, i = 0 extent 4) time (t = 0 extent 7) space (i = 0 extent 4)
      schedule affine_map<(d0, d1) -> (d0 + d1)> recover affine_map<(d0, d1) -> (d0 - d1, d1)> {
  ^bb0(%t: index, %pi: i32, %r_in: memref<4x2xf32>):
    %j, %i = spacetime.recover : index, index
    %a = ure.load @A(%i, %j) : f32
    %prev = spacetime.read %r_in [0] delay 1 : memref<4x2xf32>
    %s = arith.addf %a, %prev : f32
    spacetime.write %s, %r_in : memref<4x2xf32>
    spacetime.output %s to @out[%i] : f32
  }
}

// -----

ure.program @p {
  ure.func @acc(j, i) -> f32
  ure.input @A : memref<4x4xf32>
  ure.func @out(i = 0 extent 4) -> f32
  %r = spacetime.shift_reg "acc" : memref<4x2xf32>
  spacetime.array @acc registers(%r : memref<4x2xf32>) loops (j = 0 extent 4, i = 0 extent 4) time (t = 0 extent 7) space (i = 0 extent 4)
      schedule affine_map<(d0, d1) -> (d0 + d1)> recover affine_map<(d0, d1) -> (d0 - d1, d1)> {
  ^bb0(%t: index, %pi: index, %r_in: memref<4x2xf32>):
    %j, %i = spacetime.recover : index, index
    %a = ure.load @A(%i, %j) : f32
    // expected-note@+1 {{first writer here}}
    spacetime.write %a, %r_in : memref<4x2xf32>
    // expected-error@+1 {{'spacetime.write' op is a second writer of a register file: each has one writer}}
    spacetime.write %a, %r_in : memref<4x2xf32>
    spacetime.output %a to @out[%i] : f32
  }
}

// -----

ure.program @p {
  ure.func @acc(j, i) -> f32
  ure.input @A : memref<4x4xf32>
  ure.func @out(i = 0 extent 4) -> f32
  %r = spacetime.shift_reg "acc" : memref<4x2xf32>
  spacetime.array @acc registers(%r : memref<4x2xf32>) loops (j = 0 extent 4, i = 0 extent 4) time (t = 0 extent 7) space (i = 0 extent 4)
      schedule affine_map<(d0, d1) -> (d0 + d1)> recover affine_map<(d0, d1) -> (d0 - d1, d1)> {
  ^bb0(%t: index, %pi: index, %r_in: memref<4x2xf32>):
    %j, %i = spacetime.recover : index, index
    // expected-error@+1 {{'spacetime.read' op reads a register file that nothing in the array writes}}
    %prev = spacetime.read %r_in [0] delay 1 : memref<4x2xf32>
    spacetime.output %prev to @out[%i] : f32
  }
}

// -----

ure.program @p {
  ure.func @acc(j, i) -> f32
  ure.input @A : memref<4x4xf32>
  ure.func @out(i = 0 extent 4) -> f32
  %r = spacetime.shift_reg "acc" : memref<4x2xf32>
  spacetime.array @acc registers(%r : memref<4x2xf32>) loops (j = 0 extent 4, i = 0 extent 4) time (t = 0 extent 7) space (i = 0 extent 4)
      schedule affine_map<(d0, d1) -> (d0 + d1)> recover affine_map<(d0, d1) -> (d0 - d1, d1)> {
  ^bb0(%t: index, %pi: index, %r_in: memref<4x2xf32>):
    %j, %i = spacetime.recover : index, index
    %a = ure.load @A(%i, %j) : f32
    // expected-error@+1 {{'spacetime.read' op reads this PE's value of the current step (delay 0) before it is written}}
    %prev = spacetime.read %r_in [0] delay 0 : memref<4x2xf32>
    %s = arith.addf %a, %prev : f32
    // expected-note@+1 {{written here}}
    spacetime.write %s, %r_in : memref<4x2xf32>
    spacetime.output %s to @out[%i] : f32
  }
}

// -----

ure.program @p {
  ure.func @acc(j, i) -> f32
  ure.input @A : memref<4x4xf32>
  ure.func @out(i = 0 extent 4) -> f32
  %r1 = spacetime.shift_reg "acc" : memref<4x1xf32>
  spacetime.array @acc registers(%r1 : memref<4x1xf32>) loops (j = 0 extent 4, i = 0 extent 4) time (t = 0 extent 7) space (i = 0 extent 4)
      schedule affine_map<(d0, d1) -> (d0 + d1)> recover affine_map<(d0, d1) -> (d0 - d1, d1)> {
  ^bb0(%t: index, %pi: index, %r1_in: memref<4x1xf32>):
    %j, %i = spacetime.recover : index, index
    %a = ure.load @A(%i, %j) : f32
    // expected-error@+1 {{'spacetime.read' op delay 1 does not fit a register file of 1 slot}}
    %prev = spacetime.read %r1_in [0] delay 1 : memref<4x1xf32>
    %s = arith.addf %a, %prev : f32
    spacetime.write %s, %r1_in : memref<4x1xf32>
    spacetime.output %s to @out[%i] : f32
  }
}

// -----

ure.program @p {
  ure.func @acc(j, i) -> f32
  ure.input @A : memref<4x4xf32>
  ure.func @out(i = 0 extent 4) -> f32
  %r = spacetime.shift_reg "acc" : memref<4x2xf32>
  spacetime.array @acc registers(%r : memref<4x2xf32>) loops (j = 0 extent 4, i = 0 extent 4) time (t = 0 extent 7) space (i = 0 extent 4)
      schedule affine_map<(d0, d1) -> (d0 + d1)> recover affine_map<(d0, d1) -> (d0 - d1, d1)> {
  ^bb0(%t: index, %pi: index, %r_in: memref<4x2xf32>):
    %j, %i = spacetime.recover : index, index
    %a = ure.load @A(%i, %j) : f32
    // expected-error@+1 {{'spacetime.read' op delay 2 does not fit a register file of 2 slots}}
    %prev = spacetime.read %r_in [0] delay 2 : memref<4x2xf32>
    %s = arith.addf %a, %prev : f32
    spacetime.write %s, %r_in : memref<4x2xf32>
    spacetime.output %s to @out[%i] : f32
  }
}

// -----

ure.program @p {
  ure.func @acc(j, i) -> f32
  ure.input @A : memref<4x4xf32>
  ure.func @out(i = 0 extent 4) -> f32
  %r = spacetime.shift_reg "acc" : memref<4x2xf32>
  spacetime.array @acc registers(%r : memref<4x2xf32>) loops (j = 0 extent 4, i = 0 extent 4) time (t = 0 extent 7) space (i = 0 extent 4)
      schedule affine_map<(d0, d1) -> (d0 + d1)> recover affine_map<(d0, d1) -> (d0 - d1, d1)> {
  ^bb0(%t: index, %pi: index, %r_in: memref<4x2xf32>):
    %j, %i = spacetime.recover : index, index
    %a = ure.load @A(%i, %j) : f32
    // expected-error@+1 {{'spacetime.read' op delay must be non-negative}}
    %prev = spacetime.read %r_in [0] delay -1 : memref<4x2xf32>
    %s = arith.addf %a, %prev : f32
    spacetime.write %s, %r_in : memref<4x2xf32>
    spacetime.output %s to @out[%i] : f32
  }
}

// -----

ure.program @p {
  ure.func @acc(j, i) -> f32
  ure.input @A : memref<4x4xf32>
  ure.func @out(i = 0 extent 4) -> f32
  %r = spacetime.shift_reg "acc" : memref<4x2xf32>
  spacetime.array @acc registers(%r : memref<4x2xf32>) loops (j = 0 extent 4, i = 0 extent 4) time (t = 0 extent 7) space (i = 0 extent 4)
      schedule affine_map<(d0, d1) -> (d0 + d1)> recover affine_map<(d0, d1) -> (d0 - d1, d1)> {
  ^bb0(%t: index, %pi: index, %r_in: memref<4x2xf32>):
    %j, %i = spacetime.recover : index, index
    %a = ure.load @A(%i, %j) : f32
    // expected-error@+1 {{'spacetime.read' op offset has 2 entries for 1 space loops}}
    %prev = spacetime.read %r_in [0, 1] delay 1 : memref<4x2xf32>
    %s = arith.addf %a, %prev : f32
    spacetime.write %s, %r_in : memref<4x2xf32>
    spacetime.output %s to @out[%i] : f32
  }
}

// -----

ure.program @p {
  ure.func @acc(j, i) -> f32
  ure.input @A : memref<4x4xf32>
  ure.func @out(i = 0 extent 4) -> f32
  %r = spacetime.shift_reg "acc" : memref<4x2xf32>
  spacetime.array @acc registers(%r : memref<4x2xf32>) loops (j = 0 extent 4, i = 0 extent 4) time (t = 0 extent 7) space (i = 0 extent 4)
      schedule affine_map<(d0, d1) -> (d0 + d1)> recover affine_map<(d0, d1) -> (d0 - d1, d1)> {
  ^bb0(%t: index, %pi: index, %r_in: memref<4x2xf32>):
    %j, %i = spacetime.recover : index, index
    %a = ure.load @A(%i, %j) : f32
    // expected-error@+1 {{'spacetime.read' op reads a PE that runs later in the same step (delay 0 needs a lexicographically non-negative offset)}}
    %prev = spacetime.read %r_in [-1] delay 0 : memref<4x2xf32>
    %s = arith.addf %a, %prev : f32
    spacetime.write %s, %r_in : memref<4x2xf32>
    spacetime.output %s to @out[%i] : f32
  }
}

// -----

ure.program @p {
  ure.func @acc(j, i) -> f32
  ure.input @A : memref<4x4xf32>
  ure.func @out(i = 0 extent 4) -> f32
  %r5 = spacetime.shift_reg "acc" : memref<5x2xf32>
  spacetime.array @acc registers(%r5 : memref<5x2xf32>) loops (j = 0 extent 4, i = 0 extent 4) time (t = 0 extent 7) space (i = 0 extent 4)
      schedule affine_map<(d0, d1) -> (d0 + d1)> recover affine_map<(d0, d1) -> (d0 - d1, d1)> {
  ^bb0(%t: index, %pi: index, %r5_in: memref<5x2xf32>):
    %j, %i = spacetime.recover : index, index
    %a = ure.load @A(%i, %j) : f32
    // expected-error@+1 {{'spacetime.read' op register file 'memref<5x2xf32>' does not match the PE array (4) plus a slot dimension}}
    %prev = spacetime.read %r5_in [0] delay 1 : memref<5x2xf32>
    spacetime.output %prev to @out[%i] : f32
  }
}

// -----

ure.program @p {
  ure.func @acc(j, i) -> f32
  ure.input @A : memref<4x4xf32>
  ure.func @out(i = 0 extent 4) -> f32
  %r3 = spacetime.shift_reg "acc" : memref<4x3x2xf32>
  spacetime.array @acc registers(%r3 : memref<4x3x2xf32>) loops (j = 0 extent 4, i = 0 extent 4) time (t = 0 extent 7) space (i = 0 extent 4)
      schedule affine_map<(d0, d1) -> (d0 + d1)> recover affine_map<(d0, d1) -> (d0 - d1, d1)> {
  ^bb0(%t: index, %pi: index, %r3_in: memref<4x3x2xf32>):
    %j, %i = spacetime.recover : index, index
    %a = ure.load @A(%i, %j) : f32
    // expected-error@+1 {{'spacetime.write' op register file 'memref<4x3x2xf32>' does not match the PE array (4) plus a slot dimension}}
    spacetime.write %a, %r3_in : memref<4x3x2xf32>
    spacetime.output %a to @out[%i] : f32
  }
}

// -----

func.func @f(%x: f32) {
  %r = spacetime.shift_reg "acc" : memref<4x2xf32>
  // expected-error@+1 {{'spacetime.read' op must be inside a spacetime.array}}
  %v = spacetime.read %r [0] delay 1 : memref<4x2xf32>
  return
}

// -----

func.func @f(%x: f32) {
  %r = spacetime.shift_reg "acc" : memref<4x2xf32>
  // expected-error@+1 {{'spacetime.write' op must be inside a spacetime.array}}
  spacetime.write %x, %r : memref<4x2xf32>
  return
}

// -----

func.func @f(%x: f32) {
  %r = spacetime.shift_reg "acc" : memref<4x2xf32>
  // expected-error@+1 {{'spacetime.recover' op must be inside a spacetime.array}}
  %i, %j = spacetime.recover : index, index
  return
}

// -----

func.func @f(%x: f32) {
  %r = spacetime.shift_reg "acc" : memref<4x2xf32>
  // expected-error@+1 {{'spacetime.scheduled' op must be inside a spacetime.array}}
  %on = spacetime.scheduled
  return
}

// -----

ure.program @p {
  ure.func @acc(j, i) -> f32
  ure.input @A : memref<4x4xf32>
  ure.func @out(i) -> f32
  %r = spacetime.shift_reg "acc" : memref<4x2xf32>
  spacetime.array @acc loops (j = 0 extent 4, i = 0 extent 4) time (t = 0 extent 7) space (i = 0 extent 4)
      schedule affine_map<(d0, d1) -> (d0 + d1)> recover affine_map<(d0, d1) -> (d0 - d1, d1)> {
  ^bb0(%t: index, %pi: index):
    // expected-error@+1 {{'spacetime.recover' op has 1 results for 2 original loops}}
    %j = spacetime.recover : index
  }
}

// -----

ure.program @p {
  ure.func @acc(j, i) -> f32
  ure.input @A : memref<4x4xf32>
  ure.func @out(i) -> f32
  %r = spacetime.shift_reg "acc" : memref<4x2xf32>
  spacetime.array @acc loops (j = 0 extent 4, i = 0 extent 4) time (t = 0 extent 7) space (i = 0 extent 4)
      schedule affine_map<(d0, d1) -> (d0 + d1)> recover affine_map<(d0, d1) -> (d0 - d1, d1)> {
  ^bb0(%t: index, %pi: index):
    %j, %i = spacetime.recover : index, index
    %a = ure.load @A(%i, %j) : f32
    // expected-error@+1 {{'spacetime.output' op stores to @nothing, which is not a ure.func}}
    spacetime.output %a to @nothing[%i] : f32
  }
}

// -----

ure.program @p {
  ure.func @acc(j, i) -> f32
  ure.input @A : memref<4x4xf32>
  ure.func @out(i) -> f32
  %r = spacetime.shift_reg "acc" : memref<4x2xf32>
  spacetime.array @acc loops (j = 0 extent 4, i = 0 extent 4) time (t = 0 extent 7) space (i = 0 extent 4)
      schedule affine_map<(d0, d1) -> (d0 + d1)> recover affine_map<(d0, d1) -> (d0 - d1, d1)> {
  ^bb0(%t: index, %pi: index):
    %j, %i = spacetime.recover : index, index
    %a = ure.load @A(%i, %j) : f32
    // expected-error@+1 {{'spacetime.output' op stores to @A, which is not a ure.func}}
    spacetime.output %a to @A[%i] : f32
  }
}

// -----

ure.program @p {
  ure.func @acc(j, i) -> f32
  ure.input @A : memref<4x4xf32>
  ure.func @out
  %r = spacetime.shift_reg "acc" : memref<4x2xf32>
  spacetime.array @acc loops (j = 0 extent 4, i = 0 extent 4) time (t = 0 extent 7) space (i = 0 extent 4)
      schedule affine_map<(d0, d1) -> (d0 + d1)> recover affine_map<(d0, d1) -> (d0 - d1, d1)> {
  ^bb0(%t: index, %pi: index):
    %j, %i = spacetime.recover : index, index
    %a = ure.load @A(%i, %j) : f32
    // expected-error@+1 {{'spacetime.output' op stores to @out, which must be declared with its loop variables and types}}
    spacetime.output %a to @out[%i] : f32
  }
}

// -----

ure.program @p {
  ure.func @acc(j, i) -> f32
  ure.input @A : memref<4x4xf32>
  ure.func @out(i = 0 extent 4) -> f32
  %r = spacetime.shift_reg "acc" : memref<4x2xf32>
  spacetime.array @acc loops (j = 0 extent 4, i = 0 extent 4) time (t = 0 extent 7) space (i = 0 extent 4)
      schedule affine_map<(d0, d1) -> (d0 + d1)> recover affine_map<(d0, d1) -> (d0 - d1, d1)> {
  ^bb0(%t: index, %pi: index):
    %j, %i = spacetime.recover : index, index
    %a = ure.load @A(%i, %j) : f32
    // expected-error@+1 {{'spacetime.output' op stores @out of 1 dimensions at 2 indices}}
    spacetime.output %a to @out[%i, %j] : f32
  }
}

// -----

ure.program @p {
  ure.func @acc(j, i) -> f32
  ure.input @A : memref<4x4xf32>
  ure.func @out(i = 0 extent 4) -> f32
  %r = spacetime.shift_reg "acc" : memref<4x2xf32>
  spacetime.array @acc loops (j = 0 extent 4, i = 0 extent 4) time (t = 0 extent 7) space (i = 0 extent 4)
      schedule affine_map<(d0, d1) -> (d0 + d1)> recover affine_map<(d0, d1) -> (d0 - d1, d1)> {
  ^bb0(%t: index, %pi: index):
    %j, %i = spacetime.recover : index, index
    %a = ure.load @A(%i, %j) : f32
    // expected-error@+1 {{'spacetime.output' op values must have the result types of @out}}
    spacetime.output %i to @out[%i] : index
  }
}

// -----

ure.program @p {
  ure.func @acc(j, i) -> f32
  ure.input @A : memref<4x4xf32>
  ure.func @out(i = 0 extent 4) -> f32
  %r = spacetime.shift_reg "acc" on_write : memref<4x2xf32>
  spacetime.array @acc registers(%r : memref<4x2xf32>) loops (j = 0 extent 4, i = 0 extent 4) time (t = 0 extent 7) space (i = 0 extent 4)
      schedule affine_map<(d0, d1) -> (d0 + d1)> recover affine_map<(d0, d1) -> (d0 - d1, d1)> {
  ^bb0(%t: index, %pi: index, %r_in: memref<4x2xf32>):
    %j, %i = spacetime.recover : index, index
    %a = ure.load @A(%i, %j) : f32
    // expected-error@+1 {{'spacetime.read' op an on_write register file shifts on writes, not steps: read it with 'writes'}}
    %prev = spacetime.read %r_in [0] delay 1 : memref<4x2xf32>
    %s = arith.addf %a, %prev : f32
    spacetime.write %s, %r_in : memref<4x2xf32>
    spacetime.output %s to @out[%i] : f32
  }
}

// -----

ure.program @p {
  ure.func @acc(j, i) -> f32
  ure.input @A : memref<4x4xf32>
  ure.func @out(i = 0 extent 4) -> f32
  %r = spacetime.shift_reg "acc" : memref<4x2xf32>
  spacetime.array @acc registers(%r : memref<4x2xf32>) loops (j = 0 extent 4, i = 0 extent 4) time (t = 0 extent 7) space (i = 0 extent 4)
      schedule affine_map<(d0, d1) -> (d0 + d1)> recover affine_map<(d0, d1) -> (d0 - d1, d1)> {
  ^bb0(%t: index, %pi: index, %r_in: memref<4x2xf32>):
    %j, %i = spacetime.recover : index, index
    %a = ure.load @A(%i, %j) : f32
    // expected-error@+1 {{'spacetime.read' op 'writes' reads need an on_write register file; this one shifts every step: use 'delay'}}
    %prev = spacetime.read %r_in [0] writes 1 : memref<4x2xf32>
    %s = arith.addf %a, %prev : f32
    spacetime.write %s, %r_in : memref<4x2xf32>
    spacetime.output %s to @out[%i] : f32
  }
}

// -----

ure.program @p {
  ure.func @acc(j, i) -> f32
  ure.input @A : memref<4x4xf32>
  ure.func @out(i = 0 extent 4) -> f32
  %r = spacetime.shift_reg "acc" on_write : memref<4x2xf32>
  spacetime.array @acc registers(%r : memref<4x2xf32>) loops (j = 0 extent 4, i = 0 extent 4) time (t = 0 extent 7) space (i = 0 extent 4)
      schedule affine_map<(d0, d1) -> (d0 + d1)> recover affine_map<(d0, d1) -> (d0 - d1, d1)> {
  ^bb0(%t: index, %pi: index, %r_in: memref<4x2xf32>):
    %j, %i = spacetime.recover : index, index
    %a = ure.load @A(%i, %j) : f32
    // expected-error@+1 {{'spacetime.read' op an on_write register file is read by its own PE only (offset 0)}}
    %prev = spacetime.read %r_in [1] writes 0 : memref<4x2xf32>
    %s = arith.addf %a, %prev : f32
    spacetime.write %s, %r_in : memref<4x2xf32>
    spacetime.output %s to @out[%i] : f32
  }
}

// -----

ure.program @p {
  ure.func @acc(j, i) -> f32
  ure.input @A : memref<4x4xf32>
  ure.func @out(i = 0 extent 4) -> f32
  %r = spacetime.shift_reg "acc" on_write : memref<4x2xf32>
  spacetime.array @acc registers(%r : memref<4x2xf32>) loops (j = 0 extent 4, i = 0 extent 4) time (t = 0 extent 7) space (i = 0 extent 4)
      schedule affine_map<(d0, d1) -> (d0 + d1)> recover affine_map<(d0, d1) -> (d0 - d1, d1)> {
  ^bb0(%t: index, %pi: index, %r_in: memref<4x2xf32>):
    %j, %i = spacetime.recover : index, index
    %a = ure.load @A(%i, %j) : f32
    // expected-error@+1 {{'spacetime.read' op writes 2 does not fit a register file of 2 slots}}
    %prev = spacetime.read %r_in [0] writes 2 : memref<4x2xf32>
    %s = arith.addf %a, %prev : f32
    spacetime.write %s, %r_in : memref<4x2xf32>
    spacetime.output %s to @out[%i] : f32
  }
}

// -----

ure.program @p {
  ure.func @acc(j, i) -> f32
  ure.input @A : memref<4x4xf32>
  ure.func @out(i = 0 extent 4) -> f32
  %r = spacetime.shift_reg "acc" on_write : memref<4x2xf32>
  spacetime.array @acc registers(%r : memref<4x2xf32>) loops (j = 0 extent 4, i = 0 extent 4) time (t = 0 extent 7) space (i = 0 extent 4)
      schedule affine_map<(d0, d1) -> (d0 + d1)> recover affine_map<(d0, d1) -> (d0 - d1, d1)> {
  ^bb0(%t: index, %pi: index, %r_in: memref<4x2xf32>):
    %j, %i = spacetime.recover : index, index
    %a = ure.load @A(%i, %j) : f32
    // expected-error@+1 {{'spacetime.read' op writes must be non-negative}}
    %prev = spacetime.read %r_in [0] writes -1 : memref<4x2xf32>
    %s = arith.addf %a, %prev : f32
    spacetime.write %s, %r_in : memref<4x2xf32>
    spacetime.output %s to @out[%i] : f32
  }
}

// -----

ure.program @p {
  ure.func @acc(j, i) -> f32
  ure.input @A : memref<4x4xf32>
  ure.func @out(i = 0 extent 4) -> f32
  %r = spacetime.shift_reg "acc" on_write : memref<4x2xf32>
  spacetime.array @acc registers(%r : memref<4x2xf32>) loops (j = 0 extent 4, i = 0 extent 4) time (t = 0 extent 7) space (i = 0 extent 4)
      schedule affine_map<(d0, d1) -> (d0 + d1)> recover affine_map<(d0, d1) -> (d0 - d1, d1)> {
  ^bb0(%t: index, %pi: index, %r_in: memref<4x2xf32>):
    %j, %i = spacetime.recover : index, index
    %a = ure.load @A(%i, %j) : f32
    // expected-error@+1 {{'spacetime.read' op needs exactly one of 'delay' (steps ago) and 'writes' (writes ago)}}
    %prev = spacetime.read %r_in [0] delay 1 writes 1 : memref<4x2xf32>
    %s = arith.addf %a, %prev : f32
    spacetime.write %s, %r_in : memref<4x2xf32>
    spacetime.output %s to @out[%i] : f32
  }
}

// -----

ure.program @p {
  ure.func @acc(j, i) -> f32
  ure.input @A : memref<4x4xf32>
  ure.func @out(i = 0 extent 4) -> f32
  %r = spacetime.shift_reg "acc" : memref<4x2xf32>
  spacetime.array @acc registers(%r : memref<4x2xf32>) loops (j = 0 extent 4, i = 0 extent 4) time (t = 0 extent 7) space (i = 0 extent 4)
      schedule affine_map<(d0, d1) -> (d0 + d1)> recover affine_map<(d0, d1) -> (d0 - d1, d1)> {
  ^bb0(%t: index, %pi: index, %r_in: memref<4x2xf32>):
    %j, %i = spacetime.recover : index, index
    %a = ure.load @A(%i, %j) : f32
    // expected-error@+1 {{'spacetime.read' op needs exactly one of 'delay' (steps ago) and 'writes' (writes ago)}}
    %prev = spacetime.read %r_in [0] : memref<4x2xf32>
    %s = arith.addf %a, %prev : f32
    spacetime.write %s, %r_in : memref<4x2xf32>
    spacetime.output %s to @out[%i] : f32
  }
}

// -----

ure.program @p {
  ure.func @acc(j, i) -> f32
  ure.input @A : memref<4x4xf32>
  ure.func @out(i = 0 extent 4) -> f32
  spacetime.array @acc loops (j = 0 extent 4, i = 0 extent 4) time (t = 0 extent 7) space (i = 0 extent 4)
      schedule affine_map<(d0, d1) -> (d0 + d1)> recover affine_map<(d0, d1) -> (d0 - d1, d1)> {
  ^bb0(%t: index, %pi: index):
    %j, %i = spacetime.recover : index, index
    %m = memref.alloc() : memref<4x2xf32>
    // expected-error@+1 {{'spacetime.read' op reads a register file that is not one of the array's (a register-file argument of its body)}}
    %prev = spacetime.read %m [0] delay 1 : memref<4x2xf32>
    spacetime.output %prev to @out[%i] : f32
  }
}

// -----

// A symbolic time extent must cover the scheduled times for every value.
ure.program @p {
  ure.func @A(k, j, i) -> f32
  ure.param @I max 4
  ure.param @J max 8
  ure.param @K
  ure.input @X : memref<?x?xi32>
  ure.func @c(i, j) -> i32
  %r = spacetime.shift_reg "A" : memref<4x31xi32>
  // expected-error@+1 {{'spacetime.array' op time loop "t1" = 0 extent 2 * @I + 3 * @J + @K - 6 does not cover the scheduled times [0, @K + 3 * @J + 2 * @I - 6]}}
  spacetime.array @A registers(%r : memref<4x31xi32>) loops (k = 0 extent @K, j = 0 extent @J, i = 0 extent @I) time (t1 = 0 extent 2 * @I + 3 * @J + @K - 6, t2 = 0 extent 2 * @I + @J - 2) space (i = 0 extent 4)
      schedule affine_map<(d0, d1, d2) -> (d0 + d1 * 3 + d2 * 2, d1 + d2 * 2)> recover affine_map<(d0, d1, d2) -> (d0 - d1 * 3 + d2 * 4, d1 - d2 * 2, d2)> {
  ^bb0(%t1: index, %t2: index, %pi: index, %r_in: memref<4x31xi32>):
    %k, %j, %i = spacetime.recover : index, index, index
    %v = spacetime.read %r_in [1] delay [2, 2] : memref<4x31xi32>
    spacetime.write %v, %r_in : memref<4x31xi32>
  }
}

// -----

ure.program @p {
  ure.func @A(k, j, i) -> f32
  ure.param @I max 4
  ure.param @J max 8
  ure.param @K
  ure.input @X : memref<?x?xi32>
  ure.func @c(i, j) -> i32
  %r = spacetime.shift_reg "A" : memref<4x31xi32>
  // expected-error@+1 {{'spacetime.array' op schedule of time loop "t1" has the negative coefficient -3 on loop "j", whose extent is symbolic: time would start at a parameter-dependent point}}
  spacetime.array @A registers(%r : memref<4x31xi32>) loops (k = 0 extent @K, j = 0 extent @J, i = 0 extent @I) time (t1 = 0 extent 2 * @I + 3 * @J + @K - 5, t2 = 0 extent 2 * @I + @J - 2) space (i = 0 extent 4)
      schedule affine_map<(d0, d1, d2) -> (d0 - d1 * 3 + d2 * 2, d1 + d2 * 2)> recover affine_map<(d0, d1, d2) -> (d0 + d1 * 3 + d2 * 4, d1 - d2 * 2, d2)> {
  ^bb0(%t1: index, %t2: index, %pi: index, %r_in: memref<4x31xi32>):
    %k, %j, %i = spacetime.recover : index, index, index
    %v = spacetime.read %r_in [1] delay [2, 2] : memref<4x31xi32>
    spacetime.write %v, %r_in : memref<4x31xi32>
  }
}

// -----

ure.program @p {
  ure.func @A(k, j, i) -> f32
  ure.param @I max 4
  ure.param @J max 8
  ure.param @K
  ure.input @X : memref<?x?xi32>
  ure.func @c(i, j) -> i32
  %r = spacetime.shift_reg "A" : memref<4x31xi32>
  // expected-error@+1 {{'spacetime.array' op extent of space loop "i" must be a positive integer (space loops are the PEs)}}
  spacetime.array @A registers(%r : memref<4x31xi32>) loops (k = 0 extent @K, j = 0 extent @J, i = 0 extent @I) time (t1 = 0 extent 2 * @I + 3 * @J + @K - 5, t2 = 0 extent 2 * @I + @J - 2) space (i = 0 extent @I)
      schedule affine_map<(d0, d1, d2) -> (d0 + d1 * 3 + d2 * 2, d1 + d2 * 2)> recover affine_map<(d0, d1, d2) -> (d0 - d1 * 3 + d2 * 4, d1 - d2 * 2, d2)> {
  ^bb0(%t1: index, %t2: index, %pi: index, %r_in: memref<4x31xi32>):
    %k, %j, %i = spacetime.recover : index, index, index
    %v = spacetime.read %r_in [1] delay [2, 2] : memref<4x31xi32>
    spacetime.write %v, %r_in : memref<4x31xi32>
  }
}

// -----

ure.program @p {
  ure.func @A(k, j, i) -> f32
  ure.param @I max 4
  ure.param @J max 8
  ure.param @K
  ure.input @X : memref<?x?xi32>
  ure.func @c(i, j) -> i32
  %r = spacetime.shift_reg "A" : memref<4x31xi32>
  // expected-error@+1 {{'spacetime.array' op extent of original loop "i" must be a positive integer or a ure.param}}
  spacetime.array @A registers(%r : memref<4x31xi32>) loops (k = 0 extent @K, j = 0 extent @J, i = 0 extent @I + 1) time (t1 = 0 extent 2 * @I + 3 * @J + @K - 5, t2 = 0 extent 2 * @I + @J - 2) space (i = 0 extent 4)
      schedule affine_map<(d0, d1, d2) -> (d0 + d1 * 3 + d2 * 2, d1 + d2 * 2)> recover affine_map<(d0, d1, d2) -> (d0 - d1 * 3 + d2 * 4, d1 - d2 * 2, d2)> {
  ^bb0(%t1: index, %t2: index, %pi: index, %r_in: memref<4x31xi32>):
    %k, %j, %i = spacetime.recover : index, index, index
    %v = spacetime.read %r_in [1] delay [2, 2] : memref<4x31xi32>
    spacetime.write %v, %r_in : memref<4x31xi32>
  }
}

// -----

ure.program @p {
  ure.func @A(k, j, i) -> f32
  ure.param @I
  ure.param @J max 8
  ure.param @K
  ure.input @X : memref<?x?xi32>
  ure.func @c(i, j) -> i32
  %r = spacetime.shift_reg "A" : memref<4x31xi32>
  // expected-error@+1 {{'spacetime.array' op space loop "i" has the symbolic extent @I: space loops are unrolled into PEs, so @I needs a declared max (ure.param @I max N)}}
  spacetime.array @A registers(%r : memref<4x31xi32>) loops (k = 0 extent @K, j = 0 extent @J, i = 0 extent @I) time (t1 = 0 extent 2 * @I + 3 * @J + @K - 5, t2 = 0 extent 2 * @I + @J - 2) space (i = 0 extent 4)
      schedule affine_map<(d0, d1, d2) -> (d0 + d1 * 3 + d2 * 2, d1 + d2 * 2)> recover affine_map<(d0, d1, d2) -> (d0 - d1 * 3 + d2 * 4, d1 - d2 * 2, d2)> {
  ^bb0(%t1: index, %t2: index, %pi: index, %r_in: memref<4x31xi32>):
    %k, %j, %i = spacetime.recover : index, index, index
    %v = spacetime.read %r_in [1] delay [2, 2] : memref<4x31xi32>
    spacetime.write %v, %r_in : memref<4x31xi32>
  }
}

// -----

ure.program @p {
  ure.func @A(k, j, i) -> f32
  ure.param @I max 3
  ure.param @J max 8
  ure.param @K
  ure.input @X : memref<?x?xi32>
  ure.func @c(i, j) -> i32
  %r = spacetime.shift_reg "A" : memref<4x31xi32>
  // expected-error@+1 {{'spacetime.array' op space loop "i" has 4 PEs, but its extent @I has the max 3: the PEs are the max}}
  spacetime.array @A registers(%r : memref<4x31xi32>) loops (k = 0 extent @K, j = 0 extent @J, i = 0 extent @I) time (t1 = 0 extent 2 * @I + 3 * @J + @K - 5, t2 = 0 extent 2 * @I + @J - 2) space (i = 0 extent 4)
      schedule affine_map<(d0, d1, d2) -> (d0 + d1 * 3 + d2 * 2, d1 + d2 * 2)> recover affine_map<(d0, d1, d2) -> (d0 - d1 * 3 + d2 * 4, d1 - d2 * 2, d2)> {
  ^bb0(%t1: index, %t2: index, %pi: index, %r_in: memref<4x31xi32>):
    %k, %j, %i = spacetime.recover : index, index, index
    %v = spacetime.read %r_in [1] delay [2, 2] : memref<4x31xi32>
    spacetime.write %v, %r_in : memref<4x31xi32>
  }
}

// -----

ure.program @p {
  ure.func @A(k, j, i) -> f32
  ure.param @I max 4
  ure.param @J max 8
  ure.param @K
  ure.input @X : memref<?x?xi32>
  ure.func @c(i, j) -> i32
  %r = spacetime.shift_reg "A" : memref<4x31xi32>
  // expected-error@+1 {{'spacetime.array' op an extent refers to @X, which is not a ure.param}}
  spacetime.array @A registers(%r : memref<4x31xi32>) loops (k = 0 extent @K, j = 0 extent @J, i = 0 extent @I) time (t1 = 0 extent 2 * @I + 3 * @J + @K + @X - 5, t2 = 0 extent 2 * @I + @J - 2) space (i = 0 extent 4)
      schedule affine_map<(d0, d1, d2) -> (d0 + d1 * 3 + d2 * 2, d1 + d2 * 2)> recover affine_map<(d0, d1, d2) -> (d0 - d1 * 3 + d2 * 4, d1 - d2 * 2, d2)> {
  ^bb0(%t1: index, %t2: index, %pi: index, %r_in: memref<4x31xi32>):
    %k, %j, %i = spacetime.recover : index, index, index
    %v = spacetime.read %r_in [1] delay [2, 2] : memref<4x31xi32>
    spacetime.write %v, %r_in : memref<4x31xi32>
  }
}

// -----

ure.program @p {
  ure.func @A(k, j, i) -> f32
  ure.param @I max 4
  ure.param @J
  ure.param @K
  ure.input @X : memref<?x?xi32>
  ure.func @c(i, j) -> i32
  %r = spacetime.shift_reg "A" : memref<4x31xi32>
  spacetime.array @A registers(%r : memref<4x31xi32>) loops (k = 0 extent @K, j = 0 extent @J, i = 0 extent @I) time (t1 = 0 extent 2 * @I + 3 * @J + @K - 5, t2 = 0 extent 2 * @I + @J - 2) space (i = 0 extent 4)
      schedule affine_map<(d0, d1, d2) -> (d0 + d1 * 3 + d2 * 2, d1 + d2 * 2)> recover affine_map<(d0, d1, d2) -> (d0 - d1 * 3 + d2 * 4, d1 - d2 * 2, d2)> {
  ^bb0(%t1: index, %t2: index, %pi: index, %r_in: memref<4x31xi32>):
    %k, %j, %i = spacetime.recover : index, index, index
    // expected-error@+1 {{'spacetime.read' op delay spans time loop "t2" of extent 2 * @I + @J - 2, and @J has no declared max: the register file cannot be sized}}
    %v = spacetime.read %r_in [1] delay [2, 2] : memref<4x31xi32>
    spacetime.write %v, %r_in : memref<4x31xi32>
  }
}

// -----

ure.program @p {
  ure.func @A(k, j, i) -> f32
  ure.param @I max 4
  ure.param @J max 8
  ure.param @K
  ure.input @X : memref<?x?xi32>
  ure.func @c(i, j) -> i32
  %r = spacetime.shift_reg "A" : memref<4x31xi32>
  spacetime.array @A registers(%r : memref<4x31xi32>) loops (k = 0 extent @K, j = 0 extent @J, i = 0 extent @I) time (t1 = 0 extent 2 * @I + 3 * @J + @K - 5, t2 = 0 extent 2 * @I + @J - 2) space (i = 0 extent 4)
      schedule affine_map<(d0, d1, d2) -> (d0 + d1 * 3 + d2 * 2, d1 + d2 * 2)> recover affine_map<(d0, d1, d2) -> (d0 - d1 * 3 + d2 * 4, d1 - d2 * 2, d2)> {
  ^bb0(%t1: index, %t2: index, %pi: index, %r_in: memref<4x31xi32>):
    %k, %j, %i = spacetime.recover : index, index, index
    // expected-error@+1 {{'spacetime.read' op delay [2, 3] is 31 flattened steps at the parameters' maxima, which does not fit a register file of 31 slots}}
    %v = spacetime.read %r_in [1] delay [2, 3] : memref<4x31xi32>
    spacetime.write %v, %r_in : memref<4x31xi32>
  }
}

// -----

ure.program @p {
  ure.func @A(k, j, i) -> f32
  ure.param @I max 4
  ure.param @J max 8
  ure.param @K
  ure.input @X : memref<?x?xi32>
  ure.func @c(i, j) -> i32
  %r = spacetime.shift_reg "A" : memref<4x31xi32>
  spacetime.array @A registers(%r : memref<4x31xi32>) loops (k = 0 extent @K, j = 0 extent @J, i = 0 extent @I) time (t1 = 0 extent 2 * @I + 3 * @J + @K - 5, t2 = 0 extent 2 * @I + @J - 2) space (i = 0 extent 4)
      schedule affine_map<(d0, d1, d2) -> (d0 + d1 * 3 + d2 * 2, d1 + d2 * 2)> recover affine_map<(d0, d1, d2) -> (d0 - d1 * 3 + d2 * 4, d1 - d2 * 2, d2)> {
  ^bb0(%t1: index, %t2: index, %pi: index, %r_in: memref<4x31xi32>):
    %k, %j, %i = spacetime.recover : index, index, index
    // expected-error@+1 {{'spacetime.read' op delay has 3 entries for 2 time loops}}
    %v = spacetime.read %r_in [1] delay [2, 2, 0] : memref<4x31xi32>
    spacetime.write %v, %r_in : memref<4x31xi32>
  }
}

// -----

ure.program @p {
  ure.func @A(k, j, i) -> f32
  ure.param @I max 4
  ure.param @J max 8
  ure.param @K
  ure.input @X : memref<?x?xi32>
  ure.func @c(i, j) -> i32
  %r = spacetime.shift_reg "A" : memref<4x31xi32>
  spacetime.array @A registers(%r : memref<4x31xi32>) loops (k = 0 extent @K, j = 0 extent @J, i = 0 extent @I) time (t1 = 0 extent 2 * @I + 3 * @J + @K - 5, t2 = 0 extent 2 * @I + @J - 2) space (i = 0 extent 4)
      schedule affine_map<(d0, d1, d2) -> (d0 + d1 * 3 + d2 * 2, d1 + d2 * 2)> recover affine_map<(d0, d1, d2) -> (d0 - d1 * 3 + d2 * 4, d1 - d2 * 2, d2)> {
  ^bb0(%t1: index, %t2: index, %pi: index, %r_in: memref<4x31xi32>):
    %k, %j, %i = spacetime.recover : index, index, index
    // expected-error@+1 {{'spacetime.read' op delay must be lexicographically non-negative (a time point not after the current one)}}
    %v = spacetime.read %r_in [1] delay [0, -1] : memref<4x31xi32>
    spacetime.write %v, %r_in : memref<4x31xi32>
  }
}

// -----

ure.program @p {
  ure.func @A(k, j, i) -> f32
  ure.param @I max 4
  ure.param @J max 8
  ure.param @K
  ure.input @X : memref<?x?xi32>
  ure.func @c(i, j) -> i32
  %r = spacetime.shift_reg "A" : memref<4x31xi32>
  spacetime.array @A registers(%r : memref<4x31xi32>) loops (k = 0 extent @K, j = 0 extent @J, i = 0 extent @I) time (t1 = 0 extent 2 * @I + 3 * @J + @K - 5, t2 = 0 extent 2 * @I + @J - 2) space (i = 0 extent 4)
      schedule affine_map<(d0, d1, d2) -> (d0 + d1 * 3 + d2 * 2, d1 + d2 * 2)> recover affine_map<(d0, d1, d2) -> (d0 - d1 * 3 + d2 * 4, d1 - d2 * 2, d2)> {
  ^bb0(%t1: index, %t2: index, %pi: index, %r_in: memref<4x31xi32>):
    %k, %j, %i = spacetime.recover : index, index, index
    // expected-error@+1 {{'spacetime.read' op needs exactly one of 'delay' (steps ago) and 'writes' (writes ago)}}
    %v = spacetime.read %r_in [1] delay [1, 0] writes 0 : memref<4x31xi32>
    spacetime.write %v, %r_in : memref<4x31xi32>
  }
}

// -----

ure.program @p {
  ure.func @A(k, j, i) -> f32
  ure.param @I max 4
  ure.param @J max 9223372036854775807
  ure.param @K
  ure.input @X : memref<?x?xi32>
  ure.func @c(i, j) -> i32
  %r = spacetime.shift_reg "A" : memref<4x31xi32>
  // expected-error@+1 {{'spacetime.array' op time loop "t1" overflows 64-bit integers at the parameters' maxima}}
  spacetime.array @A registers(%r : memref<4x31xi32>) loops (k = 0 extent @K, j = 0 extent @J, i = 0 extent @I) time (t1 = 0 extent 2 * @I + 3 * @J + @K - 5, t2 = 0 extent 2 * @I + @J - 2) space (i = 0 extent 4)
      schedule affine_map<(d0, d1, d2) -> (d0 + d1 * 3 + d2 * 2, d1 + d2 * 2)> recover affine_map<(d0, d1, d2) -> (d0 - d1 * 3 + d2 * 4, d1 - d2 * 2, d2)> {
  ^bb0(%t1: index, %t2: index, %pi: index, %r_in: memref<4x31xi32>):
    %k, %j, %i = spacetime.recover : index, index, index
    %v = spacetime.read %r_in [1] delay [2, 2] : memref<4x31xi32>
    spacetime.write %v, %r_in : memref<4x31xi32>
  }
}

// -----

// A vectorized coordinate of another shape than the lanes.
ure.program @vec {
  ure.input @A : memref<8x4xf32>
  ure.func @out(t, j) -> f32
  %rv = spacetime.shift_reg "v" : memref<2x1xvector<4xf32>>
  spacetime.array @out loops (t = 0 extent 8, i = 0 extent 2, j = 0 extent 4) time (t = 0 extent 8) space (i = 0 extent 2, j = 0 extent 4) schedule affine_map<(d0, d1, d2) -> (d0)> recover affine_map<(d0, d1, d2) -> (d0, d1, d2)> {
  ^bb0(%t: index, %i: index, %j: vector<4xi32>):
    // expected-error@-2 {{'spacetime.array' op coordinates are of type index (or, for a vectorized space loop, a vector of index)}}
  }
}

// -----

// A recovered index that uses the lanes must be a vector.
ure.program @vec {
  ure.input @A : memref<8x4xf32>
  ure.func @out(t, j) -> f32
  %rv = spacetime.shift_reg "v" : memref<2x1xvector<4xf32>>
  spacetime.array @out loops (t = 0 extent 8, i = 0 extent 2, j = 0 extent 4) time (t = 0 extent 8) space (i = 0 extent 2, j = 0 extent 4) schedule affine_map<(d0, d1, d2) -> (d0)> recover affine_map<(d0, d1, d2) -> (d0, d1, d2)> {
  ^bb0(%t: index, %i: index, %j: vector<4xindex>):
    // expected-error@+1 {{'spacetime.recover' op result 2 (loop "j") must be 'vector<4xindex>'}}
    %t1, %i1, %j1 = spacetime.recover : index, index, index
  }
}

// -----

// CheckTime of a vectorized array has one flag per lane.
ure.program @vec {
  ure.input @A : memref<8x4xf32>
  ure.func @out(t, j) -> f32
  %rv = spacetime.shift_reg "v" : memref<2x1xvector<4xf32>>
  spacetime.array @out loops (t = 0 extent 8, i = 0 extent 2, j = 0 extent 4) time (t = 0 extent 8) space (i = 0 extent 2, j = 0 extent 4) schedule affine_map<(d0, d1, d2) -> (d0)> recover affine_map<(d0, d1, d2) -> (d0, d1, d2)> {
  ^bb0(%t: index, %i: index, %j: vector<4xindex>):
    // expected-error@+1 {{'spacetime.scheduled' op is 'vector<4xi1>' in this array}}
    %on = spacetime.scheduled
  }
}

// -----

// A register file of vectors of other lanes.
ure.program @vec {
  ure.input @A : memref<8x4xf32>
  ure.func @out(t, j) -> f32
  %rv = spacetime.shift_reg "v" : memref<2x1xvector<8xf32>>
  spacetime.array @out registers(%rv : memref<2x1xvector<8xf32>>) loops (t = 0 extent 8, i = 0 extent 2, j = 0 extent 4) time (t = 0 extent 8) space (i = 0 extent 2, j = 0 extent 4) schedule affine_map<(d0, d1, d2) -> (d0)> recover affine_map<(d0, d1, d2) -> (d0, d1, d2)> {
  ^bb0(%t: index, %i: index, %j: vector<4xindex>, %rv_in: memref<2x1xvector<8xf32>>):
    // expected-error@+1 {{'spacetime.read' op register file of 'vector<8xf32>' in an array whose lanes are 'vector<4xf32>': a file holds scalars or one vector of the lane shape}}
    %l = spacetime.read %rv_in [0, 1] delay 0 : memref<2x1xvector<8xf32>>
  }
}

// -----

// A register file keeps the vectorized PE dimension.
ure.program @vec {
  ure.input @A : memref<8x4xf32>
  ure.func @out(t, j) -> f32
  %rv = spacetime.shift_reg "v" : memref<2x4x1xvector<4xf32>>
  spacetime.array @out registers(%rv : memref<2x4x1xvector<4xf32>>) loops (t = 0 extent 8, i = 0 extent 2, j = 0 extent 4) time (t = 0 extent 8) space (i = 0 extent 2, j = 0 extent 4) schedule affine_map<(d0, d1, d2) -> (d0)> recover affine_map<(d0, d1, d2) -> (d0, d1, d2)> {
  ^bb0(%t: index, %i: index, %j: vector<4xindex>, %rv_in: memref<2x4x1xvector<4xf32>>):
    // expected-error@+1 {{'spacetime.read' op register file 'memref<2x4x1xvector<4xf32>>' does not match the PE array (2) plus a slot dimension}}
    %l = spacetime.read %rv_in [0, 0] delay 0 : memref<2x4x1xvector<4xf32>>
  }
}

// -----

// Lanes of one step cannot wait for each other.
ure.program @vec {
  ure.input @A : memref<8x4xf32>
  ure.func @out(t, j) -> f32
  %rv = spacetime.shift_reg "v" : memref<2x1xvector<4xf32>>
  spacetime.array @out registers(%rv : memref<2x1xvector<4xf32>>) loops (t = 0 extent 8, i = 0 extent 2, j = 0 extent 4) time (t = 0 extent 8) space (i = 0 extent 2, j = 0 extent 4) schedule affine_map<(d0, d1, d2) -> (d0)> recover affine_map<(d0, d1, d2) -> (d0, d1, d2)> {
  ^bb0(%t: index, %i: index, %j: vector<4xindex>, %rv_in: memref<2x1xvector<4xf32>>):
    %x = arith.constant dense<1.0> : vector<4xf32>
    spacetime.write %x, %rv_in : memref<2x1xvector<4xf32>>
    // expected-error@+1 {{'spacetime.read' op reads across the lanes of vectorized loop "j" in the same step (delay 0): the lanes run at once, so the loop must run serially}}
    %l = spacetime.read %rv_in [0, 1] delay 0 : memref<2x1xvector<4xf32>>
  }
}

// -----

// A mask on a file of scalars.
ure.program @vec {
  ure.input @A : memref<8x4xf32>
  ure.func @out(t, j) -> f32
  %rv = spacetime.shift_reg "v" : memref<2x1xf32>
  spacetime.array @out registers(%rv : memref<2x1xf32>) loops (t = 0 extent 8, i = 0 extent 2, j = 0 extent 4) time (t = 0 extent 8) space (i = 0 extent 2, j = 0 extent 4) schedule affine_map<(d0, d1, d2) -> (d0)> recover affine_map<(d0, d1, d2) -> (d0, d1, d2)> {
  ^bb0(%t: index, %i: index, %j: vector<4xindex>, %rv_in: memref<2x1xf32>):
    %on = spacetime.scheduled : vector<4xi1>
    %x = arith.constant 1.0 : f32
    // expected-error@+1 {{'spacetime.write' op a mask ('if') needs a register file of vectors}}
    "spacetime.write"(%x, %rv_in, %on) : (f32, memref<2x1xf32>, vector<4xi1>) -> ()
  }
}

// -----

// A vector index needs vector values.
ure.program @vec {
  ure.input @A : memref<8x4xf32>
  ure.func @out(t = 0 extent 8, j = 0 extent 4) -> f32
  %rv = spacetime.shift_reg "v" : memref<2x1xf32>
  spacetime.array @out loops (t = 0 extent 8, i = 0 extent 2, j = 0 extent 4) time (t = 0 extent 8) space (i = 0 extent 2, j = 0 extent 4) schedule affine_map<(d0, d1, d2) -> (d0)> recover affine_map<(d0, d1, d2) -> (d0, d1, d2)> {
  ^bb0(%t: index, %i: index, %j: vector<4xindex>):
    %t1, %i1, %j1 = spacetime.recover : index, index, vector<4xindex>
    %x = arith.constant 1.0 : f32
    // expected-error@+1 {{'spacetime.output' op index of type 'vector<4xindex>' needs vector values of the same lanes}}
    spacetime.output %x to @out[%t1, %j1] : f32 indices index, vector<4xindex>
  }
}

// -----

// A load at vector indices gives a vector of the same lanes.
ure.program @vec {
  ure.input @A : memref<8x4xf32>
  ure.func @out(t, j) -> f32
  %rv = spacetime.shift_reg "v" : memref<2x1xf32>
  spacetime.array @out loops (t = 0 extent 8, i = 0 extent 2, j = 0 extent 4) time (t = 0 extent 8) space (i = 0 extent 2, j = 0 extent 4) schedule affine_map<(d0, d1, d2) -> (d0)> recover affine_map<(d0, d1, d2) -> (d0, d1, d2)> {
  ^bb0(%t: index, %i: index, %j: vector<4xindex>):
    %t1, %i1, %j1 = spacetime.recover : index, index, vector<4xindex>
    // expected-error@+1 {{'ure.load' op index of type 'vector<4xindex>' needs a result of the same vector lanes}}
    %x = ure.load @A(%t1, %j1) : f32 indices index, vector<4xindex>
  }
}

// -----

ure.program @p {
  ure.func @out(i, t) -> f32
  // expected-error@+1 {{'spacetime.array' op descending loop "t" is not a space loop}}
  spacetime.array @out loops (t = 0 extent 2, i = 0 extent 4) time (t = 0 extent 2) space (i = 0 extent 4) descending ["t"] schedule affine_map<(t, i) -> (t)> recover affine_map<(t, i) -> (t, i)> {
  ^bb0(%t: index, %i: index):
  }
}

// -----

ure.program @p {
  ure.func @out(i, t) -> f32
  // expected-error@+1 {{'spacetime.array' op descending loop "i" is listed twice}}
  spacetime.array @out loops (t = 0 extent 2, i = 0 extent 4) time (t = 0 extent 2) space (i = 0 extent 4) descending ["i", "i"] schedule affine_map<(t, i) -> (t)> recover affine_map<(t, i) -> (t, i)> {
  ^bb0(%t: index, %i: index):
  }
}

// -----

ure.program @p {
  ure.func @out(i, t) -> f32
  // expected-error@+1 {{'spacetime.array' op descending loop "i" is vectorized: its lanes run at once}}
  spacetime.array @out loops (t = 0 extent 2, i = 0 extent 4) time (t = 0 extent 2) space (i = 0 extent 4) descending ["i"] schedule affine_map<(t, i) -> (t)> recover affine_map<(t, i) -> (t, i)> {
  ^bb0(%t: index, %i: vector<4xindex>):
  }
}

// -----

ure.program @p {
  ure.func @out(i, t) -> f32
  // expected-error@+1 {{'spacetime.array' op loop "t" inside the PE is not a space loop}}
  spacetime.array @out loops (t = 0 extent 2, i = 0 extent 4) time (t = 0 extent 2) space (i = 0 extent 4) inside ["t"] schedule affine_map<(t, i) -> (t)> recover affine_map<(t, i) -> (t, i)> {
  ^bb0(%t: index, %i: index):
  }
}

// -----

ure.program @p {
  ure.func @out(i, t) -> f32
  // expected-error@+1 {{'spacetime.array' op loop "i" inside the PE is listed twice}}
  spacetime.array @out loops (t = 0 extent 2, i = 0 extent 4) time (t = 0 extent 2) space (i = 0 extent 4) inside ["i", "i"] schedule affine_map<(t, i) -> (t)> recover affine_map<(t, i) -> (t, i)> {
  ^bb0(%t: index, %i: index):
  }
}

// -----

// Along a descending loop, the PE that runs earlier in a step is the next
// one: offset +1 reads a PE that has not run yet.
ure.program @p {
  ure.func @out(i, t) -> f32
  %f = spacetime.shift_reg "f" : memref<4x1xf32>
  spacetime.array @out registers(%f : memref<4x1xf32>) loops (t = 0 extent 2, i = 0 extent 4) time (t = 0 extent 2) space (i = 0 extent 4) descending ["i"] schedule affine_map<(t, i) -> (t)> recover affine_map<(t, i) -> (t, i)> {
  ^bb0(%t: index, %i: index, %f_in: memref<4x1xf32>):
    %v = arith.constant 1.0 : f32
    spacetime.write %v, %f_in : memref<4x1xf32>
    // expected-error@+1 {{'spacetime.read' op reads a PE that runs later in the same step}}
    %w = spacetime.read %f_in [1] delay 0 : memref<4x1xf32>
  }
}

// -----

ure.program @p {
  ure.func @out(i, t) -> f32
  spacetime.array @out loops (t = 0 extent 2, i = 0 extent 4) time (t = 0 extent 2) space (i = 0 extent 4) schedule affine_map<(t, i) -> (t)> recover affine_map<(t, i) -> (t, i)> {
  ^bb0(%t: index, %i: index):
    // expected-error@+1 {{'spacetime.recover' op has 1 coordinates for 2 time and space loops}}
    %a, %b = spacetime.recover at(%t : index) : index, index
  }
}

// -----

ure.program @p {
  ure.func @out(i, t) -> f32
  spacetime.array @out loops (t = 0 extent 2, i = 0 extent 4) time (t = 0 extent 2) space (i = 0 extent 4) schedule affine_map<(t, i) -> (t)> recover affine_map<(t, i) -> (t, i)> {
  ^bb0(%t: index, %i: index):
    %r = arith.constant dense<0> : vector<4xindex>
    // expected-error@+1 {{'spacetime.scheduled' op coordinate #1 is 'vector<4xindex>' where the array's is 'index'}}
    %on = spacetime.scheduled at(%t, %r : index, vector<4xindex>)
  }
}

// -----

ure.program @p {
  ure.func @out(i = 0 extent 4, t = 0 extent 2) -> f32
  spacetime.array @out loops (t = 0 extent 2, i = 0 extent 4) time (t = 0 extent 2) space (i = 0 extent 4) schedule affine_map<(t, i) -> (t)> recover affine_map<(t, i) -> (t, i)> {
  ^bb0(%t: index, %i: index):
    %v = arith.constant 1.0 : f32
    // expected-error@+1 {{'spacetime.output' op has 3 coordinates for 2 time and space loops}}
    spacetime.output %v to @out[%i, %t] at(%t, %i, %i : index, index, index) : f32
  }
}

// -----

// The body is isolated from above: a register file is taken as an operand,
// not used from outside.
ure.program @p {
  ure.func @acc(j, i) -> f32
  ure.input @A : memref<4x4xf32>
  ure.func @out(i = 0 extent 4) -> f32
  %r = spacetime.shift_reg "acc" : memref<4x2xf32>
  spacetime.array @acc loops (j = 0 extent 4, i = 0 extent 4) time (t = 0 extent 7) space (i = 0 extent 4)
      schedule affine_map<(d0, d1) -> (d0 + d1)> recover affine_map<(d0, d1) -> (d0 - d1, d1)> {
  ^bb0(%t: index, %pi: index):
    %j, %i = spacetime.recover : index, index
    // expected-error@+1 {{'spacetime.read' op reads a register file that is not one of the array's (a register-file argument of its body)}}
    %prev = spacetime.read %r [0] delay 1 : memref<4x2xf32>
    spacetime.output %prev to @out[%i] : f32
  }
}

// -----

ure.program @p {
  ure.func @acc(j, i) -> f32
  ure.func @out(i = 0 extent 4) -> f32
  %m = memref.alloc() : memref<4x2xf32>
  // expected-error@+1 {{'spacetime.array' op register file #0 is not a spacetime.shift_reg (or spacetime.buffer) beside the array}}
  spacetime.array @acc registers(%m : memref<4x2xf32>) loops (j = 0 extent 4, i = 0 extent 4) time (t = 0 extent 7) space (i = 0 extent 4)
      schedule affine_map<(d0, d1) -> (d0 + d1)> recover affine_map<(d0, d1) -> (d0 - d1, d1)> {
  ^bb0(%t: index, %pi: index, %r: memref<4x2xf32>):
  }
}

// -----

ure.program @p {
  ure.func @acc(j, i) -> f32
  ure.func @out(i = 0 extent 4) -> f32
  %r = spacetime.shift_reg "acc" : memref<4x2xf32>
  // expected-error@+1 {{'spacetime.array' op takes register file #1 twice}}
  spacetime.array @acc registers(%r, %r : memref<4x2xf32>, memref<4x2xf32>) loops (j = 0 extent 4, i = 0 extent 4) time (t = 0 extent 7) space (i = 0 extent 4)
      schedule affine_map<(d0, d1) -> (d0 + d1)> recover affine_map<(d0, d1) -> (d0 - d1, d1)> {
  ^bb0(%t: index, %pi: index, %r1: memref<4x2xf32>, %r2: memref<4x2xf32>):
  }
}

// -----

ure.program @p {
  ure.func @acc(j, i) -> f32
  ure.func @out(i = 0 extent 4) -> f32
  %r = spacetime.shift_reg "acc" : memref<4x2xf32>
  // expected-error@+1 {{'spacetime.array' op register-file argument #0 is 'memref<4x3xf32>' where the file is 'memref<4x2xf32>'}}
  spacetime.array @acc registers(%r : memref<4x2xf32>) loops (j = 0 extent 4, i = 0 extent 4) time (t = 0 extent 7) space (i = 0 extent 4)
      schedule affine_map<(d0, d1) -> (d0 + d1)> recover affine_map<(d0, d1) -> (d0 - d1, d1)> {
  ^bb0(%t: index, %pi: index, %r_in: memref<4x3xf32>):
  }
}

// -----

// A write of a buffer the PE allocates is no register-file write.
ure.program @p {
  ure.func @acc(j, i) -> f32
  ure.func @out(i = 0 extent 4) -> f32
  spacetime.array @acc loops (j = 0 extent 4, i = 0 extent 4) time (t = 0 extent 7) space (i = 0 extent 4)
      schedule affine_map<(d0, d1) -> (d0 + d1)> recover affine_map<(d0, d1) -> (d0 - d1, d1)> {
  ^bb0(%t: index, %pi: index):
    %m = memref.alloc() : memref<4x2xf32>
    %z = arith.constant 0.0 : f32
    // expected-error@+1 {{'spacetime.write' op writes a register file that is not one of the array's (a register-file argument of its body)}}
    spacetime.write %z, %m : memref<4x2xf32>
  }
}

// -----

ure.program @p {
  // expected-error@+1 {{'spacetime.buffer' op a double buffer is shaped 2 x TILE (two halves), got 'memref<3x8xf32>'}}
  %b = spacetime.buffer "x" : memref<3x8xf32>
}

// -----

ure.program @p {
  // expected-error@+1 {{'spacetime.buffer' op has 0 banks; at least 1}}
  %b = spacetime.buffer "x" banks 0 : memref<2x8xf32>
}

// -----

// The representative is the Func the array was built from, which the
// directives name: it must be a ure.func of the program.
ure.program @p {
  ure.input @A : memref<4x4xf32>
  ure.func @out(i = 0 extent 4) -> f32
  %r = spacetime.shift_reg "acc" : memref<4x2xf32>
  // expected-error@+1 {{'spacetime.array' op represents @nobody, which is not a ure.func of @p}}
  spacetime.array @nobody registers(%r : memref<4x2xf32>) loops (j = 0 extent 4, i = 0 extent 4) time (t = 0 extent 7) space (i = 0 extent 4)
      schedule affine_map<(d0, d1) -> (d0 + d1)> recover affine_map<(d0, d1) -> (d0 - d1, d1)> {
  ^bb0(%t: index, %pi: index, %r_in: memref<4x2xf32>):
    %j, %i = spacetime.recover : index, index
    %a = ure.load @A(%i, %j) : f32
    %prev = spacetime.read %r_in [0] delay 1 : memref<4x2xf32>
    %s = arith.addf %a, %prev : f32
    spacetime.write %s, %r_in : memref<4x2xf32>
    spacetime.output %s to @out[%i] : f32
  }
}

// -----

// expected-error@+1 {{'spacetime.shift_reg' op origin has 2 entries for 1 PE dimensions}}
%r = spacetime.shift_reg "acc" origin [0, 1] : memref<4x2xf32>

// -----

// expected-error@+1 {{'spacetime.shift_reg' op origin must be non-negative (a PE index)}}
%r = spacetime.shift_reg "acc" origin [-1] : memref<4x2xf32>

// -----

// expected-error@+1 {{'spacetime.shift_reg' op an on_write register file holds every PE (no origin)}}
%r = spacetime.shift_reg "acc" on_write origin [1] : memref<2x2xf32>

// -----

// A sub-box that reaches past the array's 4 PEs.
ure.program @p {
  ure.func @acc(t, i) -> f32
  ure.input @A : memref<4x4xf32>
  ure.func @out(i = 0 extent 4) -> f32
  %d = spacetime.shift_reg "acc_long" origin [2] : memref<3x3xf32>
  spacetime.array @acc registers(%d : memref<3x3xf32>) loops (t = 0 extent 4, i = 0 extent 4) time (t = 0 extent 4) space (i = 0 extent 4)
      schedule affine_map<(d0, d1) -> (d0)> recover affine_map<(d0, d1) -> (d0, d1)> {
  ^bb0(%t: index, %pi: index, %d_in: memref<3x3xf32>):
    %ti, %i = spacetime.recover : index, index
    %a = ure.load @A(%i, %ti) : f32
    // expected-error@+1 {{'spacetime.write' op register file 'memref<3x3xf32>' at origin [2] reaches past the PE array (4)}}
    spacetime.write %a, %d_in : memref<3x3xf32>
    spacetime.output %a to @out[%i] : f32
  }
}
