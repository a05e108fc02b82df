// Every verifier rule of the spacetime dialect.
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

func.func @f(%m: memref<?xf32>) {
  // expected-error@+1 {{'spacetime.shift' op operand #0 must be statically shaped memref of any type values}}
  spacetime.shift %m : memref<?xf32>
  return
}
