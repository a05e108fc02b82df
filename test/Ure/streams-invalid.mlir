// RUN: t2s-opt %s --split-input-file --verify-diagnostics
// RUN: %if mlir-opt-plugin %{ %mlir_opt_plugin %s --split-input-file --verify-diagnostics %}

// The verifiers of the streaming-tensor directives (docs/streaming-tensors.md):
// ure.stream_input (a loader and a feeder for an input), ure.buffer (the
// older spelling of the feeder's double buffer), ure.stream_output (a
// collector and an unloader for the output) and ure.unload (the output's
// unloader after its collector). What needs the array (the
// scope, the lanes, the tile) is the buffer pass's question.

ure.program @p {
  ure.input @A : memref<8x8xf32>
  ure.func @f(i, j) -> f32
  // expected-error@+1 {{'ure.stream_input' op depth must be at least 1, got 0}}
  ure.stream_input @A loader @aLoader out (j) depth 0 feeder @aFeeder scope (i)
}

// -----

ure.program @p {
  ure.input @A : memref<8x8xf32>
  ure.func @f(i, j) -> f32
  // expected-error@+1 {{'ure.stream_input' op streams @f, which is not a ure.input}}
  ure.stream_input @f loader @aLoader out (j) feeder @aFeeder scope (i)
}

// -----

ure.program @p {
  ure.input @A : memref<8x8xf32>
  ure.func @f(i, j) -> f32
  // expected-error@+1 {{'ure.stream_input' op 'scope' names one loop, got 2}}
  ure.stream_input @A loader @aLoader out (j) feeder @aFeeder scope (i, j)
}

// -----

ure.program @p {
  ure.input @A : memref<8x8xf32>
  ure.func @f(i, j) -> f32
  // expected-error@+1 {{'ure.stream_input' op 'out' names at most one loop (the vector lanes along the input's last dimension), got 2}}
  ure.stream_input @A loader @aLoader out (i, j) feeder @aFeeder scope (i)
}

// -----

ure.program @p {
  ure.input @A : memref<8x8xf32>
  ure.func @f(i, j) -> f32
  // expected-error@+1 {{'ure.stream_input' op the loader and the feeder are one kernel @k}}
  ure.stream_input @A loader @k out (j) feeder @k scope (i)
}

// -----

ure.program @p {
  ure.input @A : memref<8x8xf32>
  ure.func @f(i, j) -> f32
  // expected-note@-1 {{defined here}}
  // expected-error@+1 {{'ure.stream_input' op kernel @f would redefine a symbol of the program}}
  ure.stream_input @A loader @f out (j) feeder @aFeeder scope (i)
}

// -----

ure.program @p {
  ure.input @A : memref<8x8xf32>
  ure.input @B : memref<8x8xf32>
  ure.func @f(i, j) -> f32
  // expected-note@+1 {{the earlier directive}}
  ure.isolate_producer [@B] into @aFeeder
  // expected-error@+1 {{'ure.stream_input' op kernel @aFeeder is created by an earlier directive}}
  ure.stream_input @A loader @aLoader out (j) feeder @aFeeder scope (i)
}

// -----

// One chain per input: isolated once, streamed once.
ure.program @p {
  ure.input @A : memref<8x8xf32>
  ure.func @f(i, j) -> f32
  // expected-note@+1 {{isolated here}}
  ure.isolate_producer [@A] into @loader
  // expected-error@+1 {{'ure.stream_input' op streams @A, which an earlier directive isolates}}
  ure.stream_input @A loader @aLoader out (j) feeder @aFeeder scope (i)
}

// -----

ure.program @p {
  ure.input @A : memref<8x8xf32>
  ure.func @f(i, j) -> f32
  // expected-note@+1 {{first isolated here}}
  ure.stream_input @A loader @aLoader out (j) feeder @aFeeder scope (i)
  // expected-error@+1 {{'ure.isolate_producer' op isolates @A again}}
  ure.isolate_producer [@A] into @loader
}

// -----

// ure.buffer: the feeder must be a kernel that isolates the input.
ure.program @p {
  ure.input @A : memref<8x8xf32>
  ure.func @f(i, j) -> f32
  // expected-error@+1 {{'ure.buffer' op @aFeeder is not a feeder of @A: isolate it first (ure.isolate_producer [@A] into @aFeeder)}}
  ure.buffer @aFeeder (@A) scope (i) loader @aLoader out (j)
}

// -----

ure.program @p {
  ure.input @A : memref<8x8xf32>
  ure.input @B : memref<8x8xf32>
  ure.func @f(i, j) -> f32
  ure.isolate_producer [@B] into @aFeeder
  // expected-error@+1 {{'ure.buffer' op @aFeeder is not a feeder of @A: isolate it first (ure.isolate_producer [@A] into @aFeeder)}}
  ure.buffer @aFeeder (@A) scope (i) loader @aLoader out (j)
}

// -----

ure.program @p {
  ure.input @A : memref<8x8xf32>
  ure.func @f(i, j) -> f32
  ure.isolate_producer [@A] into @aFeeder
  // expected-note@+1 {{first buffered here}}
  ure.buffer @aFeeder (@A) scope (i) loader @aLoader out (j)
  // expected-error@+1 {{'ure.buffer' op buffers @A in @aFeeder again}}
  ure.buffer @aFeeder (@A) scope (i) loader @aLoader2 out (j)
}

// -----

ure.program @p {
  ure.input @A : memref<8x8xf32>
  ure.func @f(i, j) -> f32
  ure.isolate_producer [@A] into @aFeeder
  // expected-error@+1 {{'ure.buffer' op the loader and the feeder are one kernel @aFeeder}}
  ure.buffer @aFeeder (@A) scope (i) loader @aFeeder out (j)
}

// -----

ure.program @p {
  ure.input @A : memref<8x8xf32>
  ure.func @f(i, j) -> f32
  ure.isolate_producer [@A] into @aFeeder
  // expected-error@+1 {{'ure.buffer' op depth must be at least 1, got -1}}
  ure.buffer @aFeeder (@A) scope (i) loader @aLoader out (j) depth -1
}

// -----

ure.program @p {
  ure.func @out(i) -> f32
  ure.isolate_consumer @out into @collector
  // expected-error@+1 {{'ure.unload' op depth must be at least 1, got 0}}
  ure.unload @out from @collector into @unloader depth 0
}

// -----

ure.program @p {
  ure.func @out(i) -> f32
  ure.isolate_consumer @out into @collector
  // expected-error@+1 {{'ure.unload' op the collector and the unloader are one kernel @collector}}
  ure.unload @out from @collector into @collector
}

// -----

ure.program @p {
  ure.input @A : memref<8xf32>
  ure.func @out(i) -> f32
  ure.isolate_consumer @out into @collector
  // expected-error@+1 {{'ure.unload' op unloads @A, which is not a ure.func}}
  ure.unload @A from @collector into @unloader
}

// -----

ure.program @p {
  ure.func @out(i) -> f32
  ure.func @other(i) -> f32
  ure.isolate_consumer @other into @collector
  // expected-error@+1 {{'ure.unload' op @collector is not a drainer of @out: isolate it first (ure.isolate_consumer @out into @collector)}}
  ure.unload @out from @collector into @unloader
}

// -----

ure.program @p {
  ure.func @out(i) -> f32
  // expected-error@+1 {{'ure.unload' op @collector is not a drainer of @out: isolate it first (ure.isolate_consumer @out into @collector)}}
  ure.unload @out from @collector into @unloader
  ure.isolate_consumer @out into @collector
}

// -----

ure.program @p {
  ure.func @out(i) -> f32
  ure.isolate_consumer @out into @collector
  // expected-note@+1 {{first unloaded here}}
  ure.unload @out from @collector into @unloader
  // expected-error@+1 {{'ure.unload' op unloads @out again}}
  ure.unload @out from @collector into @unloader2
}

// -----

ure.program @p {
  ure.func @out(i) -> f32
  // expected-note@+1 {{the earlier directive}}
  ure.isolate_consumer @out into @collector
  // expected-error@+1 {{'ure.unload' op kernel @collector is created by an earlier directive}}
  ure.unload @out from @drainer into @collector
}

// -----

ure.program @p {
  ure.func @out(i, j) -> f32
  // expected-error@+1 {{'ure.stream_output' op the collector and the unloader are one kernel @c}}
  ure.stream_output @out collector @c scope (i) out (j) unloader @c
}

// -----

ure.program @p {
  ure.func @out(i, j) -> f32
  // expected-error@+1 {{'ure.stream_output' op depth must be at least 1, got 0}}
  ure.stream_output @out collector @c scope (i) out (j) depth 0 unloader @u
}

// -----

ure.program @p {
  ure.func @out(i, j) -> f32
  // expected-note@-1 {{defined here}}
  // expected-error@+1 {{'ure.stream_output' op kernel @out would redefine a symbol of the program}}
  ure.stream_output @out collector @c scope (i) out (j) unloader @out
}

// -----

ure.program @p {
  ure.func @out(i, j) -> f32
  // expected-error@+1 {{'ure.stream_output' op 'scope' names at most one loop (the space loop the collector gathers along), got 2}}
  ure.stream_output @out collector @c scope (i, j) out () unloader @u
}

// -----

ure.program @p {
  ure.func @out(i, j) -> f32
  // expected-error@+1 {{'ure.stream_output' op 'out' names at most one loop (the collector's vector lanes), got 2}}
  ure.stream_output @out collector @c scope () out (i, j) unloader @u
}

// -----

ure.program @p {
  ure.input @A : memref<8xf32>
  ure.func @out(i, j) -> f32
  // expected-error@+1 {{'ure.stream_output' op streams @A, which is not a ure.func}}
  ure.stream_output @A collector @c scope (i) out (j) unloader @u
}

// -----

ure.program @p {
  ure.func @out(i, j) -> f32
  // expected-note@+1 {{the first one}}
  ure.isolate_consumer @out into @drainer
  // expected-error@+1 {{'ure.stream_output' op is a second consumer isolation; the output goes to one drainer}}
  ure.stream_output @out collector @c scope (i) out (j) unloader @u
}

// -----

ure.program @p {
  ure.func @out(i, j) -> f32
  // expected-note@+1 {{the first one}}
  ure.stream_output @out collector @c scope (i) out (j) unloader @u
  // expected-error@+1 {{'ure.isolate_consumer' op is a second consumer isolation; the output goes to one drainer}}
  ure.isolate_consumer @out into @drainer
}

// -----

ure.program @p {
  ure.func @out(i, j) -> f32
  // expected-note@+1 {{first unloaded here}}
  ure.stream_output @out collector @c scope (i) out (j) unloader @u
  // expected-error@+1 {{'ure.unload' op unloads @out again}}
  ure.unload @out from @c into @u2
}

// -----

// The collector a stream creates can be named by the chain directives.
ure.program @p {
  ure.func @out(i, j) -> f32
  ure.stream_output @out collector @c scope () out () unloader @u
  ure.gather @c (@out, i, down)
  // expected-error@+1 {{'ure.gather' op names @u, which is neither a ure.func nor a kernel that a ure.isolate_producer or ure.isolate_consumer creates}}
  ure.gather @u (@out, i, down)
}
