// Every program of this file also runs, vectorized, against the interpreter
// (the CHECK lines below pin the IR; these pin what it computes; awk takes
// program n, the split marker written in two pieces so that
// --split-input-file does not split at these lines):
// RUN: awk -v n=1 'BEGIN { RS = "// --" "---\n" } NR == n' %s > %t.1.mlir
// RUN: t2s-run %t.1.mlir --compare interpret,systolic,dataflow | FileCheck %s --check-prefix=RUN1
// RUN1: @out: interpret and systolic match (1024 elements)
// RUN1-NEXT: @out: interpret and dataflow match (1024 elements)
// RUN: awk -v n=2 'BEGIN { RS = "// --" "---\n" } NR == n' %s > %t.2.mlir
// RUN: t2s-run %t.2.mlir --compare interpret,systolic,dataflow | FileCheck %s --check-prefix=RUN2
// RUN2: @out: interpret and systolic match (1024 elements)
// RUN2-NEXT: @out: interpret and dataflow match (1024 elements)
// RUN: awk -v n=3 'BEGIN { RS = "// --" "---\n" } NR == n' %s > %t.3.mlir
// RUN: t2s-run %t.3.mlir --compare interpret,systolic,dataflow | FileCheck %s --check-prefix=RUN3
// RUN3: @out: interpret and systolic match (1024 elements)
// RUN3-NEXT: @out: interpret and dataflow match (1024 elements)
// RUN: awk -v n=4 'BEGIN { RS = "// --" "---\n" } NR == n' %s > %t.4.mlir
// RUN: t2s-run %t.4.mlir --compare interpret,systolic,dataflow | FileCheck %s --check-prefix=RUN4
// RUN4: @out: interpret and systolic match (8 elements)
// RUN4-NEXT: @out: interpret and dataflow match (8 elements)
// RUN: awk -v n=5 'BEGIN { RS = "// --" "---\n" } NR == n' %s > %t.5.mlir
// RUN: t2s-run %t.5.mlir --compare interpret,systolic,dataflow | FileCheck %s --check-prefix=RUN5
// RUN5: @s: interpret and systolic match (40 elements)
// RUN5-NEXT: @s: interpret and dataflow match (40 elements)
// RUN: awk -v n=6 'BEGIN { RS = "// --" "---\n" } NR == n' %s > %t.6.mlir
// RUN: t2s-run %t.6.mlir --compare interpret,systolic,dataflow | FileCheck %s --check-prefix=RUN6
// RUN6: @out: interpret and systolic match (16 elements)
// RUN6-NEXT: @out: interpret and dataflow match (16 elements)
// RUN: awk -v n=7 'BEGIN { RS = "// --" "---\n" } NR == n' %s > %t.7.mlir
// RUN: t2s-run %t.7.mlir --compare interpret,systolic,dataflow | FileCheck %s --check-prefix=RUN7
// RUN7: @out: interpret and systolic match (128 elements)
// RUN7-NEXT: @out: interpret and dataflow match (128 elements)
// The vectorize pass: FileCheck of the vectorized PE bodies.
// RUN: t2s-opt %s --split-input-file --space-time-transform --vectorize 2>/dev/null | FileCheck %s
// RUN: t2s-opt %s --split-input-file --space-time-transform --vectorize 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: t2s-opt %s --split-input-file --space-time-transform --vectorize 2>/dev/null | t2s-opt --split-input-file | FileCheck %s --check-prefix=ROUND

// 1-D: the tiled GEMM's 4 x 4 block with jjj (the PEs of a row) vectorized.
// a is copied along jjj from jjj = 0: a broadcast, kept as a scalar file; B
// is loaded at (k, 4 jj + jjj): a vector of the lanes; c accumulates a
// vector per row of PEs; out is stored under the CheckTime flags of the lanes.
// REMARK: remark: loop jjj vectorized: its PEs are lanes of vector<4x...>; a copied along it: broadcast
// CHECK-DAG: %[[RA:.*]] = spacetime.shift_reg "a" : memref<4x1xf32>
// CHECK-DAG: %[[RB:.*]] = spacetime.shift_reg "b" : memref<4x1xvector<4xf32>>
// CHECK-DAG: %[[RC:.*]] = spacetime.shift_reg "c" : memref<4x2xvector<4xf32>>
// CHECK: spacetime.array @a
// CHECK-NEXT: ^bb0(%{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: vector<4xindex>, %{{.*}}: index
// CHECK-NEXT: %[[II:.*]], %[[JJ:.*]], %[[K:.*]], %[[JJJ:.*]], %[[III:.*]] = spacetime.recover : index, index, index, vector<4xindex>, index
// CHECK-NEXT: %[[ON:.*]] = spacetime.scheduled : vector<4xi1>
// CHECK-NOT: spacetime.read %regs_a
// CHECK: %[[A:.*]] = ure.load @A(%[[II]] * 4 + %[[III]], %[[K]]) : f32
// CHECK-NEXT: spacetime.write %[[A]], %regs_a : memref<4x1xf32>
// CHECK: %[[BIN:.*]] = ure.load @B(%[[K]], %[[JJ]] * 4 + %[[JJJ]]) : vector<4xf32> indices index, index, vector<4xindex>
// CHECK-NEXT: %[[BUP:.*]] = spacetime.read %regs_b [0, 1] delay 0 : memref<4x1xvector<4xf32>>
// CHECK-NEXT: %[[B:.*]] = arith.select %{{.*}}, %[[BIN]], %[[BUP]] : vector<4xf32>
// CHECK-NEXT: spacetime.write %[[B]], %regs_b : memref<4x1xvector<4xf32>>
// CHECK: %[[CP:.*]] = spacetime.read %regs_c [0, 0] delay 1 : memref<4x2xvector<4xf32>>
// CHECK: %[[ACC:.*]] = arith.select %{{.*}}, %{{.*}}, %[[CP]] : vector<4xf32>
// CHECK: %[[AV:.*]] = vector.broadcast %[[A]] : f32 to vector<4xf32>
// CHECK-NEXT: %[[P:.*]] = arith.mulf %[[AV]], %[[B]] : vector<4xf32>
// CHECK-NEXT: %[[C:.*]] = arith.addf %[[ACC]], %[[P]] : vector<4xf32>
// CHECK-NEXT: spacetime.write %[[C]], %regs_c : memref<4x2xvector<4xf32>>
// CHECK: scf.if %{{.*}} {
// CHECK-NEXT: spacetime.output %[[C]] to @out[%[[III]], %[[JJJ]], %[[JJ]], %[[II]]] if %[[ON]] : vector<4xf32> indices index, vector<4xindex>, index, index
// ROUND: spacetime.output %{{.*}} to @out[%{{.*}}] if %{{.*}} : vector<4xf32> indices index, vector<4xindex>, index, index
ure.program @gemm_tiled {
  ure.input @A : memref<32x32xf32>
  ure.input @B : memref<32x32xf32>
  ure.func @a(iii, jjj, k, jj, ii) -> f32 on device
  ure.func @b(iii, jjj, k, jj, ii) -> f32 on device
  ure.func @c(iii, jjj, k, jj, ii) -> f32 on device
  ure.func @out(iii, jjj, jj, ii) -> f32 on device

  ure.def @a(%iii, %jjj, %k, %jj, %ii) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %jjj, %c0 : index
    %in = ure.load @A(%ii * 4 + %iii, %k) : f32
    %prev = ure.at @a(%iii, %jjj - 1, %k, %jj, %ii) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @b(%iii, %jjj, %k, %jj, %ii) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %iii, %c0 : index
    %in = ure.load @B(%k, %jj * 4 + %jjj) : f32
    %prev = ure.at @b(%iii - 1, %jjj, %k, %jj, %ii) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @c(%iii, %jjj, %k, %jj, %ii) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first = arith.cmpi eq, %k, %c0 : index
    %prev = ure.at @c(%iii, %jjj, %k - 1, %jj, %ii) : f32
    %acc = arith.select %first, %zero, %prev : f32
    %a = ure.at @a(%iii, %jjj, %k, %jj, %ii) : f32
    %b = ure.at @b(%iii, %jjj, %k, %jj, %ii) : f32
    %p = arith.mulf %a, %b : f32
    %v = arith.addf %acc, %p : f32
    ure.yield %v : f32
  }
  ure.def @out(%iii, %jjj, %jj, %ii) with (%k) {
    %last = arith.constant 31 : index
    %is_last = arith.cmpi eq, %k, %last : index
    %c = ure.at @c(%iii, %jjj, %k, %jj, %ii) : f32
    %v = ure.select %is_last, %c : f32
    ure.yield %v : f32
  }

  ure.merge_ures @a [@b, @c, @out]
  ure.set_bounds @a (iii = 0 extent 4, jjj = 0 extent 4, k = 0 extent 32,
                     jj = 0 extent 8, ii = 0 extent 8)
  ure.space_time_transform @a (iii, jjj)
  ure.vectorize @a (jjj)
}

// -----

// 1-D along iii (the PEs of a column): b is the broadcast now, a a vector;
// A is loaded at (4 ii + iii, k): lanes 32 elements apart, a gather.
// REMARK: remark: loop iii vectorized: its PEs are lanes of vector<4x...>; b copied along it: broadcast
// CHECK-DAG: spacetime.shift_reg "a" : memref<4x1xvector<4xf32>>
// CHECK-DAG: spacetime.shift_reg "b" : memref<4x1xf32>
// CHECK: spacetime.recover : index, index, index, index, vector<4xindex>
// CHECK: ure.load @A(%{{.*}} * 4 + %{{.*}}, %{{.*}}) : vector<4xf32> indices index, vector<4xindex>, index
// CHECK: ure.load @B(%{{.*}}, %{{.*}} * 4 + %{{.*}}) : f32
// CHECK-NOT: indices
// CHECK: arith.mulf %{{.*}}, %{{.*}} : vector<4xf32>
ure.program @gemm_tiled {
  ure.input @A : memref<32x32xf32>
  ure.input @B : memref<32x32xf32>
  ure.func @a(iii, jjj, k, jj, ii) -> f32 on device
  ure.func @b(iii, jjj, k, jj, ii) -> f32 on device
  ure.func @c(iii, jjj, k, jj, ii) -> f32 on device
  ure.func @out(iii, jjj, jj, ii) -> f32 on device

  ure.def @a(%iii, %jjj, %k, %jj, %ii) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %jjj, %c0 : index
    %in = ure.load @A(%ii * 4 + %iii, %k) : f32
    %prev = ure.at @a(%iii, %jjj - 1, %k, %jj, %ii) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @b(%iii, %jjj, %k, %jj, %ii) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %iii, %c0 : index
    %in = ure.load @B(%k, %jj * 4 + %jjj) : f32
    %prev = ure.at @b(%iii - 1, %jjj, %k, %jj, %ii) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @c(%iii, %jjj, %k, %jj, %ii) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first = arith.cmpi eq, %k, %c0 : index
    %prev = ure.at @c(%iii, %jjj, %k - 1, %jj, %ii) : f32
    %acc = arith.select %first, %zero, %prev : f32
    %a = ure.at @a(%iii, %jjj, %k, %jj, %ii) : f32
    %b = ure.at @b(%iii, %jjj, %k, %jj, %ii) : f32
    %p = arith.mulf %a, %b : f32
    %v = arith.addf %acc, %p : f32
    ure.yield %v : f32
  }
  ure.def @out(%iii, %jjj, %jj, %ii) with (%k) {
    %last = arith.constant 31 : index
    %is_last = arith.cmpi eq, %k, %last : index
    %c = ure.at @c(%iii, %jjj, %k, %jj, %ii) : f32
    %v = ure.select %is_last, %c : f32
    ure.yield %v : f32
  }

  ure.merge_ures @a [@b, @c, @out]
  ure.set_bounds @a (iii = 0 extent 4, jjj = 0 extent 4, k = 0 extent 32,
                     jj = 0 extent 8, ii = 0 extent 8)
  ure.space_time_transform @a (iii, jjj)
  ure.vectorize @a (iii)
}

// -----

// 2-D: both space loops; every PE of the block is a lane of vector<4x4xf32>
// (jjj, then iii: the order of the space loops). a and b are both copies;
// a (along jjj) stays a vector over iii; b (along iii) over jjj. The
// register files keep only their slots.
// REMARK: remark: loop jjj vectorized: its PEs are lanes of vector<4x4x...>; a copied along it: broadcast
// REMARK: remark: loop iii vectorized: its PEs are lanes of vector<4x4x...>; b copied along it: broadcast
// CHECK-DAG: spacetime.shift_reg "a" : memref<1xvector<4x4xf32>>
// CHECK-DAG: spacetime.shift_reg "b" : memref<1xvector<4x4xf32>>
// CHECK-DAG: spacetime.shift_reg "c" : memref<2xvector<4x4xf32>>
// CHECK: ^bb0(%{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: vector<4x4xindex>, %{{.*}}: vector<4x4xindex>
// CHECK: spacetime.recover : index, index, index, vector<4x4xindex>, vector<4x4xindex>
// The copy of a along jjj: every lane (jjj, iii) takes lane (0, iii).
// CHECK: %[[AIN:.*]] = ure.load @A({{.*}}) : vector<4x4xf32> indices index, vector<4x4xindex>, index
// CHECK: %[[FLAT:.*]] = vector.shape_cast %[[AIN]] : vector<4x4xf32> to vector<16xf32>
// CHECK-NEXT: %[[SH:.*]] = vector.shuffle %[[FLAT]], %[[FLAT]] [0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3] : vector<16xf32>, vector<16xf32>
// CHECK-NEXT: %[[A:.*]] = vector.shape_cast %[[SH]] : vector<16xf32> to vector<4x4xf32>
// CHECK-NEXT: spacetime.write %[[A]], %{{.*}} : memref<1xvector<4x4xf32>>
// The copy of b along iii: lane (jjj, iii) takes lane (jjj, 0).
// CHECK: vector.shuffle %{{.*}}, %{{.*}} [0, 0, 0, 0, 4, 4, 4, 4, 8, 8, 8, 8, 12, 12, 12, 12] : vector<16xf32>, vector<16xf32>
// CHECK: arith.mulf %[[A]], %{{.*}} : vector<4x4xf32>
// CHECK: spacetime.output %{{.*}} to @out[{{.*}}] if %{{.*}} : vector<4x4xf32> indices vector<4x4xindex>, vector<4x4xindex>, index, index
ure.program @gemm_tiled {
  ure.input @A : memref<32x32xf32>
  ure.input @B : memref<32x32xf32>
  ure.func @a(iii, jjj, k, jj, ii) -> f32 on device
  ure.func @b(iii, jjj, k, jj, ii) -> f32 on device
  ure.func @c(iii, jjj, k, jj, ii) -> f32 on device
  ure.func @out(iii, jjj, jj, ii) -> f32 on device

  ure.def @a(%iii, %jjj, %k, %jj, %ii) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %jjj, %c0 : index
    %in = ure.load @A(%ii * 4 + %iii, %k) : f32
    %prev = ure.at @a(%iii, %jjj - 1, %k, %jj, %ii) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @b(%iii, %jjj, %k, %jj, %ii) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %iii, %c0 : index
    %in = ure.load @B(%k, %jj * 4 + %jjj) : f32
    %prev = ure.at @b(%iii - 1, %jjj, %k, %jj, %ii) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @c(%iii, %jjj, %k, %jj, %ii) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first = arith.cmpi eq, %k, %c0 : index
    %prev = ure.at @c(%iii, %jjj, %k - 1, %jj, %ii) : f32
    %acc = arith.select %first, %zero, %prev : f32
    %a = ure.at @a(%iii, %jjj, %k, %jj, %ii) : f32
    %b = ure.at @b(%iii, %jjj, %k, %jj, %ii) : f32
    %p = arith.mulf %a, %b : f32
    %v = arith.addf %acc, %p : f32
    ure.yield %v : f32
  }
  ure.def @out(%iii, %jjj, %jj, %ii) with (%k) {
    %last = arith.constant 31 : index
    %is_last = arith.cmpi eq, %k, %last : index
    %c = ure.at @c(%iii, %jjj, %k, %jj, %ii) : f32
    %v = ure.select %is_last, %c : f32
    ure.yield %v : f32
  }

  ure.merge_ures @a [@b, @c, @out]
  ure.set_bounds @a (iii = 0 extent 4, jjj = 0 extent 4, k = 0 extent 32,
                     jj = 0 extent 8, ii = 0 extent 8)
  ure.space_time_transform @a (iii, jjj)
  ure.vectorize @a (iii, jjj)
}

// -----

// A lane reduction: C(k, i) = select(k == 0, 0, C(k - 1, i)) + A(i, k) with
// k vectorized, and only k = 15 stored. c is read at k - 1 in the same step,
// but no other lane of it is ever read: one ordered vector.reduction of
// the row from 0, and the file keeps the last lane's value.
// REMARK: remark: loop k vectorized: its PEs are lanes of vector<16x...>; "c" reduced along it in lane order (vector.reduction <add>): only its last lane is read
// REMARK-NEXT: ure.vectorize @c (k)
// CHECK: spacetime.shift_reg "c" : memref<1xi32>
// CHECK: %[[ROW:.*]] = ure.load @A(%{{.*}}, %{{.*}}) : vector<16xi32>
// CHECK-NEXT: %[[SUM:.*]] = vector.reduction <add>, %[[ROW]], %{{.*}} : vector<16xi32> into i32
// CHECK-NEXT: spacetime.write %[[SUM]], %{{.*}} : memref<1xi32>
// CHECK: %[[ALL:.*]] = vector.broadcast %[[SUM]] : i32 to vector<16xi32>
// CHECK-NEXT: spacetime.output %[[ALL]] to @out[%{{.*}}] if %{{.*}} : vector<16xi32>
// CHECK-NOT: ure.vectorize
ure.program @rowsum {
  ure.input @A : memref<8x16xi32>
  ure.func @c(k, i) -> i32 on device
  ure.func @out(i) -> i32 on device
  ure.def @c(%k, %i) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %first = arith.cmpi eq, %k, %c0 : index
    %prev = ure.at @c(%k - 1, %i) : i32
    %acc = arith.select %first, %zero, %prev : i32
    %a = ure.load @A(%i, %k) : i32
    %v = arith.addi %acc, %a : i32
    ure.yield %v : i32
  }
  ure.def @out(%i) with (%k) {
    %last = arith.constant 15 : index
    %is_last = arith.cmpi eq, %k, %last : index
    %c = ure.at @c(%k, %i) : i32
    %v = ure.select %is_last, %c : i32
    ure.yield %v : i32
  }
  ure.merge_ures @c [@out]
  ure.set_bounds @c (k = 0 extent 16, i = 0 extent 8)
  ure.space_time_transform @c (k)
  ure.vectorize @c (k)
}

// -----

// Without ure.space_time_transform the vectorized loop is the space loop:
// here i of a row-wise scale, A(i, k) * 3 for i in [0, 8), k in [0, 5).
// The lanes are independent: contiguous? No, A(i, k) walks i with stride 5.
// REMARK: remark: no ure.space_time_transform: the vectorized loops (i) become the space loops
// REMARK: remark: loop i vectorized: its PEs are lanes of vector<8x...>
// CHECK: spacetime.array @s {{.*}} time (k = 0 extent 5) space (i = 0 extent 8)
// CHECK: ure.load @A(%{{.*}}, %{{.*}}) : vector<8xi32> indices vector<8xindex>, index
// CHECK: arith.muli %{{.*}}, %{{.*}} : vector<8xi32>
ure.program @scale {
  ure.input @A : memref<8x5xi32>
  ure.func @s(i, k) -> i32 on device
  ure.def @s(%i, %k) {
    %three = arith.constant 3 : i32
    %a = ure.load @A(%i, %k) : i32
    %v = arith.muli %a, %three : i32
    ure.yield %v : i32
  }
  ure.set_bounds @s (i = 0 extent 8, k = 0 extent 5)
  ure.vectorize @s (i)
}

// -----

// A skewed systolic GEMM (t = i + j + k) with CheckTime: the whole PE is
// under spacetime.scheduled, which differs between the lanes of j. The
// scf.if is if-converted: its ops run for every lane, the writes take the
// flags as their mask. a reads its left neighbour one step back (delay 1):
// a shift of lanes, no dependence.
// REMARK: remark: loop j vectorized: its PEs are lanes of vector<4x...>
// CHECK: %[[ON:.*]] = spacetime.scheduled : vector<4xi1>
// CHECK-NOT: scf.if %[[ON]]
// CHECK: spacetime.read %{{.*}} [1, 0] delay 1 : memref<4x2xvector<4xf32>>
// CHECK: spacetime.write %{{.*}}, %{{.*}} if %[[ON]] : memref<4x2xvector<4xf32>>
ure.program @gemm {
  ure.input @A : memref<4x4xf32>
  ure.input @B : memref<4x4xf32>
  ure.func @a(i, j, k) -> f32 on device
  ure.func @b(i, j, k) -> f32 on device
  ure.func @c(i, j, k) -> f32 on device
  ure.func @out(i, j) -> f32 on device

  ure.def @a(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %j, %c0 : index
    %in = ure.load @A(%i, %k) : f32
    %prev = ure.at @a(%i, %j - 1, %k) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @b(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %in = ure.load @B(%k, %j) : f32
    %prev = ure.at @b(%i - 1, %j, %k) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @c(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first = arith.cmpi eq, %k, %c0 : index
    %prev = ure.at @c(%i, %j, %k - 1) : f32
    %acc = arith.select %first, %zero, %prev : f32
    %a = ure.at @a(%i, %j, %k) : f32
    %b = ure.at @b(%i, %j, %k) : f32
    %p = arith.mulf %a, %b : f32
    %v = arith.addf %acc, %p : f32
    ure.yield %v : f32
  }
  ure.def @out(%i, %j) with (%k) {
    %last = arith.constant 3 : index
    %is_last = arith.cmpi eq, %k, %last : index
    %c = ure.at @c(%i, %j, %k) : f32
    %v = ure.select %is_last, %c : f32
    ure.yield %v : f32
  }

  ure.merge_ures @a [@b, @c, @out]
  ure.set_bounds @a (i = 0 extent 4, j = 0 extent 4, k = 0 extent 4)
  ure.space_time_transform @a (j, i) vector [1, 1] check_time
  ure.vectorize @a (j)
}

// -----

// Serialization (apply_serialize): the same running sum with every lane
// stored (a prefix sum). c is read at k - 1 in the same step and every
// lane's value is observed: k stays a loop of PEs, the IR unchanged.
// REMARK: remark: loop k is serialized: register file "c" is read across its lanes in the same step (delay 0), a dependence along the loop; its PEs run one after another
// REMARK-NEXT: ure.vectorize @c (k)
// REMARK: note: read here
// REMARK-NEXT: %prev = ure.at @c(%k - 1, %i) : i32
// CHECK: spacetime.shift_reg "c" : memref<16x1xi32>
// CHECK: ^bb0(%{{.*}}: index, %{{.*}}: index
// CHECK-NOT: vector
// CHECK: spacetime.output %{{.*}} to @out[%{{.*}}, %{{.*}}] : i32
// CHECK-NOT: ure.vectorize
ure.program @prefix {
  ure.input @A : memref<8x16xi32>
  ure.func @c(k, i) -> i32 on device
  ure.func @out(k, i) -> i32 on device
  ure.def @c(%k, %i) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %first = arith.cmpi eq, %k, %c0 : index
    %prev = ure.at @c(%k - 1, %i) : i32
    %acc = arith.select %first, %zero, %prev : i32
    %a = ure.load @A(%i, %k) : i32
    %v = arith.addi %acc, %a : i32
    ure.yield %v : i32
  }
  ure.def @out(%k, %i) {
    %c = ure.at @c(%k, %i) : i32
    ure.yield %c : i32
  }
  ure.merge_ures @c [@out]
  ure.set_bounds @c (k = 0 extent 16, i = 0 extent 8)
  ure.space_time_transform @c (k)
  ure.vectorize @c (k)
}
