// Every loop mapped to space (space-time-transform.md, "Valid schedule #2"):
// the array has no time loop, so there is one step and every PE runs once,
// in PE order; a dependence is a same-step read of the PE before (delay 0).
// The same for a 1-D program whose one loop is in space, and its isolation.
// RUN: t2s-opt %s --split-input-file --space-time-transform 2>/dev/null | FileCheck %s
// RUN: t2s-opt %s --split-input-file --space-time-transform 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: t2s-opt %s --split-input-file --space-time-transform | t2s-opt --split-input-file | FileCheck %s --check-prefix=ROUND
// RUN: %if mlir-opt-plugin %{ %mlir_opt_plugin %s --split-input-file --pass-pipeline='builtin.module(space-time-transform)' | FileCheck %s --check-prefix=ROUND %}
// RUN: split-file %s %t
// RUN: t2s-run %t/doc.mlir --compare interpret,systolic | FileCheck %s --check-prefix=DOC
// RUN: t2s-run %t/doc.mlir --compare interpret,systolic --pipeline-options 'unroll-pes=false' | FileCheck %s --check-prefix=DOC
// RUN: t2s-run %t/doc.mlir --compare interpret,dataflow | FileCheck %s --check-prefix=DOC
// RUN: t2s-run %t/doc.mlir --compare interpret,opencl | FileCheck %s --check-prefix=DOC
// RUN: t2s-run %t/doc.mlir --compare interpret,spirv | FileCheck %s --check-prefix=DOC
// DOC: @b: interpret and {{[a-z]+}} match (20 elements)
// RUN: t2s-run %t/one.mlir --compare interpret,systolic | FileCheck %s --check-prefix=ONE
// RUN: t2s-run %t/one.mlir --compare interpret,dataflow | FileCheck %s --check-prefix=ONE
// RUN: t2s-run %t/one.mlir --compare interpret,opencl | FileCheck %s --check-prefix=ONE
// RUN: t2s-run %t/isolated.mlir --compare interpret,dataflow | FileCheck %s --check-prefix=ONE
// RUN: t2s-run %t/isolated.mlir --compare interpret,opencl | FileCheck %s --check-prefix=ONE
// RUN: t2s-opt %t/isolated.mlir --merge-ures --space-time-transform --isolate 2>/dev/null | FileCheck %s --check-prefix=ISO
// ONE: @y: interpret and {{[a-z]+}} match (7 elements)

// The document's example: A(i, j) = select(j == 0, 0, A(i, j - 1) + i),
// B(i, j) = A(i, j) + 1, A.merge_ures(B), A.space_time_transform(i, j).
// REMARK: remark: no time loop (every loop is a space loop): one step; 20 PEs
// REMARK: remark: @a: 1 registers per PE (largest time distance 0)
// CHECK-LABEL: ure.program @doc
// CHECK:      %[[A:.*]] = spacetime.shift_reg "a" : memref<5x4x1xi32>
// CHECK-NEXT: spacetime.array @a registers(%[[A]] : memref<5x4x1xi32>) loops (j = 0 extent 5, i = 0 extent 4) time () space (j = 0 extent 5, i = 0 extent 4) schedule #{{.*}} recover #{{.*}} {
// CHECK-NEXT: ^bb0(%j: index, %i: index, %[[AI:.*]]: memref<5x4x1xi32>):
// CHECK:        spacetime.read %[[AI]] [1, 0] delay 0 : memref<5x4x1xi32>
// ROUND-LABEL: ure.program @doc
// ROUND: time () space (j = 0 extent 5, i = 0 extent 4)

//--- doc.mlir
ure.program @doc {
  ure.func @a(i, j) -> i32
  ure.func @b(i, j) -> i32
  ure.def @a(%i, %j) {
    %c0 = arith.constant 0 : index
    %z = arith.constant 0 : i32
    %first = arith.cmpi eq, %j, %c0 : index
    %prev = ure.at @a(%i, %j - 1) : i32
    %ii = arith.index_cast %i : index to i32
    %s = arith.addi %prev, %ii : i32
    %v = arith.select %first, %z, %s : i32
    ure.yield %v : i32
  }
  ure.def @b(%i, %j) {
    %a = ure.at @a(%i, %j) : i32
    %one = arith.constant 1 : i32
    %v = arith.addi %a, %one : i32
    ure.yield %v : i32
  }
  ure.merge_ures @a [@b]
  ure.set_bounds @a (i = 0 extent 4, j = 0 extent 5)
  ure.space_time_transform @a (i, j)
}

// -----

// A 1-D program, its one loop in space: 7 PEs, one step.
// REMARK: remark: no time loop (every loop is a space loop): one step; 7 PEs
// CHECK-LABEL: ure.program @one
// CHECK: spacetime.array @y loops (i = 0 extent 7) time () space (i = 0 extent 7)
// CHECK-NEXT: ^bb0(%i: index):
//--- one.mlir
ure.program @one {
  ure.input @A : memref<7xf32>
  ure.func @y(i) -> f32
  ure.def @y(%i) {
    %a = ure.load @A(%i) : f32
    %two = arith.constant 2.0 : f32
    %v = arith.mulf %a, %two : f32
    ure.yield %v : f32
  }
  ure.set_bounds @y (i = 0 extent 7)
  ure.space_time_transform @y (i)
}

// -----

// The 1-D program isolated: a loader and a drainer of 7 PEs each.
// ISO: channel.kernel @loader
// ISO: spacetime.array @y loops (i = 0 extent 7) time () space (i = 0 extent 7)
// ISO: channel.kernel @drainer
//--- isolated.mlir
ure.program @isolated {
  ure.input @A : memref<7xf32>
  ure.func @y(i) -> f32
  ure.def @y(%i) {
    %a = ure.load @A(%i) : f32
    %two = arith.constant 2.0 : f32
    %v = arith.mulf %a, %two : f32
    ure.yield %v : f32
  }
  ure.set_bounds @y (i = 0 extent 7)
  ure.space_time_transform @y (i)
  ure.isolate_producer [@A] into @loader
  ure.isolate_consumer @y into @drainer
}
