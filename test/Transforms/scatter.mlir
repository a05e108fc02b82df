// The scatter pass (scattering.md). First the matrix-vector product of
// examples/dataflow/matvec-scatter.mlir: x arrives from @x_loader on one
// channel per PE j; with `ure.scatter @xs (@x, j, up)` only PE j = 0 reads
// it, for every PE t = j .. 4, under the read's condition evaluated at PE t
// (i == 0 there, and PE t scheduled), and passes it up through
// @xs_x_scatter.
// RUN: t2s-opt %examples/dataflow/matvec-scatter.mlir --merge-ures --space-time-transform --isolate --scatter 2>&1 | FileCheck %s
// RUN: t2s-opt %examples/dataflow/matvec-scatter.mlir --merge-ures --space-time-transform --isolate --scatter | t2s-opt | FileCheck %s --check-prefix=ROUND
// Down: PE j = 4 reads, t runs 0 .. j, values come from PE j + 1.
// RUN: sed 's/(@x, j, up)/(@x, j, down)/' %examples/dataflow/matvec-scatter.mlir | t2s-opt --merge-ures --space-time-transform --isolate --scatter 2>&1 | FileCheck %s --check-prefix=DOWN
// Two inputs scattered along one loop share the document's single t loop
// (one iter_arg and one FIFO each): A and x of the matvec array.
// RUN: sed 's/  ure.isolate_producer \[@x\] into @x_loader/  ure.scatter @xs (@A, j, up)/' %examples/dataflow/matvec-scatter.mlir | t2s-opt --merge-ures --space-time-transform --isolate --scatter 2>&1 | FileCheck %s --check-prefix=TWO
// Two inputs scattered at once, one of them along the serial loop k (the
// FIFO links an iteration of k to the next on the same PE), in a
// vectorized array: examples/dataflow/gemm-vector-scatter.mlir.
// Two scatters down along one loop share its descending order: listed once.
// RUN: sed 's/  ure.isolate_producer \[@x\] into @x_loader/  ure.scatter @xs (@A, j, down)/; s/(@x, j, up)/(@x, j, down)/' %examples/dataflow/matvec-scatter.mlir > %t.two-down.mlir
// RUN: t2s-opt %t.two-down.mlir --merge-ures --space-time-transform --isolate --scatter 2>/dev/null | FileCheck %s --check-prefix=TWO-DOWN
// RUN: t2s-opt %t.two-down.mlir --merge-ures --space-time-transform --isolate --scatter 2>/dev/null | t2s-opt | FileCheck %s --check-prefix=TWO-DOWN
// RUN: t2s-run %t.two-down.mlir --compare interpret,dataflow | FileCheck %s --check-prefix=TWO-DOWN-MATCH
// TWO-DOWN: spacetime.array @xs {{.*}} descending ["j"] schedule
// TWO-DOWN-MATCH: @y: interpret and dataflow match (6 elements)
// RUN: t2s-opt %examples/dataflow/gemm-vector-scatter.mlir --merge-ures --space-time-transform --vectorize --scatter 2>&1 | FileCheck %s --check-prefix=SERIAL
// Errors that need a whole program: a vectorized loop, and `down` along a
// loop whose PEs read their neighbour in the same step (the dataflow GEMM
// reads a(i, j - 1) at the same k).
// RUN: sed 's/(@A, iii, up)/(@A, jjj, up)/' %examples/dataflow/gemm-vector-scatter.mlir | not t2s-opt --merge-ures --space-time-transform --vectorize --scatter 2>&1 | FileCheck %s --check-prefix=VEC
// RUN: sed 's/ure.gather @drainer (@out, i, down)/ure.scatter @a (@A, j, down)/' %examples/dataflow/gemm-gather.mlir | not t2s-opt --merge-ures --space-time-transform --isolate --scatter 2>&1 | FileCheck %s --check-prefix=ORDER
// A serial scatter of an isolated input: its loader's channel delivers the
// later iterations' values only after this one's.
// RUN: sed 's/  ure.vectorize @a (jjj)/  ure.isolate_producer [@B] into @loader/' %examples/dataflow/gemm-vector-scatter.mlir | not t2s-opt --merge-ures --space-time-transform --isolate --scatter 2>&1 | FileCheck %s --check-prefix=ISO

// TWO: remark: scattered @A along 'j' (up): only j = 0 reads it, for the 5 PEs along 'j', and passes the values on through @xs_A_scatter
// TWO: remark: scattered @x along 'j' (up): only j = 0 reads it, for the 5 PEs along 'j', and passes the values on through @xs_x_scatter
// TWO-LABEL: spacetime.array @xs
// TWO:       ^bb0(%{{.*}}: index, %[[J:.*]]: index
// TWO-NOT:     scf.for
// TWO:         %[[BOTH:.*]]:2 = scf.for %[[T:.*]] = %[[J]] to %c5{{.*}} iter_args(%[[A:.*]] = %{{.*}}, %[[X:.*]] = %{{.*}}) -> (i32, i32) {
// TWO:           channel.read @A_loader_A[%[[T]]] : i32
// TWO:           channel.read @xs_A_scatter[%{{.*}}] : i32
// TWO:           channel.write @xs_A_scatter[%[[J]]], %{{.*}} : i32
// TWO:           %[[KEEP_A:.*]] = arith.select %{{.*}}, %{{.*}}, %[[A]] : i32
// TWO:           channel.read @xs_x_scatter[%{{.*}}] : i32
// TWO:           channel.write @xs_x_scatter[%[[J]]], %{{.*}} : i32
// TWO:           %[[KEEP_X:.*]] = arith.select %{{.*}}, %{{.*}}, %[[X]] : i32
// TWO-NEXT:      scf.yield %[[KEEP_A]], %[[KEEP_X]] : i32, i32
// TWO-NEXT:    }
// TWO-NOT:     scf.for
// TWO:         spacetime.output
// TWO-DAG:   channel.fifo @xs_A_scatter [5] : i32, depth 5
// TWO-DAG:   channel.fifo @xs_x_scatter [5] : i32, depth 5

// CHECK: remark: scattered @x along 'j' (up): only j = 0 reads it, for the 5 PEs along 'j', and passes the values on through @xs_x_scatter
// CHECK-LABEL: spacetime.array @xs
// CHECK-NOT:   descending
// CHECK:       ^bb0(%[[T1:.*]]: index, %[[J:.*]]: index
// CHECK:         %[[START:.*]] = arith.cmpi eq, %[[J]], %c0{{.*}} : index
// CHECK:         %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK:         %[[X:.*]] = scf.for %[[T:.*]] = %[[J]] to %c5{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[ZERO]]) -> (i32) {
// The read's conditions at PE t: scheduled there, and i == 0 there.
// CHECK-DAG:       %[[ON:.*]] = spacetime.scheduled at(%[[T1]], %[[T]] : index, index)
// CHECK-DAG:       %[[IT:.*]], %{{.*}} = spacetime.recover at(%[[T1]], %[[T]] : index, index) : index, index
// CHECK:           %[[FIRST:.*]] = arith.cmpi eq, %[[IT]], %{{.*}} : index
// CHECK:           %[[WHEN:.*]] = arith.andi %[[FIRST]], %[[ON]] : i1
// CHECK:           %[[NEW:.*]] = scf.if %[[WHEN]] -> (i32) {
// The start of the chain reads PE t's channel, the others their neighbour.
// CHECK-NEXT:        %[[V:.*]] = scf.if %[[START]] -> (i32) {
// CHECK-NEXT:          %[[FROM_X:.*]] = channel.read @x_loader_x[%[[T]]] : i32
// CHECK-NEXT:          scf.yield %[[FROM_X]] : i32
// CHECK-NEXT:        } else {
// CHECK:               %[[PREV:.*]] = arith.subi %[[J]], %{{.*}} : index
// Clamped into the FIFO array: PE 0 has no PE -1 (and never reads it).
// CHECK:               %[[LOW:.*]] = arith.maxsi %[[PREV]], %{{.*}} : index
// CHECK-NEXT:          %[[PREV_IN:.*]] = arith.minsi %[[LOW]], %{{.*}} : index
// CHECK-NEXT:          %[[FROM_PE:.*]] = channel.read @xs_x_scatter[%[[PREV_IN]]] : i32
// CHECK-NEXT:          scf.yield %[[FROM_PE]] : i32
// CHECK-NEXT:        }
// Passed on unless it is this PE's.
// CHECK-NEXT:        %[[OTHER:.*]] = arith.cmpi ne, %[[T]], %[[J]] : index
// CHECK-NEXT:        scf.if %[[OTHER]] {
// CHECK-NEXT:          channel.write @xs_x_scatter[%[[J]]], %[[V]] : i32
// CHECK-NEXT:        }
// CHECK-NEXT:        scf.yield %[[V]] : i32
// CHECK-NEXT:      } else {
// CHECK-NEXT:        scf.yield %[[ACC]] : i32
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[MINE:.*]] = arith.cmpi eq, %[[T]], %[[J]] : index
// CHECK-NEXT:      %[[KEPT:.*]] = arith.select %[[MINE]], %[[NEW]], %[[ACC]] : i32
// CHECK-NEXT:      scf.yield %[[KEPT]] : i32
// The PE's own read of the loader's channel is gone: it uses the value kept.
// CHECK-NOT:     channel.read @x_loader_x
// CHECK:         arith.select %{{.*}}, %{{.*}}, %{{.*}} : i32
// CHECK:       channel.fifo @xs_x_scatter [5] : i32, depth 5

// ROUND: spacetime.scheduled at(%{{.*}}, %{{.*}} : index, index)
// ROUND: channel.fifo @xs_x_scatter [5] : i32, depth 5

// DOWN: remark: scattered @x along 'j' (down): only j = 4 reads it
// DOWN: space (j = 0 extent 5) descending ["j"]
// DOWN: ^bb0(%{{.*}}: index, %[[J:.*]]: index
// DOWN:   %[[UB:.*]] = arith.addi %[[J]], %c1{{.*}} : index
// DOWN:   scf.for %{{.*}} = %c0{{.*}} to %[[UB]]
// DOWN:       %[[NEXT:.*]] = arith.addi %[[J]], %{{.*}} : index
// DOWN:       %[[LOW:.*]] = arith.maxsi %[[NEXT]], %{{.*}} : index
// DOWN-NEXT:  %[[NEXT_IN:.*]] = arith.minsi %[[LOW]], %{{.*}} : index
// DOWN-NEXT:  channel.read @xs_x_scatter[%[[NEXT_IN]]] : i32

// SERIAL: remark: scattered @A along 'iii' (up): only iii = 0 reads it, for the 4 PEs along 'iii', and passes the values on through @a_A_scatter
// SERIAL: remark: scattered @B along 'k' (up): only k = 0 reads it, for the 32 iterations along 'k', and passes the values on through @a_B_scatter
// SERIAL: ^bb0(%{{.*}}: index, %{{.*}}: index, %[[K:.*]]: index, %{{.*}}: vector<16xindex>, %[[III:.*]]: index
// Each scatter puts its loop at the top of the PE body (B's, the second,
// first).
// SERIAL: scf.for %{{.*}} = %[[K]] to %c32
// SERIAL:   ure.load @B(%{{.*}}, %{{.*}}) : vector<16xf32> indices
// SERIAL: scf.for %{{.*}} = %[[III]] to %c4
// The serial FIFO is per PE (not per iteration): the 31 vectors of the
// later iterations of k wait in it.
// SERIAL: channel.fifo @a_A_scatter [4] : f32, depth 4
// SERIAL: channel.fifo @a_B_scatter [4] : vector<16xf32>, depth 31

// VEC: error: cannot scatter along 'jjj': it is vectorized, its PEs are the lanes of one vector

// ORDER: error: cannot chain the PEs along 'j' down: that runs them from the last to the first in a step, and the array reads a neighbour along 'j' in the same step
// ORDER: note: the same-step read

// ISO: error: cannot scatter @B along the serial loop 'k': here it is read from a channel, which delivers the values of later iterations only after this one; scatter the input itself (leave it out of ure.isolate_producer)
