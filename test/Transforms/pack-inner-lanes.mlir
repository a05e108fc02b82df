// pack-inner-lanes: a channel array whose last dimension both ends walk
// with their innermost PE loop (ascending, from 0, over the dimension)
// carries one vector of those lanes per row: the writer fills it lane by
// lane, the reader takes its lanes in turn (T2S's SA.out(kkk, iii)). Only
// when every PE of a group accesses its row (indices and conditions that
// do not move with the lane loop), and the writer does nothing else with
// channels between a row's lanes (other accesses only before, at lane 0).
// RUN: t2s-opt %s --pack-inner-lanes 2>/dev/null | FileCheck %s
// RUN: t2s-opt %s --pack-inner-lanes 2>/dev/null | t2s-opt | FileCheck %s
// RUN: t2s-opt %s --pack-inner-lanes 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// Idempotent: a packed channel has no lane dimension left to pack.
// RUN: t2s-opt %s --pack-inner-lanes --pack-inner-lanes 2>/dev/null | FileCheck %s
// Run: the packed design computes what the unpacked one does (its values
// are the input's, in the order the PEs read them).
// RUN: python3 %S/../Examples/Inputs/npy.py %t.A.npy i4 8,8 "[r * 8 + c for r in range(8) for c in range(8)]"
// RUN: t2s-run %s --mode dataflow --input A=%t.A.npy --print | FileCheck %s --check-prefix=VALUES
// RUN: t2s-run %s --mode opencl --input A=%t.A.npy --print | FileCheck %s --check-prefix=VALUES

// REMARK: remark: channel @a carries vector<4xi32>: the writer's PEs along its innermost loop fill one value per row lane by lane, the reader's take its lanes in turn (4 times fewer transfers)
// REMARK: remark: channel @g carries vector<4xi32>
// REMARK-NOT: remark: channel

// Packed: @a (every PE of both arrays), @g (under conditions on r only,
// the writer reading its loader at lane 0 first).
// CHECK:      channel.fifo @a [2] : vector<4xi32>, depth 2
// CHECK-NEXT: channel.fifo @g [2] : vector<4xi32>, depth 2
// Not packed: the write of @m depends on the lane (l != 0); @x's reader
// takes element 3 - l; @o and @o2 are written between each other's
// lanes; @t's writer walks the lanes with its outer loop.
// CHECK-NEXT: channel.fifo @m [2, 4] : i32, depth 2
// CHECK-NEXT: channel.fifo @x [2, 4] : i32, depth 2
// CHECK-NEXT: channel.fifo @o [2, 4] : i32, depth 2
// CHECK-NEXT: channel.fifo @o2 [2, 4] : i32, depth 2
// CHECK-NEXT: channel.fifo @t [2, 4] : i32, depth 2
// CHECK-NEXT: channel.fifo @ld : i32, depth 2

// CHECK-LABEL: channel.kernel @k {
// CHECK:         channel.write @a[%{{.*}}], %{{.*}} : i32
// CHECK-LABEL: channel.kernel @kg {
// CHECK:         channel.read @ld : i32
// CHECK:         channel.write @g[%{{.*}}], %{{.*}} : i32
// CHECK-LABEL: channel.kernel @km {
// CHECK:         channel.write @m[%{{.*}}, %{{.*}}], %{{.*}} : i32
// CHECK-LABEL: channel.kernel @kx {
// CHECK:         channel.write @x[%{{.*}}, %{{.*}}], %{{.*}} : i32
// CHECK-LABEL: channel.kernel @k2 {
// CHECK:         channel.write @o[%{{.*}}, %{{.*}}], %{{.*}} : i32
// CHECK:         channel.write @o2[%{{.*}}, %{{.*}}], %{{.*}} : i32
// CHECK-LABEL: channel.kernel @k3 {
// CHECK:         channel.write @t[%{{.*}}, %{{.*}}], %{{.*}} : i32
// CHECK:       spacetime.array @out
// CHECK:         channel.read @a[%{{.*}}] : i32
// CHECK:         channel.read @g[%{{.*}}] : i32
// CHECK:         channel.read @m[%{{.*}}, %{{.*}}] : i32
// CHECK:         channel.read @x[%{{.*}}, %{{.*}}] : i32

// Output (i, r, l) is 1000 times what @a brings PE (r, l) at step i plus
// what @g brings (the others cancel): 1001 A[i][4 r + l] = 1001 (8 i +
// 4 r + l), so each PE took its own lane.
// VALUES-LABEL: @out: 8x2x4xi32
// VALUES-NEXT:    0 1001 2002 3003
// VALUES-NEXT:    4004 5005 6006 7007
// VALUES-NEXT:    8008 9009 10010 11011

ure.program @p {
  ure.input @A : memref<8x8xi32>
  ure.func @out(i = 0 extent 8, r = 0 extent 2, l = 0 extent 4) -> i32 on device
  channel.fifo @a [2, 4] : i32, depth 2
  channel.fifo @g [2, 4] : i32, depth 2
  channel.fifo @m [2, 4] : i32, depth 2
  channel.fifo @x [2, 4] : i32, depth 2
  channel.fifo @o [2, 4] : i32, depth 2
  channel.fifo @o2 [2, 4] : i32, depth 2
  channel.fifo @t [2, 4] : i32, depth 2
  channel.fifo @ld : i32, depth 2
  channel.kernel @loader {
    spacetime.array @out loops (i = 0 extent 8) time (t = 0 extent 8) space () schedule affine_map<(d0) -> (d0)> recover affine_map<(d0) -> (d0)> {
    ^bb0(%t: index):
      %c1 = arith.constant 1 : i32
      channel.write @ld, %c1 : i32
    }
  }
  channel.kernel @k {
    spacetime.array @out loops (i = 0 extent 8, r = 0 extent 2, l = 0 extent 4) time (t = 0 extent 8) space (r = 0 extent 2, l = 0 extent 4) schedule affine_map<(d0, d1, d2) -> (d0)> recover affine_map<(d0, d1, d2) -> (d0, d1, d2)> {
    ^bb0(%t: index, %r: index, %l: index):
      %i, %rr, %ll = spacetime.recover : index, index, index
      %c4 = arith.constant 4 : index
      %base = arith.muli %rr, %c4 : index
      %col = arith.addi %base, %ll : index
      %x = ure.load @A(%i, %col) : i32
      channel.write @a[%r, %l], %x : i32
    }
  }
  channel.kernel @kg {
    spacetime.array @out loops (i = 0 extent 8, r = 0 extent 2, l = 0 extent 4) time (t = 0 extent 8) space (r = 0 extent 2, l = 0 extent 4) schedule affine_map<(d0, d1, d2) -> (d0)> recover affine_map<(d0, d1, d2) -> (d0, d1, d2)> {
    ^bb0(%t: index, %r: index, %l: index):
      %i, %rr, %ll = spacetime.recover : index, index, index
      %c4 = arith.constant 4 : index
      %base = arith.muli %rr, %c4 : index
      %col = arith.addi %base, %ll : index
      %x = ure.load @A(%i, %col) : i32
      %c0 = arith.constant 0 : index
      %first = arith.cmpi eq, %l, %c0 : index
      %row0 = arith.cmpi eq, %r, %c0 : index
      %lane0 = arith.andi %row0, %first : i1
      scf.if %lane0 {
        %one = channel.read @ld : i32
      }
      %always = arith.cmpi sge, %rr, %c0 : index
      scf.if %always {
        channel.write @g[%r, %l], %x : i32
      }
    }
  }
  channel.kernel @km {
    spacetime.array @out loops (i = 0 extent 8, r = 0 extent 2, l = 0 extent 4) time (t = 0 extent 8) space (r = 0 extent 2, l = 0 extent 4) schedule affine_map<(d0, d1, d2) -> (d0)> recover affine_map<(d0, d1, d2) -> (d0, d1, d2)> {
    ^bb0(%t: index, %r: index, %l: index):
      %i, %rr, %ll = spacetime.recover : index, index, index
      %c4 = arith.constant 4 : index
      %base = arith.muli %rr, %c4 : index
      %col = arith.addi %base, %ll : index
      %x = ure.load @A(%i, %col) : i32
      %c0 = arith.constant 0 : index
      %not0 = arith.cmpi ne, %l, %c0 : index
      scf.if %not0 {
        channel.write @m[%r, %l], %x : i32
      }
    }
  }
  channel.kernel @kx {
    spacetime.array @out loops (i = 0 extent 8, r = 0 extent 2, l = 0 extent 4) time (t = 0 extent 8) space (r = 0 extent 2, l = 0 extent 4) schedule affine_map<(d0, d1, d2) -> (d0)> recover affine_map<(d0, d1, d2) -> (d0, d1, d2)> {
    ^bb0(%t: index, %r: index, %l: index):
      %i, %rr, %ll = spacetime.recover : index, index, index
      %c4 = arith.constant 4 : index
      %base = arith.muli %rr, %c4 : index
      %col = arith.addi %base, %ll : index
      %x = ure.load @A(%i, %col) : i32
      channel.write @x[%r, %l], %x : i32
    }
  }
  channel.kernel @k2 {
    spacetime.array @out loops (i = 0 extent 8, r = 0 extent 2, l = 0 extent 4) time (t = 0 extent 8) space (r = 0 extent 2, l = 0 extent 4) schedule affine_map<(d0, d1, d2) -> (d0)> recover affine_map<(d0, d1, d2) -> (d0, d1, d2)> {
    ^bb0(%t: index, %r: index, %l: index):
      %c1 = arith.constant 1 : i32
      channel.write @o[%r, %l], %c1 : i32
      channel.write @o2[%r, %l], %c1 : i32
    }
  }
  channel.kernel @k3 {
    spacetime.array @out loops (i = 0 extent 8, l = 0 extent 4, r = 0 extent 2) time (t = 0 extent 8) space (l = 0 extent 4, r = 0 extent 2) schedule affine_map<(d0, d1, d2) -> (d0)> recover affine_map<(d0, d1, d2) -> (d0, d1, d2)> {
    ^bb0(%t: index, %l: index, %r: index):
      %c1 = arith.constant 1 : i32
      channel.write @t[%r, %l], %c1 : i32
    }
  }
  spacetime.array @out loops (i = 0 extent 8, r = 0 extent 2, l = 0 extent 4) time (t = 0 extent 8) space (r = 0 extent 2, l = 0 extent 4) schedule affine_map<(d0, d1, d2) -> (d0)> recover affine_map<(d0, d1, d2) -> (d0, d1, d2)> {
  ^bb0(%t: index, %r: index, %l: index):
    %i, %rr, %ll = spacetime.recover : index, index, index
    %a = channel.read @a[%r, %l] : i32
    %c0 = arith.constant 0 : index
    %always = arith.cmpi sge, %r, %c0 : index
    %g = scf.if %always -> (i32) {
      %v = channel.read @g[%r, %l] : i32
      scf.yield %v : i32
    } else {
      %z = arith.constant 0 : i32
      scf.yield %z : i32
    }
    %not0 = arith.cmpi ne, %l, %c0 : index
    %m = scf.if %not0 -> (i32) {
      %v = channel.read @m[%r, %l] : i32
      scf.yield %v : i32
    } else {
      %z = arith.constant 0 : i32
      scf.yield %z : i32
    }
    %c3 = arith.constant 3 : index
    %back = arith.subi %c3, %l : index
    %x = channel.read @x[%r, %back] : i32
    %o = channel.read @o[%r, %l] : i32
    %o2 = channel.read @o2[%r, %l] : i32
    %tt = channel.read @t[%r, %l] : i32
    %c1000 = arith.constant 1000 : i32
    %a1000 = arith.muli %a, %c1000 : i32
    %s1 = arith.addi %a1000, %g : i32
    %zero = arith.constant 0 : i32
    %m0 = arith.muli %m, %zero : i32
    %x0 = arith.muli %x, %zero : i32
    %s2 = arith.addi %s1, %m0 : i32
    %s3 = arith.addi %s2, %x0 : i32
    %o0 = arith.subi %o, %o2 : i32
    %s4 = arith.addi %s3, %o0 : i32
    %t0 = arith.subi %tt, %tt : i32
    %s5 = arith.addi %s4, %t0 : i32
    spacetime.output %s5 to @out[%i, %rr, %ll] : i32
  }
}
