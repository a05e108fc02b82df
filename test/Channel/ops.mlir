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

// Lane-wise accesses of a vectorized PE array: vector indices, a mask.
// CHECK-LABEL: ure.program @lanes
// CHECK:         %[[R:.*]] = channel.read_lanes @in[%{{.*}}] : vector<4xf32> indices vector<4xindex>
// CHECK-NEXT:    %[[M:.*]] = spacetime.scheduled : vector<4xi1>
// CHECK-NEXT:    %[[S:.*]] = channel.read_lanes @one if %[[M]] : vector<4xf32>
// CHECK-NEXT:    channel.write_lanes @out[%{{.*}}, %{{.*}}], %[[R]] if %[[M]] : vector<4xf32> indices index, vector<4xindex>
// CHECK-NEXT:    channel.write_lanes @out[%{{.*}}, %{{.*}}], %[[S]] : vector<4xf32> indices index, vector<4xindex>
// GENERIC: "channel.read_lanes"(%{{.*}}) <{channel = @in, operandSegmentSizes = array<i32: 1, 0>}> : (vector<4xindex>) -> vector<4xf32>
// GENERIC: "channel.write_lanes"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) <{channel = @out, operandSegmentSizes = array<i32: 2, 1, 1>}> : (index, vector<4xindex>, vector<4xf32>, vector<4xi1>) -> ()
ure.program @lanes {
  ure.func @f(i, p) -> f32 on device
  channel.fifo @in [4] : f32, depth 2
  channel.fifo @one : f32, depth 2
  channel.fifo @out [2, 4] : f32, depth 2
  channel.kernel @k {
    spacetime.array @f loops (i = 0 extent 2, p = 0 extent 4) time (t = 0 extent 2) space (p = 0 extent 4) schedule affine_map<(d0, d1) -> (d0)> recover affine_map<(d0, d1) -> (d0, d1)> {
    ^bb0(%t: index, %p: vector<4xindex>):
      %r = channel.read_lanes @in[%p] : vector<4xf32> indices vector<4xindex>
      %m = spacetime.scheduled : vector<4xi1>
      %s = channel.read_lanes @one if %m : vector<4xf32>
      channel.write_lanes @out[%t, %p], %r if %m : vector<4xf32> indices index, vector<4xindex>
      channel.write_lanes @out[%t, %p], %s : vector<4xf32> indices index, vector<4xindex>
    }
  }
  channel.kernel @source {
    spacetime.array @f loops (i = 0 extent 2, p = 0 extent 4) time (t = 0 extent 2) space (p = 0 extent 4) schedule affine_map<(d0, d1) -> (d0)> recover affine_map<(d0, d1) -> (d0, d1)> {
    ^bb0(%t: index, %p: index):
      %c = arith.constant 1.0 : f32
      channel.write @in[%p], %c : f32
      channel.write @one, %c : f32
    }
  }
  channel.kernel @sink {
    spacetime.array @f loops (i = 0 extent 2, p = 0 extent 4) time (t = 0 extent 2) space (p = 0 extent 4) schedule affine_map<(d0, d1) -> (d0)> recover affine_map<(d0, d1) -> (d0, d1)> {
    ^bb0(%t: index, %p: index):
      %v = channel.read @out[%t, %p] : f32
    }
  }
}
