// T2S t2s/tests/correctness/isolation/isolate-producer-a-A-5.cpp, SIZE = 10.
//   A(i) = a(i) * 2;                                  ure.def @A (i = 5 io + ii, as in -4)
//   A.isolate_producer_chain(a, P1, P2, P3, P4);      a >> P1 >> P2 >> P3 >> P4 >> A
// t2s builds at most loader >> feeder per input (docs/streaming-tensors.md,
// "Not built yet": chains of more than loader and feeder). The closest
// spelling, a feeder P4 whose loader P3 is itself buffered from P2, is
// refused by the verifier (below: expected error). The two-stage chain is
// isolate-producer-a-A-4.mlir.
//   P4: ure.isolate_producer [@a] into @P4
//   P3: ure.buffer @P4 (@a) scope (io) loader @P3 out ()
//   P2: ure.buffer @P3 (@a) scope (io) loader @P2 out ()
//     -> error: 'ure.buffer' op @P3 is not a feeder of @a: isolate it first
ure.program @iso {
  ure.input @a : memref<10xi32>
  ure.func @A(ii, io) -> i32 on device layout affine_map<(ii, io) -> (io, ii)>
  ure.def @A(%ii, %io) {
    %c2 = arith.constant 2 : i32
    %x = ure.load @a(%io * 5 + %ii) : i32
    %v = arith.muli %x, %c2 : i32
    ure.yield %v : i32
  }
  ure.set_bounds @A (ii = 0 extent 5, io = 0 extent 2)
  ure.space_time_transform @A (ii)
  ure.isolate_producer [@a] into @P4
  ure.buffer @P4 (@a) scope (io) loader @P3 out ()
  ure.buffer @P3 (@a) scope (io) loader @P2 out ()
}
