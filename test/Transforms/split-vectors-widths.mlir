// RUN: t2s-opt %s --pass-pipeline='builtin.module(split-vectors{widths=4})' | FileCheck %s

// With only 4-lane vectors, a vector<16> is four pieces and a vector<6>
// six scalars (4 does not divide 6).

// CHECK-LABEL: func.func @widths
// CHECK-COUNT-4: vector.load %{{.*}} : memref<16xf32>, vector<4xf32>
// CHECK-COUNT-4: arith.mulf %{{.*}} : vector<4xf32>
// CHECK-COUNT-4: vector.store %{{.*}} : memref<16xf32>, vector<4xf32>
// CHECK-COUNT-6: memref.load %{{.*}} : memref<16xf32>
// CHECK-NOT:     vector<16xf32>
func.func @widths(%a: memref<16xf32>, %i: index) {
  %v = vector.load %a[%i] : memref<16xf32>, vector<16xf32>
  %w = arith.mulf %v, %v : vector<16xf32>
  vector.store %w, %a[%i] : memref<16xf32>, vector<16xf32>
  %six = vector.load %a[%i] : memref<16xf32>, vector<6xf32>
  %s = arith.negf %six : vector<6xf32>
  vector.store %s, %a[%i] : memref<16xf32>, vector<6xf32>
  return
}
