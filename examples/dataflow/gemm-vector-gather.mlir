// Gathering along a vectorized loop (gathering.md, Code 4): the GEMM of
// examples/dataflow/gemm-gather.mlir, whose drainer is vectorized along i
//
//   ure.vectorize @drainer (i)           // a column of 8 PEs: vector<8xf32>
//   ure.gather @drainer (@out, i, down)
//
// Vectorized, the drainer's lanes each read their PE's channel of
// @drainer_out (channel.read_lanes) and store the vector. Gathered, loop i
// comes back as 8 unrolled PEs: PE 7 puts its value into lane 7 of a
// vector and sends it to PE 6 through @drainer_out_gather (one FIFO per PE
// (j, i), each carrying vector<8xf32>), PE 6 adds lane 6 and passes it
// on, ..., and PE 0, the end of the chain, stores the whole vector. The
// other loop, j, stays unrolled and dimensions the FIFOs.
//
// Run: t2s-opt examples/dataflow/gemm-vector-gather.mlir --merge-ures --space-time-transform --isolate --vectorize --gather
//      t2s-run examples/dataflow/gemm-vector-gather.mlir --compare interpret,dataflow
ure.program @gemm_vector_gather {
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
  ure.vectorize @drainer (i)
  ure.gather @drainer (@out, i, down)
}
