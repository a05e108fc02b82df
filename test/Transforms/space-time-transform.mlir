// space-time-transform: the merged loop nest becomes an explicit systolic
// array. Register files (spacetime.shift_reg, PEs x slots) come first; the
// spacetime.array holds the time loops (exact bounds), the space loops (the
// PEs), the schedule map (time loops over the original indices, outermost
// first: d0 = k, d1 = j, d2 = i below) and the recover map (original indices
// over the coordinates: time loops, then space loops). Its body is the
// program of one PE at one step: spacetime.recover gives the original
// indices, every ure.at becomes the producer's own value (distance 0, computed
// earlier in the body) or a spacetime.read naming the producing PE (the
// offset over the space loops) and the delay in flattened steps; every
// result is written (spacetime.write) to its file; the output is stored with
// spacetime.output under its select condition and, without check_time, under
// spacetime.scheduled (with check_time the whole PE is). No ure.def, ure.at,
// ure.select or directive is left.
// RUN: t2s-opt %s --split-input-file --merge-ures --space-time-transform 2>/dev/null | FileCheck %s
// The result verifies, and a second run leaves it alone (already transformed).
// RUN: t2s-opt %s --split-input-file --merge-ures --space-time-transform 2>/dev/null \
// RUN:   | t2s-opt --split-input-file --space-time-transform 2>/dev/null | FileCheck %s
// RUN: %if mlir-opt-plugin %{ %mlir_opt_plugin %s --split-input-file --pass-pipeline='builtin.module(merge-ures, space-time-transform)' 2>/dev/null | FileCheck %s %}
// The headline usage: without merge-ures first, the transform merges.
// RUN: t2s-opt %s --split-input-file --space-time-transform 2>/dev/null | FileCheck %s

// A transform given by pass options, on a program without directives
// (examples/gemm.mlir: loops k, j, i of extent 8): t1 = k + j + i in [0, 22),
// k = t1 - j - i.
// RUN: t2s-opt %examples/gemm.mlir --merge-ures --space-time-transform="space=i,j vector=1,1 check-time=true" 2>/dev/null | FileCheck %s --check-prefix=OPT
// RUN: %if mlir-opt-plugin %{ %mlir_opt_plugin %examples/gemm.mlir --pass-pipeline='builtin.module(merge-ures, space-time-transform{space=i,j vector=1,1 check-time=true})' 2>/dev/null | FileCheck %s --check-prefix=OPT %}
// OPT:      #[[SCHED:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0 + d1 + d2)>
// OPT-NEXT: #[[REC:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0 - d1 - d2, d1, d2)>
// Every distance is one step of t1 (the vector is all ones): 2 slots each.
// OPT:      %[[A:.*]] = spacetime.shift_reg "a" : memref<8x8x2xf32>
// OPT-NEXT: %[[B:.*]] = spacetime.shift_reg "b" : memref<8x8x2xf32>
// OPT-NEXT: %[[C:.*]] = spacetime.shift_reg "c" : memref<8x8x2xf32>
// OPT-NEXT: spacetime.array @a {{(registers\(.*\) )?}}loops (k = 0 extent 8, j = 0 extent 8, i = 0 extent 8) time (t1 = 0 extent 22) space (j = 0 extent 8, i = 0 extent 8) schedule #[[SCHED]] recover #[[REC]] {
// OPT-NEXT: ^bb0(%t1: index, %j: index, %i: index
// OPT-NEXT:   %[[K:.*]], %[[J:.*]], %[[I:.*]] = spacetime.recover : index, index, index
// OPT-NEXT:   %[[ON:.*]] = spacetime.scheduled
// check-time: the whole PE runs under the guard.
// OPT-NEXT:   scf.if %[[ON]] {
// a(i, j, k) = select(j == 0, A(i, k), a(i, j - 1, k)): PE (j - 1, i), one step ago.
// OPT:          %[[LA:.*]] = ure.load @A(%[[I]], %[[K]]) : f32
// OPT-NEXT:     %[[PA:.*]] = spacetime.read %regs_a [1, 0] delay 1 : memref<8x8x2xf32>
// OPT-NEXT:     %[[VA:.*]] = arith.select %{{.*}}, %[[LA]], %[[PA]] : f32
// OPT-NEXT:     spacetime.write %[[VA]], %regs_a : memref<8x8x2xf32>
// b(i, j, k) = select(i == 0, B(k, j), b(i - 1, j, k)): PE (j, i - 1).
// OPT:          %[[LB:.*]] = ure.load @B(%[[K]], %[[J]]) : f32
// OPT-NEXT:     %[[PB:.*]] = spacetime.read %regs_b [0, 1] delay 1 : memref<8x8x2xf32>
// OPT-NEXT:     %[[VB:.*]] = arith.select %{{.*}}, %[[LB]], %[[PB]] : f32
// OPT-NEXT:     spacetime.write %[[VB]], %regs_b : memref<8x8x2xf32>
// c reads a and b at distance 0: their values, no register; itself one step ago.
// OPT:          %[[PC:.*]] = spacetime.read %regs_c [0, 0] delay 1 : memref<8x8x2xf32>
// OPT:          arith.mulf %[[VA]], %[[VB]] : f32
// OPT:          spacetime.write %[[VC:.*]], %regs_c : memref<8x8x2xf32>
// out(i, j) = select(k == 7, c(i, j, k)): the select became an scf.if.
// OPT:          scf.if %{{.*}} {
// OPT-NEXT:       spacetime.output %[[VC]] to @out[%[[I]], %[[J]]] : f32
// OPT-NOT:  ure.nest
// OPT-NOT:  ure.merge_ures
// OPT-NOT:  ure.def
// OPT-NOT:  ure.at

// The options add one transform after the program's directives: a chain.
// (i, j) vector (1, 1) then (i) vector (1): t1 = k + j + i in [0, 22),
// t2 = j + i in [0, 15); flattened t = 15 t1 + t2. a (j - 1) moves (t1, t2)
// by (1, 1): 16 steps, same PE; b (i - 1): 16 steps from PE i - 1; c (k - 1)
// moves t1 only: 15 steps. Slots: 17, 17, 16.
// RUN: sed '$d' %examples/gemm.mlir > %t.chain.mlir
// RUN: echo '  ure.space_time_transform @a (i, j) vector [1, 1]' >> %t.chain.mlir
// RUN: echo '}' >> %t.chain.mlir
// RUN: t2s-opt %t.chain.mlir --merge-ures --space-time-transform="space=i vector=1" 2>/dev/null | FileCheck %s --check-prefix=CHAIN
// CHAIN:      #[[SCHED:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0 + d1 + d2, d1 + d2)>
// CHAIN-NEXT: #[[REC:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0 - d1, d1 - d2, d2)>
// CHAIN:      %[[A:.*]] = spacetime.shift_reg "a" : memref<8x17xf32>
// CHAIN-NEXT: %[[B:.*]] = spacetime.shift_reg "b" : memref<8x17xf32>
// CHAIN-NEXT: %[[C:.*]] = spacetime.shift_reg "c" : memref<8x16xf32>
// CHAIN-NEXT: spacetime.array @a {{(registers\(.*\) )?}}loops (k = 0 extent 8, j = 0 extent 8, i = 0 extent 8) time (t1 = 0 extent 22, t2 = 0 extent 15) space (i = 0 extent 8) schedule #[[SCHED]] recover #[[REC]] {
// CHAIN:      spacetime.read %regs_a [0] delay 16
// CHAIN:      spacetime.read %regs_b [1] delay 16
// CHAIN:      spacetime.read %regs_c [0] delay 15
// CHAIN-NOT:  ure.space_time_transform

// The dataflow form (space loops only): the loop around the space loops, k,
// stays the time loop; schedule t = k. a flows along j and b along i within
// the same step (delay 0, offsets (1, 0) and (0, 1) over (j, i): the PE
// before, which runs first); c along k: one step, 2 slots. Without
// check_time only the output store is guarded by spacetime.scheduled.
// CHECK:      #[[SCHED:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0)>
// CHECK-NEXT: #[[REC:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: ure.program @df {
// CHECK:        ure.func @out(i = 0 extent 2, j = 0 extent 3) -> i32 on device
// CHECK-NEXT:   %[[A:.*]] = spacetime.shift_reg "a" : memref<3x2x1xi32>
// CHECK-NEXT:   %[[B:.*]] = spacetime.shift_reg "b" : memref<3x2x1xi32>
// CHECK-NEXT:   %[[C:.*]] = spacetime.shift_reg "c" : memref<3x2x2xi32>
// CHECK-NEXT:   spacetime.array @a {{(registers\(.*\) )?}}loops (k = 0 extent 4, j = 0 extent 3, i = 0 extent 2) time (k = 0 extent 4) space (j = 0 extent 3, i = 0 extent 2) schedule #[[SCHED]] recover #[[REC]] {
// CHECK-NEXT:   ^bb0(%k: index, %j: index, %i: index
// CHECK-NEXT:     %[[K:.*]], %[[J:.*]], %[[I:.*]] = spacetime.recover : index, index, index
// CHECK-NEXT:     %[[ON:.*]] = spacetime.scheduled
// CHECK-NOT:      scf.if %[[ON]]
// CHECK:          spacetime.read %regs_a [1, 0] delay 0 : memref<3x2x1xi32>
// CHECK:          spacetime.write %{{.*}}, %regs_a
// CHECK:          spacetime.read %regs_b [0, 1] delay 0 : memref<3x2x1xi32>
// CHECK:          spacetime.write %{{.*}}, %regs_b
// CHECK:          spacetime.read %regs_c [0, 0] delay 1 : memref<3x2x2xi32>
// CHECK:          spacetime.write %[[VC:.*]], %regs_c
// CHECK:          scf.if %[[ON]] {
// CHECK-NEXT:       scf.if %{{.*}} {
// CHECK-NEXT:         spacetime.output %[[VC]] to @out[%[[I]], %[[J]]] : i32
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-NOT:  ure.space_time_transform
// CHECK-NOT:  ure.merge_ures
// CHECK-NOT:  ure.set_bounds
// CHECK-NOT:  ure.def
ure.program @df {
  ure.input @A : memref<2x4xi32>
  ure.input @B : memref<4x3xi32>
  ure.func @a(i, j, k) -> i32 on device
  ure.func @b(i, j, k) -> i32 on device
  ure.func @c(i, j, k) -> i32 on device
  ure.func @out(i, j) -> i32 on device
  ure.def @a(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %j, %c0 : index
    %in = ure.load @A(%i, %k) : i32
    %prev = ure.at @a(%i, %j - 1, %k) : i32
    %v = arith.select %first, %in, %prev : i32
    ure.yield %v : i32
  }
  ure.def @b(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %in = ure.load @B(%k, %j) : i32
    %prev = ure.at @b(%i - 1, %j, %k) : i32
    %v = arith.select %first, %in, %prev : i32
    ure.yield %v : i32
  }
  ure.def @c(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %first = arith.cmpi eq, %k, %c0 : index
    %prev = ure.at @c(%i, %j, %k - 1) : i32
    %acc = arith.select %first, %zero, %prev : i32
    %a = ure.at @a(%i, %j, %k) : i32
    %b = ure.at @b(%i, %j, %k) : i32
    %p = arith.muli %a, %b : i32
    %v = arith.addi %acc, %p : i32
    ure.yield %v : i32
  }
  ure.def @out(%i, %j) with (%k) {
    %last = arith.constant 3 : index
    %is_last = arith.cmpi eq, %k, %last : index
    %c = ure.at @c(%i, %j, %k) : i32
    %v = ure.select %is_last, %c : i32
    ure.yield %v : i32
  }
  ure.merge_ures @a [@b, @c, @out]
  ure.set_bounds @a (i = 0 extent 2, j = 0 extent 3, k = 0 extent 4)
  ure.space_time_transform @a (i, j)
}

// -----

// A skewed vector with check_time: t1 = k + 2j + i over k < 4, j < 3, i < 2
// is in [0, 3 + 4 + 1] = [0, 8]: extent 9; k = t1 - 2j - i. Time distances:
// a along j: 2 steps from PE (j - 1, i) (3 slots); b along i: 1 step from
// PE (j, i - 1); c along k: 1 step (2 slots).
// CHECK:      #[[SCHED:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0 + d1 * 2 + d2)>
// CHECK-NEXT: #[[REC:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0 - d1 * 2 - d2, d1, d2)>
// CHECK-LABEL: ure.program @skew {
// CHECK:        %[[A:.*]] = spacetime.shift_reg "a" : memref<3x2x3xi32>
// CHECK-NEXT:   %[[B:.*]] = spacetime.shift_reg "b" : memref<3x2x2xi32>
// CHECK-NEXT:   %[[C:.*]] = spacetime.shift_reg "c" : memref<3x2x2xi32>
// CHECK-NEXT:   spacetime.array @a {{(registers\(.*\) )?}}loops (k = 0 extent 4, j = 0 extent 3, i = 0 extent 2) time (t1 = 0 extent 9) space (j = 0 extent 3, i = 0 extent 2) schedule #[[SCHED]] recover #[[REC]] {
// CHECK:          %[[ON:.*]] = spacetime.scheduled
// CHECK-NEXT:     scf.if %[[ON]] {
// CHECK:            spacetime.read %regs_a [1, 0] delay 2
// CHECK:            spacetime.read %regs_b [0, 1] delay 1
// CHECK:            spacetime.read %regs_c [0, 0] delay 1
// CHECK:            spacetime.output
// CHECK-NOT:  ure.space_time_transform
ure.program @skew {
  ure.input @A : memref<2x4xi32>
  ure.input @B : memref<4x3xi32>
  ure.func @a(i, j, k) -> i32 on device
  ure.func @b(i, j, k) -> i32 on device
  ure.func @c(i, j, k) -> i32 on device
  ure.func @out(i, j) -> i32 on device
  ure.def @a(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %j, %c0 : index
    %in = ure.load @A(%i, %k) : i32
    %prev = ure.at @a(%i, %j - 1, %k) : i32
    %v = arith.select %first, %in, %prev : i32
    ure.yield %v : i32
  }
  ure.def @b(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %in = ure.load @B(%k, %j) : i32
    %prev = ure.at @b(%i - 1, %j, %k) : i32
    %v = arith.select %first, %in, %prev : i32
    ure.yield %v : i32
  }
  ure.def @c(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %first = arith.cmpi eq, %k, %c0 : index
    %prev = ure.at @c(%i, %j, %k - 1) : i32
    %acc = arith.select %first, %zero, %prev : i32
    %a = ure.at @a(%i, %j, %k) : i32
    %b = ure.at @b(%i, %j, %k) : i32
    %p = arith.muli %a, %b : i32
    %v = arith.addi %acc, %p : i32
    ure.yield %v : i32
  }
  ure.def @out(%i, %j) with (%k) {
    %last = arith.constant 3 : index
    %is_last = arith.cmpi eq, %k, %last : index
    %c = ure.at @c(%i, %j, %k) : i32
    %v = ure.select %is_last, %c : i32
    ure.yield %v : i32
  }
  ure.merge_ures @a [@b, @c, @out]
  ure.set_bounds @a (i = 0 extent 2, j = 0 extent 3, k = 0 extent 4)
  ure.space_time_transform @a (i, j) vector [1, 2] check_time
}

// -----

// The same without check_time (NoCheckTime): same files, maps and reads;
// the PE runs every step, only the output store is guarded.
// CHECK:      #[[SCHED:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0 + d1 * 2 + d2)>
// CHECK-NEXT: #[[REC:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0 - d1 * 2 - d2, d1, d2)>
// CHECK-LABEL: ure.program @nocheck {
// CHECK:        spacetime.shift_reg "a" : memref<3x2x3xi32>
// CHECK:        spacetime.array @a {{(registers\(.*\) )?}}loops (k = 0 extent 4, j = 0 extent 3, i = 0 extent 2) time (t1 = 0 extent 9) space (j = 0 extent 3, i = 0 extent 2) schedule #[[SCHED]] recover #[[REC]] {
// CHECK:          %[[ON:.*]] = spacetime.scheduled
// CHECK-NOT:      scf.if %[[ON]]
// CHECK:          spacetime.read %{{.*}} [1, 0] delay 2
// CHECK:          scf.if %[[ON]] {
// CHECK-NEXT:       scf.if
// CHECK-NEXT:         spacetime.output
// CHECK-NOT:  ure.space_time_transform
ure.program @nocheck {
  ure.input @A : memref<2x4xi32>
  ure.input @B : memref<4x3xi32>
  ure.func @a(i, j, k) -> i32 on device
  ure.func @b(i, j, k) -> i32 on device
  ure.func @c(i, j, k) -> i32 on device
  ure.func @out(i, j) -> i32 on device
  ure.def @a(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %j, %c0 : index
    %in = ure.load @A(%i, %k) : i32
    %prev = ure.at @a(%i, %j - 1, %k) : i32
    %v = arith.select %first, %in, %prev : i32
    ure.yield %v : i32
  }
  ure.def @b(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %in = ure.load @B(%k, %j) : i32
    %prev = ure.at @b(%i - 1, %j, %k) : i32
    %v = arith.select %first, %in, %prev : i32
    ure.yield %v : i32
  }
  ure.def @c(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %first = arith.cmpi eq, %k, %c0 : index
    %prev = ure.at @c(%i, %j, %k - 1) : i32
    %acc = arith.select %first, %zero, %prev : i32
    %a = ure.at @a(%i, %j, %k) : i32
    %b = ure.at @b(%i, %j, %k) : i32
    %p = arith.muli %a, %b : i32
    %v = arith.addi %acc, %p : i32
    ure.yield %v : i32
  }
  ure.def @out(%i, %j) with (%k) {
    %last = arith.constant 3 : index
    %is_last = arith.cmpi eq, %k, %last : index
    %c = ure.at @c(%i, %j, %k) : i32
    %v = ure.select %is_last, %c : i32
    ure.yield %v : i32
  }
  ure.merge_ures @a [@b, @c, @out]
  ure.set_bounds @a (i = 0 extent 2, j = 0 extent 3, k = 0 extent 4)
  ure.space_time_transform @a (i, j) vector [1, 2]
}

// -----

// The document's double projection on examples/abc.mlir (I = J = K = 4):
//   t1 = 2i + 3j + k in [0, 6 + 9 + 3] = [0, 18]: extent 19
//   t2 = 2i + j      in [0, 6 + 3]     = [0, 9]:  extent 10
// recovered in order: j = t2 - 2i, then k = t1 - 3j - 2i = t1 - 3 t2 + 4i.
// Flattened time t = 10 t1 + t2. Distances: A (1, 0, 0) over (i, j, k) moves
// (t1, t2) by (2, 2): 22 steps from PE i - 1, 23 slots; B (0, 1, 0) by
// (3, 1): 31 steps, 32 slots; C (0, 0, 1) by (1, 0): 10 steps, 11 slots.
// check_time of the first transform holds for the array.
// CHECK:      #[[SCHED:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0 + d1 * 3 + d2 * 2, d1 + d2 * 2)>
// CHECK-NEXT: #[[REC:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0 - d1 * 3 + d2 * 4, d1 - d2 * 2, d2)>
// CHECK-LABEL: ure.program @abc {
// CHECK:        %[[A:.*]] = spacetime.shift_reg "A" : memref<4x23xi32>
// CHECK-NEXT:   %[[B:.*]] = spacetime.shift_reg "B" : memref<4x32xi32>
// CHECK-NEXT:   %[[C:.*]] = spacetime.shift_reg "C" : memref<4x11xi32>
// CHECK-NEXT:   spacetime.array @A {{(registers\(.*\) )?}}loops (k = 0 extent 4, j = 0 extent 4, i = 0 extent 4) time (t1 = 0 extent 19, t2 = 0 extent 10) space (i = 0 extent 4) schedule #[[SCHED]] recover #[[REC]] {
// CHECK-NEXT:   ^bb0(%t1: index, %t2: index, %i: index
// CHECK:          scf.if
// CHECK:            spacetime.read %regs_A [1] delay 22
// CHECK:            spacetime.read %regs_B [0] delay 31
// CHECK:            spacetime.read %regs_C [0] delay 10
// CHECK:            spacetime.output %{{.*}} to @c[
// CHECK-NOT:  ure.space_time_transform
ure.program @abc {
  ure.input @XA : memref<4x4xi32>
  ure.input @XB : memref<4x4xi32>
  ure.func @A(i, j, k) -> i32 on device
  ure.func @B(i, j, k) -> i32 on device
  ure.func @C(i, j, k) -> i32 on device
  ure.func @c(i, j) -> i32 on device

  ure.def @A(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %in = ure.load @XA(%j, %k) : i32
    %prev = ure.at @A(%i - 1, %j, %k) : i32
    %v = arith.select %first, %in, %prev : i32
    ure.yield %v : i32
  }
  ure.def @B(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %j, %c0 : index
    %in = ure.load @XB(%i, %k) : i32
    %prev = ure.at @B(%i, %j - 1, %k) : i32
    %v = arith.select %first, %in, %prev : i32
    ure.yield %v : i32
  }
  ure.def @C(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %first = arith.cmpi eq, %k, %c0 : index
    %a = ure.at @A(%i, %j, %k) : i32
    %b = ure.at @B(%i, %j, %k) : i32
    %prev = ure.at @C(%i, %j, %k - 1) : i32
    %ab = arith.addi %a, %b : i32
    %sum = arith.addi %ab, %prev : i32
    %v = arith.select %first, %zero, %sum : i32
    ure.yield %v : i32
  }
  ure.def @c(%i, %j) with (%k) {
    %last = arith.constant 3 : index
    %is_last = arith.cmpi eq, %k, %last : index
    %v = ure.at @C(%i, %j, %k) : i32
    %w = ure.select %is_last, %v : i32
    ure.yield %w : i32
  }

  ure.merge_ures @A [@B, @C, @c]
  ure.set_bounds @A (i = 0 extent 4, j = 0 extent 4, k = 0 extent 4)
  ure.space_time_transform @A (i, j) vector [2, 3] check_time
  ure.space_time_transform @A (i) vector [2]
}

// -----

// Non-zero loop mins and a negative coefficient: f flows along (i, k), so
// (i) vector [-1] is legal (the outer time loop k carries the dependence).
// t1 = j - i over j in [1, 4], i in [2, 4] is in [1 - 4, 4 - 2] = [-3, 2]:
// min -3, extent 6; j = t1 + i. k stays an (outer) time loop.
// f(i - 1, j, k - 1): k moves by 1 and t1 by -1: 1 * 6 - 1 = 5 flattened
// steps from PE i - 1, 6 slots.
// CHECK:      #[[SCHED:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, d1 - d2)>
// CHECK-NEXT: #[[REC:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, d1 + d2, d2)>
// CHECK-LABEL: ure.program @neg {
// CHECK:        %[[F:.*]] = spacetime.shift_reg "f" : memref<3x6xi32>
// CHECK-NEXT:   spacetime.array @f {{(registers\(.*\) )?}}loops (k = 1 extent 4, j = 1 extent 4, i = 2 extent 3) time (k = 1 extent 4, t1 = -3 extent 6) space (i = 2 extent 3) schedule #[[SCHED]] recover #[[REC]] {
// CHECK:          spacetime.read %regs_f [1] delay 5 : memref<3x6xi32>
// CHECK:          spacetime.output %{{.*}} to @o[
// CHECK-NOT:  ure.space_time_transform
ure.program @neg {
  ure.input @X : memref<6x6x6xi32>
  ure.func @f(i, j, k) -> i32 on device
  ure.func @o(i, j) -> i32 on device
  ure.def @f(%i, %j, %k) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %k1 = arith.cmpi eq, %k, %c1 : index
    %i2 = arith.cmpi eq, %i, %c2 : index
    %first = arith.ori %k1, %i2 : i1
    %x = ure.load @X(%i, %j, %k) : i32
    %prev = ure.at @f(%i - 1, %j, %k - 1) : i32
    %s = arith.addi %prev, %x : i32
    %v = arith.select %first, %x, %s : i32
    ure.yield %v : i32
  }
  ure.def @o(%i, %j) with (%k) {
    %c4 = arith.constant 4 : index
    %last = arith.cmpi eq, %k, %c4 : index
    %v = ure.at @f(%i, %j, %k) : i32
    %w = ure.select %last, %v : i32
    ure.yield %w : i32
  }
  ure.merge_ures @f [@o]
  ure.set_bounds @f (i = 2 extent 3, j = 1 extent 4, k = 1 extent 4)
  ure.space_time_transform @f (i) vector [-1]
}
