// RUN: t2s-opt %s --split-input-file --unload --verify-diagnostics
// RUN: %if mlir-opt-plugin %{ %mlir_opt_plugin %s --split-input-file --pass-pipeline='builtin.module(unload)' --verify-diagnostics %}

// Every error of the unload pass (docs/passes/unload.md), on drainers as
// `isolate` prints them (examples/dataflow/fir.mlir's, its store edited)
// and on a program not isolated yet.

// The collector must exist: unload runs after isolate.
ure.program @fir {
  ure.input @x : memref<11xi32>
  ure.func @y(n) -> i32 on device
  ure.isolate_consumer @y into @drainer
  // expected-error@+1 {{there is no kernel @drainer to unload: the isolate pass creates it from ure.isolate_consumer (t2s-isolate runs isolate, vectorize and gather before unload)}}
  ure.unload @y from @drainer into @unloader depth 4
}

// -----

// When the drainer stores depends on the value it received: the unloader
// cannot know when to read.
#map = affine_map<(d0, d1) -> (d0 + d1)>
#map1 = affine_map<(d0, d1) -> (d0 - d1, d1)>
ure.program @fir {
  ure.func @ws(n, k) -> f32
  ure.func @y(n = 0 extent 8) -> i32 on device
  ure.unload @y from @drainer into @unloader depth 4
  channel.fifo @drainer_y : i32, depth 2
  channel.kernel @src {
    spacetime.array @ws loops (n = 0 extent 8, k = 3 extent 1) time (t1 = 0 extent 11) space (k = 3 extent 1) schedule #map recover #map1 {
    ^bb0(%t1: index, %k: index):
      %one = arith.constant 1 : i32
      channel.write @drainer_y, %one : i32
    }
  }
  channel.kernel @drainer {
    spacetime.array @ws loops (n = 0 extent 8, k = 3 extent 1) time (t1 = 0 extent 11) space (k = 3 extent 1) schedule #map recover #map1 {
    ^bb0(%t1: index, %k: index):
      %n, %k_0 = spacetime.recover : index, index
      %0 = spacetime.scheduled
      scf.if %0 {
        // expected-error@+1 {{cannot unload into @unloader: when or where this store happens depends on a value of 'channel.read', which the unloader does not have}}
        %3 = channel.read @drainer_y : i32
        %zero = arith.constant 0 : i32
        %positive = arith.cmpi sgt, %3, %zero : i32
        scf.if %positive {
          spacetime.output %3 to @y[%n] : i32
        }
      }
    }
  }
}

// -----

// A store inside an op the unloader cannot run (an scf.if with a result).
#map = affine_map<(d0, d1) -> (d0 + d1)>
#map1 = affine_map<(d0, d1) -> (d0 - d1, d1)>
ure.program @fir {
  ure.func @ws(n, k) -> f32
  ure.func @y(n = 0 extent 8) -> i32 on device
  ure.unload @y from @drainer into @unloader depth 4
  channel.fifo @drainer_y : i32, depth 2
  channel.kernel @src {
    spacetime.array @ws loops (n = 0 extent 8, k = 3 extent 1) time (t1 = 0 extent 11) space (k = 3 extent 1) schedule #map recover #map1 {
    ^bb0(%t1: index, %k: index):
      %one = arith.constant 1 : i32
      channel.write @drainer_y, %one : i32
    }
  }
  channel.kernel @drainer {
    spacetime.array @ws loops (n = 0 extent 8, k = 3 extent 1) time (t1 = 0 extent 11) space (k = 3 extent 1) schedule #map recover #map1 {
    ^bb0(%t1: index, %k: index):
      %n, %k_0 = spacetime.recover : index, index
      %0 = spacetime.scheduled
      %r = scf.if %0 -> (i32) {
        %3 = channel.read @drainer_y : i32
        // expected-error@+1 {{cannot unload this store of @drainer into @unloader: it sits in a region of 'scf.if' that the unloader cannot run (only scf.if and scf.for without results)}}
        spacetime.output %3 to @y[%n] : i32
        scf.yield %3 : i32
      } else {
        %zero = arith.constant 0 : i32
        scf.yield %zero : i32
      }
    }
  }
}

// -----

// A drainer that does not store the Func.
#map = affine_map<(d0, d1) -> (d0 + d1)>
#map1 = affine_map<(d0, d1) -> (d0 - d1, d1)>
ure.program @fir {
  ure.func @ws(n, k) -> f32
  ure.func @y(n = 0 extent 8) -> i32 on device
  // expected-error@+1 {{@drainer does not store @y: there is nothing to unload}}
  ure.unload @y from @drainer into @unloader depth 4
  channel.fifo @drainer_y : i32, depth 2
  channel.kernel @src {
    spacetime.array @ws loops (n = 0 extent 8, k = 3 extent 1) time (t1 = 0 extent 11) space (k = 3 extent 1) schedule #map recover #map1 {
    ^bb0(%t1: index, %k: index):
      %one = arith.constant 1 : i32
      channel.write @drainer_y, %one : i32
    }
  }
  channel.kernel @drainer {
    spacetime.array @ws loops (n = 0 extent 8, k = 3 extent 1) time (t1 = 0 extent 11) space (k = 3 extent 1) schedule #map recover #map1 {
    ^bb0(%t1: index, %k: index):
      %3 = channel.read @drainer_y : i32
    }
  }
}
