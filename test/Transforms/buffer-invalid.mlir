// RUN: t2s-opt %s --split-input-file --pass-pipeline='builtin.module(merge-ures, space-time-transform, isolate, buffer)' --verify-diagnostics=only-expected -o /dev/null
// RUN: %if mlir-opt-plugin %{ %mlir_opt_plugin %s --split-input-file --pass-pipeline='builtin.module(merge-ures, space-time-transform, isolate, buffer)' --verify-diagnostics=only-expected -o /dev/null %}

// Every error of the buffer pass (docs/passes/buffer.md), at the ure.buffer
// directive or at the load it cannot follow (only-expected: the earlier
// passes remark on the schedule and the isolation). The program is
// Inputs/mv-tiled.mlir (y = A x in two tiles of 4 rows, PEs along iii,
// time loops ii then j).

// The scope must be a time loop of the feeder's array.
ure.program @mv {
  ure.input @A : memref<8x8xf32>
  ure.input @x : memref<8xf32>
  ure.func @s(iii, j, ii) -> f32 on device
  ure.func @y(iii, ii) -> f32 on device
  ure.def @s(%iii, %j, %ii) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first = arith.cmpi eq, %j, %c0 : index
    %prev = ure.at @s(%iii, %j - 1, %ii) : f32
    %acc = arith.select %first, %zero, %prev : f32
    %a = ure.load @A(%ii * 4 + %iii, %j) : f32
    %xv = ure.load @x(%j) : f32
    %p = arith.mulf %a, %xv : f32
    %v = arith.addf %acc, %p : f32
    ure.yield %v : f32
  }
  ure.def @y(%iii, %ii) with (%j) {
    %last = arith.constant 7 : index
    %is_last = arith.cmpi eq, %j, %last : index
    %v = ure.at @s(%iii, %j, %ii) : f32
    %w = ure.select %is_last, %v : f32
    ure.yield %w : f32
  }
  ure.merge_ures @s [@y]
  ure.set_bounds @s (iii = 0 extent 4, j = 0 extent 8, ii = 0 extent 2)
  ure.space_time_transform @s (iii)
  ure.isolate_producer [@A] into @aFeeder
  // expected-error@+1 {{scope loop 'iii' is not a time loop of the feeder's array (time loops: ii, j)}}
  ure.buffer @aFeeder (@A) scope (iii) loader @aLoader out (j)
}

// -----

// ... and outside the schedule's skew (t1 = j + iii): a tile's steps are
// consecutive only along time loops that are the nest's own.
ure.program @mv {
  ure.input @A : memref<8x8xf32>
  ure.input @x : memref<8xf32>
  ure.func @s(iii, j, ii) -> f32 on device
  ure.func @y(iii, ii) -> f32 on device
  ure.def @s(%iii, %j, %ii) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first = arith.cmpi eq, %j, %c0 : index
    %prev = ure.at @s(%iii, %j - 1, %ii) : f32
    %acc = arith.select %first, %zero, %prev : f32
    %a = ure.load @A(%ii * 4 + %iii, %j) : f32
    %xv = ure.load @x(%j) : f32
    %p = arith.mulf %a, %xv : f32
    %v = arith.addf %acc, %p : f32
    ure.yield %v : f32
  }
  ure.def @y(%iii, %ii) with (%j) {
    %last = arith.constant 7 : index
    %is_last = arith.cmpi eq, %j, %last : index
    %v = ure.at @s(%iii, %j, %ii) : f32
    %w = ure.select %is_last, %v : f32
    ure.yield %w : f32
  }
  ure.merge_ures @s [@y]
  ure.set_bounds @s (iii = 0 extent 4, j = 0 extent 8, ii = 0 extent 2)
  ure.space_time_transform @s (iii) vector [1]
  ure.isolate_producer [@A] into @aFeeder
  // expected-error@+1 {{scope loop 't1' must be outside the schedule's skew: time loop 't1' is not a loop of the nest as written, so a tile's steps would not be consecutive}}
  ure.buffer @aFeeder (@A) scope (t1) loader @aLoader out (j)
}

// -----

// The lanes are a loop inside the scope.
ure.program @mv {
  ure.input @A : memref<8x8xf32>
  ure.input @x : memref<8xf32>
  ure.func @s(iii, j, ii) -> f32 on device
  ure.func @y(iii, ii) -> f32 on device
  ure.def @s(%iii, %j, %ii) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first = arith.cmpi eq, %j, %c0 : index
    %prev = ure.at @s(%iii, %j - 1, %ii) : f32
    %acc = arith.select %first, %zero, %prev : f32
    %a = ure.load @A(%ii * 4 + %iii, %j) : f32
    %xv = ure.load @x(%j) : f32
    %p = arith.mulf %a, %xv : f32
    %v = arith.addf %acc, %p : f32
    ure.yield %v : f32
  }
  ure.def @y(%iii, %ii) with (%j) {
    %last = arith.constant 7 : index
    %is_last = arith.cmpi eq, %j, %last : index
    %v = ure.at @s(%iii, %j, %ii) : f32
    %w = ure.select %is_last, %v : f32
    ure.yield %w : f32
  }
  ure.merge_ures @s [@y]
  ure.set_bounds @s (iii = 0 extent 4, j = 0 extent 8, ii = 0 extent 2)
  ure.space_time_transform @s (iii)
  ure.isolate_producer [@A] into @aFeeder
  // expected-error@+1 {{'out' loop 'ii' numbers the tiles: the lanes must be a loop inside the scope}}
  ure.buffer @aFeeder (@A) scope (ii) loader @aLoader out (ii)
}

// -----

// ... that indexes the last dimension with coefficient 1 (iii indexes A's
// first dimension: 0 in its last).
ure.program @mv {
  ure.input @A : memref<8x8xf32>
  ure.input @x : memref<8xf32>
  ure.func @s(iii, j, ii) -> f32 on device
  ure.func @y(iii, ii) -> f32 on device
  ure.def @s(%iii, %j, %ii) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first = arith.cmpi eq, %j, %c0 : index
    %prev = ure.at @s(%iii, %j - 1, %ii) : f32
    %acc = arith.select %first, %zero, %prev : f32
    // expected-error@+1 {{'out' loop 'iii' indexes this load's last dimension with coefficient 0: vector lanes must be consecutive elements (coefficient 1)}}
    %a = ure.load @A(%ii * 4 + %iii, %j) : f32
    %xv = ure.load @x(%j) : f32
    %p = arith.mulf %a, %xv : f32
    %v = arith.addf %acc, %p : f32
    ure.yield %v : f32
  }
  ure.def @y(%iii, %ii) with (%j) {
    %last = arith.constant 7 : index
    %is_last = arith.cmpi eq, %j, %last : index
    %v = ure.at @s(%iii, %j, %ii) : f32
    %w = ure.select %is_last, %v : f32
    ure.yield %w : f32
  }
  ure.merge_ures @s [@y]
  ure.set_bounds @s (iii = 0 extent 4, j = 0 extent 8, ii = 0 extent 2)
  ure.space_time_transform @s (iii)
  ure.isolate_producer [@A] into @aFeeder
  ure.buffer @aFeeder (@A) scope (ii) loader @aLoader out (iii)
}

// -----

// ... whose extent divides the tile's last extent: x(j + iii) spans
// 8 + 3 = 11 elements per tile, not a multiple of j's 8 lanes.
ure.program @mv {
  ure.input @A : memref<8x8xf32>
  ure.input @x : memref<16xf32>
  ure.func @s(iii, j, ii) -> f32 on device
  ure.func @y(iii, ii) -> f32 on device
  ure.def @s(%iii, %j, %ii) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first = arith.cmpi eq, %j, %c0 : index
    %prev = ure.at @s(%iii, %j - 1, %ii) : f32
    %acc = arith.select %first, %zero, %prev : f32
    %a = ure.load @A(%ii * 4 + %iii, %j) : f32
    %xv = ure.load @x(%j + %iii) : f32
    %p = arith.mulf %a, %xv : f32
    %v = arith.addf %acc, %p : f32
    ure.yield %v : f32
  }
  ure.def @y(%iii, %ii) with (%j) {
    %last = arith.constant 7 : index
    %is_last = arith.cmpi eq, %j, %last : index
    %v = ure.at @s(%iii, %j, %ii) : f32
    %w = ure.select %is_last, %v : f32
    ure.yield %w : f32
  }
  ure.merge_ures @s [@y]
  ure.set_bounds @s (iii = 0 extent 4, j = 0 extent 8, ii = 0 extent 2)
  ure.space_time_transform @s (iii)
  ure.isolate_producer [@x] into @xFeeder
  // expected-error@+1 {{the tile's last dimension has 11 elements, not a multiple of the 8 lanes of 'j'}}
  ure.buffer @xFeeder (@x) scope (ii) loader @xLoader out (j)
}

// -----

// Loops inside the scope have constant extents: a tile's size is fixed.
ure.program @mv {
  ure.param @J
  ure.input @A : memref<8x8xf32>
  ure.input @x : memref<8xf32>
  ure.func @s(iii, j, ii) -> f32 on device
  ure.func @y(iii, ii) -> f32 on device
  ure.def @s(%iii, %j, %ii) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first = arith.cmpi eq, %j, %c0 : index
    %prev = ure.at @s(%iii, %j - 1, %ii) : f32
    %acc = arith.select %first, %zero, %prev : f32
    // expected-error@+1 {{loop 'j' inside the scope has the symbolic extent J: a tile's size is fixed at compile time}}
    %a = ure.load @A(%ii * 4 + %iii, %j) : f32
    %xv = ure.load @x(%j) : f32
    %p = arith.mulf %a, %xv : f32
    %v = arith.addf %acc, %p : f32
    ure.yield %v : f32
  }
  ure.def @y(%iii, %ii) with (%j) {
    %jv = ure.param_value @J
    %c1 = arith.constant 1 : index
    %last = arith.subi %jv, %c1 : index
    %is_last = arith.cmpi eq, %j, %last : index
    %v = ure.at @s(%iii, %j, %ii) : f32
    %w = ure.select %is_last, %v : f32
    ure.yield %w : f32
  }
  ure.merge_ures @s [@y]
  ure.set_bounds @s (iii = 0 extent 4, j = 0 extent @J, ii = 0 extent 2)
  ure.space_time_transform @s (iii)
  ure.isolate_producer [@A] into @aFeeder
  ure.buffer @aFeeder (@A) scope (ii) loader @aLoader out (j)
}

// -----

// Every load of the input moves alike with the tiles: x(j) and
// x(ii + j) would not share a base.
ure.program @mv {
  ure.input @A : memref<8x8xf32>
  ure.input @x : memref<16xf32>
  ure.func @s(iii, j, ii) -> f32 on device
  ure.func @y(iii, ii) -> f32 on device
  ure.def @s(%iii, %j, %ii) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first = arith.cmpi eq, %j, %c0 : index
    %prev = ure.at @s(%iii, %j - 1, %ii) : f32
    %acc = arith.select %first, %zero, %prev : f32
    %a = ure.load @A(%ii * 4 + %iii, %j) : f32
    %xv0 = ure.load @x(%j) : f32
    // expected-error@+1 {{this load moves with the tiles unlike the feeder's other loads of the input: their tiles would not share a base}}
    %xv1 = ure.load @x(%ii + %j) : f32
    %xv = arith.addf %xv0, %xv1 : f32
    %p = arith.mulf %a, %xv : f32
    %v = arith.addf %acc, %p : f32
    ure.yield %v : f32
  }
  ure.def @y(%iii, %ii) with (%j) {
    %last = arith.constant 7 : index
    %is_last = arith.cmpi eq, %j, %last : index
    %v = ure.at @s(%iii, %j, %ii) : f32
    %w = ure.select %is_last, %v : f32
    ure.yield %w : f32
  }
  ure.merge_ures @s [@y]
  ure.set_bounds @s (iii = 0 extent 4, j = 0 extent 8, ii = 0 extent 2)
  ure.space_time_transform @s (iii)
  ure.isolate_producer [@x] into @xFeeder
  ure.buffer @xFeeder (@x) scope (ii) loader @xLoader out ()
}

// -----

// A tile far larger than any on-chip memory (4 x 2^27 elements).
ure.program @mv {
  ure.input @A : memref<8x8xf32>
  ure.input @x : memref<8xf32>
  ure.func @s(iii, j, ii) -> f32 on device
  ure.func @y(iii, ii) -> f32 on device
  ure.def @s(%iii, %j, %ii) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first = arith.cmpi eq, %j, %c0 : index
    %prev = ure.at @s(%iii, %j - 1, %ii) : f32
    %acc = arith.select %first, %zero, %prev : f32
    %a = ure.load @A(%ii * 4 + %iii, %j) : f32
    %xv = ure.load @x(%j) : f32
    %p = arith.mulf %a, %xv : f32
    %v = arith.addf %acc, %p : f32
    ure.yield %v : f32
  }
  ure.def @y(%iii, %ii) with (%j) {
    %last = arith.constant 134217727 : index
    %is_last = arith.cmpi eq, %j, %last : index
    %v = ure.at @s(%iii, %j, %ii) : f32
    %w = ure.select %is_last, %v : f32
    ure.yield %w : f32
  }
  ure.merge_ures @s [@y]
  ure.set_bounds @s (iii = 0 extent 4, j = 0 extent 134217728, ii = 0 extent 2)
  ure.space_time_transform @s (iii)
  ure.isolate_producer [@A] into @aFeeder
  // expected-error@+1 {{a tile of @A has 536870912 elements, more than 67108864: choose an inner scope loop}}
  ure.buffer @aFeeder (@A) scope (ii) loader @aLoader out ()
}

// -----

// ure.remove (T2S's remove) names loops the loader does not iterate: not a
// loop that indexes the input, ...
ure.program @mv {
  ure.input @A : memref<8x8xf32>
  ure.input @x : memref<8xf32>
  ure.func @s(iii, j, ii) -> f32 on device
  ure.func @y(iii, ii) -> f32 on device
  ure.def @s(%iii, %j, %ii) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first = arith.cmpi eq, %j, %c0 : index
    %prev = ure.at @s(%iii, %j - 1, %ii) : f32
    %acc = arith.select %first, %zero, %prev : f32
    %a = ure.load @A(%ii * 4 + %iii, %j) : f32
    %xv = ure.load @x(%j) : f32
    %p = arith.mulf %a, %xv : f32
    %v = arith.addf %acc, %p : f32
    ure.yield %v : f32
  }
  ure.def @y(%iii, %ii) with (%j) {
    %last = arith.constant 7 : index
    %is_last = arith.cmpi eq, %j, %last : index
    %v = ure.at @s(%iii, %j, %ii) : f32
    %w = ure.select %is_last, %v : f32
    ure.yield %w : f32
  }
  ure.merge_ures @s [@y]
  ure.set_bounds @s (iii = 0 extent 4, j = 0 extent 8, ii = 0 extent 2)
  ure.space_time_transform @s (iii)
  ure.isolate_producer [@x] into @xFeeder
  ure.buffer @xFeeder (@x) scope (ii) loader @xLoader out (j)
  // expected-error@+1 {{loop 'j' indexes @x: @xLoader streams every element of a tile once, and 'j' chooses which}}
  ure.remove @xLoader (iii, j)
}

// -----

// ... nor a loop up to the scope, which numbers the tiles, ...
ure.program @mv {
  ure.input @A : memref<8x8xf32>
  ure.input @x : memref<8xf32>
  ure.func @s(iii, j, ii) -> f32 on device
  ure.func @y(iii, ii) -> f32 on device
  ure.def @s(%iii, %j, %ii) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first = arith.cmpi eq, %j, %c0 : index
    %prev = ure.at @s(%iii, %j - 1, %ii) : f32
    %acc = arith.select %first, %zero, %prev : f32
    %a = ure.load @A(%ii * 4 + %iii, %j) : f32
    %xv = ure.load @x(%j) : f32
    %p = arith.mulf %a, %xv : f32
    %v = arith.addf %acc, %p : f32
    ure.yield %v : f32
  }
  ure.def @y(%iii, %ii) with (%j) {
    %last = arith.constant 7 : index
    %is_last = arith.cmpi eq, %j, %last : index
    %v = ure.at @s(%iii, %j, %ii) : f32
    %w = ure.select %is_last, %v : f32
    ure.yield %w : f32
  }
  ure.merge_ures @s [@y]
  ure.set_bounds @s (iii = 0 extent 4, j = 0 extent 8, ii = 0 extent 2)
  ure.space_time_transform @s (iii)
  ure.isolate_producer [@x] into @xFeeder
  ure.buffer @xFeeder (@x) scope (ii) loader @xLoader out (j)
  // expected-error@+1 {{loop 'ii' numbers the tiles of @x: @xLoader streams a tile for each iteration of the loops up to the scope 'ii' (ii), so it cannot drop 'ii' (to keep a tile across 'ii', choose a scope outside it)}}
  ure.remove @xLoader (ii)
}

// -----

// ... nor a name that is no loop of the array, ...
ure.program @mv {
  ure.input @A : memref<8x8xf32>
  ure.input @x : memref<8xf32>
  ure.func @s(iii, j, ii) -> f32 on device
  ure.func @y(iii, ii) -> f32 on device
  ure.def @s(%iii, %j, %ii) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first = arith.cmpi eq, %j, %c0 : index
    %prev = ure.at @s(%iii, %j - 1, %ii) : f32
    %acc = arith.select %first, %zero, %prev : f32
    %a = ure.load @A(%ii * 4 + %iii, %j) : f32
    %xv = ure.load @x(%j) : f32
    %p = arith.mulf %a, %xv : f32
    %v = arith.addf %acc, %p : f32
    ure.yield %v : f32
  }
  ure.def @y(%iii, %ii) with (%j) {
    %last = arith.constant 7 : index
    %is_last = arith.cmpi eq, %j, %last : index
    %v = ure.at @s(%iii, %j, %ii) : f32
    %w = ure.select %is_last, %v : f32
    ure.yield %w : f32
  }
  ure.merge_ures @s [@y]
  ure.set_bounds @s (iii = 0 extent 4, j = 0 extent 8, ii = 0 extent 2)
  ure.space_time_transform @s (iii)
  ure.isolate_producer [@x] into @xFeeder
  ure.buffer @xFeeder (@x) scope (ii) loader @xLoader out (j)
  // expected-error@+1 {{removes loop 'jj', which is not a loop of the array whose tiles @xLoader loads (its loops: ii, j, iii)}}
  ure.remove @xLoader (jj)
}

// -----

// ... and only of a loader that a buffer builds.
ure.program @mv {
  ure.input @A : memref<8x8xf32>
  ure.input @x : memref<8xf32>
  ure.func @s(iii, j, ii) -> f32 on device
  ure.func @y(iii, ii) -> f32 on device
  ure.def @s(%iii, %j, %ii) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first = arith.cmpi eq, %j, %c0 : index
    %prev = ure.at @s(%iii, %j - 1, %ii) : f32
    %acc = arith.select %first, %zero, %prev : f32
    %a = ure.load @A(%ii * 4 + %iii, %j) : f32
    %xv = ure.load @x(%j) : f32
    %p = arith.mulf %a, %xv : f32
    %v = arith.addf %acc, %p : f32
    ure.yield %v : f32
  }
  ure.def @y(%iii, %ii) with (%j) {
    %last = arith.constant 7 : index
    %is_last = arith.cmpi eq, %j, %last : index
    %v = ure.at @s(%iii, %j, %ii) : f32
    %w = ure.select %is_last, %v : f32
    ure.yield %w : f32
  }
  ure.merge_ures @s [@y]
  ure.set_bounds @s (iii = 0 extent 4, j = 0 extent 8, ii = 0 extent 2)
  ure.space_time_transform @s (iii)
  ure.isolate_producer [@x] into @xFeeder
  ure.buffer @xFeeder (@x) scope (ii) loader @xLoader out (j)
  // expected-error@+1 {{removes loops of @xFeeder, which no ure.buffer or ure.stream_input makes a loader of: t2s drops loops only from a loader that streams its tiles}}
  ure.remove @xFeeder (iii)
}

// -----

// An input in another layout (Halide's order: index 0 contiguous): the
// loader's lanes run along the last index as written, so the contiguous
// loop kk is refused with what to do (T2S's buffer tests read A(k, i)).
ure.program @buf {
  ure.input @a : memref<8x4xf32, affine_map<(k, i) -> (i, k)>>
  ure.func @s(kk, i, t) -> f32 on device
  ure.func @out(i, t) -> f32 on device
  ure.def @s(%kk, %i, %t) {
    %c0 = arith.constant 0 : index
    %z = arith.constant 0.0 : f32
    %first = arith.cmpi eq, %kk, %c0 : index
    // expected-error@+1 {{'out' loop 'kk' indexes this load's last dimension with coefficient 0; the input's layout stores index 0 contiguously, but the loader's vector lanes run along the last index as written: declare the input row-major (the same bytes, its indices in memory order) to stream it in vectors, or send scalars (out ())}}
    %x = ure.load @a(%kk, %i) : f32
    %p = ure.at @s(%kk - 1, %i, %t) : f32
    %acc = arith.select %first, %z, %p : f32
    %v = arith.addf %acc, %x : f32
    ure.yield %v : f32
  }
  ure.def @out(%i, %t) with (%kk) {
    %c7 = arith.constant 7 : index
    %l = arith.cmpi eq, %kk, %c7 : index
    %v = ure.at @s(%kk, %i, %t) : f32
    %w = ure.select %l, %v : f32
    ure.yield %w : f32
  }
  ure.merge_ures @s [@out]
  ure.set_bounds @s (kk = 0 extent 8, i = 0 extent 4, t = 0 extent 2)
  ure.space_time_transform @s (kk, i)
  ure.isolate_producer [@a] into @feeder
  ure.buffer @feeder (@a) scope (t) loader @loader out (kk)
}
