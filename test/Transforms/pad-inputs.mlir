// pad-inputs: a read-only buffer argument whose rows are a multiple of
// `row-bytes` (512) long and that is read again and again (a load inside a
// loop its indices do not depend on) is copied into a buffer whose rows
// are one cache line longer, a line at a time; its indexed loads read the
// copy, its dims and gathers stay on the argument.
// RUN: t2s-opt %s --pad-inputs --split-input-file | FileCheck %s
// RUN: t2s-opt %s --pad-inputs='row-bytes=0' --split-input-file | FileCheck %s --check-prefix=NONE
// RUN: t2s-opt %s --pad-inputs='row-bytes=1024' --split-input-file | FileCheck %s --check-prefix=NONE
//
// In t2s-lower-to-llvm: the vectorized tiled GEMM at 128 x 128 (rows of
// 512 bytes) pads A and B and still matches the interpreter.
// RUN: sed -e 's/memref<32x32xf32>/memref<128x128xf32>/g' -e 's/%%last = arith.constant 31/%%last = arith.constant 127/' -e 's/k = 0 extent 32,/k = 0 extent 128,/' -e 's/jj = 0 extent 2, ii = 0 extent 8/jj = 0 extent 8, ii = 0 extent 32/' %examples/vector/gemm-tiled.mlir > %t.gemm.mlir
// RUN: t2s-opt %t.gemm.mlir --merge-ures --space-time-transform --minimize-storage --vectorize --spacetime-to-scf --pad-inputs 2>/dev/null | FileCheck %s --check-prefix=GEMM
// RUN: t2s-run %t.gemm.mlir --compare interpret,systolic | FileCheck %s --check-prefix=MATCH
// RUN: t2s-opt %t.gemm.mlir --t2s-lower-to-llvm 2>/dev/null | FileCheck %s --check-prefix=LLVM

// CHECK-LABEL: func.func @reread(
// CHECK-SAME:    %[[B:.*]]: memref<4x128xf32>, %[[N:.*]]: index
// CHECK:         %[[P:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4x144xf32>
// CHECK:         scf.for %[[R:.*]] = %c0{{.*}} to %c4{{.*}} step %c1
// CHECK:           scf.for %[[L:.*]] = %c0{{.*}} to %c8{{.*}} step %c1
// CHECK:             %[[COL:.*]] = arith.muli %[[L]], %c16{{.*}} : index
// CHECK-NEXT:        %[[LINE:.*]] = vector.load %[[B]][%[[R]], %[[COL]]] : memref<4x128xf32>, vector<16xf32>
// CHECK-NEXT:        vector.store %[[LINE]], %[[P]][%[[R]], %[[COL]]] : memref<4x144xf32>, vector<16xf32>
// CHECK:         memref.dim %[[B]], %c1
// CHECK:         scf.for
// CHECK:           memref.load %[[P]][%{{.*}}, %{{.*}}] : memref<4x144xf32>
// CHECK:           vector.load %[[P]][%{{.*}}, %{{.*}}] : memref<4x144xf32>, vector<4xf32>
// CHECK:           vector.maskedload %[[P]][%{{.*}}, %{{.*}}], %{{.*}}, %{{.*}} : memref<4x144xf32>
// CHECK:           vector.gather %[[B]][%{{.*}}, %{{.*}}] [%{{.*}}], %{{.*}}, %{{.*}} : memref<4x128xf32>
// CHECK:         memref.dealloc %[[P]] : memref<4x144xf32>
// CHECK-NEXT:    return
// NONE-LABEL: func.func @reread(
// NONE-NOT:    memref.alloc
func.func @reread(%b: memref<4x128xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0.0 : f32
  %p = arith.constant dense<0.0> : vector<4xf32>
  %m = arith.constant dense<[true, true, false, false]> : vector<4xi1>
  %ix = arith.constant dense<[0, 1, 2, 3]> : vector<4xi32>
  %cols = memref.dim %b, %c1 : memref<4x128xf32>
  %s = scf.for %t = %c0 to %n step %c1 iter_args(%acc = %z) -> f32 {
    %r = arith.remsi %cols, %c4 : index
    %x = memref.load %b[%r, %c1] : memref<4x128xf32>
    %v = vector.load %b[%c1, %r] : memref<4x128xf32>, vector<4xf32>
    %w = vector.maskedload %b[%c0, %r], %m, %p : memref<4x128xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
    %g = vector.gather %b[%c0, %c0] [%ix], %m, %w : memref<4x128xf32>, vector<4xi32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
    %e = vector.extract %v[0] : f32 from vector<4xf32>
    %f = vector.extract %g[1] : f32 from vector<4xf32>
    %y = arith.addf %x, %e : f32
    %y2 = arith.addf %y, %f : f32
    %a = arith.addf %acc, %y2 : f32
    scf.yield %a : f32
  }
  return %s : f32
}

// -----

// Each element read once (the indices follow every enclosing loop), a
// buffer the function writes, rows that are not a multiple of 512 bytes,
// one dimension, a dynamic size, a buffer passed on, a buffer reread by
// scalar loads only: left alone.
// CHECK-LABEL: func.func @alone(
// CHECK-NOT:     memref.alloc
// CHECK:         return
// NONE-LABEL: func.func @alone(
func.func @alone(%once: memref<4x128xf32>, %written: memref<4x128xf32>, %odd: memref<4x100xf32>,
                 %flat: memref<512xf32>, %dynamic: memref<?x128xf32>, %passed: memref<4x128xf32>,
                 %scalar: memref<4x128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c100 = arith.constant 100 : index
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c100 step %c1 {
      %x = vector.load %once[%i, %j] : memref<4x128xf32>, vector<4xf32>
      vector.store %x, %written[%c0, %c0] : memref<4x128xf32>, vector<4xf32>
      %y = vector.load %written[%c1, %c1] : memref<4x128xf32>, vector<4xf32>
      %z = vector.load %odd[%c1, %c1] : memref<4x100xf32>, vector<4xf32>
      %w = vector.load %flat[%c1] : memref<512xf32>, vector<4xf32>
      %d = vector.load %dynamic[%c1, %c1] : memref<?x128xf32>, vector<4xf32>
      %q = vector.load %passed[%c1, %c1] : memref<4x128xf32>, vector<4xf32>
      %s = memref.load %scalar[%c1, %c1] : memref<4x128xf32>
    }
  }
  func.call @sink(%passed) : (memref<4x128xf32>) -> ()
  return
}
func.func private @sink(memref<4x128xf32>)

// B's vector loads read the copy; A, read by scalar loads broadcast to the
// lanes, is left alone.
// GEMM-LABEL: func.func public @gemm_tiled
// GEMM-SAME:    %[[A:[a-z0-9]+]]: memref<128x128xf32>, %[[B:[a-z0-9]+]]: memref<128x128xf32>
// GEMM:         %[[PB:.*]] = memref.alloc() {alignment = 64 : i64} : memref<128x144xf32>
// GEMM-NOT:     memref.alloc() {alignment
// GEMM:         memref.load %[[A]]
// GEMM:         vector.load %[[PB]][%{{.*}}, %{{.*}}] : memref<128x144xf32>, vector<16xf32>
// GEMM-NOT:     vector.load %[[B]]
// GEMM:         memref.dealloc %[[PB]] : memref<128x144xf32>
// GEMM-NEXT:    return

// LLVM: llvm.func @gemm_tiled
// LLVM-NOT: memref.

// MATCH: @out: interpret and systolic match (16384 elements)
