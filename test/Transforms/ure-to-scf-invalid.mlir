// RUN: t2s-opt %s --split-input-file --verify-diagnostics --merge-ures --ure-to-scf
// RUN: %if mlir-opt-plugin %{ %mlir_opt_plugin %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(merge-ures, ure-to-scf)' %}

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

