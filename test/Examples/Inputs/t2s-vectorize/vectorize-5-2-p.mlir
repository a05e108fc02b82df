// Port of IntelLabs/t2sp t2s/tests/correctness/vectorize/vectorize-5-2-p.cpp
// (split before merge_ures, then isolate and vectorize), SIZE = 32, II = 4.
//
//   ImageParam a(Int(32), 1, "a");       ure.input @a : memref<32xi32>
//   Func A(PLACE0), B(PLACE1);           ure.func @B, @A (ii, oi)
//   B(i) = a(i); A(i) = B(i);            ure.def @B, @A
//   A.split(i, oi, ii, II);              split by hand (ure.split of the output
//   B.split(i, oi, ii, II);              is refused)
//   A.merge_ures(B)                      ure.merge_ures @B [@A] (B first: A reads it
//                                        at distance 0; the output is the last URE)
//    .isolate_producer_chain(B,          ure.isolate_producer [@a] into @A_feeder:
//                            A_feeder)   t2s isolates inputs, not Funcs; B = a(i), so
//                                        the feeder sends a's values (B stays in the
//                                        array; `[@B]` is refused, see
//                                        vectorize-5-2-p-isofunc.mlir)
//    .vectorize(ii);                     ure.vectorize @B (ii) (the representative)
ure.program @vec52 {
  ure.input @a : memref<32xi32>
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
  ure.set_bounds @B (ii = 0 extent 4, oi = 0 extent 8)
  ure.isolate_producer [@a] into @A_feeder
  ure.vectorize @B (ii)
}
