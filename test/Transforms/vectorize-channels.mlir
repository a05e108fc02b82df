// Channels in vectorized arrays: every lane is a PE and makes its own
// channel accesses (channel.read_lanes / channel.write_lanes), under the
// mask of the lanes that run them; spacetime-to-scf unrolls them into one
// scalar access per lane, in lane order.
// RUN: t2s-opt %s --vectorize 2>/dev/null | FileCheck %s
// RUN: t2s-opt %s --vectorize 2>/dev/null | t2s-opt | FileCheck %s
// RUN: t2s-opt %s --vectorize --spacetime-to-scf 2>/dev/null | FileCheck %s --check-prefix=LOWER
// RUN: t2s-opt %s --vectorize 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// REMARK: remark: loop p vectorized: its PEs are lanes of vector<4x...>
// REMARK: remark: loop p vectorized: its PEs are lanes of vector<4x...>

// The writer kernel: every lane writes its element of @c; only lane 0
// (p == 0) writes @first, under the mask of the if-converted condition.
// CHECK-LABEL: channel.kernel @k
// CHECK:         %{{.*}}: index, %[[P:[a-z0-9_]+]]: vector<4xindex>):
// CHECK:         %[[X:.*]] = ure.load @A(%{{.*}}, %{{.*}}) : vector<4xi32> indices index, vector<4xindex>
// CHECK:         channel.write_lanes @c[%[[P]]], %[[X]] : vector<4xi32> indices vector<4xindex>
// CHECK:         %[[FIRST:.*]] = arith.cmpi eq, %{{.*}}, %{{.*}} : vector<4xindex>
// CHECK:         channel.write_lanes @first, %[[X]] if %[[FIRST]] : vector<4xi32>

// The reader, the program's own array: a read per lane; @first's value
// only at lane 0 (the others' lanes are undefined, and not used).
// CHECK:       spacetime.array @out
// CHECK:         %[[V:.*]] = channel.read_lanes @c[%{{.*}}] : vector<4xi32> indices vector<4xindex>
// CHECK:         %[[M:.*]] = arith.cmpi eq
// CHECK:         %[[F:.*]] = channel.read_lanes @first if %[[M]] : vector<4xi32>
// CHECK:         arith.select %[[M]], %[[F]], %[[V]] : vector<4xi1>, vector<4xi32>

// LOWER-LABEL: func.func public @p(
// LOWER-COUNT-4: channel.read @p.c[%{{.*}}] : i32
// LOWER:         scf.if %{{.*}} -> (i32) {
// LOWER-NEXT:      %[[R:.*]] = channel.read @p.first : i32
// LOWER-NEXT:      scf.yield %[[R]] : i32
// LOWER-NEXT:    } else {
// LOWER:         vector.from_elements %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : vector<4xi32>
// LOWER-LABEL: func.func public @p.k(
// LOWER-COUNT-4: channel.write @p.c[%{{.*}}], %{{.*}} : i32
// LOWER:         scf.if %{{.*}} {
// LOWER-NEXT:      vector.extract
// LOWER-NEXT:      channel.write @p.first, %{{.*}} : i32
ure.program @p {
  ure.input @A : memref<8x4xi32>
  ure.func @out(i = 0 extent 8, p = 0 extent 4) -> i32 on device
  channel.fifo @c [4] : i32, depth 2
  channel.fifo @first : i32, depth 2
  channel.kernel @k {
    spacetime.array @out loops (i = 0 extent 8, p = 0 extent 4) time (t = 0 extent 8) space (p = 0 extent 4) schedule affine_map<(d0, d1) -> (d0)> recover affine_map<(d0, d1) -> (d0, d1)> {
    ^bb0(%t: index, %p: index):
      %i, %q = spacetime.recover : index, index
      %x = ure.load @A(%i, %q) : i32
      channel.write @c[%p], %x : i32
      %c0 = arith.constant 0 : index
      %is0 = arith.cmpi eq, %p, %c0 : index
      scf.if %is0 {
        channel.write @first, %x : i32
      }
    }
  }
  spacetime.array @out loops (i = 0 extent 8, p = 0 extent 4) time (t = 0 extent 8) space (p = 0 extent 4) schedule affine_map<(d0, d1) -> (d0)> recover affine_map<(d0, d1) -> (d0, d1)> {
  ^bb0(%t: index, %p: index):
    %i, %q = spacetime.recover : index, index
    %v = channel.read @c[%q] : i32
    %c0 = arith.constant 0 : index
    %is0 = arith.cmpi eq, %q, %c0 : index
    %f = scf.if %is0 -> (i32) {
      %r = channel.read @first : i32
      scf.yield %r : i32
    } else {
      scf.yield %v : i32
    }
    spacetime.output %f to @out[%i, %q] : i32
  }
  ure.vectorize @k (p)
  ure.vectorize @out (p)
}
