// spacetime-to-scf: each spacetime.array becomes a func.func (inputs, then
// the output buffer) that zeroes the output, allocates every register file
// (memref.alloc of PEs x slots), runs the time loops (scf.for with the
// array's exact bounds, outermost first) around the PE loops (scf.for marked
// spacetime.unrolled), recovers the original indices, guards with scf.if,
// and reads/writes rotating slots with arith.remsi.
// The raw output of the pass:
// RUN: t2s-opt %s --split-input-file --merge-ures --space-time-transform --spacetime-to-scf 2>/dev/null | FileCheck %s --check-prefix=RAW
// After canonicalize and cse, where constants are folded:
// RUN: t2s-opt %s --split-input-file --merge-ures --space-time-transform --spacetime-to-scf --canonicalize --cse 2>/dev/null | FileCheck %s
// RUN: %if mlir-opt-plugin %{ %mlir_opt_plugin %s --split-input-file --pass-pipeline='builtin.module(merge-ures, space-time-transform, spacetime-to-scf, canonicalize, cse)' 2>/dev/null | FileCheck %s %}
// The lowered code of each program runs and agrees with the interpreter
// (t2s-run reads the whole file as one module; --program picks one):
// RUN: t2s-run %s --program mv --compare interpret,systolic | FileCheck %s --check-prefix=RUN-MV
// RUN: t2s-run %s --program mv_nocheck --compare interpret,systolic | FileCheck %s --check-prefix=RUN-MV
// RUN-MV: @y: interpret and systolic match (3 elements)
// RUN: t2s-run %s --program chain --compare interpret,systolic | FileCheck %s --check-prefix=RUN-CHAIN
// RUN-CHAIN: @out: interpret and systolic match (6 elements)
// RUN: t2s-run %s --program neg --compare interpret,systolic | FileCheck %s --check-prefix=RUN-NEG
// RUN-NEG: @o: interpret and systolic match (12 elements)

// Matrix-vector product over loops i (outer, extent 3) and j (inner, extent
// 2); space (j) with vector [2] and check_time: t1 = i + 2j in [0, 4],
// extent 5, and i = t1 - 2j. xs is read along i (time distance 1: 2 slots),
// s along j (time distance 2: 3 slots, from PE j - 1).
// RAW-LABEL: func.func public @mv(
// RAW:         %[[XS:.*]] = memref.alloc() : memref<2x2xi32>
// RAW-NEXT:    %[[S:.*]] = memref.alloc() : memref<2x3xi32>
// The output is zeroed first.
// RAW:         scf.for
// RAW:           memref.store %{{.*}}, %arg2[%{{.*}}] : memref<3xi32>
// The single time loop t1 in [0, 5).
// RAW:         %[[T_LO:.*]] = arith.constant 0 : index
// RAW-NEXT:    %[[T_HI:.*]] = arith.constant 5 : index
// RAW-NEXT:    %[[T_STEP:.*]] = arith.constant 1 : index
// RAW-NEXT:    scf.for %[[T:.*]] = %[[T_LO]] to %[[T_HI]] step %[[T_STEP]] {
// The PE loop j in [0, 2).
// RAW:           %[[P_HI:.*]] = arith.constant 2 : index
// RAW-NEXT:      %[[P_STEP:.*]] = arith.constant 1 : index
// RAW-NEXT:      scf.for %[[PE:.*]] = %{{.*}} to %[[P_HI]] step %[[P_STEP]] {
// RAW:             scf.if
// RAW:               arith.remsi
// RAW:               memref.load %[[XS]]
// RAW:               memref.store %{{.*}}, %[[XS]]
// RAW:               memref.store %{{.*}}, %[[S]]
// RAW:           } {spacetime.unrolled}
// RAW-NEXT:    }
// RAW-NEXT:    memref.dealloc %[[XS]] : memref<2x2xi32>
// RAW-NEXT:    memref.dealloc %[[S]] : memref<2x3xi32>
// The output drops j: the loop-order rank of its last writer per element.
// RAW-NEXT:    memref.dealloc %{{.*}} : memref<3xindex>
// RAW-NEXT:    return
// RAW-NOT:     spacetime.{{array|shift}}
// RAW-NOT:     ure.{{program|nest|def|at|load}}

// CHECK-LABEL: func.func public @mv(%arg0: memref<3x2xi32>, %arg1: memref<2xi32>, %arg2: memref<3xi32>) attributes {llvm.emit_c_interface} {
// CHECK-DAG:     %[[CM2:.*]] = arith.constant -2 : index
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG:     %[[C5:.*]] = arith.constant 5 : index
// CHECK:         %[[XS:.*]] = memref.alloc() : memref<2x2xi32>
// CHECK-NEXT:    %[[S:.*]] = memref.alloc() : memref<2x3xi32>
// CHECK-NEXT:    %[[STAMPS:.*]] = memref.alloc() : memref<3xindex>
// CHECK-NEXT:    scf.for %[[Z:.*]] = %[[C0]] to %[[C3]] step %[[C1]] {
// CHECK-NEXT:      memref.store %{{.*}}, %arg2[%[[Z]]] : memref<3xi32>
// CHECK-NEXT:      memref.store %{{.*}}, %[[STAMPS]][%[[Z]]] : memref<3xindex>
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.for %[[T:.*]] = %[[C0]] to %[[C5]] step %[[C1]] {
// CHECK-NEXT:      scf.for %[[J:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// i = t1 - 2j, and the guard: 0 <= i < 3 and 0 <= j < 2.
// CHECK-NEXT:        %[[M:.*]] = arith.muli %[[J]], %[[CM2]] : index
// CHECK-NEXT:        %[[I:.*]] = arith.addi %[[T]], %[[M]] : index
// CHECK-NEXT:        arith.cmpi sge, %[[I]], %[[C0]] : index
// CHECK-NEXT:        arith.cmpi slt, %[[I]], %[[C3]] : index
// CHECK-NEXT:        arith.andi
// CHECK-NEXT:        arith.cmpi sge, %[[J]], %[[C0]] : index
// CHECK-NEXT:        arith.cmpi slt, %[[J]], %[[C2]] : index
// CHECK-NEXT:        arith.andi
// CHECK-NEXT:        %[[VALID:.*]] = arith.andi
// check_time: the whole PE body is under the guard.
// CHECK-NEXT:        scf.if %[[VALID]] {
// xs reads xs(j, i - 1) from its own PE 1 step back: slot (t - 1 + 2) mod 2
// (the flattened step is t1 itself: one time loop with min 0).
// CHECK:               %[[B1:.*]] = arith.addi %[[T]], %[[C1]] : index
// CHECK-NEXT:          %[[R1:.*]] = arith.remsi %[[B1]], %[[C2]] : index
// CHECK-NEXT:          memref.load %[[XS]][%{{.*}}, %[[R1]]] : memref<2x2xi32>
// CHECK-NEXT:          arith.select
// and writes slot t mod 2 of PE j.
// CHECK-NEXT:          %[[W1:.*]] = arith.remsi %[[T]], %[[C2]] : index
// CHECK-NEXT:          memref.store %{{.*}}, %[[XS]][%[[J]], %[[W1]]] : memref<2x2xi32>
// s reads s(j - 1, i) from PE j - 1 (clamped to the array), 2 steps back:
// slot (t - 2 + 3) mod 3.
// CHECK:               %[[PJ:.*]] = arith.subi %[[J]], %[[C1]] : index
// CHECK-NEXT:          %[[PJ0:.*]] = arith.maxsi %[[PJ]], %[[C0]] : index
// CHECK-NEXT:          %[[PJ1:.*]] = arith.minsi %[[PJ0]], %[[C1]] : index
// CHECK-NEXT:          %[[R2:.*]] = arith.remsi %[[B1]], %[[C3]] : index
// CHECK-NEXT:          memref.load %[[S]][%[[PJ1]], %[[R2]]] : memref<2x3xi32>
// s writes slot t mod 3.
// CHECK:               %[[W2:.*]] = arith.remsi %[[T]], %[[C3]] : index
// CHECK-NEXT:          memref.store %{{.*}}, %[[S]][%[[J]], %[[W2]]] : memref<2x3xi32>
// The output y(i), at the last j: a nested scf.if for the select without else.
// CHECK-NEXT:          %[[LAST:.*]] = arith.cmpi eq, %[[J]], %[[C1]] : index
// CHECK:               %[[V:.*]] = memref.load %[[S]]
// CHECK-NEXT:          scf.if %[[LAST]] {
// y drops j, so a write lands only if its point is later in loop order
// (rank 2i + j) than the element's previous writer.
// CHECK:                 %[[LATER:.*]] = arith.cmpi sgt
// CHECK-NEXT:            scf.if %[[LATER]] {
// CHECK-NEXT:              memref.store
// CHECK-NEXT:              memref.store %[[V]], %arg2[%[[I]]] : memref<3xi32>
// CHECK-NEXT:            }
// CHECK-NEXT:          }
// CHECK-NEXT:        }
// CHECK-NEXT:      } {spacetime.unrolled}
// CHECK-NEXT:    }
// CHECK-NEXT:    memref.dealloc %[[XS]] : memref<2x2xi32>
// CHECK-NEXT:    memref.dealloc %[[S]] : memref<2x3xi32>
// CHECK-NEXT:    memref.dealloc %[[STAMPS]] : memref<3xindex>
// CHECK-NEXT:    return
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
    %is_last = arith.cmpi eq, %j, %last : index
    %v = ure.at @s(%j, %i) : i32
    %w = ure.select %is_last, %v : i32
    ure.yield %w : i32
  }
  ure.merge_ures @xs [@s, @y]
  ure.set_bounds @xs (j = 0 extent 2, i = 0 extent 3)
  ure.space_time_transform @xs (j) vector [2] check_time
}

// -----

// The same without check_time: the PE computes at every step, only the store
// to the output is guarded, by the validity AND the select's condition.
// RAW-LABEL: func.func public @mv_nocheck(
// RAW:         scf.for
// RAW:           scf.for
// The guard: i in range, j in range, both.
// RAW:             arith.andi
// RAW:             arith.andi
// RAW:             %[[VALID:.*]] = arith.andi
// RAW-NOT:         scf.if %[[VALID]] {
// RAW:             memref.store
// RAW:             scf.if %{{.*}} {
// RAW-NEXT:          scf.if %[[VALID]] {
// RAW-NEXT:            %{{.*}} = arith.constant 0 : index
// RAW-NEXT:            %[[POINT:.*]] = arith.subi
// Last write wins in loop order: store only if this point's rank (i, j
// row-major) is above the stamp of the element's previous writer.
// RAW:                 %[[PREV:.*]] = memref.load %[[STAMPS:.*]][%[[POINT]]] : memref<3xindex>
// RAW-NEXT:            %[[LATER:.*]] = arith.cmpi sgt, %[[RANK:.*]], %[[PREV]] : index
// RAW-NEXT:            scf.if %[[LATER]] {
// RAW-NEXT:              memref.store %[[RANK]], %[[STAMPS]][%[[POINT]]] : memref<3xindex>
// RAW-NEXT:              memref.store %{{.*}}, %arg2[%[[POINT]]] : memref<3xi32>
// CHECK-LABEL: func.func public @mv_nocheck(
// CHECK:         scf.for %{{.*}} = %c0 to %c5 step %c1 {
// CHECK-NEXT:      scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:             arith.andi
// CHECK:             arith.andi
// CHECK:             %[[VALID:.*]] = arith.andi
// CHECK-NOT:         scf.if %[[VALID]]
// CHECK:             memref.store %{{.*}}, %[[XS:.*]][%[[J]], %{{.*}}] : memref<2x2xi32>
// CHECK:             %[[LAST:.*]] = arith.cmpi eq, %[[J]], %c1 : index
// (canonicalize merges the two nested scf.if into one condition)
// CHECK:             %[[BOTH:.*]] = arith.andi %[[LAST]], %[[VALID]] : i1
// CHECK-NEXT:        scf.if %[[BOTH]] {
// Last write wins in loop order (rank = 2i + j against the element's stamp).
// CHECK:               %[[LATER:.*]] = arith.cmpi sgt
// CHECK-NEXT:          scf.if %[[LATER]] {
// CHECK-NEXT:            memref.store
// CHECK-NEXT:            memref.store %{{.*}}, %arg2[%{{.*}}] : memref<3xi32>
// CHECK-NEXT:          }
// CHECK-NEXT:        }
// CHECK-NEXT:      } {spacetime.unrolled}
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
// CHECK-LABEL: func.func public @chain(
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[C7:.*]] = arith.constant 7 : index
// Register files: a and b travel 4 + 1 = 5 steps (6 slots), c 4 (5 slots).
// CHECK:         memref.alloc() : memref<2x6xi32>
// CHECK-NEXT:    memref.alloc() : memref<2x6xi32>
// CHECK-NEXT:    memref.alloc() : memref<2x5xi32>
// CHECK:         scf.for %[[T1:.*]] = %[[C0]] to %[[C7]] step %[[C1]] {
// CHECK-NEXT:      scf.for %[[T2:.*]] = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK-NEXT:        %[[M:.*]] = arith.muli %[[T1]], %[[C4]] : index
// CHECK-NEXT:        %[[STEP:.*]] = arith.addi %[[M]], %[[T2]] : index
// CHECK-NEXT:        scf.for %[[I:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// k = t1 - t2 and j = t2 - i:
// CHECK-NEXT:          arith.subi %[[T1]], %[[T2]] : index
// CHECK-NEXT:          arith.subi %[[T2]], %[[I]] : index
// CHECK:               scf.if
// CHECK:               arith.remsi %[[STEP]]
// CHECK:             } {spacetime.unrolled}
// CHECK-NEXT:      }
// CHECK-NEXT:    }
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
// CHECK-LABEL: func.func public @neg(
// CHECK-DAG:     %[[CM3:.*]] = arith.constant -3 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG:     %[[C5:.*]] = arith.constant 5 : index
// CHECK-DAG:     %[[C6:.*]] = arith.constant 6 : index
// CHECK:         memref.alloc() : memref<3x6xi32>
// CHECK:         scf.for %[[K:.*]] = %[[C1]] to %[[C5]] step %[[C1]] {
// CHECK-NEXT:      scf.for %[[T1:.*]] = %[[CM3]] to %[[C3]] step %[[C1]] {
// CHECK-NEXT:        %[[K0:.*]] = arith.subi %[[K]], %[[C1]] : index
// CHECK-NEXT:        %[[KS:.*]] = arith.muli %[[K0]], %[[C6]] : index
// CHECK-NEXT:        %[[T0:.*]] = arith.subi %[[T1]], %[[CM3]] : index
// CHECK-NEXT:        arith.addi %[[KS]], %[[T0]] : index
// CHECK-NEXT:        scf.for %[[I:.*]] = %[[C2]] to %[[C5]] step %[[C1]] {
// j = t1 + i
// CHECK-NEXT:          arith.addi %[[T1]], %[[I]] : index
// CHECK:             } {spacetime.unrolled}
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
