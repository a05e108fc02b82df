// T2S t2s/tests/correctness/isolation/isolate-producer-signals-0.cpp, I = J = 2.
//   ImageParam a(Int(32), 2);                      ure.input @a, Halide layout: a(j, i), j contiguous
//   Signal0(j, i) = select(j == 0, i == 0, Signal0(j - 1, i));       ure.def @Signal0 -> i1
//   Signal1(j, i) = select(j == 0, i == I - 1, Signal1(j - 1, i));   ure.def @Signal1 -> i1
//   A(j, i) = select(j == 0, a(j, i), select(Signal0(j, i), 1,
//             select(Signal1(j, i), 2, A(j - 1, i))));               ure.def @A
//   (A.realize({J, I}))                            ure.def @out(j, i) = A(j, i): in t2s the
//                                                  output may not be read, and A reads A(j - 1, i)
//   Signal0.merge_ures(Signal1, A)                 ure.merge_ures @Signal0 [@Signal1, @A, @out]
//     .set_bounds(j, 0, J, i, 0, I);               ure.set_bounds
//   (no space_time_transform in T2S)               ure.space_time_transform @Signal0 (j): i stays a
//                                                  time loop (the feeder's scope below)
//   Signal0.isolate_producer_chain(                 {a, signal0, signal1} >> P1 >> P2 >> array:
//       {a, signal0, signal1}, P1, P2);            t2s isolates only ure.inputs: ure.isolate_producer
//                                                  has no form for an expression (signal0, signal1
//                                                  stay computed in the array); a >> P1 >> P2 is
//                                                  ure.stream_input @a loader @P1 ... feeder @P2 scope (i)
//   check_equal_2D(golden B, out)                  npycheck: j == 0: a(0, i) = i + 1; else 1 (i == 0) or 2
ure.program @signals {
  ure.input @a : memref<2x2xi32, affine_map<(j, i) -> (i, j)>>
  ure.func @Signal0(j, i) -> i1 on device
  ure.func @Signal1(j, i) -> i1 on device
  ure.func @A(j, i) -> i32 on device
  ure.func @out(j, i) -> i32 on device layout affine_map<(j, i) -> (i, j)>
  ure.def @Signal0(%j, %i) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %j, %c0 : index
    %s = arith.cmpi eq, %i, %c0 : index
    %p = ure.at @Signal0(%j - 1, %i) : i1
    %v = arith.select %first, %s, %p : i1
    ure.yield %v : i1
  }
  ure.def @Signal1(%j, %i) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %first = arith.cmpi eq, %j, %c0 : index
    %s = arith.cmpi eq, %i, %c1 : index
    %p = ure.at @Signal1(%j - 1, %i) : i1
    %v = arith.select %first, %s, %p : i1
    ure.yield %v : i1
  }
  ure.def @A(%j, %i) {
    %c0 = arith.constant 0 : index
    %one = arith.constant 1 : i32
    %two = arith.constant 2 : i32
    %first = arith.cmpi eq, %j, %c0 : index
    %x = ure.load @a(%j, %i) : i32
    %s0 = ure.at @Signal0(%j, %i) : i1
    %s1 = ure.at @Signal1(%j, %i) : i1
    %p = ure.at @A(%j - 1, %i) : i32
    %in1 = arith.select %s1, %two, %p : i32
    %in0 = arith.select %s0, %one, %in1 : i32
    %v = arith.select %first, %x, %in0 : i32
    ure.yield %v : i32
  }
  ure.def @out(%j, %i) {
    %v = ure.at @A(%j, %i) : i32
    ure.yield %v : i32
  }
  ure.merge_ures @Signal0 [@Signal1, @A, @out]
  ure.set_bounds @Signal0 (j = 0 extent 2, i = 0 extent 2)
  ure.space_time_transform @Signal0 (j)
  ure.stream_input @a loader @P1 out () depth 2 feeder @P2 scope (i) depth 2
}
