// RUN: t2s-opt %s --split-input-file --expand-streams | FileCheck %s
// RUN: %if mlir-opt-plugin %{ %mlir_opt_plugin %s --split-input-file --pass-pipeline='builtin.module(expand-streams)' | FileCheck %s %}

// expand-streams (docs/passes/expand-streams.md) writes each chain as the
// directives it stands for, where the chain was, and nothing else.

// An input chain: its feeder's isolation and buffer.
// CHECK-LABEL: ure.program @input
// CHECK:         ure.set_bounds
// CHECK-NEXT:    ure.isolate_producer [@A] into @aFeeder depth 16
// CHECK-NEXT:    ure.buffer @aFeeder (@A) scope (i) loader @aLoader out (j) depth 8
// CHECK-NEXT:    ure.isolate_consumer @y into @drainer
// CHECK-NOT:     ure.stream_input
ure.program @input {
  ure.input @A : memref<8x8xf32>
  ure.func @y(i, j) -> f32 on device
  ure.set_bounds @y (i = 0 extent 8, j = 0 extent 8)
  ure.stream_input @A loader @aLoader out (j) depth 8 feeder @aFeeder scope (i) depth 16
  ure.isolate_consumer @y into @drainer
}

// -----

// An output chain: the collector's isolation, its gather down the scope,
// its vector lanes, and the unloader; the depth is both FIFOs'.
// CHECK-LABEL: ure.program @output
// CHECK:         ure.space_time_transform
// CHECK-NEXT:    ure.isolate_consumer @y into @collector depth 64
// CHECK-NEXT:    ure.gather @collector (@y, i, down)
// CHECK-NEXT:    ure.vectorize @collector (j)
// CHECK-NEXT:    ure.unload @y from @collector into @unloader depth 64
// CHECK-NEXT:    ure.isolate_producer [@A] into @loader
// CHECK-NOT:     ure.stream_output
ure.program @output {
  ure.input @A : memref<8x8xf32>
  ure.func @y(i, j) -> f32 on device
  ure.set_bounds @y (i = 0 extent 8, j = 0 extent 8)
  ure.space_time_transform @y (i, j)
  ure.stream_output @y collector @collector scope (i) out (j) depth 64 unloader @unloader
  ure.isolate_producer [@A] into @loader
}

// -----

// Without a scope, no gather; without lanes, no vectorize (depth 2, the
// default, is not printed).
// CHECK-LABEL: ure.program @plain
// CHECK:         ure.isolate_consumer @y into @collector
// CHECK-NEXT:    ure.unload @y from @collector into @unloader
// CHECK-NEXT:  }
ure.program @plain {
  ure.func @y(i, j) -> f32 on device
  ure.stream_output @y collector @collector scope () out () unloader @unloader
}

// -----

// CHECK-LABEL: ure.program @lanes
// CHECK:         ure.isolate_consumer @y into @collector
// CHECK-NEXT:    ure.vectorize @collector (j)
// CHECK-NEXT:    ure.unload @y from @collector into @unloader
// CHECK-NEXT:  }
ure.program @lanes {
  ure.func @y(i, j) -> f32 on device
  ure.stream_output @y collector @collector scope () out (j) unloader @unloader
}
