// Gathering a read whose conditions differ along the chain's loop (a
// skewed array's CheckTime, or any condition on the coordinates): PE t
// sends only at the steps where its condition f(t) holds. Every PE
// recomputes f(t), so the count loop runs at the end of the PE body,
// outside the read's conditions, each iteration under f(t); PE i's own
// read moves into its turn (t == i, where f(t) = f(i)).
// RUN: t2s-opt %s --gather 2>&1 | FileCheck %s
// RUN: t2s-opt %s --gather | t2s-opt | FileCheck %s --check-prefix=ROUND
// The skewed dataflow GEMM (CheckTime differs along i and j), gathered out
// of its drainer along either loop, both ways, matches the interpreter.
// RUN: python3 %S/../Examples/Inputs/append.py %examples/dataflow/gemm.mlir %t.i-down.mlir "" "ure.gather @drainer (@out, i, down)"
// RUN: t2s-opt %t.i-down.mlir --merge-ures --space-time-transform --isolate --gather 2>/dev/null | FileCheck %s --check-prefix=SKEWED
// RUN: t2s-run %t.i-down.mlir --compare interpret,dataflow | FileCheck %s --check-prefix=MATCH
// RUN: t2s-run %t.i-down.mlir --compare interpret,dataflow --systolic-options 'unroll-pes=false' | FileCheck %s --check-prefix=MATCH
// RUN: t2s-run %t.i-down.mlir --compare interpret,dataflow --channel-depths strict | FileCheck %s --check-prefix=MATCH
// RUN: t2s-run %t.i-down.mlir --compare interpret,opencl | FileCheck %s --check-prefix=MATCH
// RUN: python3 %S/../Examples/Inputs/append.py %examples/dataflow/gemm.mlir %t.i-up.mlir "" "ure.gather @drainer (@out, i, up)"
// RUN: t2s-run %t.i-up.mlir --compare interpret,dataflow | FileCheck %s --check-prefix=MATCH
// RUN: python3 %S/../Examples/Inputs/append.py %examples/dataflow/gemm.mlir %t.j-down.mlir "" "ure.gather @drainer (@out, j, down)"
// RUN: t2s-run %t.j-down.mlir --compare interpret,dataflow | FileCheck %s --check-prefix=MATCH
// RUN: python3 %S/../Examples/Inputs/append.py %examples/dataflow/gemm.mlir %t.j-up.mlir "" "ure.gather @drainer (@out, j, up)"
// RUN: t2s-run %t.j-up.mlir --compare interpret,dataflow --systolic-options 'unroll-pes=false' | FileCheck %s --check-prefix=MATCH

// Along an unrolled loop of an array vectorized along another one (Code 2
// over vectors): the chain carries whole vectors, PE t's own lane-wise read
// keeps its mask, the store takes PE t's mask, and PE t sends at the steps
// where any of its lanes reads (the masked skewed GEMM's drainer,
// vectorized along j or i and gathered along the other loop).
// RUN: sed 's/^  ure.vectorize @drainer (i, j)/  ure.vectorize @drainer (j)\n  ure.gather @drainer (@out, i, down)/' %examples/dataflow/gemm-vector.mlir > %t.vj-i.mlir
// RUN: t2s-opt %t.vj-i.mlir --merge-ures --space-time-transform --isolate --vectorize --gather 2>/dev/null | FileCheck %s --check-prefix=VEC
// RUN: t2s-run %t.vj-i.mlir --compare interpret,dataflow | FileCheck %s --check-prefix=MATCH
// RUN: t2s-run %t.vj-i.mlir --compare interpret,dataflow --systolic-options 'unroll-pes=false' | FileCheck %s --check-prefix=MATCH
// RUN: t2s-run %t.vj-i.mlir --compare interpret,opencl | FileCheck %s --check-prefix=MATCH
// RUN: t2s-run %t.vj-i.mlir --compare interpret,spirv | FileCheck %s --check-prefix=MATCH
// RUN: sed 's/^  ure.vectorize @drainer (i, j)/  ure.vectorize @drainer (j)\n  ure.gather @drainer (@out, i, up)/' %examples/dataflow/gemm-vector.mlir > %t.vj-i-up.mlir
// RUN: t2s-run %t.vj-i-up.mlir --compare interpret,dataflow | FileCheck %s --check-prefix=MATCH
// RUN: sed 's/^  ure.vectorize @drainer (i, j)/  ure.vectorize @drainer (i)\n  ure.gather @drainer (@out, j, down)/' %examples/dataflow/gemm-vector.mlir > %t.vi-j.mlir
// RUN: t2s-run %t.vi-j.mlir --compare interpret,dataflow | FileCheck %s --check-prefix=MATCH
// RUN: t2s-run %t.vi-j.mlir --compare interpret,dataflow --channel-depths strict | FileCheck %s --check-prefix=MATCH
// Without a mask the vectors travel at every step.
// RUN: t2s-opt %S/Inputs/gather-vector-unmasked.mlir --gather 2>&1 | FileCheck %s --check-prefix=UNMASKED

// CHECK: remark: gathered @out along 'i' (down): the PE at i = 0 stores the values of the 4 PEs along it
// CHECK-LABEL: channel.kernel @k
// CHECK:      ^bb0(%[[T:.*]]: index, %[[I:.*]]: index
// The read and its store leave the condition, which goes too.
// CHECK-NOT:    scf.if
// CHECK:        %[[END:.*]] = arith.cmpi eq, %[[I]], %c0{{.*}} : index
// CHECK:        scf.for %[[TT:.*]] = %[[I]] to %c4{{.*}} step
// f(t): the condition computed for PE t.
// CHECK:          %[[EVEN:.*]] = arith.remsi %[[TT]], %{{.*}} : index
// CHECK-NEXT:     %[[F:.*]] = arith.cmpi eq, %[[EVEN]], %{{.*}} : index
// CHECK-NEXT:     scf.if %[[F]] {
// CHECK-NEXT:       %[[MINE:.*]] = arith.cmpi eq, %[[TT]], %[[I]] : index
// CHECK-NEXT:       %[[V:.*]] = scf.if %[[MINE]] -> (f32) {
// CHECK-NEXT:         %[[OWN:.*]] = channel.read @c[%[[I]]] : f32
// CHECK-NEXT:         scf.yield %[[OWN]] : f32
// CHECK-NEXT:       } else {
// CHECK:              channel.read @k_out_gather
// CHECK:            scf.if %[[END]] {
// CHECK:              spacetime.output %[[V]] to @out[%{{.*}}, %{{.*}}] at(%[[T]], %[[TT]] : index, index) : f32
// CHECK-NEXT:       } else {
// CHECK-NEXT:         channel.write @k_out_gather[%[[I]]], %[[V]] : f32
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK: channel.fifo @k_out_gather [4] : f32, depth 4

// ROUND: channel.fifo @k_out_gather [4] : f32, depth 4

// In the skewed GEMM f(t) is PE t's CheckTime.
// SKEWED-LABEL: channel.kernel @drainer
// SKEWED: scf.for %[[TT:.*]] = %{{.*}} to %c8{{.*}} step
// SKEWED:   %[[S:.*]] = spacetime.scheduled at(%{{.*}}, %{{.*}}, %[[TT]] : index, index, index)
// SKEWED:   %[[F:.*]] = arith.andi %{{.*}}, %[[S]] : i1
// SKEWED:   scf.if %[[F]] {
// SKEWED:     channel.read @drainer_out[
// SKEWED: channel.fifo @drainer_out_gather [8, 8] : f32, depth 8

// VEC-LABEL: channel.kernel @drainer
// VEC:       ^bb0(%[[T:.*]]: index, %[[J:.*]]: vector<8xindex>, %[[I:.*]]: index
// VEC:         scf.for %[[TT:.*]] = %[[I]] to %c8{{.*}} step
// PE t's mask, and whether any of its lanes reads.
// VEC:           %[[S:.*]] = spacetime.scheduled at(%[[T]], %[[J]], %[[TT]] : index, vector<8xindex>, index) : vector<8xi1>
// VEC:           %[[M:.*]] = arith.andi %{{.*}}, %[[S]] : vector<8xi1>
// VEC-COUNT-8:   vector.extract %[[M]]
// VEC:           scf.if %[[ANY:.*]] {
// VEC:             %[[V:.*]] = scf.if %{{.*}} -> (vector<8xf32>) {
// VEC:               %[[OWN:.*]] = channel.read_lanes @drainer_out[%[[J]], %[[I]]] if %{{.*}} : vector<8xf32> indices vector<8xindex>, index
// VEC-NEXT:          scf.yield %[[OWN]] : vector<8xf32>
// VEC:               channel.read @drainer_out_gather[%{{.*}}] : vector<8xf32>
// VEC:             spacetime.output %[[V]] to @out[%{{.*}}, %{{.*}}] at(%[[T]], %[[J]], %[[TT]] : index, vector<8xindex>, index) if %{{.*}} : vector<8xf32> indices index, vector<8xindex>
// VEC:             channel.write @drainer_out_gather[%[[I]]], %[[V]] : vector<8xf32>
// VEC: channel.fifo @drainer_out_gather [8] : vector<8xf32>, depth 8

// UNMASKED:      scf.for %[[TT:.*]] = %{{.*}} to %c4{{.*}} step
// UNMASKED-NEXT:   arith.cmpi eq, %[[TT]], %{{.*}} : index
// UNMASKED-NEXT:   scf.if %{{.*}} -> (vector<2xf32>) {
// UNMASKED:        channel.read_lanes @c[%{{.*}}, %{{.*}}] : vector<2xf32> indices index, vector<2xindex>
// UNMASKED: channel.fifo @k_out_gather [4] : vector<2xf32>, depth 4

// MATCH: @out: interpret and {{.*}} match (64 elements)

ure.program @p {
  ure.func @out(i = 0 extent 4, t = 0 extent 2) -> f32 on device
  channel.fifo @c [4] : f32, depth 2
  channel.kernel @w {
    spacetime.array @out loops (t = 0 extent 2, i = 0 extent 4) time (t = 0 extent 2) space (i = 0 extent 4) schedule affine_map<(t, i) -> (t)> recover affine_map<(t, i) -> (t, i)> {
    ^bb0(%t: index, %i: index):
      %c2 = arith.constant 2 : index
      %c0 = arith.constant 0 : index
      %r = arith.remsi %i, %c2 : index
      %even = arith.cmpi eq, %r, %c0 : index
      scf.if %even {
        %x = arith.constant 1.0 : f32
        channel.write @c[%i], %x : f32
      }
    }
  }
  channel.kernel @k {
    spacetime.array @out loops (t = 0 extent 2, i = 0 extent 4) time (t = 0 extent 2) space (i = 0 extent 4) schedule affine_map<(t, i) -> (t)> recover affine_map<(t, i) -> (t, i)> {
    ^bb0(%t: index, %i: index):
      %tt, %ii = spacetime.recover : index, index
      %c2 = arith.constant 2 : index
      %c0 = arith.constant 0 : index
      %r = arith.remsi %i, %c2 : index
      %even = arith.cmpi eq, %r, %c0 : index
      scf.if %even {
        %v = channel.read @c[%i] : f32
        spacetime.output %v to @out[%ii, %tt] : f32
      }
    }
  }
  ure.gather @k (@out, i, down)
}
