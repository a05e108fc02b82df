// RUN: t2s-opt %s --merge-ures --ure-to-scf --canonicalize --cse | FileCheck %s
// RUN: t2s-opt %s --pass-pipeline='builtin.module(merge-ures, ure-to-scf{emit-c-interface=false})' | FileCheck %s --check-prefix=NOCI
// RUN: t2s-opt %s --t2s-sequential-to-llvm | FileCheck %s --check-prefix=LLVM
// RUN: %if mlir-opt-plugin %{ %mlir_opt_plugin %s --pass-pipeline='builtin.module(merge-ures, ure-to-scf, canonicalize, cse)' | FileCheck %s %}
// RUN: %if mlir-opt-plugin %{ %mlir_opt_plugin %s --pass-pipeline='builtin.module(t2s-sequential-to-llvm)' | FileCheck %s --check-prefix=LLVM %}

// A running sum with a symbolic extent @N: inputs, then the output buffer,
// then the params; the output is zeroed. acc lives in a rolling buffer of
// (largest flattened read distance + 1) values, indexed by the point's rank
// in loop order (r = 3n + k: the stride of n is the extent of k, 3): acc is
// read at distance 1 along k (flattened 1) and 0, so 2 slots, whatever @N
// (memory grows with the distance, not with the iteration space). x(n + k)
// is clamped into the input's size; the select without an else value
// guards the output store.
//
// The entry checks the input (input-checks): x(n + k) reads up to
// (N - 1) + 2, so x needs N + 2 elements; status (0 + 1) << 8 | 0 = 256
// when it has fewer, and then nothing else runs.

// CHECK-LABEL: func.func public @sum(%arg0: memref<?xi32>, %arg1: memref<?xi32>, %arg2: index) -> i32 attributes {llvm.emit_c_interface} {
// CHECK-DAG:     %[[C0I:.*]] = arith.constant 0 : i32
// CHECK-DAG:     %[[C256:.*]] = arith.constant 256 : i32
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK:         %[[DIM:.*]] = memref.dim %arg0, %[[C0]] : memref<?xi32>
// CHECK-NEXT:    %[[NEED:.*]] = arith.addi %arg2, %[[C2]] : index
// CHECK-NEXT:    %[[SHORT:.*]] = arith.cmpi slt, %[[DIM]], %[[NEED]] : index
// CHECK-NEXT:    %[[STATUS:.*]] = arith.select %[[SHORT]], %[[C256]], %[[C0I]] : i32
// CHECK-NEXT:    %[[OK:.*]] = arith.cmpi eq, %[[STATUS]], %[[C0I]] : i32
// CHECK-NEXT:    scf.if %[[OK]] {
// CHECK-NEXT:    %[[ACC:.*]] = memref.alloc() : memref<2xi32>
// CHECK-NEXT:    scf.for %[[Z:.*]] = %[[C0]] to %arg2 step %[[C1]] {
// CHECK-NEXT:      memref.store %[[C0I]], %arg1[%[[Z]]] : memref<?xi32>
// CHECK-NEXT:    }
// Loops outermost first: n (extent @N), then k.
// CHECK-NEXT:    scf.for %[[N:.*]] = %[[C0]] to %arg2 step %[[C1]] {
// CHECK-NEXT:      scf.for %[[K:.*]] = %[[C0]] to %[[C3]] step %[[C1]] {
// CHECK-NEXT:        %[[N3:.*]] = arith.muli %[[N]], %[[C3]] : index
// CHECK-NEXT:        %[[RANK:.*]] = arith.addi %[[N3]], %[[K]] : index
// acc(k - 1, n): slot (r - 1 + 2) mod 2.
// CHECK:             %[[BACK:.*]] = arith.addi %[[RANK]], %[[C1]] : index
// CHECK-NEXT:        %[[SLOT:.*]] = arith.remsi %[[BACK]], %[[C2]] : index
// CHECK-NEXT:        memref.load %[[ACC]][%[[SLOT]]] : memref<2xi32>
// x(n + k), clamped into the input's size.
// CHECK:             %[[NK:.*]] = arith.addi %[[N]], %[[K]] : index
// CHECK:             memref.load %arg0[%{{.*}}] : memref<?xi32>
// The write: slot r mod 2.
// CHECK:             %[[W:.*]] = arith.remsi %[[RANK]], %[[C2]] : index
// CHECK-NEXT:        memref.store %{{.*}}, %[[ACC]][%[[W]]] : memref<2xi32>
// CHECK:             %[[LAST:.*]] = arith.cmpi eq, %[[K]], %[[C2]] : index
// CHECK:             scf.if %[[LAST]] {
// CHECK-NEXT:          memref.store %{{.*}}, %arg1[%[[N]]] : memref<?xi32>
// CHECK-NEXT:        }
// CHECK:         memref.dealloc %[[ACC]] : memref<2xi32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[STATUS]] : i32
// CHECK-NOT:     ure.

// examples/gemm.mlir: loops k, j, i (8 each), so the rank is 64k + 8j + i.
// a(i, j - 1, k) is 8 points back (9 slots), b(i - 1, j, k) 1 (2 slots),
// c(i, j, k - 1) 64 (65 slots): 76 values, not 3 x 512.
// RUN: t2s-opt %examples/gemm.mlir --merge-ures --ure-to-scf --canonicalize | FileCheck %s --check-prefix=GEMM
// GEMM:      memref.alloc() : memref<9xf32>
// GEMM-NEXT: memref.alloc() : memref<2xf32>
// GEMM-NEXT: memref.alloc() : memref<65xf32>
// GEMM-NOT:  memref.alloc

// NOCI-LABEL: func.func public @sum(
// NOCI-NOT:   llvm.emit_c_interface
// NOCI:       return

// LLVM: llvm.func @sum(
// LLVM: llvm.func @_mlir_ciface_sum(
// LLVM-NOT: ure.
// LLVM-NOT: scf.
ure.program @sum {
  ure.param @N
  ure.input @x : memref<?xi32>
  ure.func @acc(k, n) -> i32
  ure.func @y(n) -> i32
  ure.def @acc(%k, %n) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %k, %c0 : index
    %zero = arith.constant 0 : i32
    %prev = ure.at @acc(%k - 1, %n) : i32
    %base = arith.select %first, %zero, %prev : i32
    %v = ure.load @x(%n + %k) : i32
    %s = arith.addi %base, %v : i32
    ure.yield %s : i32
  }
  ure.def @y(%n) with (%k) {
    %c2 = arith.constant 2 : index
    %last = arith.cmpi eq, %k, %c2 : index
    %a = ure.at @acc(%k, %n) : i32
    %w = ure.select %last, %a : i32
    ure.yield %w : i32
  }
  ure.merge_ures @acc [@y]
  ure.set_bounds @acc (k = 0 extent 3, n = 0 extent @N)
}
