// T2S's 2-D convolution for the Arria 10 (IntelLabs/t2sp,
// t2s/tests/performance/conv: conv.cpp, const-parameters.h): an 8 x 10
// array of PEs (cooo, yyy), each a 16-lane dot product along the input
// channels cii, reducing over cii, ky, kx and ci. As in sgemm-a10.mlir,
// cii runs inside each PE (space_time_transform(cooo, yyy) with cii
// inside): 80 PEs of 16 lanes, 1,280 multiply-adds. The tiles are T2S's FPGA ones (CII = 16, COOO = 8,
// YYY = 10, XXX = 14, COO = 16, YY = XX = 2, KY = KX = 3, CI = 16); the outer
// loops over images and output blocks (y, x, co, n) are left out: they
// repeat the same steps.
//
//   a = select(cooo == 0, I(cii + 16 ci, yyy + 10 yy + ky, xxx + 14 xx + kx), a(cooo - 1))
//   b = select(yyy == 0, K(cooo + 8 coo, cii + 16 ci, ky, kx), b(yyy - 1))
//   c = a b + select(cii == 0 && ky == 0 && kx == 0 && ci == 0, 0,
//             select(cii == 0, select(ky == 0, select(kx == 0,
//                 c(cii + 15, ky + 2, kx + 2, ci - 1), c(cii + 15, ky + 2, kx - 1)),
//                 c(cii + 15, ky - 1)), c(cii - 1)))
//   out(cooo, yyy, xxx, coo, yy, xx) = c at cii = 15, ky = kx = 2, ci = 15
//
// Report: t2s-opt --t2s-transform --t2s-report='fmax=206 file=-' conv-a10.mlir -o /dev/null
ure.program @conv {
  ure.input @I : memref<256x22x30xf32>
  ure.input @K : memref<128x256x3x3xf32>
  ure.func @a(cii, cooo, yyy, xxx, coo, yy, xx, ky, kx, ci) -> f32 on device
  ure.func @b(cii, cooo, yyy, xxx, coo, yy, xx, ky, kx, ci) -> f32 on device
  ure.func @c(cii, cooo, yyy, xxx, coo, yy, xx, ky, kx, ci) -> f32 on device
  ure.func @out(cooo, yyy, xxx, coo, yy, xx) -> f32 on device

  ure.def @a(%cii, %cooo, %yyy, %xxx, %coo, %yy, %xx, %ky, %kx, %ci) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %cooo, %c0 : index
    %in = ure.load @I(%cii + %ci * 16, %yyy + %yy * 10 + %ky, %xxx + %xx * 14 + %kx) : f32
    %prev = ure.at @a(%cii, %cooo - 1, %yyy, %xxx, %coo, %yy, %xx, %ky, %kx, %ci) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @b(%cii, %cooo, %yyy, %xxx, %coo, %yy, %xx, %ky, %kx, %ci) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %yyy, %c0 : index
    %in = ure.load @K(%cooo + %coo * 8, %cii + %ci * 16, %ky, %kx) : f32
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
  ure.def @out(%cooo, %yyy, %xxx, %coo, %yy, %xx) with (%cii, %ky, %kx, %ci) {
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
}
