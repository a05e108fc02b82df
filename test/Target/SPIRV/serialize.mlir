// The kernels of t2s-sequential-to-spirv serialize to a binary that
// spirv-val accepts for OpenCL 2.0 (Physical64, Kernel execution model).
// RUN: t2s-opt %s --t2s-sequential-to-spirv | t2s-translate --t2s-to-spirv -o %t.spv
// RUN: %spirv-val %t.spv
// RUN: t2s-opt %s --t2s-sequential-to-spirv | FileCheck %s
// RUN: not t2s-translate --t2s-to-spirv %S/Inputs/no-spirv.mlir 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: not t2s-translate --t2s-to-spirv %S/Inputs/two-spirv.mlir 2>&1 | FileCheck %s --check-prefix=TWO

// The pipeline ends with gpu-module-to-binary: the kernels' SPIR-V is the
// object of a gpu.binary (SPIR-V dialect text of 16-lane vectors does not
// parse back); the spirv.module is the IR before that pass.
// CHECK: func.func public @scale(%[[X:.*]]: memref<6xf32>, %[[Y:.*]]: memref<6xf32>)
// CHECK:   gpu.launch_func @t2s_kernels::@scale
// CHECK: gpu.binary @t2s_kernels [#gpu.object<#spirv.target_env<#spirv.vce<v1.0, [Kernel, Addresses, Int64{{.*}}>, "{{.+}}">]
// RUN: t2s-opt %s --t2s-sequential-to-spirv --mlir-print-ir-before=gpu-module-to-binary -o /dev/null 2>&1 | FileCheck %s --check-prefix=MODULE
// MODULE: spirv.module @__spv__t2s_kernels Physical64 OpenCL requires #spirv.vce<v1.0, [{{.*}}Kernel{{.*}}]
// MODULE:   spirv.func @scale
// MODULE:   spirv.CL.sqrt
// MODULE:   spirv.EntryPoint "Kernel" @scale
// A spirv.module of its own serializes too (the upstream form).
// RUN: t2s-translate --t2s-to-spirv %S/Inputs/one-spirv.mlir -o %t.one.spv
// RUN: %spirv-val %t.one.spv

// NONE: no-spirv.mlir:1:1: error: no spirv.module or SPIR-V gpu.binary to write: lower the program with t2s-sequential-to-spirv or t2s-systolic-to-spirv first
// TWO: two-spirv.mlir:3:1: error: a second SPIR-V module: one SPIR-V binary holds one module
// TWO: two-spirv.mlir:1:1: note: the first one

ure.program @scale {
  ure.input @x : memref<6xf32>
  ure.func @y(i) -> f32 on device
  ure.def @y(%i) {
    %v = ure.load @x(%i) : f32
    %r = math.sqrt %v : f32
    ure.yield %r : f32
  }
  ure.set_bounds @y (i = 0 extent 6)
}
