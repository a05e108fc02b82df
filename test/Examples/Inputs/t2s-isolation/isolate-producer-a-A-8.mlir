// T2S t2s/tests/correctness/isolation/isolate-producer-a-A-8.cpp, SIZE = 10.
//   A(i) = a(i) * b(i);                                ure.def @A (i = 5 io + ii, as in -4)
//   A.isolate_producer_chain({a, b}, P3, P4, P5, P6);  (4 stages: no equivalent, see -5)
//   P3.isolate_producer_chain(a, P1, P2);              nested isolation: isolating from a
//                                                      kernel is not built (streaming-tensors.md)
// Spelled with what t2s has: {a, b} into a feeder P6, then a isolated again
// from it -> expected error: 'ure.isolate_producer' op isolates @a again.
ure.program @iso {
  ure.input @a : memref<10xi32>
  ure.input @b : memref<10xi32>
  ure.func @A(ii, io) -> i32 on device layout affine_map<(ii, io) -> (io, ii)>
  ure.def @A(%ii, %io) {
    %x = ure.load @a(%io * 5 + %ii) : i32
    %y = ure.load @b(%io * 5 + %ii) : i32
    %v = arith.muli %x, %y : i32
    ure.yield %v : i32
  }
  ure.set_bounds @A (ii = 0 extent 5, io = 0 extent 2)
  ure.space_time_transform @A (ii)
  ure.isolate_producer [@a, @b] into @P6
  ure.isolate_producer [@a] into @P2
}
