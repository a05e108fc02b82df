// minimize-storage: a register file whose PE writes once every s > 1 steps
// and that only its own PE reads becomes an on_write file (each write
// shifts the PE's chain) with one register per write it must remember;
// every other file keeps its registers, and a remark says why.
//
// Inputs/abc-j1.mlir: PE i writes at t = 7k + 16i (k in [0, 4)): every 7
// steps. C(i, j, k - 1) is 7 steps back (delay 7): one write back, and the
// read comes before this step's write, so the value is the latest write:
// writes 0, 1 register instead of 8. B(i, j - 1, k) never reaches a point
// (j - 1 < 0 always, a value the select discards): no register file at all
// (never-reaches.test). A(i - 1, j, k) comes from PE i - 1: it keeps its 17
// registers.
// RUN: t2s-opt %S/Inputs/abc-j1.mlir --space-time-transform --minimize-storage 2>&1 | FileCheck %s
// RUN: %if mlir-opt-plugin %{ %mlir_opt_plugin %S/Inputs/abc-j1.mlir --pass-pipeline='builtin.module(space-time-transform, minimize-storage)' 2>&1 | FileCheck %s %}
// CHECK-DAG: abc-j1.mlir:{{[0-9]+}}:5: remark: register file "A" keeps 17 registers per PE: another PE reads it, and a neighbour may read a value after its producer stopped writing
// CHECK-DAG: abc-j1.mlir:{{[0-9]+}}:13: remark: this read of @B never reaches a point of the iteration space: it needs no storage, and its value (0) must be discarded
// CHECK-DAG: abc-j1.mlir:{{[0-9]+}}:5: remark: register file "C": 1 register per PE, shifted on each write (its PE writes once every 7 steps), instead of 8
// CHECK:      %[[A:.*]] = spacetime.shift_reg "A" : memref<4x17xi32>
// CHECK-NEXT: %[[C:.*]] = spacetime.shift_reg "C" on_write : memref<4x1xi32>
// CHECK-NOT:  spacetime.shift_reg "B"
// CHECK:      spacetime.read %regs_A [1] delay 16 : memref<4x17xi32>
// CHECK:      spacetime.read %regs_C [0] writes 0 : memref<4x1xi32>

// The generated code allocates the minimized files (PEs as loops here):
// the 4 x 17 buffer of A, and 4 x 1 for C; a write of an on_write file
// shifts its chain (nothing to shift with one register) and stores slot 0.
// RUN: t2s-opt %S/Inputs/abc-j1.mlir --space-time-transform --minimize-storage --spacetime-to-scf=unroll-pes=false --canonicalize 2>/dev/null | FileCheck %s --check-prefix=ALLOC
// ALLOC:     memref.alloc() : memref<4x17xi32>
// ALLOC-DAG: memref.alloca() : memref<4x1xi32>
// ALLOC-NOT: memref.alloc{{a?}}() : memref<4x{{8|23}}xi32>

// It computes what the UREs do, with PEs unrolled or as loops.
// RUN: t2s-run %S/Inputs/abc-j1.mlir --compare interpret,systolic | FileCheck %s --check-prefix=MATCH
// RUN: t2s-opt %S/Inputs/abc-j1.mlir --space-time-transform --minimize-storage -o %t.min.mlir 2>/dev/null
// RUN: t2s-run %t.min.mlir --reference %S/Inputs/abc-j1.mlir --compare interpret,systolic | FileCheck %s --check-prefix=MATCH
// MATCH: @c: interpret and systolic match (4 elements)

// Vectorized PEs and a file of two registers (Inputs/abc-j1-vector.mlir: C
// also reads C(k - 2), two writes back): the CheckTime mask sets one lane
// per step, so a write shifts the chain only in its own lanes, a select on
// the mask between slot 0 and the kept slot 1, then stores slot 0 under
// the same mask.
// RUN: t2s-opt %S/Inputs/abc-j1-vector.mlir --space-time-transform --minimize-storage --vectorize 2>&1 | FileCheck %s --check-prefix=VECTOR
// VECTOR:     remark: register file "C": 2 registers per PE, shifted on each write (its PE writes once every 7 steps), instead of 15
// VECTOR:     %[[VC:.*]] = spacetime.shift_reg "C" on_write : memref<2xvector<4xi32>>
// VECTOR:     spacetime.read %regs_C [0] writes 1 : memref<2xvector<4xi32>>
// VECTOR:     spacetime.write %{{.*}}, %regs_C if %{{.*}} : memref<2xvector<4xi32>>
// Read bottom up (tac), so that the first store to slot 1 is the shift's.
// RUN: t2s-opt %S/Inputs/abc-j1-vector.mlir --space-time-transform --minimize-storage --vectorize --spacetime-to-scf=unroll-pes=false --canonicalize 2>/dev/null | tac | FileCheck %s --check-prefix=SHIFT
// SHIFT:      memref.store %[[NEW:.*]], %[[FILE:.*]][%c0] : memref<2xvector<4xi32>>
// SHIFT-NEXT: %[[NEW]] = arith.select %[[MASK:.*]], %{{.*}}, %[[OLD:.*]] : vector<4xi1>, vector<4xi32>
// SHIFT-NEXT: %[[OLD]] = memref.load %[[FILE]][%c0] : memref<2xvector<4xi32>>
// SHIFT-NEXT: memref.store %[[MOVED:.*]], %[[FILE]][%c1] : memref<2xvector<4xi32>>
// SHIFT-NEXT: %[[MOVED]] = arith.select %[[MASK]], %[[S0:.*]], %[[S1:.*]] : vector<4xi1>, vector<4xi32>
// SHIFT-NEXT: %[[S1]] = memref.load %[[FILE]][%c1] : memref<2xvector<4xi32>>
// SHIFT-NEXT: %[[S0]] = memref.load %[[FILE]][%c0] : memref<2xvector<4xi32>>
// SHIFT:      %[[FILE]] = memref.alloca() : memref<2xvector<4xi32>>
// RUN: t2s-run %S/Inputs/abc-j1-vector.mlir --compare interpret,systolic | FileCheck %s --check-prefix=MATCH
// RUN: t2s-run %S/Inputs/abc-j1-vector.mlir --compare interpret,systolic --systolic-options 'unroll-pes=false' | FileCheck %s --check-prefix=MATCH
// RUN: t2s-run %S/Inputs/abc-j1-vector.mlir --compare interpret,opencl | FileCheck %s --check-prefix=MATCH-CL
// MATCH-CL: @c: interpret and opencl match (4 elements)

// Why the others stay: the document's A/B/C at I = J = K = 10 (uneven
// steps: the channel depths of space-time-transform-numbers.mlir), the 2-D
// GEMM (without check_time every PE writes every step; with it, once a step),
// and a Func written under a select.
// RUN: t2s-opt %S/space-time-transform-numbers.mlir --merge-ures --space-time-transform --minimize-storage -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNEVEN
// UNEVEN: remark: register file "A" keeps 59 registers per PE: its PE writes at uneven steps (a channel of depth 9 would hold it, which minimize-storage does not make)
// UNEVEN: remark: register file "B" keeps 86 registers per PE: its PE writes at uneven steps (a channel of depth 11 would hold it, which minimize-storage does not make)
// UNEVEN: remark: register file "C" keeps 29 registers per PE: its PE writes at uneven steps (a channel of depth 4 would hold it, which minimize-storage does not make)
// RUN: t2s-opt %examples/systolic/gemm.mlir --space-time-transform --minimize-storage -o /dev/null 2>&1 | FileCheck %s --check-prefix=STEP
// STEP: remark: register file "a" keeps 2 registers per PE: its PE writes at every step
// RUN: t2s-opt %examples/gemm.mlir --space-time-transform="space=i,j vector=1,1" --minimize-storage -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNGUARDED
// UNGUARDED: remark: register file "a" keeps 2 registers per PE: its write is not guarded by spacetime.scheduled alone, so its PE may write at any step
// RUN: t2s-opt %s --space-time-transform --minimize-storage -o /dev/null 2>&1 | FileCheck %s --check-prefix=SELECT
// SELECT: remark: register file "f" keeps 2 registers per PE: its write is not guarded by spacetime.scheduled alone, so its PE may write at any step

// f is defined only where n is even (a select without an else value).
ure.program @cond {
  ure.input @x : memref<4x4xi32>
  ure.func @f(k, n) -> i32 on device
  ure.func @g(k, n) -> i32 on device
  ure.func @y(n) -> i32 on device
  ure.def @f(%k, %n) {
    %c2 = arith.constant 2 : index
    %c0 = arith.constant 0 : index
    %r = arith.remui %n, %c2 : index
    %even = arith.cmpi eq, %r, %c0 : index
    %v = ure.load @x(%n, %k) : i32
    %w = ure.select %even, %v : i32
    ure.yield %w : i32
  }
  ure.def @g(%k, %n) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %k, %c0 : index
    %prev = ure.at @f(%k - 1, %n) : i32
    %here = ure.at @f(%k, %n) : i32
    %v = arith.select %first, %here, %prev : i32
    ure.yield %v : i32
  }
  ure.def @y(%n) with (%k) {
    %c3 = arith.constant 3 : index
    %last = arith.cmpi eq, %k, %c3 : index
    %v = ure.at @g(%k, %n) : i32
    %w = ure.select %last, %v : i32
    ure.yield %w : i32
  }
  ure.merge_ures @f [@g, @y]
  ure.set_bounds @f (k = 0 extent 4, n = 0 extent 4)
  ure.space_time_transform @f (k) vector [1] check_time
}
