// Round trip of every ure op: custom form -> custom form -> re-parse, and
// generic form -> re-parse -> custom form.
// RUN: t2s-opt %s --split-input-file | t2s-opt --split-input-file | FileCheck %s
// RUN: t2s-opt %s --split-input-file --mlir-print-op-generic | t2s-opt --split-input-file | FileCheck %s
// RUN: t2s-opt %s --split-input-file --mlir-print-op-generic --mlir-print-local-scope | FileCheck %s --check-prefix=GENERIC
// RUN: %if mlir-opt-plugin %{ %mlir_opt_plugin %s --split-input-file | %mlir_opt_plugin --split-input-file | FileCheck %s %}
// RUN: %if mlir-opt-plugin %{ %mlir_opt_plugin %s --split-input-file --mlir-print-op-generic | t2s-opt --split-input-file | FileCheck %s %}

// Declarations: params, inputs, declared and undeclared Funcs, places and
// multiple results.

// Layouts: an input's memref layout and the output Func's `layout`, both
// permutation maps (Halide's order here).

// CHECK-LABEL: ure.program @layouts {
// CHECK-NEXT:    ure.input @A : memref<8x4xf32, #[[MAP:.*]]>
// CHECK-NEXT:    ure.func @out(i, j) -> f32 on device layout #[[MAP]]
// CHECK-NEXT:    ure.func @u layout #[[MAP3:.*]]{{$}}
// GENERIC-LABEL: "ure.program"() <{sym_name = "layouts"}>
// GENERIC: "ure.input"() <{sym_name = "A", type = memref<8x4xf32, affine_map<(d0, d1) -> (d1, d0)>>}>
// GENERIC: "ure.func"() <{layout = affine_map<(d0, d1) -> (d1, d0)>, place = 1 : i32, result_types = [f32], sym_name = "out", vars = ["i", "j"]}>
ure.program @layouts {
  ure.input @A : memref<8x4xf32, affine_map<(k, i) -> (i, k)>>
  ure.func @out(i, j) -> f32 on device layout affine_map<(i, j) -> (j, i)>
  ure.func @u layout affine_map<(a, b, c) -> (b, c, a)>
}

// -----

// T2S's projection form of the space-time transform.

// CHECK-LABEL: ure.program @projection {
// CHECK:         ure.space_time_transform @a (i, j) -> (s, t) projection #[[P:.*]] reverse #[[R:.*]] check_time
// GENERIC-LABEL: "ure.program"() <{sym_name = "projection"}>
// GENERIC: "ure.space_time_transform"() <{check_time, func = @a, projection = affine_map<(d0, d1) -> (d1, d0 + d1)>, reverse = affine_map<(d0, d1) -> (d1 - d0, d0)>, space = ["i", "j"], targets = ["s", "t"]}>
ure.program @projection {
  ure.func @a(i, j) -> i32
  ure.space_time_transform @a (i, j) -> (s, t)
      projection affine_map<(i, j) -> (j, i + j)>
      reverse affine_map<(s, t) -> (t - s, s)> check_time
}

// -----

// CHECK-LABEL: ure.program @decls {
// CHECK-NEXT:    ure.param @K
// CHECK-NEXT:    ure.param @N max 64
// CHECK-NEXT:    ure.input @A : memref<8x?xf32>
// CHECK-NEXT:    ure.input @B : memref<4xi16>
// CHECK-NEXT:    ure.func @f(i, j) -> i32 on device
// CHECK-NEXT:    ure.func @g(i, j) -> (f32, i32){{$}}
// CHECK-NEXT:    ure.func @h{{$}}
// CHECK-NEXT:    ure.func @d on device{{$}}
// CHECK-NEXT:    ure.func @e(i) -> index{{$}}
// CHECK-NEXT:  }
// GENERIC-LABEL: "ure.program"() <{sym_name = "decls"}>
// GENERIC: "ure.param"() <{sym_name = "K"}>
// GENERIC: "ure.param"() <{max = 64 : i64, sym_name = "N"}>
// GENERIC: "ure.input"() <{sym_name = "A", type = memref<8x?xf32>}>
// GENERIC: "ure.func"() <{place = 1 : i32, result_types = [i32], sym_name = "f", vars = ["i", "j"]}>
// GENERIC: "ure.func"() <{place = 0 : i32, result_types = [f32, i32], sym_name = "g", vars = ["i", "j"]}>
// GENERIC: "ure.func"() <{place = 0 : i32, sym_name = "h"}>
ure.program @decls {
  ure.param @K
  ure.param @N max 64
  ure.input @A : memref<8x?xf32>
  ure.input @B : memref<4xi16>
  ure.func @f(i, j) -> i32 on device
  ure.func @g(i, j) -> (f32, i32) on host
  ure.func @h
  ure.func @d on device
  ure.func @e(i) -> (index)
}

// -----

// UREs: def, yield, at (with offsets and multiple results), load, select,
// an extended URE, and the schedule directives.

// CHECK-LABEL: ure.program @ures {
// CHECK:         ure.def @a(%i, %j, %k) {
// CHECK-NEXT:      %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:      %[[FIRST:.*]] = arith.cmpi eq, %j, %[[C0]] : index
// CHECK-NEXT:      %[[IN:.*]] = ure.load @A(%i * 2 + 1, %k) : f32
// CHECK-NEXT:      %[[PREV:.*]] = ure.at @a(%i, %j - 1, %k) : f32
// CHECK-NEXT:      %[[V:.*]] = arith.select %[[FIRST]], %[[IN]], %[[PREV]] : f32
// CHECK-NEXT:      ure.yield %[[V]] : f32
// CHECK-NEXT:    }
// CHECK:         ure.def @p(%i, %j, %k) {
// CHECK:           %[[P:.*]]:2 = ure.at @p(%i - 2, %j, %k) : f32, i32
// CHECK:           ure.yield %{{.*}}, %{{.*}} : f32, i32
// CHECK-NEXT:    }
// CHECK:         ure.def @out(%i, %j) with (%k) {
// CHECK:           %[[K:.*]] = ure.param_value @K
// CHECK-NEXT:      %[[KMAX:.*]] = arith.subi %[[K]], %{{.*}} : index
// CHECK-NEXT:      %[[LAST:.*]] = arith.cmpi eq, %k, %[[KMAX]] : index
// CHECK:           %[[A:.*]] = ure.at @a(%i, %j, %k) : f32
// CHECK-NEXT:      %[[S:.*]] = ure.select %[[LAST]], %[[A]] : f32
// CHECK-NEXT:      ure.yield %[[S]] : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    ure.merge_ures @a [@p, @out]
// CHECK-NEXT:    ure.set_bounds @a (i = 0 extent 8, j = -1 extent 4, k = 0 extent @K)
// CHECK-NEXT:    ure.reorder @a (k, i, j)
// CHECK-NEXT:  }
// GENERIC-LABEL: "ure.program"() <{sym_name = "ures"}>
// GENERIC: "ure.def"() <{func = @a, num_lhs = 3 : i64, vars = ["i", "j", "k"]}> ({
// GENERIC-NEXT: ^bb0(%{{.*}}: index, %{{.*}}: index, %{{.*}}: index):
// GENERIC: "ure.load"(%{{.*}}, %{{.*}}) <{input = @A, map = affine_map<(d0, d1) -> (d0 * 2 + 1, d1)>}> : (index, index) -> f32
// GENERIC: "ure.at"(%{{.*}}, %{{.*}}, %{{.*}}) <{func = @a, map = affine_map<(d0, d1, d2) -> (d0, d1 - 1, d2)>}> : (index, index, index) -> f32
// GENERIC: "ure.yield"(%{{.*}}) : (f32) -> ()
// GENERIC: "ure.def"() <{func = @out, num_lhs = 2 : i64, vars = ["i", "j", "k"]}>
// GENERIC: "ure.param_value"() <{param = @K}> : () -> index
// GENERIC: "ure.select"(%{{.*}}, %{{.*}}) : (i1, f32) -> f32
// GENERIC: "ure.merge_ures"() <{representative = @a, ures = [@p, @out]}>
// GENERIC: "ure.set_bounds"() <{extents = [8, 4, @K], func = @a, mins = array<i64: 0, -1, 0>, vars = ["i", "j", "k"]}>
// GENERIC: "ure.reorder"() <{func = @a, vars = ["k", "i", "j"]}>
ure.program @ures {
  ure.param @K
  ure.input @A : memref<17x?xf32>
  ure.func @a(i, j, k) -> f32
  ure.func @p(i, j, k) -> (f32, i32)
  ure.func @out
  ure.def @a(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %j, %c0 : index
    %in = ure.load @A(%i * 2 + 1, %k) : f32
    %prev = ure.at @a(%i, %j - 1, %k) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @p(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : i32
    %zero = arith.constant 0.0 : f32
    %first = arith.cmpi eq, %i, %c0 : index
    %prev:2 = ure.at @p(%i - 2, %j, %k) : f32, i32
    %x = arith.select %first, %zero, %prev#0 : f32
    %y = arith.select %first, %c1, %prev#1 : i32
    ure.yield %x, %y : f32, i32
  }
  ure.def @out(%i, %j) with (%k) {
    %c1 = arith.constant 1 : index
    %K = ure.param_value @K
    %kmax = arith.subi %K, %c1 : index
    %last = arith.cmpi eq, %k, %kmax : index
    %a = ure.at @a(%i, %j, %k) : f32
    %w = ure.select %last, %a : f32
    ure.yield %w : f32
  }
  ure.merge_ures @a [@p, @out]
  ure.set_bounds @a (i = 0 extent 8, j = -1 extent 4, k = 0 extent @K)
  ure.reorder @a (k, i, j)
}

// -----

// The result of merge-ures: a nest with constant and symbolic extents.

// CHECK-LABEL: ure.program @nested {
// CHECK:         ure.nest @c (j = 0 extent @N, i = 2 extent 5) {
// CHECK-NEXT:      ure.def @c(%i, %j) {
// CHECK:             %[[PREV:.*]] = ure.at @c(%i - 1, %j) : i32
// CHECK:             ure.yield %{{.*}} : i32
// CHECK-NEXT:      }
// CHECK-NEXT:      ure.def @o(%i, %j) {
// CHECK-NEXT:        %[[C:.*]] = ure.at @c(%i, %j) : i32
// CHECK-NEXT:        ure.yield %[[C]] : i32
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// GENERIC-LABEL: "ure.program"() <{sym_name = "nested"}>
// GENERIC: "ure.nest"() <{extents = [@N, 5], loops = ["j", "i"], mins = array<i64: 0, 2>, representative = @c}> ({
ure.program @nested {
  ure.param @N
  ure.func @c
  ure.func @o
  ure.nest @c (j = 0 extent @N, i = 2 extent 5) {
    ure.def @c(%i, %j) {
      %c2 = arith.constant 2 : index
      %one = arith.constant 1 : i32
      %first = arith.cmpi eq, %i, %c2 : index
      %prev = ure.at @c(%i - 1, %j) : i32
      %v = arith.select %first, %one, %prev : i32
      ure.yield %v : i32
    }
    ure.def @o(%i, %j) {
      %c = ure.at @c(%i, %j) : i32
      ure.yield %c : i32
    }
  }
}

// -----

// Names that are not bare identifiers print as strings; attributes survive.

// CHECK-LABEL: ure.program @quoted attributes {note = "kept"} {
// CHECK-NEXT:    ure.func @q("x y") -> f64 {tag = 1 : i64}
// CHECK-NEXT:    ure.set_bounds @q ("x y" = 0 extent 2) {tag = 2 : i64}
// CHECK-NEXT:    ure.reorder @q ("x y") {tag = 3 : i64}
// CHECK-NEXT:  }
ure.program @quoted attributes {note = "kept"} {
  ure.func @q("x y") -> f64 {tag = 1}
  ure.set_bounds @q ("x y" = 0 extent 2) {tag = 2}
  ure.reorder @q ("x y") {tag = 3}
}

// -----

// Triangular bounds: mins and extents that name loops bounded before them,
// with coefficients; a constant term first where it carries the sign.

// CHECK-LABEL: ure.program @triangular {
// CHECK:         ure.set_bounds @t (k = 0 extent @N, j = k extent @N - k, i = -1 + 2 * k extent 5 - k + 2 * j, h = 0 extent k + 1, g = -1 * i extent 2 - j)
// CHECK-NEXT:    ure.set_bounds @q ("x y" = 0 extent 4, z = "x y" extent 2 * "x y" + 1)
// GENERIC-LABEL: sym_name = "triangular"
// GENERIC: "ure.set_bounds"() <{extents = [@N, @N, 5, 1, 2], func = @t, loop_terms = {{\[}}["j", "k", 1, -1], ["i", "k", 2, -1], ["i", "j", 0, 2], ["h", "k", 0, 1], ["g", "i", -1, 0], ["g", "j", 0, -1]], mins = array<i64: 0, 0, -1, 0, 0>, vars = ["k", "j", "i", "h", "g"]}>
ure.program @triangular {
  ure.param @N
  ure.func @t(g, h, i, j, k) -> f32
  ure.func @q("x y", z) -> f32
  ure.set_bounds @t (k = 0 extent @N, j = k extent @N - k, i = 2 * k - 1 extent 5 + j * 2 - k, h = 0 extent k + 1, g = -1 * i extent 2 - j)
  ure.set_bounds @q ("x y" = 0 extent 4, z = "x y" extent 1 + 2 * "x y")
}

// -----

// The isolation directives; the default depth (2) is not printed.

// CHECK-LABEL: ure.program @isolated {
// CHECK:         ure.isolate_producer [@A, @B] into @loader depth 4
// CHECK-NEXT:    ure.isolate_producer [@C] into @other{{$}}
// CHECK-NEXT:    ure.isolate_consumer @out into @drainer depth 1 {tag = 1 : i64}
// GENERIC: "ure.isolate_producer"() <{depth = 4 : i64, inputs = [@A, @B], kernel = "loader"}> : () -> ()
// GENERIC: "ure.isolate_consumer"() <{depth = 1 : i64, func = @out, kernel = "drainer"}> {tag = 1 : i64} : () -> ()
ure.program @isolated {
  ure.input @A : memref<4xf32>
  ure.input @B : memref<4xf32>
  ure.input @C : memref<4xf32>
  ure.func @out(i) -> f32 on device
  ure.isolate_producer [@A, @B] into @loader depth 4
  ure.isolate_producer [@C] into @other depth 2
  ure.isolate_consumer @out into @drainer depth 1 {tag = 1}
}

// -----

// The streaming-tensor directives: a chain, and the older spelling of its
// feeder's buffer (docs/streaming-tensors.md).

// CHECK-LABEL: ure.program @streams {
// CHECK:         ure.stream_input @A loader @aLoader out (k) depth 256 feeder @aFeeder scope (j) depth 16
// CHECK-NEXT:    ure.isolate_producer [@B] into @bFeeder
// CHECK-NEXT:    ure.buffer @bFeeder (@B) scope (j) loader @bLoader out () {tag = 1 : i64}
// CHECK-NEXT:    ure.isolate_consumer @out into @collector
// CHECK-NEXT:    ure.unload @out from @collector into @unloader depth 256 {tag = 2 : i64}
// CHECK-NEXT:  }
// CHECK-LABEL: ure.program @output_stream {
// CHECK-NEXT:    ure.func @out(i, j) -> f32 on device
// CHECK-NEXT:    ure.stream_output @out collector @collector scope (i) out (j) depth 256 unloader @unloader
// CHECK-NEXT:  }
// GENERIC: "ure.stream_input"() <{feeder = "aFeeder", feeder_depth = 16 : i64, input = @A, loader = "aLoader", loader_depth = 256 : i64, out = ["k"], scope = ["j"]}> : () -> ()
// GENERIC: "ure.buffer"() <{depth = 2 : i64, feeder = "bFeeder", input = @B, loader = "bLoader", out = [], scope = ["j"]}> {tag = 1 : i64} : () -> ()
// GENERIC: "ure.unload"() <{collector = @collector, depth = 256 : i64, func = @out, kernel = "unloader"}> {tag = 2 : i64} : () -> ()
// GENERIC: "ure.stream_output"() <{collector = "collector", depth = 256 : i64, func = @out, out = ["j"], scope = ["i"], unloader = "unloader"}> : () -> ()
ure.program @streams {
  ure.input @A : memref<4x4xf32>
  ure.input @B : memref<4xf32>
  ure.func @out(i) -> f32 on device
  ure.stream_input @A loader @aLoader out (k) depth 256 feeder @aFeeder scope (j) depth 16
  ure.isolate_producer [@B] into @bFeeder
  ure.buffer @bFeeder (@B) scope (j) loader @bLoader out () depth 2 {tag = 1}
  ure.isolate_consumer @out into @collector
  ure.unload @out from @collector into @unloader depth 256 {tag = 2}
}

ure.program @output_stream {
  ure.func @out(i, j) -> f32 on device
  ure.stream_output @out collector @collector scope (i) out (j) depth 256 unloader @unloader
}

// -----

// The vectorization directive: one loop (1-D) or several (n-D).
// CHECK-LABEL: ure.program @vectorized {
// CHECK:         ure.vectorize @c (j)
// CHECK-NEXT:    ure.vectorize @c (i, k) {tag = 1 : i64}
// CHECK-NEXT:    ure.isolate_consumer @c into @drainer
// CHECK-NEXT:    ure.vectorize @drainer (j)
// GENERIC: "ure.vectorize"() <{func = @c, loops = ["j"]}> : () -> ()
ure.program @vectorized {
  ure.func @c(i, j, k) -> f32 on device
  ure.vectorize @c (j)
  ure.vectorize @c (i, k) {tag = 1}
  ure.isolate_consumer @c into @drainer
  ure.vectorize @drainer (j)
}

// -----

// T2S's unroll: space loops built one copy per iteration.
// CHECK-LABEL: ure.program @unrolled {
// CHECK:         ure.unroll @c (j)
// CHECK-NEXT:    ure.unroll @c (i, k) {tag = 1 : i64}
// GENERIC: "ure.unroll"() <{func = @c, loops = ["j"]}> : () -> ()
ure.program @unrolled {
  ure.func @c(i, j, k) -> f32 on device
  ure.unroll @c (j)
  ure.unroll @c (i, k) {tag = 1}
}

// -----

// T2S's remove: loops a streaming loader does not iterate.
// CHECK-LABEL: ure.program @removed {
// CHECK:         ure.remove @aLoader (jjj, jj)
// GENERIC: "ure.remove"() <{kernel = @aLoader, loops = ["jjj", "jj"]}> : () -> ()
ure.program @removed {
  ure.func @c(i, jj, jjj) -> f32 on device
  ure.remove @aLoader (jjj, jj)
}

// -----

// Splitting a loop into an outer and an inner one; later directives name
// the two loops.
// CHECK-LABEL: ure.program @split {
// CHECK:         ure.split @c (k) into (kk, kkk) factor 4
// CHECK-NEXT:    ure.vectorize @c (kkk)
// GENERIC: "ure.split"() <{factor = 4 : i64, func = @c, into = ["kk", "kkk"], loop = ["k"]}> : () -> ()
ure.program @split {
  ure.func @c(i, j, k) -> f32 on device
  ure.split @c (k) into (kk, kkk) factor 4
  ure.vectorize @c (kkk)
}

// -----

// Tiles on the host's threads: the outermost time loops of @c's array.
// CHECK-LABEL: ure.program @threads {
// CHECK:         ure.parallel @c (j)
// CHECK-NEXT:    ure.parallel @c (j, i) {tag = 1 : i64}
// GENERIC: "ure.parallel"() <{func = @c, loops = ["j"]}> : () -> ()
ure.program @threads {
  ure.func @c(i, j, k) -> f32 on device
  ure.parallel @c (j)
  ure.parallel @c (j, i) {tag = 1}
}

// -----

// Gathering and scattering along PE chains: a Func or a kernel that an
// isolation directive creates, the Func or input, the loop, the strategy.
// CHECK-LABEL: ure.program @chains {
// CHECK:         ure.gather @drainer (@c, i, down)
// CHECK-NEXT:    ure.scatter @c (@A, j, up)
// CHECK-NEXT:    ure.scatter @c (@B, j, up)
// CHECK-NEXT:    ure.scatter @c (@A, k, down)
// GENERIC: "ure.gather"() <{down = true, loop = "i", source = @c, target = @drainer}> : () -> ()
// GENERIC: "ure.scatter"() <{down = false, loop = "j", source = @A, target = @c}> : () -> ()
ure.program @chains {
  ure.input @A : memref<4x4xf32>
  ure.input @B : memref<4x4xf32>
  ure.func @c(i, j, k) -> f32 on device
  ure.isolate_consumer @c into @drainer
  ure.gather @drainer (@c, i, down)
  ure.scatter @c (@A, j, up)
  ure.scatter @c (@B, j, up)
  ure.scatter @c (@A, k, down)
}
