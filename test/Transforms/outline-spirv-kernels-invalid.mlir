// RUN: t2s-opt %s --outline-spirv-kernels --split-input-file --verify-diagnostics

// expected-error @+1 {{@f returns values; an OpenCL kernel returns nothing}}
func.func @f(%a: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %v = memref.load %a[%c0] : memref<4xf32>
  return %v : f32
}

// -----

// expected-error @+1 {{argument 0 of @f: vector<4xf32>: a kernel takes scalars and buffers, not vectors}}
func.func @f(%v: vector<4xf32>, %a: memref<4xf32>) {
  return
}

// -----

// expected-error @+1 {{argument 0 of @f: bf16, which has no SPIR-V form for OpenCL}}
func.func @f(%x: bf16) {
  return
}

// -----

// expected-error @+1 {{argument 0 of @f: memref<4x4xf32, strided<[8, 1]>>: a buffer argument has the identity layout}}
func.func @f(%a: memref<4x4xf32, strided<[8, 1]>>) {
  return
}

// -----

func.func @f(%a: memref<8xi32>, %b: i32) {
  %c0 = arith.constant 0 : index
  %v = memref.load %a[%c0] : memref<8xi32>
  // expected-error @+1 {{'arith.trunci' produces i17, which has no SPIR-V form (integers have 1, 8, 16, 32 or 64 bits)}}
  %w = arith.trunci %v : i32 to i17
  %x = arith.extsi %w : i17 to i32
  memref.store %x, %a[%c0] : memref<8xi32>
  return
}

// -----

func.func @f(%a: memref<10xf32>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'vector.load' produces vector<5xf32>, which has no SPIR-V form (SPIR-V vectors have 2, 3, 4, 8 or 16 lanes)}}
  %v = vector.load %a[%c0] : memref<10xf32>, vector<5xf32>
  vector.store %v, %a[%c0] : memref<10xf32>, vector<5xf32>
  return
}

// -----

func.func @f(%a: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %x = vector.load %a[%c0] : memref<16xf32>, vector<4xf32>
  // expected-error @+1 {{'vector.shape_cast' produces vector<2x2xf32>, which has no SPIR-V form (SPIR-V vectors have one fixed dimension)}}
  %v = vector.shape_cast %x : vector<4xf32> to vector<2x2xf32>
  return
}

// -----

channel.fifo @ch : f32, depth 2
func.func @f(%a: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %x = memref.load %a[%c0] : memref<4xf32>
  // expected-error @+1 {{'channel.write' has no SPIR-V form: a design with channels is several kernels; emit it as OpenCL C (t2s-translate --t2s-to-opencl)}}
  channel.write @ch, %x : f32
  %v = channel.read @ch : f32
  memref.store %v, %a[%c0] : memref<4xf32>
  return
}

// -----

func.func private @g()
func.func @f() {
  // expected-error @+1 {{'func.call' has no outlined form: an OpenCL kernel calls no host function}}
  func.call @g() : () -> ()
  return
}

// -----

func.func @f(%a: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    // expected-error @+1 {{a buffer of dynamic size allocated inside a loop or branch has no SPIR-V form: the host allocates such buffers once, before the kernel runs}}
    %t = memref.alloc(%i) : memref<?xf32>
    memref.dealloc %t : memref<?xf32>
  }
  return
}

// -----

func.func @f(%a: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %v = memref.load %a[%c0] : memref<?xi32>
  %n = arith.index_cast %v : i32 to index
  // expected-error @+1 {{the sizes of this buffer are not computable from the function's arguments before the kernel runs, where the host allocates it}}
  %t = memref.alloc(%n) : memref<?xi32>
  return
}

// -----

func.func @f(%a: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'memref.subview' of a buffer of dynamic size has no SPIR-V form here: a kernel takes it flat, and only loads, stores and dims are rewritten}}
  %s = memref.subview %a[0, 0] [1, 1] [1, 1] : memref<?x?xf32> to memref<1x1xf32, strided<[?, 1]>>
  return
}
