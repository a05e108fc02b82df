// Round trip of the spacetime ops, in custom and generic form.
// RUN: t2s-opt %s | t2s-opt | FileCheck %s
// RUN: t2s-opt %s --mlir-print-op-generic | t2s-opt | FileCheck %s
// RUN: t2s-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @registers
// CHECK-NEXT:    %[[A:.*]] = spacetime.shift_reg "A" : memref<10x59xf32>
// CHECK-NEXT:    %[[B:.*]] = spacetime.shift_reg "b" {note = 1 : i64} : memref<3x4x1xi32>
// CHECK-NEXT:    %[[C:.*]] = spacetime.shift_reg "c" : memref<2xindex>
// CHECK-NEXT:    spacetime.shift %[[A]] : memref<10x59xf32>
// CHECK-NEXT:    spacetime.shift %[[B]] {note = 2 : i64} : memref<3x4x1xi32>
// CHECK-NEXT:    return %[[A]]
// GENERIC: "spacetime.shift_reg"() <{name = "A"}> : () -> memref<10x59xf32>
// GENERIC: "spacetime.shift"(%{{.*}}) : (memref<10x59xf32>) -> ()
func.func @registers() -> memref<10x59xf32> {
  %a = spacetime.shift_reg "A" : memref<10x59xf32>
  %b = spacetime.shift_reg "b" {note = 1} : memref<3x4x1xi32>
  %c = spacetime.shift_reg "c" : memref<2xindex>
  spacetime.shift %a : memref<10x59xf32>
  spacetime.shift %b {note = 2} : memref<3x4x1xi32>
  return %a : memref<10x59xf32>
}

// The shift writes memory: it survives CSE and canonicalization, and the
// allocation is not merged with another one of the same name.
// RUN: t2s-opt %s --canonicalize --cse | FileCheck %s --check-prefix=EFFECTS
// RUN: %if mlir-opt-plugin %{ %mlir_opt_plugin %s | %mlir_opt_plugin | FileCheck %s %}
// EFFECTS-LABEL: func.func @effects
// EFFECTS-COUNT-2: spacetime.shift_reg "x"
// EFFECTS-COUNT-2: spacetime.shift %
func.func @effects() -> (memref<4xf32>, memref<4xf32>) {
  %a = spacetime.shift_reg "x" : memref<4xf32>
  %b = spacetime.shift_reg "x" : memref<4xf32>
  spacetime.shift %a : memref<4xf32>
  spacetime.shift %a : memref<4xf32>
  return %a, %b : memref<4xf32>, memref<4xf32>
}
