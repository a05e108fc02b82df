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

// Writes carry the channel's own type.
channel.fifo @ch : vector<4xf32>, depth 2
func.func @g(%v: vector<8xf32>) {
  // expected-error@+1 {{'channel.write' op uses channel @ch of 'vector<4xf32>' with 'vector<8xf32>'}}
  channel.write @ch, %v : vector<8xf32>
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
