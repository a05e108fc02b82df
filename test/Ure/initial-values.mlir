// Programs whose Funcs all have initial values (merge-ures.md, "Recursive
// Reference"): they must verify. The negative cases are in invalid.mlir.
// RUN: t2s-opt %s --split-input-file | FileCheck %s
// RUN: %if mlir-opt-plugin %{ %mlir_opt_plugin %s --split-input-file | FileCheck %s %}

// merge-ures.md Example 2: f ends in `i`; g reaches f.
// CHECK-LABEL: ure.program @example2
// CHECK: ure.def @f
// CHECK: ure.def @g
ure.program @example2 {
  ure.func @f(i, j) -> index
  ure.func @g(i, j) -> index
  ure.def @f(%i, %j) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %f = ure.at @f(%i - 1, %j) : index
    %v = arith.select %first, %i, %f : index
    ure.yield %v : index
  }
  ure.def @g(%i, %j) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %f = ure.at @f(%i, %j) : index
    %g = ure.at @g(%i - 1, %j) : index
    %v = arith.select %first, %f, %g : index
    ure.yield %v : index
  }
}

// -----

// A product f = g * select(i == 0, 1, f(i - 1)): g has an initial value, and
// so does the select, so f has one.
// CHECK-LABEL: ure.program @product
// CHECK: ure.def @f
// CHECK: arith.muli
ure.program @product {
  ure.func @g
  ure.func @f(i, j) -> i32
  ure.def @g(%i, %j) {
    %one = arith.constant 1 : i32
    ure.yield %one : i32
  }
  ure.def @f(%i, %j) {
    %c0 = arith.constant 0 : index
    %one = arith.constant 1 : i32
    %first = arith.cmpi eq, %i, %c0 : index
    %g = ure.at @g(%i, %j) : i32
    %f = ure.at @f(%i - 1, %j) : i32
    %s = arith.select %first, %one, %f : i32
    %v = arith.muli %g, %s : i32
    ure.yield %v : i32
  }
}

// -----

// A chain through a Func declared and read before its definition: f's only
// way out is g, whose initial value comes from the input; h sums both.
// CHECK-LABEL: ure.program @chain
// CHECK: ure.merge_ures @g [@f, @h]
ure.program @chain {
  ure.input @A : memref<4x4xf32>
  ure.func @f(i, j) -> f32
  ure.func @g(i, j) -> f32
  ure.func @h
  ure.def @f(%i, %j) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %g = ure.at @g(%i, %j) : f32
    %f = ure.at @f(%i - 1, %j) : f32
    %v = arith.select %first, %g, %f : f32
    ure.yield %v : f32
  }
  ure.def @g(%i, %j) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %j, %c0 : index
    %a = ure.load @A(%i, %j) : f32
    %g = ure.at @g(%i, %j - 1) : f32
    %v = arith.select %first, %a, %g : f32
    ure.yield %v : f32
  }
  ure.def @h(%i, %j) {
    %f = ure.at @f(%i, %j) : f32
    %g = ure.at @g(%i, %j) : f32
    %v = arith.addf %f, %g : f32
    ure.yield %v : f32
  }
  ure.merge_ures @g [@f, @h]
}

// -----

// An extended output behind a select without else: out reaches c, and c's
// accumulation starts from a constant.
// CHECK-LABEL: ure.program @extended
// CHECK: ure.def @out(%i) with (%k)
ure.program @extended {
  ure.func @c(i, k) -> f32
  ure.func @out
  ure.def @c(%i, %k) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first = arith.cmpi eq, %k, %c0 : index
    %prev = ure.at @c(%i, %k - 1) : f32
    %v = arith.select %first, %zero, %prev : f32
    ure.yield %v : f32
  }
  ure.def @out(%i) with (%k) {
    %c3 = arith.constant 3 : index
    %last = arith.cmpi eq, %k, %c3 : index
    %c = ure.at @c(%i, %k) : f32
    %w = ure.select %last, %c : f32
    ure.yield %w : f32
  }
  ure.merge_ures @c [@out]
}
