// The unload pass (docs/passes/unload.md) on the gathered drainer of
// examples/dataflow/gemm-gather.mlir (8 x 8 PEs (j, i); PE i = 0 stores
// what the PEs along i pass it), on FIR's drainer (one PE, k = 3) and on a
// vectorized drainer (examples/dataflow/gemm-vector-fifo.mlir: lanes j,
// every i stores); each design runs against the interpreter.
// RUN: sed 's/^  ure.gather @drainer (@out, i, down)$/&\n  ure.unload @out from @drainer into @unloader depth 4/' %examples/dataflow/gemm-gather.mlir > %t.gather.mlir
// RUN: t2s-opt %t.gather.mlir --merge-ures --space-time-transform --isolate --gather --unload 2>&1 | FileCheck %s
// RUN: t2s-opt %t.gather.mlir --merge-ures --space-time-transform --isolate --gather --unload | t2s-opt | FileCheck %s --check-prefix=ROUND
// RUN: t2s-run %t.gather.mlir --compare interpret,dataflow,opencl --between-passes 'canonicalize{region-simplify=aggressive},cse,loop-invariant-code-motion,sccp,symbol-dce,inline' | FileCheck %s --check-prefix=MATCH
// RUN: sed 's/^  ure.isolate_consumer @y into @drainer$/&\n  ure.unload @y from @drainer into @unloader depth 4/' %examples/dataflow/fir.mlir > %t.fir.mlir
// RUN: t2s-opt %t.fir.mlir --t2s-isolate 2>&1 | FileCheck %s --check-prefix=FIR
// RUN: t2s-run %t.fir.mlir --compare interpret,dataflow,opencl | FileCheck %s --check-prefix=FIRMATCH
// RUN: sed 's/^  ure.vectorize @drainer (j)$/&\n  ure.unload @out from @drainer into @unloader/' %examples/dataflow/gemm-vector-fifo.mlir > %t.vector.mlir
// RUN: t2s-opt %t.vector.mlir --t2s-isolate 2>&1 | FileCheck %s --check-prefix=VECTOR
// RUN: t2s-run %t.vector.mlir --compare interpret,dataflow,opencl | FileCheck %s --check-prefix=MATCH

// CHECK: remark: @unloader receives @out from @drainer (the PEs with i = 0) through @unloader_out [8] and stores it, in @drainer's order

// The drainer sends what PE i = 0 stored, where it stored it: one FIFO
// per PE along j (i is fixed by the store's guard).
// CHECK-LABEL: channel.kernel @drainer
// CHECK:         ^bb0(%[[K:.*]]: index, %[[J:.*]]: index, %[[I:.*]]: index
// CHECK:           %[[END:.*]] = arith.cmpi eq, %[[I]], %c0{{.*}} : index
// CHECK:           scf.for %[[T:.*]] = %[[I]] to
// CHECK:             %[[V:.*]] = scf.if
// CHECK:             scf.if %[[END]] {
// CHECK-NOT:           spacetime.output
// CHECK:               channel.write @unloader_out[%[[J]]], %[[V]] : f32
// CHECK-NEXT:        } else {
// CHECK-NEXT:          channel.write @drainer_out_gather[%[[J]], %[[I]]], %[[V]] : f32
// CHECK:       channel.fifo @unloader_out [8] : f32, depth 4

// The unloader: the drainer's loops and PEs (the gather's count loop
// evaluates the PEs along i, so they stay), only what decides when and
// where the store happens, and the read of the FIFO in its place.
// CHECK-LABEL: channel.kernel @unloader
// CHECK:         spacetime.array @a {{.*}} space (j = 0 extent 8, i = 0 extent 8) descending ["i"]
// CHECK:         ^bb0(%[[K:.*]]: index, %[[J:.*]]: index, %[[I:.*]]: index
// CHECK-NOT:       channel.read @drainer
// CHECK:           scf.if %{{.*}} {
// CHECK:             %[[END:.*]] = arith.cmpi eq, %[[I]], %c0{{.*}} : index
// CHECK:             scf.for %[[T:.*]] = %[[I]] to
// CHECK-NEXT:          scf.if %[[END]] {
// CHECK-NEXT:            %{{.*}}, %[[JT:.*]], %[[IT:.*]] = spacetime.recover at(%[[K]], %[[J]], %[[T]] : index, index, index)
// CHECK-NEXT:            %[[V:.*]] = channel.read @unloader_out[%[[J]]] : f32
// CHECK-NEXT:            spacetime.output %[[V]] to @out[%[[IT]], %[[JT]]] at(%[[K]], %[[J]], %[[T]] : index, index, index) : f32
// CHECK-NEXT:          } else {
// CHECK-NEXT:          }
// CHECK-NOT:     channel.read
// CHECK-NOT:     channel.write
// CHECK-NOT:   ure.unload

// ROUND-LABEL: channel.kernel @unloader
// ROUND: spacetime.output

// MATCH: @out: interpret and dataflow match (64 elements)
// MATCH: @out: interpret and opencl match (64 elements)

// FIR: remark: @unloader receives @y from @drainer (the PEs with k = 3) through @unloader_y and stores it, in @drainer's order
// FIR-LABEL: channel.kernel @drainer
// FIR:         channel.write @unloader_y, %{{.*}} : i32
// FIR-LABEL: channel.kernel @unloader
// FIR:         space (k = 3 extent 1)
// FIR:         %[[Y:.*]] = channel.read @unloader_y : i32
// FIR-NEXT:    spacetime.output %[[Y]] to @y
// FIRMATCH: @y: interpret and dataflow match (8 elements)
// FIRMATCH: @y: interpret and opencl match (8 elements)

// A vectorized drainer sends one vector per PE along i.
// VECTOR: remark: @unloader receives @out from @drainer through @unloader_out [8] and stores it, in @drainer's order
// VECTOR: channel.fifo @unloader_out [8] : vector<8xf32>, depth 2
// VECTOR-LABEL: channel.kernel @unloader
// VECTOR:         channel.read @unloader_out[%{{.*}}] : vector<8xf32>
