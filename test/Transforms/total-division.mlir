// RUN: t2s-opt %s --total-division --split-input-file | FileCheck %s
// RUN: t2s-opt %s --total-division --total-division --split-input-file | FileCheck %s

// A division by a constant other than 0 (and, signed, -1) cannot trap: it
// stays as it is.
// CHECK-LABEL: func.func @constant_divisors
// CHECK-NEXT:    %[[C3:.*]] = arith.constant 3 : i32
// CHECK-NEXT:    %[[S:.*]] = arith.constant dense<5> : vector<4xi32>
// CHECK-NEXT:    %[[Q:.*]] = arith.divsi %arg0, %[[C3]] : i32
// CHECK-NEXT:    %[[R:.*]] = arith.remui %arg0, %[[C3]] : i32
// CHECK-NEXT:    %[[V:.*]] = arith.floordivsi %arg1, %[[S]] : vector<4xi32>
// CHECK-NEXT:    return %[[Q]], %[[R]], %[[V]]
func.func @constant_divisors(%a: i32, %v: vector<4xi32>) -> (i32, i32, vector<4xi32>) {
  %c3 = arith.constant 3 : i32
  %s = arith.constant dense<5> : vector<4xi32>
  %q = arith.divsi %a, %c3 : i32
  %r = arith.remui %a, %c3 : i32
  %w = arith.floordivsi %v, %s : vector<4xi32>
  return %q, %r, %w : i32, i32, vector<4xi32>
}

// -----

// -1 can overflow a signed division (INT_MIN / -1), not an unsigned one; 0
// traps both; a dense vector with a zero lane is guarded lane by lane.
// CHECK-LABEL: func.func @unsafe_constants
// CHECK:         %[[SAFE:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : i32
// CHECK-NEXT:    arith.divsi %arg0, %[[SAFE]] : i32
// CHECK-NEXT:    arith.select
// CHECK-NEXT:    %[[Q:.*]] = arith.select
// CHECK-NEXT:    %[[U:.*]] = arith.divui %arg0, %c-1_i32 : i32
// CHECK:         %[[VSAFE:.*]] = arith.select %{{.*}}, %{{.*}}, %cst : vector<2xi1>, vector<2xi32>
// CHECK-NEXT:    arith.floordivsi %arg1, %[[VSAFE]] : vector<2xi32>
// CHECK-NEXT:    arith.select
// CHECK-NEXT:    %[[V:.*]] = arith.select
// CHECK-NEXT:    return %[[Q]], %[[U]], %[[V]]
func.func @unsafe_constants(%a: i32, %v: vector<2xi32>) -> (i32, i32, vector<2xi32>) {
  %m1 = arith.constant -1 : i32
  %d = arith.constant dense<[0, 2]> : vector<2xi32>
  %q = arith.divsi %a, %m1 : i32
  %u = arith.divui %a, %m1 : i32
  %w = arith.floordivsi %v, %d : vector<2xi32>
  return %q, %u, %w : i32, i32, vector<2xi32>
}

// -----

// The pass's own safe divisor is recognized: a second run adds nothing.
// CHECK-LABEL: func.func @twice
// CHECK-COUNT-1: arith.select
// CHECK-NEXT:    arith.divsi
// CHECK-NEXT:    arith.select
// CHECK-NEXT:    arith.select
// CHECK-NEXT:    return
func.func @twice(%a: i32, %b: i32) -> i32 {
  %q = arith.divsi %a, %b : i32
  return %q : i32
}
