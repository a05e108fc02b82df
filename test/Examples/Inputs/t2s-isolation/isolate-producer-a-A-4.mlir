// T2S t2s/tests/correctness/isolation/isolate-producer-a-A-4.cpp, SIZE = 10.
//   A(i) = a(i) * 2;                                  ure.def @A, with i = 5 io + ii (below)
//   Func A_loader(PLACE1), A_feeder(PLACE2);
//   A.isolate_producer_chain(a, A_loader, A_feeder);  a >> A_loader >> A_feeder >> A:
//                                                     ure.stream_input @a loader @A_loader
//                                                       out () feeder @A_feeder scope (io)
// t2s builds a loader -> feeder chain only with a buffered feeder, whose
// scope must be a time loop of the array; A(i) has one loop, which must be
// the space loop. So i is written as i = 5 io + ii: ii the space loop, io
// the scope (a tile of 5 elements per io). With A(i) as in T2S:
//   ure.stream_input ... scope ()  -> 'ure.stream_input' op 'scope' names one loop, got 0
//   ure.buffer ... scope (i)       -> scope loop 'i' is not a time loop of the feeder's array (time loops: )
//   two ure.isolate_producer [@a]  -> 'ure.isolate_producer' op isolates @a again
//   ure.split @A (i) into (io, ii) -> the output @A takes every loop, innermost first: split, ...
// The output A(ii, io) is laid out io-major: the bytes of A(i).
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
  ure.stream_input @a loader @A_loader out () depth 2 feeder @A_feeder scope (io) depth 2
}
