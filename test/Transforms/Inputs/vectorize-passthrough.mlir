// T2S's vectorize-1-2-p with its input isolated into a loader and its
// output into a drainer: A(ii, oi) = a(ii + 8 oi), ii vectorized. The PE
// only passes the loader's value to the drainer.
ure.program @m {
  ure.input @a : memref<32xi32>
  ure.func @A(ii, oi) -> i32 on device
  ure.def @A(%ii, %oi) {
    %v = ure.load @a(%ii + %oi * 8) : i32
    ure.yield %v : i32
  }
  ure.set_bounds @A (ii = 0 extent 8, oi = 0 extent 4)
  ure.isolate_producer [@a] into @loader
  ure.isolate_consumer @A into @drainer
  ure.vectorize @A (ii)
}
