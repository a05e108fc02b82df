// The isolate pass on GEMM's systolic array (examples/dataflow/gemm.mlir):
// the reads of A and B move into @loader, the stores of out into @drainer;
// each kernel keeps the array's loops, maps and CheckTime, and computes
// only what decides when and where the access happens.
// RUN: t2s-opt %examples/dataflow/gemm.mlir --merge-ures --space-time-transform --isolate 2>&1 | FileCheck %s
// RUN: t2s-opt %examples/dataflow/gemm.mlir --merge-ures --space-time-transform --isolate | t2s-opt | FileCheck %s --check-prefix=ROUND

// A is read only at j == 0 and B only at i == 0: their channel arrays drop
// that dimension. out is stored at every PE.
// CHECK: remark: @loader sends @A to the array (the PEs with j = 0) through @loader_A [8], in the array's order of steps and PEs
// CHECK: remark: @loader sends @B to the array (the PEs with i = 0) through @loader_B [8], in the array's order of steps and PEs
// CHECK: remark: @drainer receives @out from the array through @drainer_out [8, 8] and stores it, in the array's order of steps and PEs

// The array reads A where it is selected (j == 0), B where i == 0, and sends
// the result at k == 7 instead of storing it.
// CHECK-LABEL: spacetime.array @a
// CHECK:         ^bb0(%[[T:.*]]: index, %[[J:.*]]: index, %[[I:.*]]: index
// CHECK-NOT:     ure.load
// CHECK:         %{{.*}} = scf.if %{{.*}} -> (f32) {
// CHECK-NEXT:      %[[A:.*]] = channel.read @loader_A[%[[I]]] : f32
// CHECK-NEXT:      scf.yield %[[A]] : f32
// CHECK-NEXT:    } else {
// CHECK:         channel.read @loader_B[%[[J]]] : f32
// CHECK-NOT:     spacetime.output
// CHECK:         channel.write @drainer_out[%[[J]], %[[I]]], %{{.*}} : f32
// CHECK-NOT:     ure.isolate

// CHECK:       channel.fifo @loader_A [8] : f32, depth 2
// CHECK-NEXT:  channel.fifo @loader_B [8] : f32, depth 2
// CHECK-NEXT:  channel.kernel @loader {
// CHECK-NEXT:    spacetime.array @a {{(registers\(.*\) )?}}loops (k = 0 extent 8, j = 0 extent 8, i = 0 extent 8) time (t1 = 0 extent 22) space (j = 0 extent 8, i = 0 extent 8)
// CHECK-NEXT:    ^bb0(%{{.*}}: index, %[[LJ:.*]]: index, %[[LI:.*]]: index
// CHECK-NEXT:      %[[K:.*]], %[[RJ:.*]], %[[RI:.*]] = spacetime.recover
// CHECK-NEXT:      %[[ON:.*]] = spacetime.scheduled
// CHECK-NOT:       spacetime.read
// CHECK:           %[[GA:.*]] = arith.andi %[[ON]], %{{.*}} : i1
// CHECK-NEXT:      scf.if %[[GA]] {
// CHECK-NEXT:        %[[VA:.*]] = ure.load @A(%[[RI]], %[[K]]) : f32
// CHECK-NEXT:        channel.write @loader_A[%[[LI]]], %[[VA]] : f32
// CHECK-NEXT:      }
// CHECK:           scf.if %{{.*}} {
// CHECK-NEXT:        %[[VB:.*]] = ure.load @B(%[[K]], %[[RJ]]) : f32
// CHECK-NEXT:        channel.write @loader_B[%[[LJ]]], %[[VB]] : f32
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NEXT:  channel.fifo @drainer_out [8, 8] : f32, depth 2
// CHECK-NEXT:  channel.kernel @drainer {
// CHECK-NEXT:    spacetime.array @a
// CHECK-NEXT:    ^bb0(%{{.*}}: index, %[[DJ:.*]]: index, %[[DI:.*]]: index
// CHECK-NEXT:      %[[DK:.*]], %[[DRJ:.*]], %[[DRI:.*]] = spacetime.recover
// CHECK-NEXT:      %[[DON:.*]] = spacetime.scheduled
// CHECK-NEXT:      %[[C7:.*]] = arith.constant 7 : index
// CHECK-NEXT:      %[[LAST:.*]] = arith.cmpi eq, %[[DK]], %[[C7]] : index
// CHECK-NEXT:      %[[G:.*]] = arith.andi %[[LAST]], %[[DON]] : i1
// CHECK-NEXT:      scf.if %[[G]] {
// CHECK-NEXT:        %[[V:.*]] = channel.read @drainer_out[%[[DJ]], %[[DI]]] : f32
// CHECK-NEXT:        spacetime.output %[[V]] to @out[%[[DRI]], %[[DRJ]]] : f32

// ROUND: channel.kernel @loader {
// ROUND: channel.kernel @drainer {

// One loader per input: each keeps only the PEs it feeds (the column j = 0
// for A, the row i = 0 for B), as T2S's loaders feed the boundary PEs.
// RUN: sed 's/ure.isolate_producer \[@A, @B\] into @loader/ure.isolate_producer [@A] into @A_loader\n  ure.isolate_producer [@B] into @B_loader/' %examples/dataflow/gemm.mlir > %t.separate.mlir
// RUN: t2s-opt %t.separate.mlir --merge-ures --space-time-transform --isolate 2>/dev/null | FileCheck %s --check-prefix=SEPARATE
// SEPARATE:      channel.kernel @A_loader {
// SEPARATE-NEXT:   spacetime.array @a {{(registers\(.*\) )?}}loops (k = 0 extent 8, j = 0 extent 1, i = 0 extent 8) time (t1 = 0 extent 22) space (j = 0 extent 1, i = 0 extent 8)
// SEPARATE:      channel.kernel @B_loader {
// SEPARATE-NEXT:   spacetime.array @a {{(registers\(.*\) )?}}loops (k = 0 extent 8, j = 0 extent 8, i = 0 extent 1) time (t1 = 0 extent 22) space (j = 0 extent 8, i = 0 extent 1)
// SEPARATE:      channel.kernel @drainer {
// SEPARATE-NEXT:   spacetime.array @a {{(registers\(.*\) )?}}loops (k = 0 extent 8, j = 0 extent 8, i = 0 extent 8)

// Matvec's drainer keeps only the last PE, j = 4, where y is stored (its
// channel is a single one); A and x keep one channel per PE.
// RUN: t2s-opt %examples/dataflow/matvec.mlir --merge-ures --space-time-transform --isolate 2>&1 | FileCheck %s --check-prefix=MATVEC
// MATVEC: remark: @A_loader sends @A to the array through @A_loader_A [5], in the array's order of steps and PEs
// MATVEC: remark: @x_loader sends @x to the array through @x_loader_x [5], in the array's order of steps and PEs
// MATVEC: remark: @drainer receives @y from the array (the PEs with j = 4) through @drainer_y and stores it
// MATVEC:      channel.write @drainer_y, %{{.*}} : i32
// MATVEC:      channel.fifo @drainer_y : i32, depth 2
// MATVEC-NEXT: channel.kernel @drainer {
// MATVEC-NEXT:   spacetime.array @xs {{(registers\(.*\) )?}}loops (i = 0 extent 6, j = 4 extent 1) time (t1 = 0 extent 10) space (j = 4 extent 1)

// Without isolation directives the pass changes nothing.
// RUN: t2s-opt %examples/systolic/gemm.mlir --merge-ures --space-time-transform -o %t.plain.mlir
// RUN: t2s-opt %t.plain.mlir --isolate -o %t.same.mlir
// RUN: diff %t.plain.mlir %t.same.mlir
