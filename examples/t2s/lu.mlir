// T2S's LU decomposition with triangular bounds (IntelLabs/t2sp,
// t2s/tests/correctness/LU/LU-triangular-iso-stt.cpp), line by line, with
// SIZE = 4 (T2S compiles one design per SIZE, 1 to 6; the test makes
// the others by replacing the 4s, test/Examples/Inputs/t2s-lu-size.py):
//
//   ImageParam A(Float(32), 2);                ure.input @A (Halide's order:
//                                              the first index contiguous)
//   #define X i, j, k                          the loop variables, i
//   Func PrevV(.., {X}, PLACE1), V, L, U, Z;   innermost (Halide's order)
//   Func O(PLACE1);                            ure.func @O(i, j): drops k
//   PrevV(X) = select(i >= k,                  ure.def @PrevV
//       select(k == 0, A(i, j), V(X_k_minus_1)), 0);
//   U(X) = select(i >= k, select(j == k,       ure.def @U
//       PrevV(X), U(X_j_minus_1)), 0);
//   L(X) = select(j == k || i < k, 0,          ure.def @L
//       select(i == k, PrevV(X) / U(X_j_minus_1), L(X_i_minus_1)));
//   V(X) = select(j == k || i < k, 0,          ure.def @V
//       PrevV(X) - L(X) * U(X_j_minus_1));
//   Z(X) = select(i >= k, select(j == k, U(X), ure.def @Z
//       select(i == k, L(X), 0)),
//       select(k > 0, Z(X_k_minus_1), 0));
//   O(X_no_k) = select(j == k, Z(X));          ure.def @O .. with (%k),
//                                              ure.select: stored where
//                                              j == k only
//   PrevV.merge_ures(U, L, V, Z, O)            ure.merge_ures
//        .reorder(j, k, i)                     ure.reorder
//        .set_bounds(k, 0, SIZE,               ure.set_bounds: j's min and
//                    j, k, SIZE - k,           extent name k (triangular
//                    i, 0, SIZE)               bounds)
//        .space_time_transform(j, k);          ure.space_time_transform:
//                                              PEs (k, j), i the time loop
//   PrevV.isolate_producer_chain(A,            ure.isolate_producer into
//       serializer, loader, feeder);           @loader (t2s builds no
//   serializer/loader/feeder.set_bounds(..);   serializer or feeder here: the
//   feeder.min_depth(512);                     loader streams A to the PEs)
//   feeder.scatter(loader, j);                 ure.scatter along j
//   O.isolate_consumer_chain(collector);       ure.isolate_consumer
//   collector.space_time_transform(j)          (the collector keeps the
//            .set_bounds(i, ..)                array's PEs, as t2s's
//            .set_bounds(j, ..);               collectors do)
//   collector.isolate_consumer_chain(unloader);
//   collector.gather(O, j);                    ure.gather along j
//   unloader.isolate_consumer_chain(           ure.unload into @unloader (the
//       deserializer);                         host reads the output buffer:
//                                              no deserializer)
//   deserializer.realize({SIZE, SIZE}, ..)     t2s-run
//   check(results, input)                      test/Examples/Inputs/
//                                              t2s-lu-check.py
//
// Triangular bounds (docs/ure.md): the nest runs the box j = 0 extent 4
// around k <= j < 4, and @O is stored only inside it; the array has
// 4 x 4 PEs, those with j < k computing values nothing stores.
//
//   t2s-opt examples/t2s/lu.mlir --merge-ures
//   t2s-run examples/t2s/lu.mlir --compare interpret,dataflow,opencl
ure.program @lu {
  ure.input @A : memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>
  ure.func @PrevV(i, j, k) -> f32 on device
  ure.func @U(i, j, k) -> f32 on device
  ure.func @L(i, j, k) -> f32 on device
  ure.func @V(i, j, k) -> f32 on device
  ure.func @Z(i, j, k) -> f32 on device
  ure.func @O(i, j) -> f32 on device layout affine_map<(d0, d1) -> (d1, d0)>
  ure.def @PrevV(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %in = arith.cmpi sge, %i, %k : index
    %first = arith.cmpi eq, %k, %c0 : index
    %a = ure.load @A(%i, %j) : f32
    %prev = ure.at @V(%i, %j, %k - 1) : f32
    %v0 = arith.select %first, %a, %prev : f32
    %v = arith.select %in, %v0, %zero : f32
    ure.yield %v : f32
  }
  ure.def @U(%i, %j, %k) {
    %zero = arith.constant 0.0 : f32
    %in = arith.cmpi sge, %i, %k : index
    %diag = arith.cmpi eq, %j, %k : index
    %p = ure.at @PrevV(%i, %j, %k) : f32
    %u = ure.at @U(%i, %j - 1, %k) : f32
    %v0 = arith.select %diag, %p, %u : f32
    %v = arith.select %in, %v0, %zero : f32
    ure.yield %v : f32
  }
  ure.def @L(%i, %j, %k) {
    %zero = arith.constant 0.0 : f32
    %diag = arith.cmpi eq, %j, %k : index
    %below = arith.cmpi slt, %i, %k : index
    %none = arith.ori %diag, %below : i1
    %pivot = arith.cmpi eq, %i, %k : index
    %p = ure.at @PrevV(%i, %j, %k) : f32
    %u = ure.at @U(%i, %j - 1, %k) : f32
    %q = arith.divf %p, %u : f32
    %l = ure.at @L(%i - 1, %j, %k) : f32
    %v0 = arith.select %pivot, %q, %l : f32
    %v = arith.select %none, %zero, %v0 : f32
    ure.yield %v : f32
  }
  ure.def @V(%i, %j, %k) {
    %zero = arith.constant 0.0 : f32
    %diag = arith.cmpi eq, %j, %k : index
    %below = arith.cmpi slt, %i, %k : index
    %none = arith.ori %diag, %below : i1
    %p = ure.at @PrevV(%i, %j, %k) : f32
    %l = ure.at @L(%i, %j, %k) : f32
    %u = ure.at @U(%i, %j - 1, %k) : f32
    %lu = arith.mulf %l, %u : f32
    %v0 = arith.subf %p, %lu : f32
    %v = arith.select %none, %zero, %v0 : f32
    ure.yield %v : f32
  }
  ure.def @Z(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %in = arith.cmpi sge, %i, %k : index
    %diag = arith.cmpi eq, %j, %k : index
    %pivot = arith.cmpi eq, %i, %k : index
    %later = arith.cmpi sgt, %k, %c0 : index
    %u = ure.at @U(%i, %j, %k) : f32
    %l = ure.at @L(%i, %j, %k) : f32
    %z = ure.at @Z(%i, %j, %k - 1) : f32
    %lz = arith.select %pivot, %l, %zero : f32
    %inner = arith.select %diag, %u, %lz : f32
    %carried = arith.select %later, %z, %zero : f32
    %v = arith.select %in, %inner, %carried : f32
    ure.yield %v : f32
  }
  ure.def @O(%i, %j) with (%k) {
    %diag = arith.cmpi eq, %j, %k : index
    %z = ure.at @Z(%i, %j, %k) : f32
    %v = ure.select %diag, %z : f32
    ure.yield %v : f32
  }
  ure.merge_ures @PrevV [@U, @L, @V, @Z, @O]
  ure.reorder @PrevV (j, k, i)
  ure.set_bounds @PrevV (k = 0 extent 4, j = k extent 4 - k, i = 0 extent 4)
  ure.space_time_transform @PrevV (j, k)
  ure.isolate_producer [@A] into @loader
  ure.scatter @loader (@A, j, up)
  ure.isolate_consumer @O into @collector
  ure.gather @collector (@O, j, up)
  ure.unload @O from @collector into @unloader
}
