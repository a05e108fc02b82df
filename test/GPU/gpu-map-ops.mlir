// RUN: t2s-opt %s --split-input-file | t2s-opt --split-input-file | FileCheck %s
// RUN: t2s-opt %s --split-input-file --mlir-print-op-generic | t2s-opt --split-input-file | FileCheck %s
// ure.gpu_map round-trips in both forms, with empty lists.

// CHECK-LABEL: ure.program @p
// CHECK: ure.gpu_map @c blocks (jb, ib) threads (jt, it)
ure.program @p {
  ure.func @c(i, j, jt, it, jb, ib) -> f32 on device
  ure.gpu_map @c blocks (jb, ib) threads (jt, it)
}

// -----

// CHECK-LABEL: ure.program @q
// CHECK: ure.gpu_map @c blocks (i) threads ()
ure.program @q {
  ure.func @c(i, j) -> f32 on device
  ure.gpu_map @c blocks (i) threads ()
}

// -----

// CHECK-LABEL: ure.program @r
// CHECK: ure.gpu_map @c blocks () threads (i, j)
ure.program @r {
  ure.func @c(i, j) -> f32 on device
  ure.gpu_map @c blocks () threads (i, j)
}

// -----

// CHECK-LABEL: ure.program @s
// CHECK: ure.gpu_map @c blocks (jb, ib) threads (jt, it) shared [@A, @B] scope (kk)
ure.program @s {
  ure.input @A : memref<4xf32>
  ure.input @B : memref<4xf32>
  ure.func @c(k, kk, jt, it, jb, ib) -> f32 on device
  ure.gpu_map @c blocks (jb, ib) threads (jt, it) shared [@A, @B] scope (kk)
}

// -----

// CHECK-LABEL: ure.program @t
// CHECK: ure.gpu_map @c blocks (jb, ib) threads (jt, it) shared [@A] scope (kk) double_buffered
ure.program @t {
  ure.input @A : memref<4xf32>
  ure.func @c(k, kk, jt, it, jb, ib) -> f32 on device
  ure.gpu_map @c blocks (jb, ib) threads (jt, it) shared [@A] scope (kk) double_buffered
}

// -----

// CHECK-LABEL: ure.program @u
// CHECK: ure.gpu_map @c blocks (jb, ib) threads (jt, it) staged_output
ure.program @u {
  ure.func @c(k, jt, it, jb, ib) -> f32 on device
  ure.gpu_map @c blocks (jb, ib) threads (jt, it) staged_output
}

// -----

// CHECK-LABEL: ure.program @v
// CHECK: ure.gpu_map @c blocks (jb) threads (jt) shared [@A] scope (kk) double_buffered staged_output
ure.program @v {
  ure.input @A : memref<4xf32>
  ure.func @c(k, kk, jt, jb) -> f32 on device
  ure.gpu_map @c blocks (jb) threads (jt) shared [@A] scope (kk) double_buffered staged_output
}
