// Folders and canonicalization patterns of the spacetime and ure ops.
// RUN: t2s-opt %s --split-input-file --canonicalize | FileCheck %s
// RUN: %if mlir-opt-plugin %{ %mlir_opt_plugin %s --split-input-file --canonicalize | FileCheck %s %}

// A dataflow array (t = k, the loop around the PEs): every coordinate of
// its box recovers indices inside the bounds, so spacetime.scheduled is
// true and its guard goes.
// CHECK-LABEL: ure.program @dataflow
// CHECK:       spacetime.array
// CHECK-NOT:     spacetime.scheduled
// CHECK-NOT:     scf.if
// CHECK:         spacetime.output
ure.program @dataflow {
  ure.func @a(k, j) -> f32
  ure.input @A : memref<4x3xf32>
  ure.func @out(j = 0 extent 3, k = 0 extent 4) -> f32
  spacetime.array @a loops (k = 0 extent 4, j = 0 extent 3) time (k = 0 extent 4) space (j = 0 extent 3)
      schedule affine_map<(d0, d1) -> (d0)> recover affine_map<(d0, d1) -> (d0, d1)> {
  ^bb0(%t: index, %pj: index):
    %k, %j = spacetime.recover : index, index
    %on = spacetime.scheduled
    scf.if %on {
      %a = ure.load @A(%k, %j) : f32
      spacetime.output %a to @out[%j, %k] : f32
    }
  }
}

// -----

// A skewed array (t = k + j): PE j idles at the first j steps, so the
// guard stays.
// CHECK-LABEL: ure.program @skewed
// CHECK:         %[[ON:.*]] = spacetime.scheduled
// CHECK:         scf.if %[[ON]]
ure.program @skewed {
  ure.func @a(k, j) -> f32
  ure.input @A : memref<4x3xf32>
  ure.func @out(j = 0 extent 3, k = 0 extent 4) -> f32
  spacetime.array @a loops (k = 0 extent 4, j = 0 extent 3) time (t = 0 extent 6) space (j = 0 extent 3)
      schedule affine_map<(d0, d1) -> (d0 + d1)> recover affine_map<(d0, d1) -> (d0 - d1, d1)> {
  ^bb0(%t: index, %pj: index):
    %k, %j = spacetime.recover : index, index
    %on = spacetime.scheduled
    scf.if %on {
      %a = ure.load @A(%k, %j) : f32
      spacetime.output %a to @out[%j, %k] : f32
    }
  }
}

// -----

// A register file written but never read: its write and the file go; the
// file that is read stays.
// CHECK-LABEL: ure.program @dead
// CHECK:      %[[KEPT:.*]] = spacetime.shift_reg "kept" : memref<3x2xf32>
// CHECK-NOT:  spacetime.shift_reg "dead"
// CHECK:      spacetime.array @a registers(%[[KEPT]] : memref<3x2xf32>)
// CHECK:      ^bb0(%{{.*}}: index, %{{.*}}: index, %[[K:.*]]: memref<3x2xf32>):
// CHECK-NOT:    spacetime.write %{{.*}}, %{{.*}} : memref<3x1xf32>
// CHECK:        spacetime.write %{{.*}}, %[[K]] : memref<3x2xf32>
ure.program @dead {
  ure.func @a(k, j) -> f32
  ure.input @A : memref<4x3xf32>
  ure.func @out(j = 0 extent 3, k = 0 extent 4) -> f32
  %dead = spacetime.shift_reg "dead" : memref<3x1xf32>
  %kept = spacetime.shift_reg "kept" : memref<3x2xf32>
  spacetime.array @a registers(%dead, %kept : memref<3x1xf32>, memref<3x2xf32>) loops (k = 0 extent 4, j = 0 extent 3) time (k = 0 extent 4) space (j = 0 extent 3)
      schedule affine_map<(d0, d1) -> (d0)> recover affine_map<(d0, d1) -> (d0, d1)> {
  ^bb0(%t: index, %pj: index, %d: memref<3x1xf32>, %r: memref<3x2xf32>):
    %k, %j = spacetime.recover : index, index
    %a = ure.load @A(%k, %j) : f32
    spacetime.write %a, %d : memref<3x1xf32>
    %p = spacetime.read %r [0] delay 1 : memref<3x2xf32>
    %s = arith.addf %a, %p : f32
    spacetime.write %s, %r : memref<3x2xf32>
    spacetime.output %s to @out[%j, %k] : f32
  }
}

// -----

// select(true, v) is v.
// CHECK-LABEL: ure.program @select
// CHECK:       ure.def @y(%i) {
// CHECK-NEXT:    %[[A:.*]] = ure.load @A(%i) : f32
// CHECK-NEXT:    ure.yield %[[A]] : f32
ure.program @select {
  ure.input @A : memref<4xf32>
  ure.func @y(i) -> f32
  ure.def @y(%i) {
    %a = ure.load @A(%i) : f32
    %true = arith.constant true
    %v = ure.select %true, %a : f32
    ure.yield %v : f32
  }
}
