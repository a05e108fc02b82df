// RUN: t2s-opt %s --outline-spirv-kernels --split-input-file | FileCheck %s
// RUN: t2s-opt %s --split-input-file --pass-pipeline='builtin.module(outline-spirv-kernels, gpu.module(convert-math-to-spirv), convert-gpu-to-spirv{use-64bit-index=true}, gpu.module(spirv.module(spirv-lower-abi-attrs, spirv-insert-composites, spirv-update-vce)))' | FileCheck %s --check-prefix=SPIRV

// Static buffers cross as they are; a small allocation goes to private
// memory; the function becomes the host side that launches one work-item.

// CHECK:      module attributes {gpu.container_module}
// CHECK:      func.func @copy(%[[A:.*]]: memref<4x8xf32>, %[[B:.*]]: memref<4x8xf32>)
// CHECK-NEXT:   %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT:   gpu.launch_func @t2s_kernels::@copy blocks in (%[[ONE]], %[[ONE]], %[[ONE]]) threads in (%[[ONE]], %[[ONE]], %[[ONE]]) args(%[[A]] : memref<4x8xf32>, %[[B]] : memref<4x8xf32>)
// CHECK-NEXT:   return
// CHECK:      gpu.module @t2s_kernels [#spirv.target_env<#spirv.vce<v1.0, [Kernel, Addresses, Int64{{.*}}>] attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Kernel, Addresses, Int64
// CHECK:        gpu.func @copy(%[[KA:.*]]: memref<4x8xf32>, %[[KB:.*]]: memref<4x8xf32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [1, 1, 1]>}
// CHECK:          %[[T:.*]] = memref.alloca() : memref<8xf32, #spirv.storage_class<Function>>
// CHECK:          memref.load %[[KA]]
// CHECK:          memref.store %{{.*}}, %[[T]]
// CHECK-NOT:      memref.dealloc
// CHECK:          gpu.return

// SPIRV: spirv.module @__spv__t2s_kernels Physical64 OpenCL
// SPIRV: spirv.func @copy(%{{.*}}: !spirv.ptr<!spirv.array<32 x f32>, CrossWorkgroup>, %{{.*}}: !spirv.ptr<!spirv.array<32 x f32>, CrossWorkgroup>)
// SPIRV: spirv.Variable : !spirv.ptr<!spirv.array<8 x f32>, Function>
// SPIRV: spirv.EntryPoint "Kernel" @copy
// SPIRV: spirv.ExecutionMode @copy "LocalSize", 1, 1, 1
func.func @copy(%a: memref<4x8xf32>, %b: memref<4x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %t = memref.alloc() : memref<8xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c8 step %c1 {
      %v = memref.load %a[%i, %j] : memref<4x8xf32>
      memref.store %v, %t[%j] : memref<8xf32>
      %w = memref.load %t[%j] : memref<8xf32>
      memref.store %w, %b[%i, %j] : memref<4x8xf32>
    }
  }
  memref.dealloc %t : memref<8xf32>
  return
}

// -----

// A buffer of dynamic sizes crosses flat with its sizes, its accesses
// linearized; a dynamic allocation is made by the host from the arguments
// and passed like one; a buffer of index becomes one of i64.

// CHECK-LABEL: func.func @dyn(
// CHECK-SAME:    %[[X:.*]]: memref<?x?xi32>, %[[N:.*]]: index)
// CHECK:         %[[D0:.*]] = memref.dim %[[X]], %{{.*}} : memref<?x?xi32>
// CHECK:         %[[D1:.*]] = memref.dim %[[X]], %{{.*}} : memref<?x?xi32>
// CHECK:         %[[S:.*]] = arith.addi %[[N]], %{{.*}} : index
// CHECK:         %[[BUF:.*]] = memref.alloc(%[[S]]) : memref<?xi32>
// CHECK:         %[[FLAT:.*]] = memref.collapse_shape %[[X]] {{\[\[}}0, 1]] : memref<?x?xi32> into memref<?xi32>
// CHECK:         gpu.launch_func @t2s_kernels::@dyn {{.*}} args(%[[FLAT]] : memref<?xi32>, %[[D0]] : index, %[[D1]] : index, %[[N]] : index, %[[BUF]] : memref<?xi32>, %[[S]] : index)
// CHECK-NEXT:    memref.dealloc %[[BUF]] : memref<?xi32>
// CHECK:       gpu.func @dyn(%[[KX:.*]]: memref<?xi32>, %[[KD0:.*]]: index, %[[KD1:.*]]: index, %[[KN:.*]]: index, %[[KB:.*]]: memref<?xi32>, %[[KS:.*]]: index) kernel
// CHECK:         %[[STAMPS:.*]] = memref.alloca() : memref<4xi64, #spirv.storage_class<Function>>
// CHECK:         %[[ROW:.*]] = arith.muli %{{.*}}, %[[KD1]] : index
// CHECK:         %[[LIN:.*]] = arith.addi %[[ROW]], %{{.*}} : index
// CHECK:         memref.load %[[KX]][%[[LIN]]] : memref<?xi32>
// CHECK:         memref.store %{{.*}}, %[[KB]][%{{.*}}] : memref<?xi32>
// CHECK:         %[[STAMP:.*]] = arith.index_cast %{{.*}} : index to i64
// CHECK:         memref.store %[[STAMP]], %[[STAMPS]]
// CHECK-NOT:     memref.dim
// CHECK:         gpu.return

// SPIRV-LABEL: spirv.func @dyn(
// SPIRV-SAME:    !spirv.ptr<i32, CrossWorkgroup>, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: !spirv.ptr<i32, CrossWorkgroup>, %{{.*}}: i64)
func.func @dyn(%x: memref<?x?xi32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %size = arith.addi %n, %c1 : index
  %buf = memref.alloc(%size) : memref<?xi32>
  %stamps = memref.alloc() : memref<4xindex>
  %rows = memref.dim %x, %c0 : memref<?x?xi32>
  %cols = memref.dim %x, %c1 : memref<?x?xi32>
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %cols step %c1 {
      %v = memref.load %x[%i, %j] : memref<?x?xi32>
      memref.store %v, %buf[%j] : memref<?xi32>
      memref.store %i, %stamps[%c0] : memref<4xindex>
    }
  }
  memref.dealloc %buf : memref<?xi32>
  return
}

// -----

// A vector select on a scalar condition selects on its broadcast (OpSelect
// takes a vector condition before SPIR-V 1.4); the broadcast's
// OpCompositeConstruct becomes inserts (spirv-insert-composites).

// CHECK-LABEL: gpu.func @blend
// CHECK:         %[[M:.*]] = vector.broadcast %{{.*}} : i1 to vector<4xi1>
// CHECK:         arith.select %[[M]], %{{.*}}, %{{.*}} : vector<4xi1>, vector<4xf32>
// SPIRV-LABEL: spirv.func @blend
// SPIRV-NOT:     spirv.CompositeConstruct
// SPIRV:         spirv.Undef : vector<4xi1>
// SPIRV:         spirv.CompositeInsert
// SPIRV:         spirv.Select %{{.*}}, %{{.*}}, %{{.*}} : vector<4xi1>, vector<4xf32>
func.func @blend(%a: memref<8xf32>, %c: i1) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %x = vector.load %a[%c0] : memref<8xf32>, vector<4xf32>
  %y = vector.load %a[%c4] : memref<8xf32>, vector<4xf32>
  %z = arith.select %c, %x, %y : vector<4xf32>
  vector.store %z, %a[%c0] : memref<8xf32>, vector<4xf32>
  return
}

// -----

// math.trunc, math.exp2 and math.cbrt have no upstream SPIR-V pattern; the
// kernel computes them with ops that have one (splat constants for
// vectors). A vector load or store without an alignment gets its element's.

// CHECK-LABEL: gpu.func @math
// CHECK:         %[[X:.*]] = vector.load %{{.*}} {alignment = 4 : i64} : memref<8xf32>, vector<4xf32>
// CHECK:         %[[Z:.*]] = arith.constant dense<0.000000e+00> : vector<4xf32>
// CHECK-NEXT:    %[[N:.*]] = arith.cmpf olt, %[[X]], %[[Z]] : vector<4xf32>
// CHECK-NEXT:    %[[U:.*]] = math.ceil %[[X]] : vector<4xf32>
// CHECK-NEXT:    %[[D:.*]] = math.floor %[[X]] : vector<4xf32>
// CHECK-NEXT:    %[[T:.*]] = arith.select %[[N]], %[[U]], %[[D]] : vector<4xi1>, vector<4xf32>
// CHECK:         %[[TWO:.*]] = arith.constant 2.000000e+00 : f32
// CHECK-NEXT:    math.powf %[[TWO]], %{{.*}} : f32
// CHECK:         %[[THIRD:.*]] = arith.constant 0.333333343 : f32
// CHECK-NEXT:    %[[A:.*]] = math.absf %[[S:.*]] : f32
// CHECK-NEXT:    %[[R:.*]] = math.powf %[[A]], %[[THIRD]] : f32
// CHECK-NEXT:    math.copysign %[[R]], %[[S]] : f32
// CHECK:         vector.store %[[T]], %{{.*}} {alignment = 4 : i64} : memref<8xf32>, vector<4xf32>
// SPIRV-LABEL: spirv.func @math
// SPIRV:         spirv.Load "CrossWorkgroup" %{{.*}} ["Aligned", 4] : vector<4xf32>
// SPIRV:         spirv.CL.ceil
// SPIRV:         spirv.CL.floor
// SPIRV:         spirv.CL.pow
// SPIRV:         spirv.CL.pow
// SPIRV:         spirv.Store "CrossWorkgroup" %{{.*}}, %{{.*}} ["Aligned", 4] : vector<4xf32>
func.func @math(%a: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %x = vector.load %a[%c0] : memref<8xf32>, vector<4xf32>
  %t = math.trunc %x : vector<4xf32>
  %s = memref.load %a[%c4] : memref<8xf32>
  %e = math.exp2 %s : f32
  %c = math.cbrt %s : f32
  %sum = arith.addf %e, %c : f32
  memref.store %sum, %a[%c4] : memref<8xf32>
  vector.store %t, %a[%c0] : memref<8xf32>, vector<4xf32>
  return
}

// -----

// Masked loads and stores: one access per lane under its bit; an index
// buffer's vector load and store are cast lane-wise from and to i64.

// CHECK-LABEL: gpu.func @masked(
// CHECK-SAME:    %[[A:.*]]: memref<8xf32>, %[[I:.*]]: index)
// CHECK:         %[[P:.*]] = arith.constant dense<0.000000e+00> : vector<2xf32>
// CHECK:         %[[M:.*]] = arith.cmpf ogt
// CHECK:         %[[S:.*]] = memref.alloca() : memref<2xi64, #spirv.storage_class<Function>>
// Only scalars cross the scf.if (so that split-vectors can do the same to
// vectors of widths the target lacks).
// CHECK:         %[[B0:.*]] = vector.extract %[[M]][0] : i1 from vector<2xi1>
// CHECK-NEXT:    %[[X0:.*]] = scf.if %[[B0]] -> (f32) {
// CHECK-NEXT:      %[[L0:.*]] = memref.load %[[A]][%[[I]]] : memref<8xf32>
// CHECK-NEXT:      scf.yield %[[L0]] : f32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[P0:.*]] = vector.extract %[[P]][0] : f32 from vector<2xf32>
// CHECK-NEXT:      scf.yield %[[P0]] : f32
// CHECK:         %[[V0:.*]] = vector.insert %[[X0]], %[[P]] [0] : f32 into vector<2xf32>
// CHECK-NEXT:    %[[B1:.*]] = vector.extract %[[M]][1] : i1 from vector<2xi1>
// CHECK-NEXT:    %[[X1:.*]] = scf.if %[[B1]] -> (f32) {
// CHECK:           %[[J:.*]] = arith.addi %[[I]], %c1{{.*}} : index
// CHECK-NEXT:      memref.load %[[A]][%[[J]]] : memref<8xf32>
// CHECK:         %[[V1:.*]] = vector.insert %[[X1]], %[[V0]] [1] : f32 into vector<2xf32>
// CHECK:         %[[C0:.*]] = vector.extract %[[M]][0] : i1 from vector<2xi1>
// CHECK-NEXT:    scf.if %[[C0]] {
// CHECK-NEXT:      %[[Y0:.*]] = vector.extract %[[V1]][0] : f32 from vector<2xf32>
// CHECK:           memref.store %[[Y0]], %[[A]][%{{.*}}] : memref<8xf32>
// CHECK:         %[[L:.*]] = vector.load %[[S]][%{{.*}}] {alignment = 8 : i64} : memref<2xi64, #spirv.storage_class<Function>>, vector<2xi64>
// CHECK-NEXT:    %[[LI:.*]] = arith.index_cast %[[L]] : vector<2xi64> to vector<2xindex>
// CHECK-NEXT:    %[[SI:.*]] = arith.index_cast %[[LI]] : vector<2xindex> to vector<2xi64>
// CHECK-NEXT:    vector.store %[[SI]], %[[S]][%{{.*}}] {alignment = 8 : i64} : memref<2xi64, #spirv.storage_class<Function>>, vector<2xi64>
// CHECK-NOT:     vector.masked
// CHECK:         gpu.return
// SPIRV-LABEL: spirv.func @masked
// SPIRV-NOT:     vector.
// SPIRV:         spirv.Return
func.func @masked(%a: memref<8xf32>, %i: index) {
  %c0 = arith.constant 0 : index
  %p = arith.constant dense<0.0> : vector<2xf32>
  %x = vector.load %a[%c0] : memref<8xf32>, vector<2xf32>
  %m = arith.cmpf ogt, %x, %p : vector<2xf32>
  %s = memref.alloc() : memref<2xindex>
  %v = vector.maskedload %a[%i], %m, %p : memref<8xf32>, vector<2xi1>, vector<2xf32> into vector<2xf32>
  vector.maskedstore %a[%i], %m, %v : memref<8xf32>, vector<2xi1>, vector<2xf32>
  %r = vector.load %s[%c0] : memref<2xindex>, vector<2xindex>
  vector.store %r, %s[%c0] : memref<2xindex>, vector<2xindex>
  memref.dealloc %s : memref<2xindex>
  return
}

// -----

// Gathers and scatters: lane l reads or writes the element at
// base[offsets] moved by its index in row-major order, which may carry
// into the outer dimension (lane 1 of the gather: [1, 2] + 3 = [2, 1]).

// CHECK-LABEL: gpu.func @indexed(
// CHECK-SAME:    %[[B:.*]]: memref<3x4xf32>
// CHECK:         %[[BIT:.*]] = vector.extract %{{.*}}[1] : i1 from vector<2xi1>
// CHECK-NEXT:    scf.if %[[BIT]] -> (f32) {
// CHECK:           %[[STEP:.*]] = vector.extract %{{.*}}[1] : i32 from vector<2xi32>
// CHECK-NEXT:      %[[S:.*]] = arith.index_cast %[[STEP]] : i32 to index
// CHECK:           %[[POS:.*]] = arith.addi %{{.*}}, %[[S]] : index
// CHECK-NEXT:      %[[COL:.*]] = arith.remsi %[[POS]], %c4{{.*}} : index
// CHECK-NEXT:      %[[ROW:.*]] = arith.divsi %[[POS]], %c4{{.*}} : index
// CHECK-NEXT:      memref.load %[[B]][%[[ROW]], %[[COL]]] : memref<3x4xf32>
// CHECK:         scf.if %{{.*}} {
// CHECK:           memref.store %{{.*}}, %[[B]][%{{.*}}, %{{.*}}] : memref<3x4xf32>
// CHECK-NOT:     vector.gather
// CHECK-NOT:     vector.scatter
// CHECK:         gpu.return
// SPIRV-LABEL: spirv.func @indexed
// SPIRV-NOT:     vector.
// SPIRV:         spirv.Return
func.func @indexed(%b: memref<3x4xf32>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %p = arith.constant dense<0.0> : vector<2xf32>
  %x = vector.load %b[%c1, %c1] : memref<3x4xf32>, vector<2xf32>
  %m = arith.cmpf ogt, %x, %p : vector<2xf32>
  %ix = arith.constant dense<[0, 3]> : vector<2xi32>
  %g = vector.gather %b[%c1, %c2] [%ix], %m, %p : memref<3x4xf32>, vector<2xi32>, vector<2xi1>, vector<2xf32> into vector<2xf32>
  vector.scatter %b[%c1, %c2] [%ix], %m, %g : memref<3x4xf32>, vector<2xi32>, vector<2xi1>, vector<2xf32>
  return
}
