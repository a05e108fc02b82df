// Round trip of the channel ops, in custom and generic form.
// RUN: t2s-opt %s | t2s-opt | FileCheck %s
// RUN: t2s-opt %s --mlir-print-op-generic | t2s-opt | FileCheck %s
// RUN: t2s-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: %if mlir-opt-plugin %{ %mlir_opt_plugin %s | %mlir_opt_plugin | FileCheck %s %}

// CHECK:      channel.fifo @chB : f32, depth 3
// CHECK-NEXT: channel.fifo @chI : i16, depth 1 {note = "x"}
// CHECK-NEXT: channel.fifo @chV : vector<4xf32>, depth 256
// CHECK-NEXT: channel.fifo @chX : index, depth 2
// GENERIC: "channel.fifo"() <{depth = 3 : i64, element_type = f32, sym_name = "chB"}> : () -> ()
channel.fifo @chB : f32, depth 3
channel.fifo @chI : i16, depth 1 {note = "x"}
channel.fifo @chV : vector<4xf32>, depth 256
channel.fifo @chX : index, depth 2

// CHECK-LABEL: func.func @pe
// CHECK-NEXT:    %[[V:.*]] = channel.read @chB : f32
// CHECK-NEXT:    channel.write @chB, %[[V]] : f32
// CHECK-NEXT:    %[[W:.*]] = channel.read @chV {note = 1 : i64} : vector<4xf32>
// CHECK-NEXT:    channel.write @chV, %[[W]] {note = 2 : i64} : vector<4xf32>
// CHECK-NEXT:    return %[[V]]
// GENERIC: "channel.read"() <{channel = @chB}> : () -> f32
// GENERIC: "channel.write"(%{{.*}}) <{channel = @chB}> : (f32) -> ()
func.func @pe() -> f32 {
  %v = channel.read @chB : f32
  channel.write @chB, %v : f32
  %w = channel.read @chV {note = 1} : vector<4xf32>
  channel.write @chV, %w {note = 2} : vector<4xf32>
  return %v : f32
}

// Channel arrays, kernels, and indexed accesses.
// CHECK:      channel.fifo @grid [4, 8] : vector<4xf32>, depth 2
// CHECK:      channel.kernel @producer {
// CHECK:        channel.write @grid[%{{.*}}, %{{.*}}], %{{.*}} : vector<4xf32>
// CHECK:      channel.kernel @consumer attributes {note = 1 : i64} {
// CHECK:        %{{.*}} = channel.read @grid[%{{.*}}, %{{.*}}] : vector<4xf32>
// GENERIC: "channel.fifo"() <{depth = 2 : i64, element_type = vector<4xf32>, shape = array<i64: 4, 8>, sym_name = "grid"}> : () -> ()
// GENERIC: "channel.kernel"() <{sym_name = "producer"}> ({
// GENERIC: "channel.read"(%{{.*}}, %{{.*}}) <{channel = @grid}> : (index, index) -> vector<4xf32>
channel.fifo @grid [4, 8] : vector<4xf32>, depth 2
channel.kernel @producer {
  %c0 = arith.constant 0 : index
  %c7 = arith.constant 7 : index
  %v = arith.constant dense<1.0> : vector<4xf32>
  channel.write @grid[%c0, %c7], %v : vector<4xf32>
}
channel.kernel @consumer attributes {note = 1} {
  %c3 = arith.constant 3 : index
  %c0 = arith.constant 0 : index
  %v = channel.read @grid[%c3, %c0] : vector<4xf32>
}

// A read may take a multiple or a divisor of the channel's lanes.
// CHECK: channel.fifo @quad : vector<4xi32>, depth 2
// CHECK: %{{.*}} = channel.read @quad : vector<8xi32>
// CHECK: %{{.*}} = channel.read @quad : vector<2xi32>
// CHECK: %{{.*}} = channel.read @quad : i32
channel.fifo @quad : vector<4xi32>, depth 2
channel.kernel @quad_writer {
  %v = arith.constant dense<1> : vector<4xi32>
  channel.write @quad, %v : vector<4xi32>
}
channel.kernel @quad_reader {
  %a = channel.read @quad : vector<8xi32>
  %b = channel.read @quad : vector<2xi32>
  %c = channel.read @quad : i32
}
