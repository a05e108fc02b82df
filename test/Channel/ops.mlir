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
