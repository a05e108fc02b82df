// The program that docs/ure.md builds, and the tutorial's commands, run as it
// gives them (in a scratch directory, with gemm.mlir a copy of this file).
// Keep this file and the tutorial in sync.
//
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/gemm.mlir
// RUN: cd %t && python3 %S/Inputs/npy.py A.npy f4 4,4 "[i + k for i in range(4) for k in range(4)]"
// RUN: cd %t && python3 %S/Inputs/npy.py B.npy f4 4,4 "[k - j for k in range(4) for j in range(4)]"
//
// Parse and verify: the program prints back unchanged.
// RUN: cd %t && t2s-opt gemm.mlir | FileCheck %s --check-prefix=VERIFY
// VERIFY: ure.program @gemm {
// VERIFY: ure.merge_ures @a [@b, @c, @out]
// VERIFY-NEXT: ure.set_bounds @a (i = 0 extent 4, j = 0 extent 4, k = 0 extent 4)
// VERIFY-NEXT: ure.reorder @a (k, i, j)
//
// The merged nest: loops outermost first, the UREs in merge order.
// RUN: cd %t && t2s-opt --merge-ures gemm.mlir | FileCheck %s --check-prefix=MERGE
// MERGE:      ure.nest @a (j = 0 extent 4, i = 0 extent 4, k = 0 extent 4) {
// MERGE-NEXT:   ure.def @a(%i, %j, %k) {
// MERGE:        ure.def @b(%i, %j, %k) {
// MERGE:        ure.def @c(%i, %j, %k) {
// MERGE:        ure.def @out(%i, %j) with (%k) {
// MERGE-NOT:  ure.merge_ures
// MERGE-NOT:  ure.reorder
//
// Without the reorder, the nest is k, j, i (the first variable is innermost).
// RUN: cd %t && grep -v "ure.reorder" gemm.mlir > gemm-no-reorder.mlir
// RUN: cd %t && t2s-opt --merge-ures gemm-no-reorder.mlir | FileCheck %s --check-prefix=NOREORDER
// NOREORDER: ure.nest @a (k = 0 extent 4, j = 0 extent 4, i = 0 extent 4) {
//
// The interpreter, on random inputs: a summary line.
// RUN: cd %t && t2s-run gemm.mlir --mode interpret | FileCheck %s --check-prefix=SUMMARY
// SUMMARY: @out: 4x4xf32 computed by interpret, sum {{.*}}
//
// The interpreter on known inputs: A(i, k) = i + k, B(k, j) = k - j, so
// C(i, j) = sum over k < 4 of (i + k)(k - j) = 14 + 6 i - 6 j - 4 i j.
// RUN: cd %t && t2s-run gemm.mlir --mode interpret --input A=A.npy --input B=B.npy --print | FileCheck %s --check-prefix=VALUES
// VALUES:      @out: 4x4xf32
// VALUES-NEXT:   14 8 2 -4
// VALUES-NEXT:   20 10 0 -10
// VALUES-NEXT:   26 12 -2 -16
// VALUES-NEXT:   32 14 -4 -22
//
// The interpreter against the sequential code compiled through LLVM.
// RUN: cd %t && t2s-run gemm.mlir --compare interpret,sequential | FileCheck %s --check-prefix=MATCH
// RUN: cd %t && t2s-run gemm.mlir --compare interpret,sequential --input A=A.npy --input B=B.npy | FileCheck %s --check-prefix=MATCH
// MATCH: @out: interpret and sequential match (16 elements)
//
// --output-dir writes out.npy.
// RUN: cd %t && t2s-run gemm.mlir --mode sequential --input A=A.npy --input B=B.npy --output-dir out
// RUN: cd %t && ls out | FileCheck %s --check-prefix=OUTDIR
// OUTDIR: out.npy
//
// The sequential lowering, to the llvm dialect, and its first step.
// RUN: cd %t && t2s-opt --t2s-sequential-to-llvm gemm.mlir | FileCheck %s --check-prefix=LLVM
// LLVM: llvm.func @gemm(
// LLVM-NOT: ure.
// RUN: cd %t && t2s-opt --merge-ures --ure-to-scf gemm.mlir | FileCheck %s --check-prefix=SCF
// SCF: func.func public @gemm(%arg0: memref<4x4xf32>, %arg1: memref<4x4xf32>, %arg2: memref<4x4xf32>)
// SCF: scf.for
// RUN: cd %t && not t2s-opt --ure-to-scf gemm.mlir 2>&1 | FileCheck %s --check-prefix=NOTMERGED
// NOTMERGED: error: program @gemm is not merged; run merge-ures first

// GEMM, C = A * B, for 4 x 4 matrices, in the ure dialect: the program built
// step by step in docs/ure.md.
//   a(i, j, k) = select(j == 0, A(i, k), a(i, j - 1, k))
//   b(i, j, k) = select(i == 0, B(k, j), b(i - 1, j, k))
//   c(i, j, k) = select(k == 0, 0, c(i, j, k - 1)) + a(i, j, k) * b(i, j, k)
//   out(i, j)  = select(k == K - 1, c(i, j, k))
//   a.merge_ures(b, c, out)
//    .set_bounds(i, 0, 4, j, 0, 4, k, 0, 4)
//    .reorder(k, i, j)
ure.program @gemm {
  ure.input @A : memref<4x4xf32>
  ure.input @B : memref<4x4xf32>
  ure.func @a(i, j, k) -> f32 on device
  ure.func @b(i, j, k) -> f32 on device
  ure.func @c(i, j, k) -> f32 on device
  ure.func @out(i, j) -> f32 on device

  // A(i, k) enters at column j = 0 and moves right: a(i, j, k) = a(i, j-1, k).
  ure.def @a(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %j, %c0 : index
    %in = ure.load @A(%i, %k) : f32
    %prev = ure.at @a(%i, %j - 1, %k) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  // B(k, j) enters at row i = 0 and moves down: b(i, j, k) = b(i-1, j, k).
  ure.def @b(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %in = ure.load @B(%k, %j) : f32
    %prev = ure.at @b(%i - 1, %j, %k) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  // The partial sum over k of a * b.
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
  // The output: c at the last k. Extended: drops k from the left-hand side.
  ure.def @out(%i, %j) with (%k) {
    %last = arith.constant 3 : index
    %is_last = arith.cmpi eq, %k, %last : index
    %c = ure.at @c(%i, %j, %k) : f32
    %v = ure.select %is_last, %c : f32
    ure.yield %v : f32
  }

  ure.merge_ures @a [@b, @c, @out]
  ure.set_bounds @a (i = 0 extent 4, j = 0 extent 4, k = 0 extent 4)
  ure.reorder @a (k, i, j)
}
