// RUN: t2s-opt %s --split-vectors --split-input-file --verify-diagnostics

// A split vector cannot cross a region boundary.
func.func @loop_carried(%v: vector<4xf32>, %n: index) -> vector<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b = vector.broadcast %v : vector<4xf32> to vector<2x4xf32>
  // expected-error @+1 {{'scf.for' takes or yields vector<2x4xf32>, which has no form on the target, and split-vectors has no rule to split it}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %b) -> vector<2x4xf32> {
    %s = arith.addf %acc, %acc : vector<2x4xf32>
    scf.yield %s : vector<2x4xf32>
  }
  %e = vector.extract %r[0] : vector<4xf32> from vector<2x4xf32>
  return %e : vector<4xf32>
}

// -----

// expected-error @+1 {{'func.func' has a block argument of vector<2x4xf32>, which has no form on the target; split-vectors splits the values ops make, not block arguments (function arguments, loop-carried values): pass vectors of the target's widths and buffers of scalars}}
func.func @argument(%v: vector<2x4xf32>) {
  return
}

// -----

// expected-error @+1 {{'func.func' has a block argument of memref<2xvector<2x4xf32>>}}
func.func @argument_buffer(%a: memref<2xvector<2x4xf32>>) -> vector<4xf32> {
  %c0 = arith.constant 0 : index
  %v = memref.load %a[%c0] : memref<2xvector<2x4xf32>>
  %e = vector.extract %v[0] : vector<4xf32> from vector<2x4xf32>
  return %e : vector<4xf32>
}

// -----

func.func @dynamic_position(%x: f32, %i: index) -> f32 {
  %b = vector.broadcast %x : f32 to vector<2x4xf32>
  // expected-error @+1 {{'vector.extract' at a dynamic position of a vector the target lacks: split-vectors needs static positions}}
  %e = vector.extract %b[%i, 0] : f32 from vector<2x4xf32>
  return %e : f32
}

// -----

func.func @reduction(%x: f32) -> f32 {
  %b = vector.broadcast %x : f32 to vector<5xf32>
  // expected-error @+1 {{'vector.reduction' <maxnumf> of vector<5xf32>, which has no form on the target: split-vectors expands a reduction lane by lane only for add and mul of floats and the integer kinds}}
  %r = vector.reduction <maxnumf>, %b : vector<5xf32> into f32
  return %r : f32
}

// -----

func.func @step() -> index {
  // expected-error @+1 {{'vector.step' takes or yields vector<5xindex>, which has no form on the target, and split-vectors has no rule to split it}}
  %s = vector.step : vector<5xindex>
  %e = vector.extract %s[0] : index from vector<5xindex>
  return %e : index
}

// -----

func.func @scalable(%x: f32) -> vector<[5]xf32> {
  // expected-error @+1 {{'vector.broadcast' takes or yields the scalable vector<[5]xf32>, which split-vectors cannot split (its lane count is not fixed)}}
  %b = vector.broadcast %x : f32 to vector<[5]xf32>
  return %b : vector<[5]xf32>
}

// -----

func.func @huge(%x: f32) -> f32 {
  // expected-error @+1 {{'vector.broadcast' takes or yields vector<1024x1024xf32> of 1048576 lanes; split-vectors splits vectors of at most 65536 lanes}}
  %b = vector.broadcast %x : f32 to vector<1024x1024xf32>
  %e = vector.extract %b[0, 0] : f32 from vector<1024x1024xf32>
  return %e : f32
}

// -----

func.func @view(%n: index) {
  %c0 = arith.constant 0 : index
  %h = memref.alloc() : memref<4xvector<5xi32>>
  // expected-error @+1 {{'memref.subview' takes or yields memref<4xvector<5xi32>>, which has no form on the target, and split-vectors has no rule to split it}}
  %s = memref.subview %h[1] [2] [1] : memref<4xvector<5xi32>> to memref<2xvector<5xi32>, strided<[1], offset: 1>>
  return
}
