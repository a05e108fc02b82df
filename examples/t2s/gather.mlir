// T2S's 2-D gathering correctness test (IntelLabs/t2sp,
// t2s/tests/correctness/gather/gather-1-2.cpp), ported line by line at
// SIZE = 4: every loop unrolled into a 4 x 4 array of PEs, the output
// drained from every PE and gathered along j, so that one PE per row
// stores, and a collector that writes it out.
//
//   ImageParam a(Int(32), 2, "a");             ure.input @a (Halide's order:
//                                              the first index contiguous)
//   Func A(Place::Device); Var i, j;           ure.func @A (i, j)
//   A(i, j) = a(i, j);                         ure.def @A
//   A.set_bounds(i, 0, SIZE, j, 0, SIZE)       ure.set_bounds
//    .unroll(i).unroll(j)                      ure.unroll: without a
//                                              space-time transform the
//                                              unrolled loops are the space
//                                              loops (all PEs in one step)
//    .isolate_consumer_chain(A_drainer,        ure.isolate_consumer into
//                            A_collector);     @drainer, ure.unload into
//                                              @collector
//   A_drainer.gather(A, j, STRATEGY);          ure.gather, STRATEGY = Up
//   A_collector.realize(SIZE, SIZE, target)    t2s-run; check_equal_2D
//                                              against A0(i0, j0) = a(i0, j0)
//                                              is --compare interpret,...
//
//   t2s-run examples/t2s/gather.mlir --compare interpret,dataflow,opencl
ure.program @gather {
  ure.input @a : memref<4x4xi32, affine_map<(d0, d1) -> (d1, d0)>>
  ure.func @A(i, j) -> i32 on device layout affine_map<(d0, d1) -> (d1, d0)>
  ure.def @A(%i, %j) {
    %v = ure.load @a(%i, %j) : i32
    ure.yield %v : i32
  }
  ure.set_bounds @A (i = 0 extent 4, j = 0 extent 4)
  ure.unroll @A (i, j)
  ure.isolate_consumer @A into @drainer
  ure.gather @drainer (@A, j, up)
  ure.unload @A from @drainer into @collector
}
