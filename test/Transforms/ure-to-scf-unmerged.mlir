// RUN: t2s-opt %s --verify-diagnostics --ure-to-scf
// RUN: %if mlir-opt-plugin %{ %mlir_opt_plugin %s --verify-diagnostics --pass-pipeline='builtin.module(ure-to-scf)' %}

// expected-error@+1 {{program @m is not merged; run merge-ures first}}
ure.program @m {
  ure.func @f(i) -> i32
  ure.def @f(%i) {
    %c = arith.constant 1 : i32
    ure.yield %c : i32
  }
  ure.set_bounds @f (i = 0 extent 4)
}
