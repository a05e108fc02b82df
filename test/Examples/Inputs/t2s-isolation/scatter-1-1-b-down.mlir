// T2S t2s/tests/correctness/scatter/scatter-1-1.cpp, SIZE = 10, STRATEGY = Down.
//   ImageParam a(Int(32), 1, "a");                 ure.input @a
//   A(i, j) = a(i) * 2;                            ure.def @A (Halide layout, i contiguous)
//   A.set_bounds(i, 0, SIZE, j, 0, SIZE);          ure.set_bounds
//   A.space_time_transform(i);                     ure.space_time_transform @A (i)
//   A.isolate_producer_chain(a, Aloader, Afeeder); ure.isolate_producer [@a] into @Afeeder
//                                                  (no loader: see below)
//   Afeeder.scatter(Aloader, i, STRATEGY);         ure.scatter @Afeeder (@a, i, down): Afeeder's
//                                                  first PE reads a (from memory) for all PEs
// The chain as T2S writes it is refused:
//   ure.buffer @Afeeder (@a) scope (j) loader @Aloader out () + ure.scatter @Afeeder (@a, i, down)
//     -> error: cannot scatter the read of @a in @Afeeder: it is inside a region that is not an scf.if, ...
//   ure.scatter @Afeeder (@Aloader, i, down)
//     -> error: 'ure.scatter' op scatters @Aloader, which is neither a ure.input nor a ure.func
//   ure.buffer ... + ure.scatter @A (@a, i, down) -> error: @A does not read @a: nothing to scatter
// This variant (-b): ure.isolate_producer [@a] into @Aloader + ure.scatter @A (@a, i, down):
// the array's first PE reads the loader's channel for every PE along i.
//   check_equal_2D(A0(i, j) = a(i) * 2, out)       npycheck A(i, j) == 2 i
ure.program @scatter {
  ure.input @a : memref<10xi32>
  ure.func @A(i, j) -> i32 on device layout affine_map<(i, j) -> (j, i)>
  ure.def @A(%i, %j) {
    %c2 = arith.constant 2 : i32
    %x = ure.load @a(%i) : i32
    %v = arith.muli %x, %c2 : i32
    ure.yield %v : i32
  }
  ure.set_bounds @A (i = 0 extent 10, j = 0 extent 10)
  ure.space_time_transform @A (i)
  ure.isolate_producer [@a] into @Aloader
  ure.scatter @A (@a, i, down)
}
