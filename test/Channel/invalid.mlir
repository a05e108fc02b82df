// Every verifier rule of the channel dialect.
// RUN: t2s-opt %s --split-input-file --verify-diagnostics
// RUN: %if mlir-opt-plugin %{ %mlir_opt_plugin %s --split-input-file --verify-diagnostics %}

// expected-error@+1 {{'channel.fifo' op depth must be at least 1, got 0}}
channel.fifo @ch : f32, depth 0

// -----

// expected-error@+1 {{'channel.fifo' op depth must be at least 1, got -2}}
channel.fifo @ch : f32, depth -2

// -----

// expected-error@+1 {{'channel.fifo' op carries integers, floats, index or vectors, got 'memref<4xf32>'}}
channel.fifo @ch : memref<4xf32>, depth 2

// -----

// expected-error@+1 {{'channel.fifo' op carries integers, floats, index or vectors, got 'tensor<4xf32>'}}
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

// -----

channel.fifo @ch : vector<4xf32>, depth 2
func.func @f() -> vector<8xf32> {
  // expected-error@+1 {{'channel.read' op uses channel @ch of 'vector<4xf32>' with 'vector<8xf32>'}}
  %v = channel.read @ch : vector<8xf32>
  return %v : vector<8xf32>
}
