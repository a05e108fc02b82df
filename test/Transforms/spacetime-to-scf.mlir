// spacetime-to-scf: each spacetime.array becomes a func.func (inputs, the
// output buffer, params) that zeroes the output, allocates every register
// file, runs the time loops (scf.for with the array's bounds, outermost
// first) and, inside, the PEs: a clone of the array's body where only the
// spacetime and ure ops are rewritten.
//
// The loop form (prefix LOOP): with unroll-pes=false the PEs are scf.for loops marked
// spacetime.unrolled and each register file is a heap buffer used as a
// rotating buffer: a PE writes slot (step mod slots), a read at delay d takes
// slot ((step - d + slots) mod slots) of the producing PE, clamped into the
// array (a PE outside it gives an unused value).
// RUN: t2s-opt %s --split-input-file --merge-ures --space-time-transform --spacetime-to-scf=unroll-pes=false --canonicalize --cse 2>/dev/null | FileCheck %s --check-prefix=LOOP
// The unrolled form (prefix UNROLL, the default): every PE is a straight-line copy with constant
// coordinates; register files are stack buffers (memref.alloca) read and
// written at constant slots and shifted after each step, so LLVM keeps
// them in registers; a read of a PE outside the array is a constant.
// RUN: t2s-opt %s --split-input-file --merge-ures --space-time-transform --spacetime-to-scf --canonicalize --cse 2>/dev/null | FileCheck %s --check-prefix=UNROLL
// RUN: %if mlir-opt-plugin %{ %mlir_opt_plugin %s --split-input-file --pass-pipeline='builtin.module(merge-ures, space-time-transform, spacetime-to-scf, canonicalize, cse)' 2>/dev/null | FileCheck %s --check-prefix=UNROLL %}
// The lowered code of each program runs and agrees with the interpreter,
// in both forms (t2s-run reads the whole file as one module; --program picks one):
// RUN: t2s-run %s --program mv --compare interpret,systolic | FileCheck %s --check-prefix=RUN-MV
// RUN: t2s-run %s --program mv_nocheck --compare interpret,systolic | FileCheck %s --check-prefix=RUN-MV
// RUN-MV: @y: interpret and systolic match (3 elements)
// RUN: t2s-run %s --program chain --compare interpret,systolic | FileCheck %s --check-prefix=RUN-CHAIN
// RUN-CHAIN: @out: interpret and systolic match (6 elements)
// RUN: t2s-run %s --program neg --compare interpret,systolic | FileCheck %s --check-prefix=RUN-NEG
// RUN-NEG: @o: interpret and systolic match (12 elements)

// A matrix-vector product y(i) = sum_j A(i, j) x(j) on PEs j (2 of them)
// with t1 = 2j + i in [0, 5) and check_time: xs flows along i (1 step, 2
// slots), s along j (PE j - 1, 2 steps: 3 slots). y drops j and stores
// where j >= 1: nothing proves one writer per element (only `j == c` does,
// below), so each store keeps the point last in loop order (the stamps
// buffer, initialized to -1).
// LOOP-LABEL: func.func public @mv(%arg0: memref<3x2xi32>, %arg1: memref<2xi32>, %arg2: memref<3xi32>) -> i32 attributes {llvm.emit_c_interface} {
// LOOP-DAG:     %[[C0:.*]] = arith.constant 0 : index
// LOOP-DAG:     %[[C1:.*]] = arith.constant 1 : index
// LOOP-DAG:     %[[C2:.*]] = arith.constant 2 : index
// LOOP-DAG:     %[[C3:.*]] = arith.constant 3 : index
// LOOP-DAG:     %[[C5:.*]] = arith.constant 5 : index
// LOOP-DAG:     %[[CM1:.*]] = arith.constant -1 : index
// LOOP-DAG:     %[[CM2:.*]] = arith.constant -2 : index
// LOOP-DAG:     %[[ZERO:.*]] = arith.constant 0 : i32
// Register files are zeroed (an off-schedule PE may read one unwritten).
// LOOP:         %[[XS:.*]] = memref.alloc() : memref<2x2xi32>
// LOOP-NEXT:    scf.for %[[F1:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// LOOP-NEXT:      scf.for %[[F2:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// LOOP-NEXT:        memref.store %[[ZERO]], %[[XS]][%[[F1]], %[[F2]]] : memref<2x2xi32>
// LOOP:         %[[S:.*]] = memref.alloc() : memref<2x3xi32>
// LOOP:               memref.store %[[ZERO]], %[[S]][%{{.*}}, %{{.*}}] : memref<2x3xi32>
// LOOP:         %[[STAMPS:.*]] = memref.alloc() : memref<3xindex>
// LOOP-NEXT:    scf.for %[[E:.*]] = %[[C0]] to %[[C3]] step %[[C1]] {
// LOOP-NEXT:      memref.store %[[ZERO]], %arg2[%[[E]]] : memref<3xi32>
// LOOP-NEXT:      memref.store %[[CM1]], %[[STAMPS]][%[[E]]] : memref<3xindex>
// LOOP-NEXT:    }
// LOOP-NEXT:    scf.for %[[T:.*]] = %[[C0]] to %[[C5]] step %[[C1]] {
// LOOP-NEXT:      scf.for %[[J:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// i = t1 - 2j; the guard: i and j within their bounds.
// LOOP-NEXT:        %[[M:.*]] = arith.muli %[[J]], %[[CM2]] : index
// LOOP-NEXT:        %[[I:.*]] = arith.addi %[[T]], %[[M]] : index
// LOOP:             %[[IOK:.*]] = arith.andi
// LOOP:             %[[ON:.*]] = arith.andi %[[IOK]], %{{.*}} : i1
// LOOP-NEXT:        scf.if %[[ON]] {
// Under the guard the input indices are in bounds: no clamp on x(j).
// LOOP-NEXT:          %[[FIRST:.*]] = arith.cmpi eq, %[[I]], %[[C0]] : index
// LOOP-NEXT:          %[[X:.*]] = memref.load %arg1[%[[J]]] : memref<2xi32>
// xs(j, i - 1): this PE (offset 0: no clamp), slot (t - 1 + 2) mod 2.
// LOOP-NEXT:          %[[BACK:.*]] = arith.addi %[[T]], %[[C1]] : index
// LOOP-NEXT:          %[[SLOT:.*]] = arith.remsi %[[BACK]], %[[C2]] : index
// LOOP-NEXT:          %[[PREV:.*]] = memref.load %[[XS]][%[[J]], %[[SLOT]]] : memref<2x2xi32>
// LOOP-NEXT:          %[[XV:.*]] = arith.select %[[FIRST]], %[[X]], %[[PREV]] : i32
// LOOP-NEXT:          %[[W:.*]] = arith.remsi %[[T]], %[[C2]] : index
// LOOP-NEXT:          memref.store %[[XV]], %[[XS]][%[[J]], %[[W]]] : memref<2x2xi32>
// s(j - 1, i): PE j - 1 (clamped), slot (t - 2 + 3) mod 3.
// LOOP:               %[[JM:.*]] = arith.subi %[[J]], %[[C1]] : index
// LOOP:               arith.remsi %[[BACK]], %[[C3]] : index
// LOOP:               %[[A:.*]] = memref.load %arg0[%[[I]], %[[J]]] : memref<3x2xi32>
// LOOP:               %[[SV:.*]] = arith.addi
// LOOP-NEXT:          %[[W3:.*]] = arith.remsi %[[T]], %[[C3]] : index
// LOOP-NEXT:          memref.store %[[SV]], %[[S]][%[[J]], %[[W3]]] : memref<2x3xi32>
// y(i) = select(j >= 1, s(j, i)): stored if i is in the output and this point
// (rank 2i + j in loop order) comes after the element's last writer.
// LOOP-NEXT:          %[[LAST:.*]] = arith.cmpi sge, %[[J]], %[[C1]] : index
// LOOP-NEXT:          scf.if %[[LAST]] {
// LOOP-NEXT:            scf.if %[[IOK]] {
// LOOP-NEXT:              %[[R0:.*]] = arith.muli %[[I]], %[[C2]] : index
// LOOP-NEXT:              %[[RANK:.*]] = arith.addi %[[R0]], %[[J]] : index
// LOOP-NEXT:              %[[OLD:.*]] = memref.load %[[STAMPS]][%[[I]]] : memref<3xindex>
// LOOP-NEXT:              %[[LATER:.*]] = arith.cmpi sgt, %[[RANK]], %[[OLD]] : index
// LOOP-NEXT:              scf.if %[[LATER]] {
// LOOP-NEXT:                memref.store %[[RANK]], %[[STAMPS]][%[[I]]] : memref<3xindex>
// LOOP-NEXT:                memref.store %[[SV]], %arg2[%[[I]]] : memref<3xi32>
// LOOP:             } {spacetime.unroll}
// LOOP-NEXT:      }
// LOOP-NEXT:      memref.dealloc
// LOOP-NEXT:      memref.dealloc
// LOOP-NEXT:      memref.dealloc
// LOOP-NEXT:      return
//
// Unrolled: PE 0 then PE 1 inside the time loop, then the shifts. At PE 0,
// s(j - 1) is outside the array and select(j == 0, 0, ...) folds to 0, so
// s = A(i, 0) * xs; PE 1 reads PE 0's s of 2 steps ago: slot 2.
// UNROLL-LABEL: func.func public @mv(
// UNROLL-DAG:     %[[C0:.*]] = arith.constant 0 : index
// UNROLL-DAG:     %[[C1:.*]] = arith.constant 1 : index
// UNROLL-DAG:     %[[C2:.*]] = arith.constant 2 : index
// UNROLL-DAG:     %[[C3:.*]] = arith.constant 3 : index
// UNROLL:         %[[XS:.*]] = memref.alloca() : memref<4xi32>
// UNROLL:         %[[S:.*]] = memref.alloca() : memref<6xi32>
// UNROLL-NOT:     arith.remsi
// UNROLL:         scf.for %[[T:.*]] = %[[C0]] to %{{.*}} step %[[C1]] {
// PE j = 0: i = t1.
// UNROLL:           scf.if %{{.*}} {
// UNROLL:             memref.load %arg1[%[[C0]]] : memref<2xi32>
// UNROLL-NEXT:        %[[P0:.*]] = memref.load %[[XS]][%[[C1]]] : memref<4xi32>
// UNROLL:             memref.store %{{.*}}, %[[XS]][%[[C0]]] : memref<4xi32>
// UNROLL:             %[[S0:.*]] = arith.muli
// UNROLL-NEXT:        memref.store %[[S0]], %[[S]][%[[C0]]] : memref<6xi32>
// UNROLL-NEXT:      }
// PE j = 1: i = t1 - 2.
// UNROLL:           scf.if %{{.*}} {
// UNROLL:             memref.load %arg1[%[[C1]]] : memref<2xi32>
// UNROLL:             memref.load %[[S]][%[[C2]]] : memref<6xi32>
// UNROLL:             memref.store %{{.*}}, %[[S]][%[[C3]]] : memref<6xi32>
// UNROLL:             memref.store %{{.*}}, %arg2[
// The shifts, last slot first, for every PE of every file.
// UNROLL:           %[[V:.*]] = memref.load %[[S]][%[[C1]]] : memref<6xi32>
// UNROLL-NEXT:      memref.store %[[V]], %[[S]][%[[C2]]] : memref<6xi32>
// UNROLL-NEXT:      %[[V2:.*]] = memref.load %[[S]][%[[C0]]] : memref<6xi32>
// UNROLL-NEXT:      memref.store %[[V2]], %[[S]][%[[C1]]] : memref<6xi32>
// UNROLL:         }
// UNROLL-NEXT:    memref.dealloc %{{.*}} : memref<3xindex>
// UNROLL-NEXT:    return

ure.program @mv {
  ure.input @A : memref<3x2xi32>
  ure.input @x : memref<2xi32>
  ure.func @xs(j, i) -> i32 on device
  ure.func @s(j, i) -> i32 on device
  ure.func @y(i) -> i32 on device
  ure.def @xs(%j, %i) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %in = ure.load @x(%j) : i32
    %prev = ure.at @xs(%j, %i - 1) : i32
    %v = arith.select %first, %in, %prev : i32
    ure.yield %v : i32
  }
  ure.def @s(%j, %i) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %first = arith.cmpi eq, %j, %c0 : index
    %prev = ure.at @s(%j - 1, %i) : i32
    %acc = arith.select %first, %zero, %prev : i32
    %a = ure.load @A(%i, %j) : i32
    %xv = ure.at @xs(%j, %i) : i32
    %p = arith.muli %a, %xv : i32
    %v = arith.addi %acc, %p : i32
    ure.yield %v : i32
  }
  ure.def @y(%i) with (%j) {
    %last = arith.constant 1 : index
    %is_last = arith.cmpi sge, %j, %last : index
    %v = ure.at @s(%j, %i) : i32
    %w = ure.select %is_last, %v : i32
    ure.yield %w : i32
  }
  ure.merge_ures @xs [@s, @y]
  ure.set_bounds @xs (j = 0 extent 2, i = 0 extent 3)
  ure.space_time_transform @xs (j) vector [2] check_time
}

// -----

// The same without check_time, storing where j == 1: the PE computes at
// every step (no scf.if around it), its input loads clamped since nothing
// proves them in bounds; only the store to the output is guarded, by the
// select's condition, then by the indices being in the output. The store
// is a bijection onto y's elements (i is y's index, j fixed to 1 of its
// bounds): no stamps, no zero fill (docs/passes/spacetime-to-scf.md).
// LOOP-LABEL: func.func public @mv_nocheck(
// LOOP-NOT:     memref<3xindex>
// LOOP-NOT:     memref.store %{{.*}}, %arg2[%{{.*}}] : memref<3xi32>
// LOOP:         scf.for
// LOOP-NEXT:      scf.for %[[J:.*]] =
// LOOP-NOT:         scf.if
// LOOP:             %[[JC:.*]] = arith.maxsi %[[J]], %{{.*}} : index
// LOOP-NEXT:        %[[JCC:.*]] = arith.minsi %[[JC]], %{{.*}} : index
// LOOP-NEXT:        memref.load %arg1[%[[JCC]]] : memref<2xi32>
// LOOP:             %[[ONE:.*]] = arith.cmpi eq, %[[J]], %c1 : index
// LOOP-NEXT:        %[[ARM:.*]] = arith.andi %{{.*}}, %[[ONE]] : i1
// LOOP-NEXT:        scf.if %[[ARM]] {
// LOOP-NEXT:          scf.if %{{.*}} {
// LOOP-NEXT:            memref.store %{{.*}}, %arg2[%{{.*}}] : memref<3xi32>
// LOOP-NEXT:          }
// LOOP-NEXT:        }
// UNROLL-LABEL: func.func public @mv_nocheck(
// UNROLL:         memref.alloca() : memref<4xi32>
ure.program @mv_nocheck {
  ure.input @A : memref<3x2xi32>
  ure.input @x : memref<2xi32>
  ure.func @xs(j, i) -> i32 on device
  ure.func @s(j, i) -> i32 on device
  ure.func @y(i) -> i32 on device
  ure.def @xs(%j, %i) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %in = ure.load @x(%j) : i32
    %prev = ure.at @xs(%j, %i - 1) : i32
    %v = arith.select %first, %in, %prev : i32
    ure.yield %v : i32
  }
  ure.def @s(%j, %i) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %first = arith.cmpi eq, %j, %c0 : index
    %prev = ure.at @s(%j - 1, %i) : i32
    %acc = arith.select %first, %zero, %prev : i32
    %a = ure.load @A(%i, %j) : i32
    %xv = ure.at @xs(%j, %i) : i32
    %p = arith.muli %a, %xv : i32
    %v = arith.addi %acc, %p : i32
    ure.yield %v : i32
  }
  ure.def @y(%i) with (%j) {
    %last = arith.constant 1 : index
    %is_last = arith.cmpi eq, %j, %last : index
    %v = ure.at @s(%j, %i) : i32
    %w = ure.select %is_last, %v : i32
    ure.yield %w : i32
  }
  ure.merge_ures @xs [@s, @y]
  ure.set_bounds @xs (j = 0 extent 2, i = 0 extent 3)
  ure.space_time_transform @xs (j) vector [2]
}

// -----

// A chain: t1 = k + i + j in [0, 7) and t2 = j + i in [0, 4), PEs i in
// [0, 2): two time loops, and the flattened step t = 4 * t1 + t2.
// Register files: a and b travel 4 + 1 = 5 steps (6 slots), c 4 (5 slots).
// LOOP-LABEL: func.func public @chain(
// LOOP-DAG:     %[[C0:.*]] = arith.constant 0 : index
// LOOP-DAG:     %[[C1:.*]] = arith.constant 1 : index
// LOOP-DAG:     %[[C2:.*]] = arith.constant 2 : index
// LOOP-DAG:     %[[C4:.*]] = arith.constant 4 : index
// LOOP-DAG:     %[[C7:.*]] = arith.constant 7 : index
// LOOP:         memref.alloc() : memref<2x6xi32>
// LOOP:         memref.alloc() : memref<2x6xi32>
// LOOP:         memref.alloc() : memref<2x5xi32>
// LOOP:         scf.for %[[T1:.*]] = %[[C0]] to %[[C7]] step %[[C1]] {
// LOOP-NEXT:      scf.for %[[T2:.*]] = %[[C0]] to %[[C4]] step %[[C1]] {
// LOOP-NEXT:        %[[M:.*]] = arith.muli %[[T1]], %[[C4]] : index
// LOOP-NEXT:        %[[STEP:.*]] = arith.addi %[[M]], %[[T2]] : index
// LOOP-NEXT:        scf.for %[[I:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// k = t1 - t2 and j = t2 - i:
// LOOP-NEXT:          arith.subi %[[T1]], %[[T2]] : index
// LOOP-NEXT:          arith.subi %[[T2]], %[[I]] : index
// LOOP:               scf.if
// LOOP:               arith.remsi %[[STEP]]
// LOOP:             } {spacetime.unroll}
// LOOP-NEXT:      }
// LOOP-NEXT:    }
// Unrolled: the files of 6 and 5 slots are at most max-shifted-slots (16):
// shifted, on the stack.
// UNROLL-LABEL: func.func public @chain(
// UNROLL:         memref.alloca() : memref<12xi32>
// UNROLL:         memref.alloca() : memref<12xi32>
// UNROLL:         memref.alloca() : memref<10xi32>
ure.program @chain {
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
  ure.space_time_transform @a (i, j) vector [1, 1] check_time
  ure.space_time_transform @a (i) vector [1]
}

// -----

// Non-zero mins and a negative coefficient: time loops k in [1, 5) and
// t1 = j - i in [-3, 3), PEs i in [2, 5); the flattened step counts from the
// mins: t = (k - 1) * 6 + (t1 + 3).
// LOOP-LABEL: func.func public @neg(
// LOOP-DAG:     %[[CM3:.*]] = arith.constant -3 : index
// LOOP-DAG:     %[[C1:.*]] = arith.constant 1 : index
// LOOP-DAG:     %[[C2:.*]] = arith.constant 2 : index
// LOOP-DAG:     %[[C3:.*]] = arith.constant 3 : index
// LOOP-DAG:     %[[C5:.*]] = arith.constant 5 : index
// LOOP-DAG:     %[[C6:.*]] = arith.constant 6 : index
// LOOP:         memref.alloc() : memref<3x6xi32>
// LOOP:         scf.for %[[K:.*]] = %[[C1]] to %[[C5]] step %[[C1]] {
// LOOP-NEXT:      scf.for %[[T1:.*]] = %[[CM3]] to %[[C3]] step %[[C1]] {
// LOOP-NEXT:        %[[K0:.*]] = arith.subi %[[K]], %[[C1]] : index
// LOOP-NEXT:        %[[KS:.*]] = arith.muli %[[K0]], %[[C6]] : index
// LOOP-NEXT:        %[[T0:.*]] = arith.subi %[[T1]], %[[CM3]] : index
// LOOP-NEXT:        arith.addi %[[KS]], %[[T0]] : index
// LOOP-NEXT:        scf.for %[[I:.*]] = %[[C2]] to %[[C5]] step %[[C1]] {
// j = t1 + i
// LOOP-NEXT:          arith.addi %[[T1]], %[[I]] : index
// LOOP:             } {spacetime.unroll}
// UNROLL-LABEL: func.func public @neg(
// UNROLL:         memref.alloca() : memref<18xi32>
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
