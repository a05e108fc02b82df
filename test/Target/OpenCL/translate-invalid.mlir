// Every error of t2s-to-opencl, located at the construct OpenCL C cannot
// express.
// RUN: t2s-translate --t2s-to-opencl %s --split-input-file --verify-diagnostics

// expected-error@+1 {{'ure.program' at module level: t2s-to-opencl translates lowered kernels (func.func and channel.fifo); run t2s-dataflow-to-scf or t2s-sequential-to-scf first}}
ure.program @p {
  ure.func @f(i) -> i32 on device
}

// -----

// expected-error@+1 {{no kernel (func.func with a body) to translate}}
module {
  func.func private @external(memref<4xf32>)
}

// -----

// expected-error@+1 {{OpenCL C has no 17-bit integer type (i8, i16, i32, i64 and i1 only)}}
func.func @k(%a: memref<4xi17>) {
  %c0 = arith.constant 0 : index
  %x = memref.load %a[%c0] : memref<4xi17>
  return
}

// -----

// expected-error@+1 {{OpenCL C has no type for bf16}}
func.func @k(%a: memref<4xbf16>) {
  %c0 = arith.constant 0 : index
  %x = memref.load %a[%c0] : memref<4xbf16>
  return
}

// -----

func.func @k(%a: memref<4xi32>) {
  %c0 = arith.constant 0 : index
  %x = memref.load %a[%c0] : memref<4xi32>
  // expected-error@+1 {{'math.ctlz' has no OpenCL C form}}
  %y = math.ctlz %x : i32
  return
}

// -----

func.func @k(%a: memref<4xi32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  // expected-error@+1 {{'scf.while' has no OpenCL C form (t2s-to-opencl takes scf, arith, math, memref, vector and channel ops: see docs/backends.md)}}
  %r = scf.while (%i = %c0) : (index) -> index {
    %go = arith.cmpi slt, %i, %c4 : index
    scf.condition(%go) %i : index
  } do {
  ^bb0(%i: index):
    scf.yield %i : index
  }
  return
}

// -----

func.func @k(%a: memref<4xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %x = memref.load %a[%c0] : memref<4xi32>
  // expected-error@+1 {{a kernel that returns values: OpenCL kernels return void}}
  return %x : i32
}

// -----

func.func @k(%a: memref<4xi32>) {
  %c0 = arith.constant 0 : index
  %x = memref.load %a[%c0] : memref<4xi32>
  %n = arith.index_cast %x : i32 to index
  // expected-error@+1 {{a memref of dynamic size whose size the host cannot compute from the kernel's arguments: OpenCL C has no dynamically sized private arrays}}
  %m = memref.alloca(%n) : memref<?xi32>
  return
}

// -----

// expected-error@+1 {{memref<4xf32, strided<[2]>>: only memrefs of the identity (row-major) layout have an OpenCL C form}}
func.func @k(%a: memref<4xf32, strided<[2]>>) {
  %c0 = arith.constant 0 : index
  %x = memref.load %a[%c0] : memref<4xf32, strided<[2]>>
  return
}

// -----

// expected-error@+1 {{kernel argument 0 of type vector<4xf32>: OpenCL kernels take buffers and scalar numbers}}
func.func @k(%v: vector<4xf32>, %a: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  vector.store %v, %a[%c0] : memref<4xf32>, vector<4xf32>
  return
}

