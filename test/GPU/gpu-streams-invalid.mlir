// RUN: t2s-opt %s --split-input-file --verify-diagnostics=only-expected --t2s-systolic-to-nvvm -o /dev/null
// Streaming tensors on a GPU (ure.gpu_map): each feeder stages its input
// in shared memory, double-buffered, over its scope loop, and a collector
// and unloader are the staged output; the rules, one error each, at the
// stream or the directive.

// A feeder and the directive's shared clause both give tiles.
ure.program @gemm_gpu {
  ure.input @A : memref<64x64xf32>
  ure.input @B : memref<64x64xf32>
  ure.func @a(iii, jjj, k, kk, jt, it, jb, ib) -> f32 on device
  ure.func @b(iii, jjj, k, kk, jt, it, jb, ib) -> f32 on device
  ure.func @c(iii, jjj, k, kk, jt, it, jb, ib) -> f32 on device
  ure.func @out(iii, jjj, jt, it, jb, ib) -> f32 on device

  ure.def @a(%iii, %jjj, %k, %kk, %jt, %it, %jb, %ib) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %jjj, %c0 : index
    %in = ure.load @A(%ib * 16 + %it * 4 + %iii, %kk * 8 + %k) : f32
    %prev = ure.at @a(%iii, %jjj - 1, %k, %kk, %jt, %it, %jb, %ib) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @b(%iii, %jjj, %k, %kk, %jt, %it, %jb, %ib) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %iii, %c0 : index
    %in = ure.load @B(%kk * 8 + %k, %jb * 16 + %jt * 4 + %jjj) : f32
    %prev = ure.at @b(%iii - 1, %jjj, %k, %kk, %jt, %it, %jb, %ib) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @c(%iii, %jjj, %k, %kk, %jt, %it, %jb, %ib) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first_k = arith.cmpi eq, %k, %c0 : index
    %first_kk = arith.cmpi eq, %kk, %c0 : index
    %prev = ure.at @c(%iii, %jjj, %k - 1, %kk, %jt, %it, %jb, %ib) : f32
    %carry = ure.at @c(%iii, %jjj, %k + 7, %kk - 1, %jt, %it, %jb, %ib) : f32
    %from_tile = arith.select %first_kk, %zero, %carry : f32
    %acc = arith.select %first_k, %from_tile, %prev : f32
    %a = ure.at @a(%iii, %jjj, %k, %kk, %jt, %it, %jb, %ib) : f32
    %b = ure.at @b(%iii, %jjj, %k, %kk, %jt, %it, %jb, %ib) : f32
    %p = arith.mulf %a, %b : f32
    %v = arith.addf %acc, %p : f32
    ure.yield %v : f32
  }
  ure.def @out(%iii, %jjj, %jt, %it, %jb, %ib) with (%k, %kk) {
    %last_k = arith.constant 7 : index
    %last_kk = arith.constant 7 : index
    %is_last_k = arith.cmpi eq, %k, %last_k : index
    %is_last_kk = arith.cmpi eq, %kk, %last_kk : index
    %is_last = arith.andi %is_last_k, %is_last_kk : i1
    %c = ure.at @c(%iii, %jjj, %k, %kk, %jt, %it, %jb, %ib) : f32
    %v = ure.select %is_last, %c : f32
    ure.yield %v : f32
  }

  ure.merge_ures @a [@b, @c, @out]
  ure.set_bounds @a (iii = 0 extent 4, jjj = 0 extent 4, k = 0 extent 8, kk = 0 extent 8,
                     jt = 0 extent 4, it = 0 extent 4, jb = 0 extent 4, ib = 0 extent 4)
  ure.space_time_transform @a (iii, jjj)
  // expected-error@+1 {{the shared tiles are given twice: by this feeder and by ure.gpu_map's shared clause; keep one (a feeder is a double-buffered shared tile on a GPU)}}
  ure.stream_input @A loader @aLoader out (k) feeder @aFeeder scope (kk)
  // expected-note@+1 {{the ure.gpu_map}}
  ure.gpu_map @a blocks (jb, ib) threads (jt, it) shared [@A, @B] scope (kk) double_buffered
}

// -----

// The feeders' tiles share one scope loop.
ure.program @gemm_gpu {
  ure.input @A : memref<64x64xf32>
  ure.input @B : memref<64x64xf32>
  ure.func @a(iii, jjj, k, kk, jt, it, jb, ib) -> f32 on device
  ure.func @b(iii, jjj, k, kk, jt, it, jb, ib) -> f32 on device
  ure.func @c(iii, jjj, k, kk, jt, it, jb, ib) -> f32 on device
  ure.func @out(iii, jjj, jt, it, jb, ib) -> f32 on device

  ure.def @a(%iii, %jjj, %k, %kk, %jt, %it, %jb, %ib) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %jjj, %c0 : index
    %in = ure.load @A(%ib * 16 + %it * 4 + %iii, %kk * 8 + %k) : f32
    %prev = ure.at @a(%iii, %jjj - 1, %k, %kk, %jt, %it, %jb, %ib) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @b(%iii, %jjj, %k, %kk, %jt, %it, %jb, %ib) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %iii, %c0 : index
    %in = ure.load @B(%kk * 8 + %k, %jb * 16 + %jt * 4 + %jjj) : f32
    %prev = ure.at @b(%iii - 1, %jjj, %k, %kk, %jt, %it, %jb, %ib) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @c(%iii, %jjj, %k, %kk, %jt, %it, %jb, %ib) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first_k = arith.cmpi eq, %k, %c0 : index
    %first_kk = arith.cmpi eq, %kk, %c0 : index
    %prev = ure.at @c(%iii, %jjj, %k - 1, %kk, %jt, %it, %jb, %ib) : f32
    %carry = ure.at @c(%iii, %jjj, %k + 7, %kk - 1, %jt, %it, %jb, %ib) : f32
    %from_tile = arith.select %first_kk, %zero, %carry : f32
    %acc = arith.select %first_k, %from_tile, %prev : f32
    %a = ure.at @a(%iii, %jjj, %k, %kk, %jt, %it, %jb, %ib) : f32
    %b = ure.at @b(%iii, %jjj, %k, %kk, %jt, %it, %jb, %ib) : f32
    %p = arith.mulf %a, %b : f32
    %v = arith.addf %acc, %p : f32
    ure.yield %v : f32
  }
  ure.def @out(%iii, %jjj, %jt, %it, %jb, %ib) with (%k, %kk) {
    %last_k = arith.constant 7 : index
    %last_kk = arith.constant 7 : index
    %is_last_k = arith.cmpi eq, %k, %last_k : index
    %is_last_kk = arith.cmpi eq, %kk, %last_kk : index
    %is_last = arith.andi %is_last_k, %is_last_kk : i1
    %c = ure.at @c(%iii, %jjj, %k, %kk, %jt, %it, %jb, %ib) : f32
    %v = ure.select %is_last, %c : f32
    ure.yield %v : f32
  }

  ure.merge_ures @a [@b, @c, @out]
  ure.set_bounds @a (iii = 0 extent 4, jjj = 0 extent 4, k = 0 extent 8, kk = 0 extent 8,
                     jt = 0 extent 4, it = 0 extent 4, jb = 0 extent 4, ib = 0 extent 4)
  ure.space_time_transform @a (iii, jjj)
  // expected-note@+1 {{the other feeder}}
  ure.stream_input @A loader @aLoader out (k) feeder @aFeeder scope (kk)
  // expected-error@+1 {{the feeder of @B has scope loop 'k', another feeder 'kk': on a GPU the feeders' tiles share one scope loop}}
  ure.stream_input @B loader @bLoader out (jjj) feeder @bFeeder scope (k)
  ure.gpu_map @a blocks (jb, ib) threads (jt, it)
}

// -----

// A feeder's scope loop is a loop each thread runs.
ure.program @gemm_gpu {
  ure.input @A : memref<64x64xf32>
  ure.input @B : memref<64x64xf32>
  ure.func @a(iii, jjj, k, kk, jt, it, jb, ib) -> f32 on device
  ure.func @b(iii, jjj, k, kk, jt, it, jb, ib) -> f32 on device
  ure.func @c(iii, jjj, k, kk, jt, it, jb, ib) -> f32 on device
  ure.func @out(iii, jjj, jt, it, jb, ib) -> f32 on device

  ure.def @a(%iii, %jjj, %k, %kk, %jt, %it, %jb, %ib) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %jjj, %c0 : index
    %in = ure.load @A(%ib * 16 + %it * 4 + %iii, %kk * 8 + %k) : f32
    %prev = ure.at @a(%iii, %jjj - 1, %k, %kk, %jt, %it, %jb, %ib) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @b(%iii, %jjj, %k, %kk, %jt, %it, %jb, %ib) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %iii, %c0 : index
    %in = ure.load @B(%kk * 8 + %k, %jb * 16 + %jt * 4 + %jjj) : f32
    %prev = ure.at @b(%iii - 1, %jjj, %k, %kk, %jt, %it, %jb, %ib) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @c(%iii, %jjj, %k, %kk, %jt, %it, %jb, %ib) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first_k = arith.cmpi eq, %k, %c0 : index
    %first_kk = arith.cmpi eq, %kk, %c0 : index
    %prev = ure.at @c(%iii, %jjj, %k - 1, %kk, %jt, %it, %jb, %ib) : f32
    %carry = ure.at @c(%iii, %jjj, %k + 7, %kk - 1, %jt, %it, %jb, %ib) : f32
    %from_tile = arith.select %first_kk, %zero, %carry : f32
    %acc = arith.select %first_k, %from_tile, %prev : f32
    %a = ure.at @a(%iii, %jjj, %k, %kk, %jt, %it, %jb, %ib) : f32
    %b = ure.at @b(%iii, %jjj, %k, %kk, %jt, %it, %jb, %ib) : f32
    %p = arith.mulf %a, %b : f32
    %v = arith.addf %acc, %p : f32
    ure.yield %v : f32
  }
  ure.def @out(%iii, %jjj, %jt, %it, %jb, %ib) with (%k, %kk) {
    %last_k = arith.constant 7 : index
    %last_kk = arith.constant 7 : index
    %is_last_k = arith.cmpi eq, %k, %last_k : index
    %is_last_kk = arith.cmpi eq, %kk, %last_kk : index
    %is_last = arith.andi %is_last_k, %is_last_kk : i1
    %c = ure.at @c(%iii, %jjj, %k, %kk, %jt, %it, %jb, %ib) : f32
    %v = ure.select %is_last, %c : f32
    ure.yield %v : f32
  }

  ure.merge_ures @a [@b, @c, @out]
  ure.set_bounds @a (iii = 0 extent 4, jjj = 0 extent 4, k = 0 extent 8, kk = 0 extent 8,
                     jt = 0 extent 4, it = 0 extent 4, jb = 0 extent 4, ib = 0 extent 4)
  ure.space_time_transform @a (iii, jjj)
  ure.stream_input @A loader @aLoader out (k) feeder @aFeeder scope (jt)
  // expected-error@+1 {{scope loop 'jt' is not a time loop that each thread runs (inside the blocks' and threads' loops)}}
  ure.gpu_map @a blocks (jb, ib) threads (jt, it)
}

// -----

// One feeder per input (the verifier's rule).
ure.program @gemm_gpu {
  ure.input @A : memref<64x64xf32>
  ure.input @B : memref<64x64xf32>
  ure.func @a(iii, jjj, k, kk, jt, it, jb, ib) -> f32 on device
  ure.func @b(iii, jjj, k, kk, jt, it, jb, ib) -> f32 on device
  ure.func @c(iii, jjj, k, kk, jt, it, jb, ib) -> f32 on device
  ure.func @out(iii, jjj, jt, it, jb, ib) -> f32 on device

  ure.def @a(%iii, %jjj, %k, %kk, %jt, %it, %jb, %ib) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %jjj, %c0 : index
    %in = ure.load @A(%ib * 16 + %it * 4 + %iii, %kk * 8 + %k) : f32
    %prev = ure.at @a(%iii, %jjj - 1, %k, %kk, %jt, %it, %jb, %ib) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @b(%iii, %jjj, %k, %kk, %jt, %it, %jb, %ib) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %iii, %c0 : index
    %in = ure.load @B(%kk * 8 + %k, %jb * 16 + %jt * 4 + %jjj) : f32
    %prev = ure.at @b(%iii - 1, %jjj, %k, %kk, %jt, %it, %jb, %ib) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @c(%iii, %jjj, %k, %kk, %jt, %it, %jb, %ib) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first_k = arith.cmpi eq, %k, %c0 : index
    %first_kk = arith.cmpi eq, %kk, %c0 : index
    %prev = ure.at @c(%iii, %jjj, %k - 1, %kk, %jt, %it, %jb, %ib) : f32
    %carry = ure.at @c(%iii, %jjj, %k + 7, %kk - 1, %jt, %it, %jb, %ib) : f32
    %from_tile = arith.select %first_kk, %zero, %carry : f32
    %acc = arith.select %first_k, %from_tile, %prev : f32
    %a = ure.at @a(%iii, %jjj, %k, %kk, %jt, %it, %jb, %ib) : f32
    %b = ure.at @b(%iii, %jjj, %k, %kk, %jt, %it, %jb, %ib) : f32
    %p = arith.mulf %a, %b : f32
    %v = arith.addf %acc, %p : f32
    ure.yield %v : f32
  }
  ure.def @out(%iii, %jjj, %jt, %it, %jb, %ib) with (%k, %kk) {
    %last_k = arith.constant 7 : index
    %last_kk = arith.constant 7 : index
    %is_last_k = arith.cmpi eq, %k, %last_k : index
    %is_last_kk = arith.cmpi eq, %kk, %last_kk : index
    %is_last = arith.andi %is_last_k, %is_last_kk : i1
    %c = ure.at @c(%iii, %jjj, %k, %kk, %jt, %it, %jb, %ib) : f32
    %v = ure.select %is_last, %c : f32
    ure.yield %v : f32
  }

  ure.merge_ures @a [@b, @c, @out]
  ure.set_bounds @a (iii = 0 extent 4, jjj = 0 extent 4, k = 0 extent 8, kk = 0 extent 8,
                     jt = 0 extent 4, it = 0 extent 4, jb = 0 extent 4, ib = 0 extent 4)
  ure.space_time_transform @a (iii, jjj)
  ure.stream_input @A loader @aLoader out (k) feeder @aFeeder scope (kk)
  // expected-error@+1 {{'ure.stream_input' op streams @A, which an earlier directive isolates}}
  ure.stream_input @A loader @aLoader2 out (k) feeder @aFeeder2 scope (kk)
  ure.gpu_map @a blocks (jb, ib) threads (jt, it)
}

// -----

// A feeder has one scope loop (the verifier's rule).
ure.program @gemm_gpu {
  ure.input @A : memref<64x64xf32>
  ure.input @B : memref<64x64xf32>
  ure.func @a(iii, jjj, k, kk, jt, it, jb, ib) -> f32 on device
  ure.func @b(iii, jjj, k, kk, jt, it, jb, ib) -> f32 on device
  ure.func @c(iii, jjj, k, kk, jt, it, jb, ib) -> f32 on device
  ure.func @out(iii, jjj, jt, it, jb, ib) -> f32 on device

  ure.def @a(%iii, %jjj, %k, %kk, %jt, %it, %jb, %ib) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %jjj, %c0 : index
    %in = ure.load @A(%ib * 16 + %it * 4 + %iii, %kk * 8 + %k) : f32
    %prev = ure.at @a(%iii, %jjj - 1, %k, %kk, %jt, %it, %jb, %ib) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @b(%iii, %jjj, %k, %kk, %jt, %it, %jb, %ib) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %iii, %c0 : index
    %in = ure.load @B(%kk * 8 + %k, %jb * 16 + %jt * 4 + %jjj) : f32
    %prev = ure.at @b(%iii - 1, %jjj, %k, %kk, %jt, %it, %jb, %ib) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @c(%iii, %jjj, %k, %kk, %jt, %it, %jb, %ib) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first_k = arith.cmpi eq, %k, %c0 : index
    %first_kk = arith.cmpi eq, %kk, %c0 : index
    %prev = ure.at @c(%iii, %jjj, %k - 1, %kk, %jt, %it, %jb, %ib) : f32
    %carry = ure.at @c(%iii, %jjj, %k + 7, %kk - 1, %jt, %it, %jb, %ib) : f32
    %from_tile = arith.select %first_kk, %zero, %carry : f32
    %acc = arith.select %first_k, %from_tile, %prev : f32
    %a = ure.at @a(%iii, %jjj, %k, %kk, %jt, %it, %jb, %ib) : f32
    %b = ure.at @b(%iii, %jjj, %k, %kk, %jt, %it, %jb, %ib) : f32
    %p = arith.mulf %a, %b : f32
    %v = arith.addf %acc, %p : f32
    ure.yield %v : f32
  }
  ure.def @out(%iii, %jjj, %jt, %it, %jb, %ib) with (%k, %kk) {
    %last_k = arith.constant 7 : index
    %last_kk = arith.constant 7 : index
    %is_last_k = arith.cmpi eq, %k, %last_k : index
    %is_last_kk = arith.cmpi eq, %kk, %last_kk : index
    %is_last = arith.andi %is_last_k, %is_last_kk : i1
    %c = ure.at @c(%iii, %jjj, %k, %kk, %jt, %it, %jb, %ib) : f32
    %v = ure.select %is_last, %c : f32
    ure.yield %v : f32
  }

  ure.merge_ures @a [@b, @c, @out]
  ure.set_bounds @a (iii = 0 extent 4, jjj = 0 extent 4, k = 0 extent 8, kk = 0 extent 8,
                     jt = 0 extent 4, it = 0 extent 4, jb = 0 extent 4, ib = 0 extent 4)
  ure.space_time_transform @a (iii, jjj)
  // expected-error@+1 {{'ure.stream_input' op 'scope' names one loop, got 0}}
  ure.stream_input @A loader @aLoader out (k) feeder @aFeeder scope ()
  ure.gpu_map @a blocks (jb, ib) threads (jt, it)
}

// -----

// A collector and unloader and the directive's staged_output both give the
// staged output.
ure.program @gemm_gpu {
  ure.input @A : memref<64x64xf32>
  ure.input @B : memref<64x64xf32>
  ure.func @a(iii, jjj, k, kk, jt, it, jb, ib) -> f32 on device
  ure.func @b(iii, jjj, k, kk, jt, it, jb, ib) -> f32 on device
  ure.func @c(iii, jjj, k, kk, jt, it, jb, ib) -> f32 on device
  ure.func @out(iii, jjj, jt, it, jb, ib) -> f32 on device

  ure.def @a(%iii, %jjj, %k, %kk, %jt, %it, %jb, %ib) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %jjj, %c0 : index
    %in = ure.load @A(%ib * 16 + %it * 4 + %iii, %kk * 8 + %k) : f32
    %prev = ure.at @a(%iii, %jjj - 1, %k, %kk, %jt, %it, %jb, %ib) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @b(%iii, %jjj, %k, %kk, %jt, %it, %jb, %ib) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %iii, %c0 : index
    %in = ure.load @B(%kk * 8 + %k, %jb * 16 + %jt * 4 + %jjj) : f32
    %prev = ure.at @b(%iii - 1, %jjj, %k, %kk, %jt, %it, %jb, %ib) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @c(%iii, %jjj, %k, %kk, %jt, %it, %jb, %ib) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first_k = arith.cmpi eq, %k, %c0 : index
    %first_kk = arith.cmpi eq, %kk, %c0 : index
    %prev = ure.at @c(%iii, %jjj, %k - 1, %kk, %jt, %it, %jb, %ib) : f32
    %carry = ure.at @c(%iii, %jjj, %k + 7, %kk - 1, %jt, %it, %jb, %ib) : f32
    %from_tile = arith.select %first_kk, %zero, %carry : f32
    %acc = arith.select %first_k, %from_tile, %prev : f32
    %a = ure.at @a(%iii, %jjj, %k, %kk, %jt, %it, %jb, %ib) : f32
    %b = ure.at @b(%iii, %jjj, %k, %kk, %jt, %it, %jb, %ib) : f32
    %p = arith.mulf %a, %b : f32
    %v = arith.addf %acc, %p : f32
    ure.yield %v : f32
  }
  ure.def @out(%iii, %jjj, %jt, %it, %jb, %ib) with (%k, %kk) {
    %last_k = arith.constant 7 : index
    %last_kk = arith.constant 7 : index
    %is_last_k = arith.cmpi eq, %k, %last_k : index
    %is_last_kk = arith.cmpi eq, %kk, %last_kk : index
    %is_last = arith.andi %is_last_k, %is_last_kk : i1
    %c = ure.at @c(%iii, %jjj, %k, %kk, %jt, %it, %jb, %ib) : f32
    %v = ure.select %is_last, %c : f32
    ure.yield %v : f32
  }

  ure.merge_ures @a [@b, @c, @out]
  ure.set_bounds @a (iii = 0 extent 4, jjj = 0 extent 4, k = 0 extent 8, kk = 0 extent 8,
                     jt = 0 extent 4, it = 0 extent 4, jb = 0 extent 4, ib = 0 extent 4)
  ure.space_time_transform @a (iii, jjj)
  // expected-error@+1 {{the staged output is given twice: by this collector and unloader and by ure.gpu_map's staged_output; keep one (a collector and its unloader are the staged output on a GPU)}}
  ure.stream_output @out collector @collector scope (iii) out (jjj) unloader @unloader
  // expected-note@+1 {{the ure.gpu_map}}
  ure.gpu_map @a blocks (jb, ib) threads (jt, it) shared [@A, @B] scope (kk) double_buffered staged_output
}
