// T2S t2s/tests/correctness/isolation/isolate-producer-a-A-7.cpp, SIZE = 10.
//   A(i) = a(i) * b(i);                               ure.def @A (i = 5 io + ii, as in -4)
//   A.isolate_producer_chain({a, b}, P1, P2, P3, P4); {a,b} >> P1 >> P2 >> P3 >> P4 >> A
// t2s builds at most loader >> feeder per input (4 stages: no equivalent,
// see -5). Ported as the two-stage chain that t2s has: one feeder P4 for a
// and b (T2S's shared kernel), and a loader per input (P3 for a, P3b for b;
// one loader for both is refused: 'ure.buffer' op kernel @P3 is created
// by an earlier directive).
//   ure.isolate_producer [@a, @b] into @P4
//   ure.buffer @P4 (@a) scope (io) loader @P3 out ()
//   ure.buffer @P4 (@b) scope (io) loader @P3b out ()
//   check_equal(B(i) = a(i) * b(i), out)              npycheck A == i * i
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
  ure.isolate_producer [@a, @b] into @P4
  ure.buffer @P4 (@a) scope (io) loader @P3 out ()
  ure.buffer @P4 (@b) scope (io) loader @P3b out ()
}
