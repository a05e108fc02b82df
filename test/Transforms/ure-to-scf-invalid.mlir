// RUN: t2s-opt %s --split-input-file --verify-diagnostics --merge-ures --ure-to-scf
// RUN: %if mlir-opt-plugin %{ %mlir_opt_plugin %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(merge-ures, ure-to-scf)' %}

// Input indices must be linear in the loop variables: `mod` is not.
ure.program @p {
  ure.input @A : memref<8xi32>
  ure.func @f(i) -> i32
  ure.def @f(%i) {
    // expected-error@+1 {{result 0 of 'map' is not a linear expression of the loop variables}}
    %a = ure.load @A(%i mod 2) : i32
    ure.yield %a : i32
  }
  ure.set_bounds @f (i = 0 extent 8)
}

// -----

// The interpreter and the sequential lowering take arith, math, ure.at,
// ure.load, ure.param_value and ure.select (the systolic path takes any op).
ure.program @q {
  ure.func @f(i) -> f32
  ure.def @f(%i) {
    %c = arith.constant 2 : i32
    // expected-error@+1 {{operation 'arith.mulsi_extended' is not supported by the URE interpreter and the sequential lowering}}
    %lo, %hi = arith.mulsi_extended %c, %c : i32
    %t = arith.sitofp %lo : i32 to f32
    ure.yield %t : f32
  }
  ure.set_bounds @f (i = 0 extent 8)
}

