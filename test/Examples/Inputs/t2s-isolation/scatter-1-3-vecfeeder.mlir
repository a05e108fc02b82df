// T2S t2s/tests/correctness/scatter/scatter-1-3.cpp, SIZE = 10, STRATEGY = Up
// Variant: the feeder vectorized along i too (ure.vectorize @Afeeder (i)).
//   ImageParam a(Int(32), 3, "a");                 ure.input @a (Halide layout, i contiguous)
//   A(i, j, k) = a(i, j, k) * 2;                   ure.def @A (Halide layout)
//   A.set_bounds(i,0,SIZE, j,0,SIZE, k,0,SIZE);    ure.set_bounds
//   A.space_time_transform(i,j).vectorize(i);      ure.space_time_transform @A (i, j), ure.vectorize @A (i)
//   A.isolate_producer_chain(a, Afeeder);          ure.isolate_producer [@a] into @Afeeder
//   Afeeder.scatter(a, j, STRATEGY);               ure.scatter @Afeeder (@a, j, up)
//   check(A0(i, j, k) = a(i, j, k) * 2)            npycheck A == 2 (100 i + 10 j + k)
ure.program @scatter {
  ure.input @a : memref<10x10x10xi32, affine_map<(i, j, k) -> (k, j, i)>>
  ure.func @A(i, j, k) -> i32 on device layout affine_map<(i, j, k) -> (k, j, i)>
  ure.def @A(%i, %j, %k) {
    %c2 = arith.constant 2 : i32
    %x = ure.load @a(%i, %j, %k) : i32
    %v = arith.muli %x, %c2 : i32
    ure.yield %v : i32
  }
  ure.set_bounds @A (i = 0 extent 10, j = 0 extent 10, k = 0 extent 10)
  ure.space_time_transform @A (i, j)
  ure.vectorize @A (i)
  ure.isolate_producer [@a] into @Afeeder
  ure.vectorize @Afeeder (i)
  ure.scatter @Afeeder (@a, j, up)
}
