// Output stores of a vectorized array, a row of lanes at a time
// (spacetime_vector_output.rs): C is declared C(ii, iii, jj, jjj), so the
// 4 lanes along jjj of a PE row store 4 consecutive elements. @out drops k
// and stores where k >= 6 (k = 6, then k = 7: the later write stays), so
// "last write wins": each row loads its stamps under the row's mask,
// keeps the lanes whose rank is later, and stores stamps and values with
// that mask.
// RUN: t2s-opt %s --merge-ures --space-time-transform --minimize-storage --vectorize --spacetime-to-scf --canonicalize --cse 2>/dev/null | FileCheck %s
// RUN: t2s-run %s --compare interpret,systolic | FileCheck %s --check-prefix=MATCH
// RUN: t2s-run %s --compare interpret,systolic --systolic-options 'unroll-pes=false' | FileCheck %s --check-prefix=MATCH
// RUN: t2s-run %s --compare interpret,opencl | FileCheck %s --check-prefix=MATCH
// RUN: t2s-run %s --compare interpret,spirv | FileCheck %s --check-prefix=MATCH
// RUN: t2s-run %s --compare interpret,dataflow | FileCheck %s --check-prefix=MATCH
// On the SPIR-V route the masked accesses become one access per lane under
// its bit (spirv_masked.rs), the stamps' i64 buffer cast lane-wise.
// RUN: t2s-opt %s --merge-ures --space-time-transform --minimize-storage --vectorize --spacetime-to-scf=input-checks=false --split-vectors --outline-spirv-kernels 2>/dev/null | FileCheck %s --check-prefix=SPIRV --implicit-check-not=vector.masked
//
// Two lane dimensions: gemm-2d with C declared C(j, i) stores 8 rows of 8
// lanes (the lanes are vector<8x8xf32>, j then i).
// RUN: sed -e 's/ure.func @out(i, j)/ure.func @out(j, i)/' -e 's/ure.def @out(%%i, %%j)/ure.def @out(%%j, %%i)/' %examples/vector/gemm-2d.mlir > %t.rows.mlir
// RUN: t2s-opt %t.rows.mlir --space-time-transform --vectorize --spacetime-to-scf --canonicalize --cse 2>/dev/null | FileCheck %s --check-prefix=ROWS
// RUN: t2s-run %t.rows.mlir --compare interpret,systolic | FileCheck %s --check-prefix=MATCH64
// RUN: t2s-run %t.rows.mlir --compare interpret,spirv | FileCheck %s --check-prefix=MATCH64
//
// Every partial sum kept (no stamps); an index recovered from time is
// checked once per row.
// RUN: t2s-opt %S/Inputs/vector-store-partial.mlir --merge-ures --space-time-transform --vectorize --spacetime-to-scf --canonicalize --cse 2>/dev/null | FileCheck %s --check-prefix=PARTIAL
// RUN: t2s-run %S/Inputs/vector-store-partial.mlir --compare interpret,systolic | FileCheck %s --check-prefix=MATCH512
// RUN: t2s-run %S/Inputs/vector-store-partial.mlir --compare interpret,systolic --systolic-options 'unroll-pes=false' | FileCheck %s --check-prefix=MATCH512
// RUN: t2s-run %S/Inputs/vector-store-partial.mlir --compare interpret,opencl | FileCheck %s --check-prefix=MATCH512
// RUN: t2s-run %S/Inputs/vector-store-partial.mlir --compare interpret,spirv | FileCheck %s --check-prefix=MATCH512
//
// Lanes strided in memory (the shipped gemm-tiled declares
// C(iii, jjj, jj, ii)): a row is one vector.scatter at each lane's linear
// position. The shipped store (k == 31) writes each element once, so it
// needs no stamps and no zero fill (STRIDED-ONCE); written k >= 31, which
// the lowering does not prove to hold at one k only, the stamps are one
// vector.gather and one vector.scatter (STRIDED).
// RUN: t2s-opt %examples/vector/gemm-tiled.mlir --space-time-transform --vectorize --spacetime-to-scf --canonicalize --cse 2>/dev/null | FileCheck %s --check-prefix=STRIDED-ONCE
// RUN: sed 's/%is_last = arith.cmpi eq, %%k, %%last/%is_last = arith.cmpi sge, %%k, %%last/' %examples/vector/gemm-tiled.mlir > %t.sge.mlir
// RUN: t2s-opt %t.sge.mlir --space-time-transform --vectorize --spacetime-to-scf --canonicalize --cse 2>/dev/null | FileCheck %s --check-prefix=STRIDED
// RUN: t2s-run %t.sge.mlir --compare interpret,systolic | FileCheck %s --check-prefix=MATCH1024
// RUN: t2s-run %examples/vector/gemm-tiled.mlir --compare interpret,opencl | FileCheck %s --check-prefix=MATCH1024
// RUN: t2s-run %examples/vector/gemm-tiled.mlir --compare interpret,spirv | FileCheck %s --check-prefix=MATCH1024
// The partial sums keyed by (i, k) instead, j dropped: the vectorized i
// strides by 8, and k = t1 - j, not proven inside @out, is checked lane by
// lane into the scatter's mask. A is gathered too.
// RUN: sed -e 's/ure.func @out(k, j, i)/ure.func @out(i, k)/' -e 's/ure.def @out(%%k, %%j, %%i)/ure.def @out(%%i, %%k) with (%%j)/' %S/Inputs/vector-store-partial.mlir > %t.scatter.mlir
// RUN: t2s-opt %t.scatter.mlir --merge-ures --space-time-transform --vectorize --spacetime-to-scf --canonicalize --cse 2>/dev/null | FileCheck %s --check-prefix=SCATTER
// RUN: t2s-run %t.scatter.mlir --compare interpret,systolic | FileCheck %s --check-prefix=MATCH
// RUN: t2s-run %t.scatter.mlir --compare interpret,systolic --systolic-options 'unroll-pes=false' | FileCheck %s --check-prefix=MATCH
// RUN: t2s-run %t.scatter.mlir --compare interpret,opencl | FileCheck %s --check-prefix=MATCH
// RUN: t2s-run %t.scatter.mlir --compare interpret,spirv | FileCheck %s --check-prefix=MATCH
// RUN: t2s-run %t.scatter.mlir --compare interpret,dataflow | FileCheck %s --check-prefix=MATCH
// Five lanes (a width SPIR-V lacks): split-vectors takes the gathers and
// scatters lane by lane.
// RUN: sed 's/jjj = 0 extent 16/jjj = 0 extent 5/' %examples/vector/gemm-tiled.mlir > %t.five.mlir
// RUN: t2s-run %t.five.mlir --compare interpret,spirv | FileCheck %s --check-prefix=MATCH320
// RUN: t2s-run %t.five.mlir --compare interpret,opencl | FileCheck %s --check-prefix=MATCH320
// RUN: t2s-opt %t.five.mlir --space-time-transform --vectorize --spacetime-to-scf --split-vectors 2>/dev/null | FileCheck %s --check-prefix=FIVE
//
// What keeps the lane-by-lane store: i12 elements (LLVM packs a
// vector<8xi12> into bits; i16 is stored by rows).
// RUN: sed -e 's/f32/i12/g' -e 's/mulf/muli/' -e 's/addf/addi/' -e 's/0\.0 :/0 :/' %S/Inputs/vector-store-partial.mlir > %t.i12.mlir
// RUN: t2s-opt %t.i12.mlir --merge-ures --space-time-transform --vectorize --spacetime-to-scf 2>/dev/null | FileCheck %s --check-prefix=LANES
// RUN: t2s-run %t.i12.mlir --compare interpret,systolic | FileCheck %s --check-prefix=MATCH512
// RUN: sed 's/i12/i16/g' %t.i12.mlir | t2s-opt --merge-ures --space-time-transform --vectorize --spacetime-to-scf 2>/dev/null | FileCheck %s --check-prefix=I16

// CHECK-LABEL: func.func public @gemm_tiled
// CHECK-SAME:    %[[C:[a-z0-9]+]]: memref<4x2x2x4xf32>
// CHECK:         %[[STAMPS:.*]] = memref.alloc() : memref<4x2x2x4xindex>
// Row iii = 0: its 4 lanes' ranks, stamps and values.
// CHECK:         %[[PREV:.*]] = vector.maskedload %[[STAMPS]][%{{.*}}, %c0, %{{.*}}, %c0], %{{.*}}, %[[RANK:.*]] : memref<4x2x2x4xindex>, vector<4xi1>, vector<4xindex> into vector<4xindex>
// CHECK-NEXT:    %[[LATER:.*]] = arith.cmpi sgt, %[[RANK]], %[[PREV]] : vector<4xindex>
// CHECK-NEXT:    vector.maskedstore %[[STAMPS]][%{{.*}}, %c0, %{{.*}}, %c0], %[[LATER]], %[[RANK]] : memref<4x2x2x4xindex>, vector<4xi1>, vector<4xindex>
// CHECK-NEXT:    vector.maskedstore %[[C]][%{{.*}}, %c0, %{{.*}}, %c0], %[[LATER]], %{{.*}} : memref<4x2x2x4xf32>, vector<4xi1>, vector<4xf32>
// Row iii = 1.
// CHECK:         vector.maskedload %[[STAMPS]][%{{.*}}, %c1, %{{.*}}, %c0]
// CHECK:         vector.maskedstore %[[C]][%{{.*}}, %c1, %{{.*}}, %c0]
// CHECK-NOT:     memref.store %{{.*}}, %[[C]]
// CHECK:         memref.dealloc %[[STAMPS]]

// SPIRV-LABEL: gpu.func @gemm_tiled
// SPIRV:       %[[BIT:.*]] = vector.extract %{{.*}}[0] : i1 from vector<4xi1>
// SPIRV-NEXT:  scf.if %[[BIT]] -> (index) {
// SPIRV:         %[[ST:.*]] = memref.load %{{.*}} : memref<4x2x2x4xi64, #spirv.storage_class<Function>>
// SPIRV-NEXT:    arith.index_cast %[[ST]] : i64 to index
// SPIRV:       scf.if %{{.*}} {
// SPIRV:         memref.store %{{.*}} : memref<4x2x2x4xi64, #spirv.storage_class<Function>>

// ROWS-LABEL: func.func public @gemm
// ROWS-COUNT-8: vector.maskedstore %arg2[%c{{[0-7]}}, %c0], %{{.*}}, %{{.*}} : memref<8x8xf32>, vector<8xi1>, vector<8xf32>
// ROWS-NOT:     memref.store %{{.*}}, %arg2[

// The first row (j = 0, k = t1) is inside; every other one is guarded.
// PARTIAL-LABEL: func.func public @partial
// PARTIAL:       vector.maskedstore %arg2[%arg3, %c0, %c0]
// PARTIAL:       %[[K:.*]] = arith.addi %arg3, %c-1 : index
// PARTIAL:       %[[LO:.*]] = arith.cmpi sge, %[[K]], %c0 : index
// PARTIAL-NEXT:  %[[HI:.*]] = arith.cmpi slt, %[[K]], %c8 : index
// PARTIAL-NEXT:  %[[IN:.*]] = arith.andi %[[LO]], %[[HI]] : i1
// PARTIAL:       scf.if %[[IN]] {
// PARTIAL-NEXT:    vector.maskedstore %arg2[%[[K]], %c1, %c0], %{{.*}}, %{{.*}} : memref<8x8x8xf32>, vector<8xi1>, vector<8xf32>
// PARTIAL-NEXT:  }
// PARTIAL-NOT:   memref.store %{{.*}}, %arg2[

// LANES-NOT: vector.maskedstore
// LANES-NOT: vector.store
// LANES-NOT: vector.scatter

// STRIDED-ONCE-LABEL: func.func public @gemm_tiled
// STRIDED-ONCE-SAME:    %[[C:[a-z0-9]+]]: memref<4x16x2x8xf32>
// STRIDED-ONCE-NOT:     memref.alloc() : memref<4x16x2x8xindex>
// STRIDED-ONCE-NOT:     memref.store %{{.*}}, %[[C]]
// STRIDED-ONCE:         %[[POS:.*]] = arith.select %[[ON:.*]], %{{.*}}, %{{.*}} : vector<16xi1>, vector<16xindex>
// STRIDED-ONCE-NEXT:    vector.scatter %[[C]][%c0, %c0, %c0, %c0] [%[[POS]]], %[[ON]], %{{.*}} : memref<4x16x2x8xf32>, vector<16xindex>, vector<16xi1>, vector<16xf32>
// STRIDED-ONCE-NOT:     vector.gather

// STRIDED-LABEL: func.func public @gemm_tiled
// STRIDED-SAME:    %[[C:[a-z0-9]+]]: memref<4x16x2x8xf32>
// STRIDED:         %[[STAMPS:.*]] = memref.alloc() : memref<4x16x2x8xindex>
// STRIDED:         %[[POS:.*]] = arith.select %[[ON:.*]], %{{.*}}, %{{.*}} : vector<16xi1>, vector<16xindex>
// STRIDED-NEXT:    %[[PREV:.*]] = vector.gather %[[STAMPS]][%c0, %c0, %c0, %c0] [%[[POS]]], %[[ON]], %[[RANK:.*]] : memref<4x16x2x8xindex>, vector<16xindex>, vector<16xi1>, vector<16xindex> into vector<16xindex>
// STRIDED-NEXT:    %[[LATER:.*]] = arith.cmpi sgt, %[[RANK]], %[[PREV]] : vector<16xindex>
// STRIDED-NEXT:    vector.scatter %[[STAMPS]][%c0, %c0, %c0, %c0] [%[[POS]]], %[[LATER]], %[[RANK]] : memref<4x16x2x8xindex>, vector<16xindex>, vector<16xi1>, vector<16xindex>
// STRIDED-NEXT:    vector.scatter %[[C]][%c0, %c0, %c0, %c0] [%[[POS]]], %[[LATER]], %{{.*}} : memref<4x16x2x8xf32>, vector<16xindex>, vector<16xi1>, vector<16xf32>
// STRIDED-NOT:     memref.store %{{.*}}, %[[C]]
// STRIDED-NOT:     vector.extract %{{.*}} : f32 from vector<16xf32>

// SCATTER-LABEL: func.func public @partial
// SCATTER:         %[[STAMPS:.*]] = memref.alloc() : memref<8x8xindex>
// SCATTER:         scf.for %[[T:.*]] = %c0 to %c15
// SCATTER-NEXT:      %[[LO:.*]] = arith.cmpi sge, %[[T]], %c0 : index
// SCATTER-NEXT:      %[[HI:.*]] = arith.cmpi slt, %[[T]], %c8 : index
// SCATTER-NEXT:      %[[IN:.*]] = arith.andi %[[LO]], %[[HI]] : i1
// SCATTER-NEXT:      %[[INS:.*]] = vector.broadcast %[[IN]] : i1 to vector<8xi1>
// SCATTER:           vector.gather %arg0[%c0, %c0] [%{{.*}}], %{{.*}}, %{{.*}} : memref<8x8xf32>, vector<8xindex>, vector<8xi1>, vector<8xf32> into vector<8xf32>
// SCATTER:           %[[ON:.*]] = arith.andi %[[INS]], %[[INS]] : vector<8xi1>
// SCATTER-NEXT:      %[[AT:.*]] = arith.addi %{{.*}}, %{{.*}} : vector<8xindex>
// SCATTER-NEXT:      %[[POS:.*]] = arith.select %[[ON]], %[[AT]], %{{.*}} : vector<8xi1>, vector<8xindex>
// SCATTER-NEXT:      %[[PREV:.*]] = vector.gather %[[STAMPS]][%c0, %c0] [%[[POS]]], %[[ON]], %[[RANK:.*]] : memref<8x8xindex>
// SCATTER-NEXT:      %[[LATER:.*]] = arith.cmpi sgt, %[[RANK]], %[[PREV]] : vector<8xindex>
// SCATTER-NEXT:      vector.scatter %[[STAMPS]][%c0, %c0] [%[[POS]]], %[[LATER]], %[[RANK]]
// SCATTER-NEXT:      vector.scatter %arg2[%c0, %c0] [%[[POS]]], %[[LATER]], %{{.*}} : memref<8x8xf32>, vector<8xindex>, vector<8xi1>, vector<8xf32>
// SCATTER-NOT:     memref.store %{{.*}}, %arg2[

// FIVE-LABEL: func.func public @gemm_tiled
// FIVE-NOT:    vector.gather
// FIVE-NOT:    vector.scatter
// FIVE:        return
// I16: vector.maskedstore {{.*}} vector<8xi16>

// MATCH: @out: interpret and {{[a-z]+}} match (64 elements)
// MATCH64: @out: interpret and {{[a-z]+}} match (64 elements)
// MATCH512: @out: interpret and {{[a-z]+}} match (512 elements)
// MATCH320: @out: interpret and {{[a-z]+}} match (320 elements)
// MATCH1024: @out: interpret and {{[a-z]+}} match (1024 elements)

ure.program @gemm_tiled {
  ure.input @A : memref<8x8xf32>
  ure.input @B : memref<8x8xf32>
  ure.func @a(iii, jjj, k, jj, ii) -> f32 on device
  ure.func @b(iii, jjj, k, jj, ii) -> f32 on device
  ure.func @c(iii, jjj, k, jj, ii) -> f32 on device
  ure.func @out(ii, iii, jj, jjj) -> f32 on device
  ure.def @a(%iii, %jjj, %k, %jj, %ii) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %jjj, %c0 : index
    %in = ure.load @A(%ii * 2 + %iii, %k) : f32
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
  ure.def @out(%ii, %iii, %jj, %jjj) with (%k) {
    %last = arith.constant 6 : index
    %is_last = arith.cmpi sge, %k, %last : index
    %c = ure.at @c(%iii, %jjj, %k, %jj, %ii) : f32
    %v = ure.select %is_last, %c : f32
    ure.yield %v : f32
  }
  ure.merge_ures @a [@b, @c, @out]
  ure.set_bounds @a (iii = 0 extent 2, jjj = 0 extent 4, k = 0 extent 8,
                     jj = 0 extent 2, ii = 0 extent 4)
  ure.space_time_transform @a (iii, jjj)
  ure.vectorize @a (jjj)
}
