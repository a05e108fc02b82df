// T2S t2s/tests/correctness/isolation/isolate-producer-signals-1.cpp, I = J = 2.
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
//   Signal0.isolate_producer_chain(                 {a, signal0, signal1} >> P2 >> P3 >> array,
//       {a, signal0, signal1}, P2, P3);            then {a, signal0} >> P1 >> P2: nested isolation
//   P2.isolate_producer_chain({a, signal0}, P1);   from a kernel. t2s isolates only ure.inputs (no
//                                                  form for the expressions signal0, signal1), from
//                                                  the array, into at most loader >> feeder. The
//                                                  three-stage chain a >> P1 >> P2 >> P3 spelled with
//                                                  ure.buffer is refused (expected error):
//                                                  'ure.buffer' op @P2 is not a feeder of @a
//   check_equal_2D(golden B, out)                  (the two-stage chain: isolate-producer-signals-0.mlir)
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
  ure.isolate_producer [@a] into @P3
  ure.buffer @P3 (@a) scope (i) loader @P2 out ()
  ure.buffer @P2 (@a) scope (i) loader @P1 out ()
}
