// RUN: t2s-opt %s --split-input-file --verify-diagnostics
// The verifier's rules of ure.gpu_map: one error each.

ure.program @p {
  ure.func @c(i, j) -> f32 on device
  // expected-error@+1 {{'ure.gpu_map' op maps loop 'i' twice}}
  ure.gpu_map @c blocks (i) threads (i)
}

// -----

ure.program @p {
  ure.func @c(i, j, k, l) -> f32 on device
  // expected-error@+1 {{'ure.gpu_map' op maps at most 3 loops to blocks and 3 to threads (x, y, z), not 4 and 0}}
  ure.gpu_map @c blocks (i, j, k, l) threads ()
}

// -----

ure.program @p {
  ure.func @c(i, j) -> f32 on device
  // expected-error@+1 {{'ure.gpu_map' op maps no loop: name the loops of the blocks, the threads or both}}
  ure.gpu_map @c blocks () threads ()
}

// -----

ure.program @p {
  ure.func @c(i, j) -> f32 on device
  // expected-error@+1 {{'ure.gpu_map' op maps @d, which is not a ure.func of the program}}
  ure.gpu_map @d blocks (i) threads ()
}

// -----

ure.program @p {
  ure.func @c(i, j) -> f32 on device
  // expected-error@+1 {{'ure.gpu_map' op maps loop 'z', which is not a loop of @c (its loops: i, j)}}
  ure.gpu_map @c blocks (i) threads (z)
}

// -----

ure.program @p {
  ure.input @A : memref<4xf32>
  ure.func @c(i, j, k) -> f32 on device
  // expected-error@+1 {{'ure.gpu_map' op names shared inputs and their scope loop together}}
  "ure.gpu_map"() {func = @c, blocks = ["i"], threads = [], shared = [@A]} : () -> ()
}

// -----

ure.program @p {
  ure.func @c(i, j, k) -> f32 on device
  // expected-error@+1 {{'ure.gpu_map' op double-buffers no tile: name the shared inputs and their scope loop}}
  ure.gpu_map @c blocks (i) threads () double_buffered
}

// -----

ure.program @p {
  ure.input @A : memref<4xf32>
  ure.func @c(i, j, k) -> f32 on device
  // expected-error@+1 {{'ure.gpu_map' op scope loop 'i' runs on blocks or threads: the scope is a loop of each thread}}
  ure.gpu_map @c blocks (i) threads () shared [@A] scope (i)
}

// -----

ure.program @p {
  ure.input @A : memref<4xf32>
  ure.func @c(i, j, k) -> f32 on device
  // expected-error@+1 {{'ure.gpu_map' op stages its shared inputs in one scope loop, not 2}}
  ure.gpu_map @c blocks (i) threads () shared [@A] scope (j, k)
}

// -----

ure.program @p {
  ure.input @A : memref<4xf32>
  ure.func @c(i, j, k) -> f32 on device
  // expected-error@+1 {{'ure.gpu_map' op shares input @A twice}}
  ure.gpu_map @c blocks (i) threads () shared [@A, @A] scope (k)
}

// -----

ure.program @p {
  ure.input @A : memref<4xf32>
  ure.func @c(i, j, k) -> f32 on device
  // expected-error@+1 {{'ure.gpu_map' op shares @c, which is not a ure.input of the program}}
  ure.gpu_map @c blocks (i) threads () shared [@c] scope (k)
}

// -----

ure.program @p {
  ure.input @A : memref<4xf32>
  ure.func @c(i, j, k) -> f32 on device
  // expected-error@+1 {{'ure.gpu_map' op maps loop 'z', which is not a loop of @c (its loops: i, j, k)}}
  ure.gpu_map @c blocks (i) threads () shared [@A] scope (z)
}
