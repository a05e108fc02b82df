// T2S t2s/tests/correctness/isolation/isolate-producer-a-A-condition-merge-ures-negative-18.cpp, SIZE = 10.
// T2S expects an error: A and B are cyclically dependent; isolating B would
// need isolating A.
//   Func A(Int(32), {i}), B;                     ure.func @A(i) -> i32, ure.func @B(i) -> i32
//   B(i) = select(i == 0, 0, A(i-1));            ure.def @B
//   A(i) = B(i) * 2;                             ure.def @A
//   B.merge_ures(A);                             ure.merge_ures @B [@A]
//   (bounds: none in T2S)                        ure.set_bounds @B (i = 0 extent 10)
//   B.isolate_producer_chain(B, A_feeder);       ure.isolate_producer [@B] into @A_feeder
// (A is the output in t2s and may not be read: A(i - 1) is read from B,
//  so the output is a separate URE out(i) = A(i).)
ure.program @iso {
  ure.func @B(i) -> i32 on device
  ure.func @A(i) -> i32 on device
  ure.func @out(i) -> i32 on device
  ure.def @B(%i) {
    %c0 = arith.constant 0 : index
    %z = arith.constant 0 : i32
    %first = arith.cmpi eq, %i, %c0 : index
    %p = ure.at @A(%i - 1) : i32
    %v = arith.select %first, %z, %p : i32
    ure.yield %v : i32
  }
  ure.def @A(%i) {
    %c2 = arith.constant 2 : i32
    %b = ure.at @B(%i) : i32
    %v = arith.muli %b, %c2 : i32
    ure.yield %v : i32
  }
  ure.def @out(%i) {
    %a = ure.at @A(%i) : i32
    ure.yield %a : i32
  }
  ure.merge_ures @B [@A, @out]
  ure.set_bounds @B (i = 0 extent 10)
  ure.space_time_transform @B (i)
  ure.isolate_producer [@B] into @A_feeder
}
