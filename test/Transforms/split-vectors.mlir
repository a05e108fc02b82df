// RUN: t2s-opt %s --split-vectors --split-input-file | FileCheck %s
// RUN: t2s-opt %s --split-input-file --pass-pipeline='builtin.module(split-vectors, canonicalize)' | FileCheck %s --check-prefix=CANON

// An n-D vector becomes its rows (8 lanes: one vector<8> piece per row);
// elementwise ops apply piece by piece, a scalar condition stays scalar, a
// vector.load and vector.store move each row at its own index.

// CHECK-LABEL: func.func @elementwise
// CHECK-SAME:    (%[[A:.*]]: memref<2x8xf32>, %[[C:.*]]: i1)
// CHECK:         %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[X0:.*]] = vector.load %[[A]][%[[C0]], %[[C0]]] {alignment = 4 : i64} : memref<2x8xf32>, vector<8xf32>
// CHECK-NEXT:    %{{.*}} = arith.constant 1 : index
// CHECK-NEXT:    %[[ROW1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[X1:.*]] = vector.load %[[A]][%[[ROW1]], %[[C0]]] {alignment = 4 : i64} : memref<2x8xf32>, vector<8xf32>
// CHECK-NEXT:    %[[K:.*]] = arith.constant dense<1.000000e+00> : vector<8xf32>
// CHECK-NEXT:    %[[S0:.*]] = arith.addf %[[X0]], %[[K]] fastmath<fast> : vector<8xf32>
// CHECK-NEXT:    %[[S1:.*]] = arith.addf %[[X1]], %[[K]] fastmath<fast> : vector<8xf32>
// CHECK-NEXT:    %[[L0:.*]] = arith.cmpf olt, %[[S0]], %[[X0]] : vector<8xf32>
// CHECK-NEXT:    %[[L1:.*]] = arith.cmpf olt, %[[S1]], %[[X1]] : vector<8xf32>
// CHECK-NEXT:    %[[M0:.*]] = arith.select %[[L0]], %[[S0]], %[[X0]] : vector<8xi1>, vector<8xf32>
// CHECK-NEXT:    %[[M1:.*]] = arith.select %[[L1]], %[[S1]], %[[X1]] : vector<8xi1>, vector<8xf32>
// CHECK-NEXT:    %[[N0:.*]] = arith.select %[[C]], %[[M0]], %[[X0]] : vector<8xf32>
// CHECK-NEXT:    %[[N1:.*]] = arith.select %[[C]], %[[M1]], %[[X1]] : vector<8xf32>
// CHECK-NEXT:    vector.store %[[N0]], %[[A]][%[[C0]], %[[C0]]] : memref<2x8xf32>, vector<8xf32>
// CHECK:         vector.store %[[N1]], %[[A]][%{{.*}}, %[[C0]]] : memref<2x8xf32>, vector<8xf32>
// CHECK-NEXT:    return
func.func @elementwise(%a: memref<2x8xf32>, %c: i1) {
  %c0 = arith.constant 0 : index
  %x = vector.load %a[%c0, %c0] {alignment = 4} : memref<2x8xf32>, vector<2x8xf32>
  %one = arith.constant dense<1.0> : vector<2x8xf32>
  %s = arith.addf %x, %one fastmath<fast> : vector<2x8xf32>
  %k = arith.cmpf olt, %s, %x : vector<2x8xf32>
  %m = arith.select %k, %s, %x : vector<2x8xi1>, vector<2x8xf32>
  %n = arith.select %c, %m, %x : vector<2x8xf32>
  vector.store %n, %a[%c0, %c0] : memref<2x8xf32>, vector<2x8xf32>
  return
}

// -----

// Constants split by rows (equal rows share one constant); 5 lanes have no
// SPIR-V width, so vector<5> becomes five scalars. An extract of one lane
// reads it from its piece.

// CHECK-LABEL: func.func @constants
// CHECK-NEXT:    %[[R01:.*]] = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
// CHECK-NEXT:    %[[R2:.*]] = arith.constant dense<[5, 6, 7, 8]> : vector<4xi32>
// CHECK-NEXT:    %[[F0:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    arith.constant 1.000000e+00 : f32
// CHECK-NEXT:    arith.constant 2.000000e+00 : f32
// CHECK-NEXT:    arith.constant 3.000000e+00 : f32
// CHECK-NEXT:    %[[F4:.*]] = arith.constant 4.000000e+00 : f32
// CHECK-NEXT:    arith.addi %[[R01]], %[[R01]] : vector<4xi32>
// CHECK-NEXT:    arith.addi %[[R01]], %[[R01]] : vector<4xi32>
// CHECK-NEXT:    %[[A2:.*]] = arith.addi %[[R2]], %[[R2]] : vector<4xi32>
// CHECK-NEXT:    arith.addf %[[F0]], %[[F0]] : f32
// CHECK-COUNT-3: arith.addf
// CHECK-NEXT:    %[[D4:.*]] = arith.addf %[[F4]], %[[F4]] : f32
// CHECK-NEXT:    %[[E:.*]] = vector.extract %[[A2]][1] : i32 from vector<4xi32>
// CHECK-NEXT:    return %[[E]], %[[D4]] : i32, f32
func.func @constants() -> (i32, f32) {
  %a = arith.constant dense<[[1, 2, 3, 4], [1, 2, 3, 4], [5, 6, 7, 8]]> : vector<3x4xi32>
  %b = arith.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0]> : vector<5xf32>
  %c = arith.addi %a, %a : vector<3x4xi32>
  %d = arith.addf %b, %b : vector<5xf32>
  %e = vector.extract %c[2, 1] : i32 from vector<3x4xi32>
  %f = vector.extract %d[4] : f32 from vector<5xf32>
  return %e, %f : i32, f32
}

// -----

// Lane moves cost nothing until a use needs pieces: the chain shape_cast,
// transpose, extract is one shuffle of the source; a broadcast row is the
// source itself; an insert rebuilds only its row.

// CHECK-LABEL: func.func @moves
// CHECK-SAME:    (%[[X:.*]]: f32, %[[V:.*]]: vector<4xf32>, %[[W:.*]]: vector<16xf32>)
// CHECK-NEXT:    %[[B:.*]] = vector.broadcast %[[X]] : f32 to vector<4xf32>
// CHECK-NEXT:    %[[U:.*]] = vector.shuffle %[[W]], %[[W]] [3, 11] : vector<16xf32>, vector<16xf32>
// CHECK-NEXT:    %[[V0:.*]] = vector.extract %[[V]][0] : f32 from vector<4xf32>
// CHECK-NEXT:    %[[V1:.*]] = vector.extract %[[V]][1] : f32 from vector<4xf32>
// CHECK-NEXT:    %[[V3:.*]] = vector.extract %[[V]][3] : f32 from vector<4xf32>
// CHECK-NEXT:    %[[J:.*]] = vector.from_elements %[[V0]], %[[V1]], %[[X]], %[[V3]] : vector<4xf32>
// CHECK-NEXT:    %[[Q:.*]] = vector.shuffle %[[U]], %[[U]] [0, 1, 1, 0, 0, 0, 1, 1] : vector<2xf32>, vector<2xf32>
// CHECK-NEXT:    return %[[B]], %[[J]], %[[Q]], %[[V]]
func.func @moves(%x: f32, %v: vector<4xf32>, %w: vector<16xf32>)
    -> (vector<4xf32>, vector<4xf32>, vector<8xf32>, vector<4xf32>) {
  %b = vector.broadcast %x : f32 to vector<4x4xf32>
  %r = vector.broadcast %v : vector<4xf32> to vector<2x4xf32>
  %s = vector.shape_cast %w : vector<16xf32> to vector<2x8xf32>
  %t = vector.transpose %s, [1, 0] : vector<2x8xf32> to vector<8x2xf32>
  %u = vector.extract %t[3] : vector<2xf32> from vector<8x2xf32>
  %row = vector.extract %b[1] : vector<4xf32> from vector<4x4xf32>
  %i = vector.insert %x, %r [1, 2] : f32 into vector<2x4xf32>
  %j = vector.extract %i[1] : vector<4xf32> from vector<2x4xf32>
  %q = vector.shuffle %u, %u [0, 1, 1, 0, 0] : vector<2xf32>, vector<2xf32>
  %q8 = vector.shuffle %q, %q [0, 1, 2, 3, 4, 5, 6, 7] : vector<5xf32>, vector<5xf32>
  %r0 = vector.extract %r[0] : vector<4xf32> from vector<2x4xf32>
  return %row, %j, %q8, %r0 : vector<4xf32>, vector<4xf32>, vector<8xf32>, vector<4xf32>
}

// -----

// from_elements of a 3x4 vector: one vector<4> per row, built when a use
// needs it (here the elementwise negation).

// CHECK-LABEL: func.func @from_elements
// CHECK-COUNT-3: vector.from_elements %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : vector<4xf32>
// CHECK-COUNT-3: arith.negf %{{.*}} : vector<4xf32>
// CHECK-NOT:     vector<3x4xf32>
func.func @from_elements(%a: f32, %b: f32) -> f32 {
  %p = vector.from_elements %a, %b, %a, %b, %a, %b, %a, %b, %a, %b, %a, %a : vector<3x4xf32>
  %n = arith.negf %p : vector<3x4xf32>
  %e = vector.extract %n[2, 3] : f32 from vector<3x4xf32>
  return %e : f32
}

// -----

// Buffers of split vectors get one more dimension, the piece; their loads
// and stores move every piece; dynamic sizes and deallocations carry over.
// A vector.load of 5 lanes (no SPIR-V width) loads five scalars.

// CHECK-LABEL: func.func @memory
// CHECK-SAME:    (%[[N:.*]]: index, %[[A:.*]]: memref<?x5xi32>)
// CHECK:         %[[R:.*]] = memref.alloca() : memref<2x4xvector<4xf32>>
// CHECK-NEXT:    %[[H:.*]] = memref.alloc(%[[N]]) {alignment = 64 : i64} : memref<?x5xi32>
// CHECK-COUNT-4: memref.load %[[R]][%{{.*}}, %{{.*}}] : memref<2x4xvector<4xf32>>
// CHECK-COUNT-4: memref.store %{{.*}}, %[[R]][%{{.*}}, %{{.*}}] : memref<2x4xvector<4xf32>>
// CHECK-COUNT-5: memref.load %[[A]][%{{.*}}, %{{.*}}] : memref<?x5xi32>
// CHECK-COUNT-5: memref.store %{{.*}}, %[[H]][%{{.*}}, %{{.*}}] : memref<?x5xi32>
// CHECK-COUNT-5: memref.load %[[H]][%{{.*}}, %{{.*}}] : memref<?x5xi32>
// CHECK-COUNT-5: memref.store %{{.*}}, %[[A]][%{{.*}}, %{{.*}}] : memref<?x5xi32>
// CHECK-NEXT:    memref.dealloc %[[H]] : memref<?x5xi32>
// CHECK-NOT:     vector<4x4xf32>
// CHECK-NOT:     vector<5xi32>
func.func @memory(%n: index, %a: memref<?x5xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = memref.alloca() : memref<2xvector<4x4xf32>>
  %h = memref.alloc(%n) {alignment = 64} : memref<?xvector<5xi32>>
  %v = memref.load %r[%c0] : memref<2xvector<4x4xf32>>
  memref.store %v, %r[%c1] : memref<2xvector<4x4xf32>>
  %w = vector.load %a[%c1, %c0] : memref<?x5xi32>, vector<5xi32>
  memref.store %w, %h[%c0] : memref<?xvector<5xi32>>
  %z = memref.load %h[%c1] : memref<?xvector<5xi32>>
  vector.store %z, %a[%c0, %c0] : memref<?x5xi32>, vector<5xi32>
  memref.dealloc %h : memref<?xvector<5xi32>>
  return
}

// -----

// Poison splits into poison pieces (vector<2x3>: two vector<3>); the
// canonicalizer folds what the split leaves.

// CHECK-LABEL: func.func @poison
// CHECK:         %[[P:.*]] = ub.poison : vector<3xf32>
// CHECK-NEXT:    %[[B:.*]] = vector.broadcast %{{.*}} : f32 to vector<3xf32>
// CHECK-NEXT:    arith.addf %[[P]], %[[B]] : vector<3xf32>
// CHECK-NEXT:    arith.addf %[[P]], %[[B]] : vector<3xf32>
// CANON-LABEL: func.func @poison
// CANON-NOT:     vector<2x3xf32>
func.func @poison(%x: f32) -> vector<3xf32> {
  %p = ub.poison : vector<2x3xf32>
  %b = vector.broadcast %x : f32 to vector<2x3xf32>
  %s = arith.addf %p, %b : vector<2x3xf32>
  %r = vector.extract %s[0] : vector<3xf32> from vector<2x3xf32>
  return %r : vector<3xf32>
}

// -----

// Vectors the target has are left alone.

// CHECK-LABEL: func.func @legal
// CHECK-NEXT:    vector.load %{{.*}} : memref<16xf32>, vector<16xf32>
// CHECK-NEXT:    arith.mulf %{{.*}} : vector<16xf32>
func.func @legal(%a: memref<16xf32>, %i: index) {
  %v = vector.load %a[%i] : memref<16xf32>, vector<16xf32>
  %w = arith.mulf %v, %v : vector<16xf32>
  vector.store %w, %a[%i] : memref<16xf32>, vector<16xf32>
  return
}

// -----

// Rows of a vector.load are at logical indices, so any layout works.

// CHECK-LABEL: func.func @strided
// CHECK-COUNT-2: vector.load %{{.*}} : memref<8x8xf32, strided<[16, 1]>>, vector<8xf32>
// CHECK-COUNT-2: vector.store %{{.*}} : memref<8x8xf32, strided<[16, 1]>>, vector<8xf32>
func.func @strided(%a: memref<8x8xf32, strided<[16, 1]>>) {
  %c0 = arith.constant 0 : index
  %v = vector.load %a[%c0, %c0] : memref<8x8xf32, strided<[16, 1]>>, vector<2x8xf32>
  vector.store %v, %a[%c0, %c0] : memref<8x8xf32, strided<[16, 1]>>, vector<2x8xf32>
  return
}

// -----

// A reduction goes lane by lane, in lane order from its accumulator: of a
// split vector (its pieces' lanes) and of a legal one alike, since
// OpenCL's SPIR-V conversion would reorder a float sum (a dot product with
// ones, the accumulator added last). Another kind of a legal width is
// left to the conversion.
// CHECK-LABEL: func.func @reductions
// CHECK-SAME: (%[[V:.*]]: vector<4xf32>, %[[ACC:.*]]: f32, %[[M:.*]]: memref<6xi32>, %[[W:.*]]: vector<4xf32>)
// CHECK: %[[P0:.*]] = vector.load %[[M]][%{{.*}}] : memref<6xi32>, vector<3xi32>
// CHECK: %[[P1:.*]] = vector.load %[[M]][%{{.*}}] : memref<6xi32>, vector<3xi32>
// CHECK: %[[V0:.*]] = vector.extract %[[V]][0] : f32 from vector<4xf32>
// CHECK: %[[V1:.*]] = vector.extract %[[V]][1]
// CHECK: %[[V2:.*]] = vector.extract %[[V]][2]
// CHECK: %[[V3:.*]] = vector.extract %[[V]][3]
// CHECK: %[[S0:.*]] = arith.addf %[[ACC]], %[[V0]] : f32
// CHECK: %[[S1:.*]] = arith.addf %[[S0]], %[[V1]] : f32
// CHECK: %[[S2:.*]] = arith.addf %[[S1]], %[[V2]] : f32
// CHECK: %[[S3:.*]] = arith.addf %[[S2]], %[[V3]] : f32
// CHECK: %[[I0:.*]] = vector.extract %[[P0]][0] : i32 from vector<3xi32>
// CHECK: %[[I5:.*]] = vector.extract %[[P1]][2] : i32 from vector<3xi32>
// CHECK: %[[U1:.*]] = arith.minui %[[I0]], %{{.*}} : i32
// CHECK: %[[U5:.*]] = arith.minui %{{.*}}, %[[I5]] : i32
// CHECK: %[[F:.*]] = vector.reduction <maxnumf>, %[[W]] : vector<4xf32> into f32
// CHECK: return %[[S3]], %[[U5]], %[[F]]
func.func @reductions(%v: vector<4xf32>, %acc: f32, %m: memref<6xi32>, %w: vector<4xf32>) -> (f32, i32, f32) {
  %c0 = arith.constant 0 : index
  %u = vector.load %m[%c0] : memref<6xi32>, vector<6xi32>
  %s = vector.reduction <add>, %v, %acc : vector<4xf32> into f32
  %n = vector.reduction <minui>, %u : vector<6xi32> into i32
  %f = vector.reduction <maxnumf>, %w : vector<4xf32> into f32
  return %s, %n, %f : f32, i32, f32
}
