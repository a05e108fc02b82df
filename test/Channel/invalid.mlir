// Every verifier rule of the channel dialect.
// RUN: t2s-opt %s --split-input-file --verify-diagnostics
// RUN: %if mlir-opt-plugin %{ %mlir_opt_plugin %s --split-input-file --verify-diagnostics %}

// expected-error@+1 {{'channel.fifo' op depth must be at least 1, got 0}}
channel.fifo @ch : f32, depth 0

// -----

// expected-error@+1 {{'channel.fifo' op depth must be at least 1, got -2}}
channel.fifo @ch : f32, depth -2

// -----

// expected-error@+1 {{'channel.fifo' op carries integers of 1 to 64 bits, f16, bf16, f32, f64, index or fixed vectors of them, got 'memref<4xf32>'}}
channel.fifo @ch : memref<4xf32>, depth 2

// -----

// expected-error@+1 {{'channel.fifo' op carries integers of 1 to 64 bits, f16, bf16, f32, f64, index or fixed vectors of them, got 'tensor<4xf32>'}}
channel.fifo @ch : tensor<4xf32>, depth 2

// -----

func.func @f(%v: f32) {
  // expected-error@+1 {{'channel.write' op uses @nope, which is not a channel.fifo}}
  channel.write @nope, %v : f32
  return
}

// -----

func.func @f() -> f32 {
  // expected-error@+1 {{'channel.read' op uses @f, which is not a channel.fifo}}
  %v = channel.read @f : f32
  return %v : f32
}

// -----

channel.fifo @ch : f32, depth 2
func.func @f(%v: i32) {
  // expected-error@+1 {{'channel.write' op uses channel @ch of 'f32' with 'i32'}}
  channel.write @ch, %v : i32
  return
}
func.func @g() -> f32 {
  %v = channel.read @ch : f32
  return %v : f32
}

// -----

// A read may match lanes (a multiple or a divisor of the channel's), of the
// same element type only.
channel.fifo @ch : vector<4xf32>, depth 2
func.func @g(%v: vector<4xf32>) {
  channel.write @ch, %v : vector<4xf32>
  return
}
func.func @f() -> vector<8xi32> {
  // expected-error@+1 {{'channel.read' op uses channel @ch of 'vector<4xf32>' with 'vector<8xi32>'}}
  %v = channel.read @ch : vector<8xi32>
  return %v : vector<8xi32>
}

// -----

channel.fifo @ch : vector<8xf32>, depth 2
func.func @g(%v: vector<8xf32>) {
  channel.write @ch, %v : vector<8xf32>
  return
}
func.func @f() -> vector<3xf32> {
  // expected-error@+1 {{'channel.read' op reads 3 lanes from channel @ch of 8-lane values: neither count is a multiple of the other, so the lanes cannot be matched}}
  %v = channel.read @ch : vector<3xf32>
  return %v : vector<3xf32>
}

// -----

// Writes carry the channel's own type or a divisor of its lanes: not more
// lanes, ...
channel.fifo @ch : vector<4xf32>, depth 2
func.func @g(%v: vector<8xf32>) {
  // expected-error@+1 {{'channel.write' op writes 8 lanes into channel @ch of 4-lane values: a write carries a value of the channel's type or a divisor of its lanes}}
  channel.write @ch, %v : vector<8xf32>
  return
}
func.func @f() -> vector<4xf32> {
  %v = channel.read @ch : vector<4xf32>
  return %v : vector<4xf32>
}

// -----

// ... nor a count that does not divide them, ...
channel.fifo @ch : vector<8xf32>, depth 2
func.func @g(%v: vector<3xf32>) {
  // expected-error@+1 {{'channel.write' op writes 3 lanes into channel @ch of 8-lane values: a write carries a value of the channel's type or a divisor of its lanes}}
  channel.write @ch, %v : vector<3xf32>
  return
}
func.func @f() -> vector<8xf32> {
  %v = channel.read @ch : vector<8xf32>
  return %v : vector<8xf32>
}

// -----

// ... nor another element type.
channel.fifo @ch : vector<4xf32>, depth 2
func.func @g(%v: i32) {
  // expected-error@+1 {{'channel.write' op uses channel @ch of 'vector<4xf32>' with 'i32'}}
  channel.write @ch, %v : i32
  return
}
func.func @f() -> vector<4xf32> {
  %v = channel.read @ch : vector<4xf32>
  return %v : vector<4xf32>
}

// -----

// expected-error@+1 {{'channel.fifo' op dimensions must be at least 1, got 0}}
channel.fifo @ch [4, 0] : f32, depth 2

// -----

// expected-error@+1 {{'channel.fifo' op declares more than 2^32 channels}}
channel.fifo @ch [65536, 65536, 2] : f32, depth 2

// -----

// expected-error@+1 {{'channel.fifo' op carries integers of 1 to 64 bits, f16, bf16, f32, f64, index or fixed vectors of them, got 'vector<[4]xf32>'}}
channel.fifo @ch : vector<[4]xf32>, depth 2

// -----

// A channel has one writer kernel and one reader kernel.
// expected-error@+1 {{'channel.fifo' op is written by two kernels, @k1 and @k2; a channel has one writer and one reader}}
channel.fifo @ch : f32, depth 2
channel.kernel @k1 {
  %v = arith.constant 1.0 : f32
  channel.write @ch, %v : f32
}
channel.kernel @k2 {
  %v = arith.constant 2.0 : f32
  // expected-note@+1 {{the second kernel's use}}
  channel.write @ch, %v : f32
}
channel.kernel @k3 {
  %v = channel.read @ch : f32
}

// -----

// expected-error@+1 {{'channel.fifo' op is read by two kernels, @k2 and @k3; a channel has one writer and one reader}}
channel.fifo @ch [2] : f32, depth 2
channel.kernel @k1 {
  %v = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  channel.write @ch[%c0], %v : f32
}
channel.kernel @k2 {
  %c0 = arith.constant 0 : index
  %v = channel.read @ch[%c0] : f32
}
channel.kernel @k3 {
  %c1 = arith.constant 1 : index
  // expected-note@+1 {{the second kernel's use}}
  %v = channel.read @ch[%c1] : f32
}

// -----

// expected-error@+1 {{'channel.fifo' op is written by @k1 but read by no kernel}}
channel.fifo @ch : f32, depth 2
channel.kernel @k1 {
  %v = arith.constant 1.0 : f32
  channel.write @ch, %v : f32
}

// -----

// A function outside any kernel is a kernel of its own.
// expected-error@+1 {{'channel.fifo' op is read by @f but written by no kernel}}
channel.fifo @ch : f32, depth 2
func.func @f() -> f32 {
  %v = channel.read @ch : f32
  return %v : f32
}

// -----

channel.fifo @ch [4, 2] : f32, depth 2
channel.kernel @k1 {
  %v = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{'channel.write' op indexes channel @ch with 1 indices; it has 2 dimensions}}
  channel.write @ch[%c0], %v : f32
}
channel.kernel @k2 {
  %c0 = arith.constant 0 : index
  %v = channel.read @ch[%c0, %c0] : f32
}

// -----

channel.fifo @ch [4, 2] : f32, depth 2
channel.kernel @k1 {
  %v = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  channel.write @ch[%c0, %c0], %v : f32
}
channel.kernel @k2 {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  // expected-error@+1 {{'channel.read' op index 2 of dimension 1 is outside channel @ch [0, 2)}}
  %v = channel.read @ch[%c0, %c2] : f32
}

// -----

channel.fifo @ch : f32, depth 2
channel.kernel @k1 {
  %v = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{'channel.write' op indexes channel @ch with 1 indices; it has 0 dimensions}}
  channel.write @ch[%c0], %v : f32
}
channel.kernel @k2 {
  %v = channel.read @ch : f32
}

// -----

%v = arith.constant 1.0 : f32
// expected-note@+1 {{required by region isolation constraints}}
channel.kernel @k {
  // expected-error@+1 {{using value defined outside the region}}
  %w = arith.addf %v, %v : f32
}

// -----

// expected-error@+1 {{'channel.fifo' op carries integers of 1 to 64 bits, f16, bf16, f32, f64, index or fixed vectors of them, got 'i0'}}
channel.fifo @ch : i0, depth 2

// -----

// expected-error@+1 {{'channel.fifo' op carries integers of 1 to 64 bits, f16, bf16, f32, f64, index or fixed vectors of them, got 'i128'}}
channel.fifo @ch : i128, depth 2

// -----

// expected-error@+1 {{'channel.fifo' op carries integers of 1 to 64 bits, f16, bf16, f32, f64, index or fixed vectors of them, got 'vector<4xtf32>'}}
channel.fifo @ch : vector<4xtf32>, depth 2

// -----

// Lane-wise accesses: the lanes of the value, a channel of scalars of the
// value's element type, inside a vectorized array.
channel.fifo @ch [4] : f32, depth 2
func.func @f(%i: vector<4xindex>) {
  // expected-error@+1 {{'channel.read_lanes' op belongs to a vectorized spacetime.array: its lanes are the array's PEs}}
  %v = channel.read_lanes @ch[%i] : vector<4xf32> indices vector<4xindex>
  return
}

// -----

#s = affine_map<(d0, d1) -> (d0)>
#r = affine_map<(d0, d1) -> (d0, d1)>
ure.program @p {
  ure.func @f(i, p) -> f32 on device
  channel.fifo @ch [4] : f32, depth 2
  spacetime.array @f loops (i = 0 extent 2, p = 0 extent 4) time (t = 0 extent 2) space (p = 0 extent 4) schedule #s recover #r {
  ^bb0(%t: index, %p: vector<4xindex>):
    %w = arith.constant dense<0> : vector<8xindex>
    // expected-error@+1 {{'channel.read_lanes' op index 0 has 'vector<8xindex>' but the lanes are those of 'vector<4xf32>'}}
    %v = channel.read_lanes @ch[%w] : vector<4xf32> indices vector<8xindex>
  }
}

// -----

#s = affine_map<(d0, d1) -> (d0)>
#r = affine_map<(d0, d1) -> (d0, d1)>
ure.program @p {
  ure.func @f(i, p) -> f32 on device
  channel.fifo @ch [4] : f32, depth 2
  spacetime.array @f loops (i = 0 extent 2, p = 0 extent 4) time (t = 0 extent 2) space (p = 0 extent 4) schedule #s recover #r {
  ^bb0(%t: index, %p: vector<4xindex>):
    %m = arith.constant dense<true> : vector<8xi1>
    %v = arith.constant dense<1.0> : vector<4xf32>
    // expected-error@+1 {{'channel.write_lanes' op mask 'vector<8xi1>' does not have the lanes of 'vector<4xf32>'}}
    "channel.write_lanes"(%p, %v, %m) <{channel = @ch, operandSegmentSizes = array<i32: 1, 1, 1>}> : (vector<4xindex>, vector<4xf32>, vector<8xi1>) -> ()
  }
}

// -----

#s = affine_map<(d0, d1) -> (d0)>
#r = affine_map<(d0, d1) -> (d0, d1)>
ure.program @p {
  ure.func @f(i, p) -> f32 on device
  channel.fifo @ch [4] : vector<2xf32>, depth 2
  func.func @writer(%v: vector<2xf32>, %i: index) {
    channel.write @ch[%i], %v : vector<2xf32>
    return
  }
  spacetime.array @f loops (i = 0 extent 2, p = 0 extent 4) time (t = 0 extent 2) space (p = 0 extent 4) schedule #s recover #r {
  ^bb0(%t: index, %p: vector<4xindex>):
    // expected-error@+1 {{'channel.read_lanes' op accesses channel @ch of 'vector<2xf32>' lane by lane with 'vector<4xf32>': each lane carries one value of the channel's type}}
    %v = channel.read_lanes @ch[%p] : vector<4xf32> indices vector<4xindex>
  }
}

// -----

#s = affine_map<(d0, d1) -> (d0)>
#r = affine_map<(d0, d1) -> (d0, d1)>
ure.program @p {
  ure.func @f(i, p) -> f32 on device
  channel.fifo @ch [4] : f32, depth 2
  func.func @writer(%v: f32, %i: index) {
    channel.write @ch[%i], %v : f32
    return
  }
  spacetime.array @f loops (i = 0 extent 2, p = 0 extent 4) time (t = 0 extent 2) space (p = 0 extent 4) schedule #s recover #r {
  ^bb0(%t: index, %p: vector<4xindex>):
    %c4 = arith.constant 4 : index
    // expected-error@+1 {{'channel.read_lanes' op index 4 of dimension 0 is outside channel @ch [0, 4)}}
    %v = channel.read_lanes @ch[%c4] : vector<4xf32>
  }
}

// -----

#s = affine_map<(d0, d1) -> (d0)>
#r = affine_map<(d0, d1) -> (d0, d1)>
ure.program @p {
  ure.func @f(i, p) -> f32 on device
  channel.fifo @ch [4] : f32, depth 2
  func.func @writer(%v: f32, %i: index) {
    channel.write @ch[%i], %v : f32
    return
  }
  spacetime.array @f loops (i = 0 extent 2, p = 0 extent 4) time (t = 0 extent 2) space (p = 0 extent 4) schedule #s recover #r {
  ^bb0(%t: index, %p: vector<4xindex>):
    // expected-error@+1 {{'channel.read_lanes' op indexes channel @ch with 2 indices; it has 1 dimensions}}
    %w = channel.read_lanes @ch[%t, %p] : vector<4xf32> indices index, vector<4xindex>
  }
}

// -----

#s = affine_map<(d0, d1) -> (d0)>
#r = affine_map<(d0, d1) -> (d0, d1)>
ure.program @p {
  ure.func @f(i, p) -> f32 on device
  spacetime.array @f loops (i = 0 extent 2, p = 0 extent 4) time (t = 0 extent 2) space (p = 0 extent 4) schedule #s recover #r {
  ^bb0(%t: index, %p: vector<4xindex>):
    // expected-error@+1 {{'channel.read_lanes' op uses @nope, which is not a channel.fifo}}
    %v = channel.read_lanes @nope[%p] : vector<4xf32> indices vector<4xindex>
  }
}
