// Port of IntelLabs/t2sp t2s/tests/correctness/vectorize/vectorize-5-4-p.cpp
// with -DVEC_PRODUCER -DVEC_CONSUMER (vectorize producer and/or consumer), OI = 4, II = 4.
//
//   ImageParam a(Int(32), 1, "a");         ure.input @a : memref<16xi32>
//   Func A(PLACE0), B(PLACE0), A_feeder;   ure.func @B, @A (ii, oi)
//   B(ii, oi) = a(ii + II * oi);           ure.def @B
//   A(ii, oi) = B(ii, oi);                 ure.def @A (the output; realize({II, OI}):
//                                          Halide layout, ii contiguous)
//   B.merge_ures(A)                        ure.merge_ures @B [@A]
//    .set_bounds(ii, 0, II, oi, 0, OI)     ure.set_bounds @B
//    .isolate_producer_chain(a, A_feeder); ure.isolate_producer [@a] into @A_feeder
//   #ifdef VEC_CONSUMER B.vectorize(ii);   ure.vectorize @B (ii)
//   #ifdef VEC_PRODUCER A_feeder.vectorize(ii);  ure.vectorize @A_feeder (ii)
ure.program @vec54 {
  ure.input @a : memref<16xi32>
  ure.func @B(ii, oi) -> i32 on device
  ure.func @A(ii, oi) -> i32 on device layout affine_map<(ii, oi) -> (oi, ii)>
  ure.def @B(%ii, %oi) {
    %v = ure.load @a(%ii + %oi * 4) : i32
    ure.yield %v : i32
  }
  ure.def @A(%ii, %oi) {
    %v = ure.at @B(%ii, %oi) : i32
    ure.yield %v : i32
  }
  ure.merge_ures @B [@A]
  ure.set_bounds @B (ii = 0 extent 4, oi = 0 extent 4)
  ure.isolate_producer [@a] into @A_feeder
  ure.vectorize @B (ii)
  ure.vectorize @A_feeder (ii)
}
