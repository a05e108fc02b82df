// The gather pass on the drainer of examples/dataflow/gemm-gather.mlir
// (8 x 8 PEs (j, i), dataflow-style: every PE stores its element of C at
// k == 7): `ure.gather @drainer (@out, i, down)` and, by sed, `up` and the
// other loop j. Code 2 of gathering.md.
// RUN: t2s-opt %examples/dataflow/gemm-gather.mlir --merge-ures --space-time-transform --isolate --gather 2>&1 | FileCheck %s
// RUN: t2s-opt %examples/dataflow/gemm-gather.mlir --merge-ures --space-time-transform --isolate --gather | t2s-opt | FileCheck %s --check-prefix=ROUND
// RUN: sed 's/(@out, i, down)/(@out, i, up)/' %examples/dataflow/gemm-gather.mlir | t2s-opt --merge-ures --space-time-transform --isolate --gather 2>&1 | FileCheck %s --check-prefix=UP
// RUN: sed 's/(@out, i, down)/(@out, j, down)/' %examples/dataflow/gemm-gather.mlir | t2s-opt --merge-ures --space-time-transform --isolate --gather 2>&1 | FileCheck %s --check-prefix=ALONGJ

// CHECK: remark: gathered @out along 'i' (down): the PE at i = 0 stores the values of the 8 PEs along it, passed from PE to PE through @drainer_out_gather

// The drainer's PEs along i now run from 7 down to 0 inside a step.
// CHECK-LABEL: channel.kernel @drainer
// CHECK:         spacetime.array @a {{.*}} space (j = 0 extent 8, i = 0 extent 8) descending ["i"]
// CHECK:         ^bb0(%[[K:.*]]: index, %[[J:.*]]: index, %[[I:.*]]: index
// The read of the PE's own value stays where it was, under k == 7 (a
// condition that is the same for every i).
// CHECK:           scf.if %{{.*}} {
// CHECK-NEXT:        %[[OWN:.*]] = channel.read @drainer_out[%[[J]], %[[I]]] : f32
// The end of the chain is PE i == 0; the count loop runs t = i .. 7.
// CHECK:             %[[C8:.*]] = arith.constant 8 : index
// CHECK:             %[[END:.*]] = arith.cmpi eq, %[[I]], %c0{{.*}} : index
// CHECK:             scf.for %[[T:.*]] = %[[I]] to %[[C8]]
// "My turn" at t == i, else the value comes from PE i + 1.
// CHECK-NEXT:          %[[MINE:.*]] = arith.cmpi eq, %[[T]], %[[I]] : index
// CHECK-NEXT:          %[[V:.*]] = scf.if %[[MINE]] -> (f32) {
// CHECK-NEXT:            scf.yield %[[OWN]] : f32
// CHECK-NEXT:          } else {
// CHECK:                 %[[NEXT:.*]] = arith.addi %[[I]], %{{.*}} : index
// Clamped into the FIFO array: PE 7 has no PE 8 (and never reads it).
// CHECK:                 %[[LOW:.*]] = arith.maxsi %[[NEXT]], %{{.*}} : index
// CHECK-NEXT:            %[[NEXT_IN:.*]] = arith.minsi %[[LOW]], %{{.*}} : index
// CHECK-NEXT:            %[[IN:.*]] = channel.read @drainer_out_gather[%[[J]], %[[NEXT_IN]]] : f32
// CHECK-NEXT:            scf.yield %[[IN]] : f32
// PE 0 stores the value as PE t would: the output indices recovered at
// (k, j, t), and the point (k, j, t) for "last write wins"; the others pass
// it down.
// CHECK:               scf.if %[[END]] {
// CHECK-NEXT:            %{{.*}}, %[[JT:.*]], %[[IT:.*]] = spacetime.recover at(%[[K]], %[[J]], %[[T]] : index, index, index) : index, index, index
// CHECK-NEXT:            spacetime.output %[[V]] to @out[%[[IT]], %[[JT]]] at(%[[K]], %[[J]], %[[T]] : index, index, index) : f32
// CHECK-NEXT:          } else {
// CHECK-NEXT:            channel.write @drainer_out_gather[%[[J]], %[[I]]], %[[V]] : f32
// CHECK-NEXT:          }
// A FIFO per PE, deep enough for the 7 values a PE passes on in a step.
// CHECK:       channel.fifo @drainer_out_gather [8, 8] : f32, depth 8
// CHECK-NOT:   ure.gather

// ROUND: descending ["i"]
// ROUND: spacetime.output %{{.*}} to @out[%{{.*}}, %{{.*}}] at(%{{.*}}, %{{.*}}, %{{.*}} : index, index, index) : f32

// Up: the end is the last PE (i == 7), the loop runs t = 0 .. i, values
// come from PE i - 1, and the PEs keep their ascending order.
// UP: remark: gathered @out along 'i' (up): the PE at i = 7 stores the values of the 8 PEs along it
// UP-LABEL: channel.kernel @drainer
// UP-NOT:     descending
// UP:         ^bb0(%{{.*}}: index, %[[J:.*]]: index, %[[I:.*]]: index
// UP:           %[[UB:.*]] = arith.addi %[[I]], %c1{{.*}} : index
// UP:           %[[END:.*]] = arith.cmpi eq, %[[I]], %c7{{.*}} : index
// UP:           scf.for %{{.*}} = %c0{{.*}} to %[[UB]]
// UP:             %[[PREV:.*]] = arith.subi %[[I]], %{{.*}} : index
// UP:             %[[LOW:.*]] = arith.maxsi %[[PREV]], %{{.*}} : index
// UP-NEXT:        %[[PREV_IN:.*]] = arith.minsi %[[LOW]], %{{.*}} : index
// UP-NEXT:        channel.read @drainer_out_gather[%[[J]], %[[PREV_IN]]] : f32

// Along j: the chain runs along the other dimension of the FIFO array.
// ALONGJ: remark: gathered @out along 'j' (down): the PE at j = 0 stores the values of the 8 PEs along it
// ALONGJ: descending ["j"]
// ALONGJ: channel.read @drainer_out_gather[%{{.*}}, %{{.*}}] : f32
