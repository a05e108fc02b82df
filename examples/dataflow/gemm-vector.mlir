// Vectorized kernels of a dataflow design: examples/dataflow/gemm.mlir (the
// skewed 8 x 8 GEMM array, its @loader and its @drainer) with
//
//   ure.vectorize @a (j)              // the systolic array: rows of 8 lanes
//   ure.vectorize @loader (i)         // the loader: its column of 8 PEs
//   ure.vectorize @drainer (i, j)     // the drainer: all 64 PEs, vector<8x8>
//
// A vectorized kernel's lanes are its PEs, and every PE makes its own
// channel accesses: the vectorize pass turns them into lane-wise accesses,
// `channel.read_lanes @loader_B[%j] if %m : vector<8xf32> indices
// vector<8xindex>` (each lane reads its element, in lane order, under the
// lanes' mask: here the skewed schedule's CheckTime and the PE conditions
// such as i == 0), and spacetime-to-scf unrolls them into one channel
// access per lane. The channels keep one element per PE, so a kernel's
// vectorization does not change what the others see.
//
// Run: t2s-opt examples/dataflow/gemm-vector.mlir --merge-ures --space-time-transform --isolate --vectorize
//      t2s-run examples/dataflow/gemm-vector.mlir --compare interpret,dataflow
ure.program @gemm_vector {
  ure.input @A : memref<8x8xf32>
  ure.input @B : memref<8x8xf32>
  ure.func @a(i, j, k) -> f32 on device
  ure.func @b(i, j, k) -> f32 on device
  ure.func @c(i, j, k) -> f32 on device
  ure.func @out(i, j) -> f32 on device

  ure.def @a(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %j, %c0 : index
    %in = ure.load @A(%i, %k) : f32
    %prev = ure.at @a(%i, %j - 1, %k) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @b(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %in = ure.load @B(%k, %j) : f32
    %prev = ure.at @b(%i - 1, %j, %k) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @c(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first = arith.cmpi eq, %k, %c0 : index
    %prev = ure.at @c(%i, %j, %k - 1) : f32
    %acc = arith.select %first, %zero, %prev : f32
    %a = ure.at @a(%i, %j, %k) : f32
    %b = ure.at @b(%i, %j, %k) : f32
    %p = arith.mulf %a, %b : f32
    %v = arith.addf %acc, %p : f32
    ure.yield %v : f32
  }
  ure.def @out(%i, %j) with (%k) {
    %last = arith.constant 7 : index
    %is_last = arith.cmpi eq, %k, %last : index
    %c = ure.at @c(%i, %j, %k) : f32
    %v = ure.select %is_last, %c : f32
    ure.yield %v : f32
  }

  ure.merge_ures @a [@b, @c, @out]
  ure.set_bounds @a (i = 0 extent 8, j = 0 extent 8, k = 0 extent 8)
  ure.space_time_transform @a (i, j) vector [1, 1] check_time
  ure.isolate_producer [@A, @B] into @loader
  ure.isolate_consumer @out into @drainer
  ure.vectorize @a (j)
  ure.vectorize @loader (i)
  ure.vectorize @drainer (i, j)
}
