// split-register-files: a register file keeps its long history only in the
// PEs whose values are read that far back (docs/passes/split-register-files.md).
// RUN: t2s-opt %examples/systolic/gemm-inside.mlir --merge-ures --space-time-transform --split-register-files 2>&1 | FileCheck %s
// RUN: t2s-opt %examples/systolic/gemm-inside.mlir --merge-ures --space-time-transform --split-register-files --split-register-files 2>/dev/null | FileCheck %s --check-prefix=TWICE
// RUN: t2s-opt %examples/t2s/gemm.mlir --merge-ures --space-time-transform --split-register-files 2>&1 | FileCheck %s --check-prefix=T2S
// RUN: t2s-opt %examples/systolic/abc.mlir --merge-ures --space-time-transform --split-register-files 2>&1 | FileCheck %s --check-prefix=SMALL
// RUN: sed 's/  ure.space_time_transform @a (i, j) vector \[1, 1\] check_time/&\n  ure.vectorize @a (i)/' %examples/systolic/gemm-inside.mlir > %t.lanes.mlir
// RUN: not t2s-opt %t.lanes.mlir --merge-ures --space-time-transform --split-register-files --vectorize 2>&1 | FileCheck %s --check-prefix=VECTORIZE
// RUN: t2s-opt %t.lanes.mlir --merge-ures --space-time-transform --vectorize --split-register-files 2>&1 | FileCheck %s --check-prefix=LANES
// RUN: t2s-opt %s --split-register-files 2>&1 | FileCheck %s --check-prefix=HAND
// RUN: %if mlir-opt-plugin %{ %mlir_opt_plugin %s --pass-pipeline='builtin.module(split-register-files)' 2>&1 | FileCheck %s --check-prefix=HAND %}

// gemm-inside: PE kk = 0 reads PE kk = 3 one step back (the previous k);
// every other read is of this step. The file of every PE keeps 1 register,
// the file of the PEs kk = 3 (origin [0, 0, 3], 4 x 4 x 1 PEs) keeps 2.
// CHECK: remark: register file "c": 1 register in each of its 64 PEs, and 2 registers only in the 16 PEs at [0, 0, 3] + [4, 4, 1] that reads reach more than 0 steps back ("c_long"): 96 registers instead of 128
// CHECK:      %[[C:.*]] = spacetime.shift_reg "c" : memref<4x4x4x1xf32>
// CHECK-NEXT: %[[L:.*]] = spacetime.shift_reg "c_long" origin [0, 0, 3] : memref<4x4x1x2xf32>
// CHECK:      spacetime.array @a registers(%{{.*}}, %{{.*}}, %[[C]], %[[L]] :
// CHECK:      spacetime.read %[[RL:[a-z_]+]] [0, 0, -3] delay 1 : memref<4x4x1x2xf32>
// CHECK:      spacetime.read %[[RC:[a-z_]+]] [0, 0, 1] delay 0 : memref<4x4x4x1xf32>
// CHECK:      spacetime.write %[[V:.*]], %[[RL]] : memref<4x4x1x2xf32>
// CHECK-NEXT: spacetime.write %[[V]], %[[RC]] : memref<4x4x4x1xf32>

// A file split already is left as it is.
// TWICE-COUNT-1: origin
// TWICE-NOT: origin

// T2S's GEMM: the accumulator's 1,024 steps of history are kept by the 80
// PEs of the last kkk lane, not by all 1,280 (16 times less).
// T2S: remark: register file "c": 1 register in each of its 1280 PEs, and 1025 registers only in the 80 PEs at [0, 0, 15] + [10, 8, 1] that reads reach more than 0 steps back ("c_long"): 83280 registers instead of 1312000
// T2S: spacetime.shift_reg "c_long" origin [0, 0, 15] : memref<10x8x1x1025xf32>

// abc's A: the long reads reach 3 of 4 PEs; 73 registers instead of 92
// does not pay for a second file and write.
// SMALL-NOT: origin

// vectorize does not take a file of a sub-box of the PEs.
// VECTORIZE: error: vectorize: register file "c_long" holds a sub-box of the PEs (origin): run vectorize before split-register-files
// After vectorize (i the lanes), the files have the PE dimensions j and
// kk, and the file of the long reads keeps the PEs kk = 3.
// LANES: spacetime.shift_reg "c_long" origin [0, 3] : memref<4x1x2xvector<4xf32>>

// A hand-written array: PE 0 reads PE 7 five steps back and PE 1 reads PE
// 7 three steps back (offset -6 reaches PEs 6 and 7); the same-step read of
// the neighbour stays in the file of every PE.
// HAND: remark: register file "x": 1 register in each of its 8 PEs, and 6 registers only in the 2 PEs at [6] + [2] that reads reach more than 0 steps back ("x_long"): 20 registers instead of 48
// HAND: spacetime.shift_reg "x_long" origin [6] : memref<2x6xi32>
// HAND: spacetime.read %{{.*}} [-7] delay 5 : memref<2x6xi32>
// HAND: spacetime.read %{{.*}} [-6] delay 3 : memref<2x6xi32>
// HAND: spacetime.read %{{.*}} [1] delay 0 : memref<8x1xi32>
ure.program @hand {
  ure.func @x(t, p) -> i32
  ure.input @A : memref<8xi32>
  ure.func @out(p = 0 extent 8) -> i32
  %r = spacetime.shift_reg "x" : memref<8x6xi32>
  spacetime.array @x registers(%r : memref<8x6xi32>) loops (t = 0 extent 4, p = 0 extent 8) time (t = 0 extent 4) space (p = 0 extent 8)
      schedule affine_map<(d0, d1) -> (d0)> recover affine_map<(d0, d1) -> (d0, d1)> {
  ^bb0(%t: index, %pe: index, %x: memref<8x6xi32>):
    %ti, %p = spacetime.recover : index, index
    %a = ure.load @A(%p) : i32
    %far = spacetime.read %x [-7] delay 5 : memref<8x6xi32>
    %near = spacetime.read %x [-6] delay 3 : memref<8x6xi32>
    %s = arith.addi %a, %far : i32
    %s2 = arith.addi %s, %near : i32
    spacetime.write %s2, %x : memref<8x6xi32>
    %left = spacetime.read %x [1] delay 0 : memref<8x6xi32>
    %o = arith.addi %s2, %left : i32
    spacetime.output %o to @out[%p] : i32
  }
}
