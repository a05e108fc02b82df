// Channels of whole vectors (vectorization.md 1.1, T2S's FIFO[I]): the
// unskewed 8 x 8 GEMM of gemm-gather.mlir, without the gather, with the
// array, the loader and the drainer each vectorized along j:
//
//   ure.vectorize @a (j)         // a row of 8 PEs is one vector<8xf32>
//   ure.vectorize @loader (j)
//   ure.vectorize @drainer (j)
//
// `vectorize` makes every lane access its own channel element
// (channel.read_lanes / channel.write_lanes); `pack-channels` then sees
// that both ends of @loader_B (B(k, j) for the row i = 0) and of
// @drainer_out (C(i, j) at k = 7) are accessed by all 8 lanes at once, so
// each becomes a channel of vector<8xf32> with the j dimension dropped:
// one FIFO write per row instead of 8. @loader_A stays a channel of
// scalars: only lane j = 0 writes A(i, k), and the array reads it at j = 0.
//
// Run: t2s-opt examples/dataflow/gemm-vector-fifo.mlir --t2s-dataflow-to-scf
//      t2s-run examples/dataflow/gemm-vector-fifo.mlir --compare interpret,dataflow
//      t2s-opt --t2s-dataflow-to-scf examples/dataflow/gemm-vector-fifo.mlir \
//        | t2s-translate --t2s-to-opencl     (channel float8 gemm_vector_fifo_loader_B ...)
ure.program @gemm_vector_fifo {
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
  ure.space_time_transform @a (i, j)
  ure.isolate_producer [@A, @B] into @loader
  ure.isolate_consumer @out into @drainer
  ure.vectorize @a (j)
  ure.vectorize @loader (j)
  ure.vectorize @drainer (j)
}
