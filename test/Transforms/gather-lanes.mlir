// The gather pass along a vectorized loop (gathering.md, Code 4), on
// examples/dataflow/gemm-vector-gather.mlir: the drainer's PEs along i are
// the lanes of vector<8xf32>; gathering unrolls i back into 8 PEs that
// build the vector along a chain (down: from PE 7 to PE 0, which stores
// it). By sed: `up`, and a 2-D drainer (i, j) gathered along i.
// RUN: t2s-opt %examples/dataflow/gemm-vector-gather.mlir --merge-ures --space-time-transform --isolate --vectorize --gather 2>&1 | FileCheck %s
// RUN: t2s-opt %examples/dataflow/gemm-vector-gather.mlir --merge-ures --space-time-transform --isolate --vectorize --gather 2>/dev/null | t2s-opt | FileCheck %s --check-prefix=ROUND
// RUN: sed 's/(@out, i, down)/(@out, i, up)/' %examples/dataflow/gemm-vector-gather.mlir | t2s-opt --merge-ures --space-time-transform --isolate --vectorize --gather 2>&1 | FileCheck %s --check-prefix=UP
// RUN: sed 's/ure.vectorize @drainer (i)/ure.vectorize @drainer (i, j)/' %examples/dataflow/gemm-vector-gather.mlir | t2s-opt --merge-ures --space-time-transform --isolate --vectorize --gather 2>&1 | FileCheck %s --check-prefix=TWO

// CHECK: remark: gathered @out along vectorized 'i' (down): loop i is unrolled back into 8 PEs, each puts its lanes into the vector it receives and passes it on through @drainer_out_gather; the PE at i = 0 stores the whole vector
// CHECK-LABEL: channel.kernel @drainer
// CHECK:         ^bb0(%{{.*}}: index, %[[J:[a-z0-9_]+]]: index, %[[I:[a-z0-9_]+]]: vector<8xindex>
// CHECK:         %[[M:.*]] = arith.andi %{{.*}}, %{{.*}} : vector<8xi1>
// PE 7 starts the chain with its own lane (under its lane of the mask).
// CHECK:         %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<8xf32>
// CHECK:         %[[I7:.*]] = vector.extract %[[I]][7] : index from vector<8xindex>
// CHECK-NEXT:    %[[M7:.*]] = vector.extract %[[M]][7] : i1 from vector<8xi1>
// CHECK-NEXT:    %[[OWN7:.*]] = scf.if %[[M7]] -> (f32) {
// CHECK-NEXT:      channel.read @drainer_out[%[[J]], %[[I7]]] : f32
// CHECK:         %[[V7:.*]] = vector.insert %[[OWN7]], %[[ZERO]] [7] : f32 into vector<8xf32>
// CHECK:         channel.write @drainer_out_gather[%[[J]], %{{.*}}], %[[V7]] : vector<8xf32>
// PE 6 receives it, adds lane 6, passes it on; ...
// CHECK:         %[[R6:.*]] = channel.read @drainer_out_gather[%[[J]], %{{.*}}] : vector<8xf32>
// CHECK:         vector.insert %{{.*}}, %[[R6]] [6] : f32 into vector<8xf32>
// CHECK-COUNT-6: channel.write @drainer_out_gather
// PE 0 ends it and stores the whole vector, with the lanes' mask.
// CHECK:         %[[V0:.*]] = vector.insert %{{.*}}, %{{.*}} [0] : f32 into vector<8xf32>
// CHECK-NEXT:    spacetime.output %[[V0]] to @out[%{{.*}}, %{{.*}}] if %[[M]] : vector<8xf32> indices vector<8xindex>, index
// CHECK-NOT:     channel.read_lanes
// CHECK:         channel.fifo @drainer_out_gather [8, 8] : vector<8xf32>, depth 1

// ROUND: channel.fifo @drainer_out_gather [8, 8] : vector<8xf32>, depth 1

// UP: the PE at i = 7 stores the whole vector
// UP: vector.insert %{{.*}}, %{{.*}} [0] : f32 into vector<8xf32>
// UP: channel.write @drainer_out_gather
// UP: vector.insert %{{.*}}, %{{.*}} [7] : f32 into vector<8xf32>
// UP-NEXT: spacetime.output

// Two vectorized loops: the chain's vectors have i's lanes first; each PE
// reads the row of its j-lanes (channel.read_lanes) and inserts it.
// TWO:     ^bb0(%{{.*}}: index, %{{.*}}: vector<8x8xindex>, %{{.*}}: vector<8x8xindex>
// TWO:     vector.transpose %{{.*}}, [1, 0] : vector<8x8xindex> to vector<8x8xindex>
// TWO:     channel.read_lanes @drainer_out[%{{.*}}, %{{.*}}] if %{{.*}} : vector<8xf32> indices vector<8xindex>, vector<8xindex>
// TWO:     vector.insert %{{.*}}, %{{.*}} [7] : vector<8xf32> into vector<8x8xf32>
// TWO:     channel.write @drainer_out_gather[%{{.*}}], %{{.*}} : vector<8x8xf32>
// TWO:     %[[T:.*]] = vector.transpose %{{.*}}, [1, 0] : vector<8x8xf32> to vector<8x8xf32>
// TWO-NEXT: spacetime.output %[[T]]
// TWO:     channel.fifo @drainer_out_gather [8] : vector<8x8xf32>, depth 1
