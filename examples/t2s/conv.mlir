// T2S's performance 2-D convolution for the Arria 10 (IntelLabs/t2sp,
// t2s/tests/performance/conv/conv.cpp with a10 const-parameters.h), with
// its streaming tensors: one block of output (YYY YY = 20 rows, XXX XX =
// 28 columns, COOO COO = 128 channels) from 256 input channels with a
// 3 x 3 kernel, on an 8 x 10 array of PEs (cooo, yyy), each a 16-long dot
// product along the input channels cii.
//
//   t2s-opt examples/t2s/conv.mlir --t2s-isolate \
//     --t2s-report='fmax=206 device=arria10 bandwidth=19.2' -o /dev/null
//
// Against T2S's conv.cpp (loops innermost first there and in set_bounds
// here: cii, cooo, yyy, xxx, coo, yy, xx, ky, kx, ci; T2S's outer y, x,
// co, n repeat these steps and are left out):
//
//   A(P) = select(cooo == 0, I(total_ci,       ure.def @a: I is read in the
//            total_iw, total_ih), A(P_cooo-1))  HWC layout, channels last, so
//                                               that cii's 16 lanes are one
//                                               contiguous vector (T2S's host
//                                               serializer relays I so)
//   B(P) = select(yyy == 0, K(total_ci,        ure.def @b: K as (co, ky, kx,
//            total_co, ky, kx), B(P_yyy-1))     ci), channels last
//   C(P) = select(cii == 0 && ky == 0 &&       ure.def @c: the previous ky,
//            kx == 0 && ci == 0, 0, ...)        kx or ci is one read at PE
//            + A(P) * B(P)                      cii + 15
//   Out(P_Out) = select(cii == CII-1 && ky ==  ure.def @out
//            KY-1 && kx == KX-1 && ci == CI-1,
//            C(P))
//   A.merge_ures(B, C, Out)                     ure.merge_ures
//   A.set_bounds(...)                           ure.set_bounds
//   A.space_time_transform(cooo, yyy)           ure.space_time_transform
//                                               @a (cooo, yyy): cii, inside
//                                               them, runs inside each PE
//                                               (16 lanes, unrolled)
//   I >> DI.out(cii) >> FIFO(256)               ure.stream_input @I ...
//     >> SI.scope(kx).out(cii, yyy)             (a tile: the 22 x 28 x 16
//     >> FIFO(256)                              box of I one (ci, kx) reads)
//   K >> DK.out(cii) >> FIFO(256)               ure.stream_input @K ...
//     >> SK.scope(kx).out(cii, cooo)
//     >> FIFO(256)
//   Out >> RO.scope(yyy).out(cooo)              ure.stream_output @out ...
//     >> FIFO(256) >> DO >> O(P_O)              (the collector gathers along
//                                               yyy, sends float8s of cooo;
//                                               the unloader stores them)
//
// test/Examples/t2s-conv.test runs it at a small size in every mode and
// gives the report at these sizes.
ure.program @conv {
  ure.input @I : memref<22x30x256xf32>
  ure.input @K : memref<128x3x3x256xf32>
  ure.func @a(cii, cooo, yyy, xxx, coo, yy, xx, ky, kx, ci) -> f32 on device
  ure.func @b(cii, cooo, yyy, xxx, coo, yy, xx, ky, kx, ci) -> f32 on device
  ure.func @c(cii, cooo, yyy, xxx, coo, yy, xx, ky, kx, ci) -> f32 on device
  ure.func @out(yy, yyy, xx, xxx, coo, cooo) -> f32 on device

  ure.def @a(%cii, %cooo, %yyy, %xxx, %coo, %yy, %xx, %ky, %kx, %ci) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %cooo, %c0 : index
    %in = ure.load @I(%yyy + %yy * 10 + %ky, %xxx + %xx * 14 + %kx, %cii + %ci * 16) : f32
    %prev = ure.at @a(%cii, %cooo - 1, %yyy, %xxx, %coo, %yy, %xx, %ky, %kx, %ci) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @b(%cii, %cooo, %yyy, %xxx, %coo, %yy, %xx, %ky, %kx, %ci) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %yyy, %c0 : index
    %in = ure.load @K(%cooo + %coo * 8, %ky, %kx, %cii + %ci * 16) : f32
    %prev = ure.at @b(%cii, %cooo, %yyy - 1, %xxx, %coo, %yy, %xx, %ky, %kx, %ci) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @c(%cii, %cooo, %yyy, %xxx, %coo, %yy, %xx, %ky, %kx, %ci) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %lane0 = arith.cmpi eq, %cii, %c0 : index
    %ky0 = arith.cmpi eq, %ky, %c0 : index
    %kx0 = arith.cmpi eq, %kx, %c0 : index
    %ci0 = arith.cmpi eq, %ci, %c0 : index
    %by_ci = ure.at @c(%cii + 15, %cooo, %yyy, %xxx, %coo, %yy, %xx, %ky + 2, %kx + 2, %ci - 1) : f32
    %by_kx = ure.at @c(%cii + 15, %cooo, %yyy, %xxx, %coo, %yy, %xx, %ky + 2, %kx - 1, %ci) : f32
    %by_ky = ure.at @c(%cii + 15, %cooo, %yyy, %xxx, %coo, %yy, %xx, %ky - 1, %kx, %ci) : f32
    %by_cii = ure.at @c(%cii - 1, %cooo, %yyy, %xxx, %coo, %yy, %xx, %ky, %kx, %ci) : f32
    %from_ci = arith.select %ci0, %zero, %by_ci : f32
    %from_kx = arith.select %kx0, %from_ci, %by_kx : f32
    %from_ky = arith.select %ky0, %from_kx, %by_ky : f32
    %acc = arith.select %lane0, %from_ky, %by_cii : f32
    %a = ure.at @a(%cii, %cooo, %yyy, %xxx, %coo, %yy, %xx, %ky, %kx, %ci) : f32
    %b = ure.at @b(%cii, %cooo, %yyy, %xxx, %coo, %yy, %xx, %ky, %kx, %ci) : f32
    %p = arith.mulf %a, %b : f32
    %v = arith.addf %acc, %p : f32
    ure.yield %v : f32
  }
  ure.def @out(%yy, %yyy, %xx, %xxx, %coo, %cooo) with (%cii, %ky, %kx, %ci) {
    %c2 = arith.constant 2 : index
    %c15 = arith.constant 15 : index
    %last_ci = arith.constant 15 : index
    %lane15 = arith.cmpi eq, %cii, %c15 : index
    %ky2 = arith.cmpi eq, %ky, %c2 : index
    %kx2 = arith.cmpi eq, %kx, %c2 : index
    %ci15 = arith.cmpi eq, %ci, %last_ci : index
    %l0 = arith.andi %lane15, %ky2 : i1
    %l1 = arith.andi %l0, %kx2 : i1
    %last = arith.andi %l1, %ci15 : i1
    %c = ure.at @c(%cii, %cooo, %yyy, %xxx, %coo, %yy, %xx, %ky, %kx, %ci) : f32
    %v = ure.select %last, %c : f32
    ure.yield %v : f32
  }

  ure.merge_ures @a [@b, @c, @out]
  ure.set_bounds @a (cii = 0 extent 16, cooo = 0 extent 8, yyy = 0 extent 10,
                     xxx = 0 extent 14, coo = 0 extent 16, yy = 0 extent 2,
                     xx = 0 extent 2, ky = 0 extent 3, kx = 0 extent 3,
                     ci = 0 extent 16)
  ure.space_time_transform @a (cooo, yyy)

  ure.stream_input @I loader @iLoader out (cii) depth 256 feeder @iFeeder scope (kx) depth 256
  ure.stream_input @K loader @kLoader out (cii) depth 256 feeder @kFeeder scope (kx) depth 256
  ure.stream_output @out collector @collector scope (yyy) out (cooo) depth 256 unloader @unloader
}
