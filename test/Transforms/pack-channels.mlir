// pack-channels: a channel that vectorized kernels access with all their
// lanes at once (every lane its own element, no mask or a mask that is the
// same for every lane) becomes a channel of whole vectors, the lanes'
// dimension dropped (vectorization.md 1.1; T2S's FIFO[I]). Any other
// channel keeps one element per lane.
// RUN: t2s-opt %s --vectorize --pack-channels 2>/dev/null | FileCheck %s
// RUN: t2s-opt %s --vectorize --pack-channels 2>/dev/null | t2s-opt | FileCheck %s
// RUN: t2s-opt %s --vectorize --pack-channels 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// Idempotent: a second run finds nothing lane-wise to pack.
// RUN: t2s-opt %s --vectorize --pack-channels --pack-channels 2>/dev/null | FileCheck %s
// Lowered: a channel.read/write of the whole vector per access.
// RUN: t2s-opt %s --vectorize --pack-channels --spacetime-to-scf 2>/dev/null | FileCheck %s --check-prefix=LOWER
// Without vectorize nothing is lane-wise and nothing changes.
// RUN: t2s-opt %s --pack-channels 2>&1 | FileCheck %s --check-prefix=SCALAR

// REMARK: remark: channel @c carries vector<4xi32>: its 2 accesses are made by all the lanes at once
// REMARK: remark: channel @u carries vector<4xi32>
// REMARK: remark: channel @h carries vector<4xi32>
// REMARK-NOT: remark: channel

// SCALAR-NOT: vector<
// SCALAR: channel.fifo @c [4] : i32, depth 2

// The declarations: @c and @h lose their only dimension, @u keeps its
// first; the depth counts vectors as it counted values.
// CHECK:      channel.fifo @c : vector<4xi32>, depth 2
// CHECK-NEXT: channel.fifo @u [2] : vector<4xi32>, depth 3
// CHECK-NEXT: channel.fifo @h : vector<4xi32>, depth 2
// A lane-varying mask (p != 0): the lanes' FIFOs do not move together.
// CHECK-NEXT: channel.fifo @m [4] : i32, depth 2
// The reader takes lane p from element 3 - p: not its own element.
// CHECK-NEXT: channel.fifo @r [4] : i32, depth 2
// The reader is not vectorized: each of its PEs reads one element.
// CHECK-NEXT: channel.fifo @s [4] : i32, depth 2

// CHECK-LABEL: channel.kernel @k
// CHECK:         %[[X:.*]] = ure.load @A(%{{.*}}, %{{.*}}) : vector<4xi32> indices index, vector<4xindex>
// CHECK-NEXT:    channel.write @c, %[[X]] : vector<4xi32>
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    channel.write @u[%[[C1]]], %[[X]] : vector<4xi32>
// CheckTime of an unskewed array is the same for every lane: its first
// lane guards the whole vector.
// CHECK-NEXT:    %[[ON:.*]] = spacetime.scheduled : vector<4xi1>
// CHECK-NEXT:    %[[ON0:.*]] = vector.extract %[[ON]][0] : i1 from vector<4xi1>
// CHECK-NEXT:    scf.if %[[ON0]] {
// CHECK-NEXT:      channel.write @h, %[[X]] : vector<4xi32>
// CHECK-NEXT:    }
// CHECK:         channel.write_lanes @m[%{{.*}}], %[[X]] if %{{.*}} : vector<4xi32> indices vector<4xindex>
// CHECK-NEXT:    channel.write_lanes @r[%{{.*}}], %[[X]] : vector<4xi32> indices vector<4xindex>
// CHECK-NEXT:    channel.write_lanes @s[%{{.*}}], %[[X]] : vector<4xi32> indices vector<4xindex>

// CHECK-LABEL: channel.kernel @scalar
// CHECK:         channel.read @s[%{{.*}}] : i32

// The reader: lane p's element is recovered index q (= p).
// CHECK:       spacetime.array @out
// CHECK:         %{{.*}} = channel.read @c : vector<4xi32>
// CHECK:         %{{.*}} = channel.read @u[%{{.*}}] : vector<4xi32>
// CHECK:         %[[RON:.*]] = vector.extract %{{.*}}[0] : i1 from vector<4xi1>
// CHECK-NEXT:    %{{.*}} = scf.if %[[RON]] -> (vector<4xi32>) {
// CHECK-NEXT:      %[[H:.*]] = channel.read @h : vector<4xi32>
// CHECK-NEXT:      scf.yield %[[H]] : vector<4xi32>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[Z:.*]] = arith.constant dense<0> : vector<4xi32>
// CHECK-NEXT:      scf.yield %[[Z]] : vector<4xi32>
// CHECK-NEXT:    }
// CHECK:         channel.read_lanes @m[%{{.*}}] if %{{.*}} : vector<4xi32> indices vector<4xindex>
// CHECK:         channel.read_lanes @r[%{{.*}}] : vector<4xi32> indices vector<4xindex>

// LOWER-LABEL: func.func public @p(
// LOWER:         channel.read @p.c : vector<4xi32>
// LOWER:         channel.read @p.u[%{{.*}}] : vector<4xi32>
// LOWER:         channel.read @p.h : vector<4xi32>
// LOWER-COUNT-3: channel.read @p.m[%{{.*}}] : i32
// LOWER-LABEL: func.func public @p.k(
// LOWER:         channel.write @p.c, %{{.*}} : vector<4xi32>
// LOWER:         channel.write @p.u[%{{.*}}], %{{.*}} : vector<4xi32>
// LOWER:         channel.write @p.h, %{{.*}} : vector<4xi32>

ure.program @p {
  ure.input @A : memref<8x4xi32>
  ure.func @out(i = 0 extent 8, p = 0 extent 4) -> i32 on device
  channel.fifo @c [4] : i32, depth 2
  channel.fifo @u [2, 4] : i32, depth 3
  channel.fifo @h [4] : i32, depth 2
  channel.fifo @m [4] : i32, depth 2
  channel.fifo @r [4] : i32, depth 2
  channel.fifo @s [4] : i32, depth 2
  channel.kernel @k {
    spacetime.array @out loops (i = 0 extent 8, p = 0 extent 4) time (t = 0 extent 8) space (p = 0 extent 4) schedule affine_map<(d0, d1) -> (d0)> recover affine_map<(d0, d1) -> (d0, d1)> {
    ^bb0(%t: index, %p: index):
      %i, %q = spacetime.recover : index, index
      %x = ure.load @A(%i, %q) : i32
      channel.write @c[%p], %x : i32
      %c1 = arith.constant 1 : index
      channel.write @u[%c1, %q], %x : i32
      %on = spacetime.scheduled
      scf.if %on {
        channel.write @h[%p], %x : i32
      }
      %c0 = arith.constant 0 : index
      %not0 = arith.cmpi ne, %p, %c0 : index
      scf.if %not0 {
        channel.write @m[%p], %x : i32
      }
      channel.write @r[%p], %x : i32
      channel.write @s[%p], %x : i32
    }
  }
  channel.kernel @scalar {
    spacetime.array @out loops (i = 0 extent 8, p = 0 extent 4) time (t = 0 extent 8) space (p = 0 extent 4) schedule affine_map<(d0, d1) -> (d0)> recover affine_map<(d0, d1) -> (d0, d1)> {
    ^bb0(%t: index, %p: index):
      %v = channel.read @s[%p] : i32
    }
  }
  spacetime.array @out loops (i = 0 extent 8, p = 0 extent 4) time (t = 0 extent 8) space (p = 0 extent 4) schedule affine_map<(d0, d1) -> (d0)> recover affine_map<(d0, d1) -> (d0, d1)> {
  ^bb0(%t: index, %p: index):
    %i, %q = spacetime.recover : index, index
    %c = channel.read @c[%q] : i32
    %c1 = arith.constant 1 : index
    %u = channel.read @u[%c1, %p] : i32
    %on = spacetime.scheduled
    %h = scf.if %on -> (i32) {
      %r = channel.read @h[%p] : i32
      scf.yield %r : i32
    } else {
      %z = arith.constant 0 : i32
      scf.yield %z : i32
    }
    %c0 = arith.constant 0 : index
    %not0 = arith.cmpi ne, %p, %c0 : index
    %m = scf.if %not0 -> (i32) {
      %r = channel.read @m[%p] : i32
      scf.yield %r : i32
    } else {
      scf.yield %c : i32
    }
    %c3 = arith.constant 3 : index
    %back = arith.subi %c3, %p : index
    %r = channel.read @r[%back] : i32
    %s1 = arith.addi %c, %u : i32
    %s2 = arith.addi %s1, %h : i32
    %s3 = arith.addi %s2, %m : i32
    %s4 = arith.addi %s3, %r : i32
    spacetime.output %s4 to @out[%i, %q] : i32
  }
  ure.vectorize @k (p)
  ure.vectorize @out (p)
}
