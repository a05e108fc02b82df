// GEMM whose results leave the PE array through one drainer PE per column:
// examples/dataflow/gemm.mlir without the skew (no scheduling vector: the
// 8 x 8 PEs (i, j) run dataflow-style, t = k, and every PE finishes its
// element of C at the same step k = 7), plus
//
//   ure.gather @drainer (@out, i, down)
//
// (T2S's `drainer.gather(out, i, GatherStrategy::Down)`). Without it, the
// drainer's 64 PEs each read their channel of @drainer_out and store. With
// it, the PEs along i pass the values down the column through the new FIFOs
// @drainer_out_gather (one per PE, depth 8): at k = 7, PE (i, j) sends its
// own value and then the 7 - i values it receives from PE (i + 1, j); PE
// (0, j) stores the 8 values of its column, each at the element of the PE it
// came from. The drainer's PEs along i run from i = 7 down to 0 in a step
// (`descending ["i"]`), so the single-threaded kernel never waits on itself.
//
// Run: t2s-opt examples/dataflow/gemm-gather.mlir --merge-ures --space-time-transform --isolate --gather
//      t2s-run examples/dataflow/gemm-gather.mlir --compare interpret,dataflow
ure.program @gemm_gather {
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
  ure.gather @drainer (@out, i, down)
}
