// T2S's SGEMM for the Arria 10 (IntelLabs/t2sp, t2s/tests/performance/gemm):
// a 10 x 8 array of PEs (iii, jjj), each a 16-lane dot product along kkk,
// fed by A along jjj and by B along iii, accumulating along kk in a long
// shift register. As T2S writes it, space_time_transform(jjj, iii) with
// kkk inside: each PE runs the 16 iterations of kkk at every step, the
// 1,280 multiply-adds of 80 PEs of 16 lanes. The tile sizes are T2S's
// (KKK = 16, JJJ = 8, III = 10, JJ = II = KK = 32): one tile of C,
// 320 x 256, over K = 512.
//
//   a(kkk, jjj, iii, jj, ii, kk) = select(jjj == 0, A(ii III + iii, kk KKK + kkk),
//                                          a(kkk, jjj - 1, ...))
//   b(kkk, jjj, iii, jj, ii, kk) = select(iii == 0, B(kk KKK + kkk, jj JJJ + jjj),
//                                          b(kkk, jjj, iii - 1, ...))
//   c(kkk, jjj, iii, jj, ii, kk) = a b + select(kkk == 0,
//                                          select(kk == 0, 0, c(kkk + 15, ..., kk - 1)),
//                                          c(kkk - 1, ...))
//   out(jjj, iii, jj, ii)        = c at kkk = 15, kk = 31
//
// Report: t2s-opt --t2s-transform --t2s-report='fmax=244 file=-' sgemm-a10.mlir
ure.program @sgemm {
  ure.input @A : memref<320x512xf32>
  ure.input @B : memref<512x256xf32>
  ure.func @a(kkk, jjj, iii, jj, ii, kk) -> f32 on device
  ure.func @b(kkk, jjj, iii, jj, ii, kk) -> f32 on device
  ure.func @c(kkk, jjj, iii, jj, ii, kk) -> f32 on device
  ure.func @out(jjj, iii, jj, ii) -> f32 on device

  ure.def @a(%kkk, %jjj, %iii, %jj, %ii, %kk) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %jjj, %c0 : index
    %in = ure.load @A(%ii * 10 + %iii, %kk * 16 + %kkk) : f32
    %prev = ure.at @a(%kkk, %jjj - 1, %iii, %jj, %ii, %kk) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @b(%kkk, %jjj, %iii, %jj, %ii, %kk) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %iii, %c0 : index
    %in = ure.load @B(%kk * 16 + %kkk, %jj * 8 + %jjj) : f32
    %prev = ure.at @b(%kkk, %jjj, %iii - 1, %jj, %ii, %kk) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @c(%kkk, %jjj, %iii, %jj, %ii, %kk) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %lane0 = arith.cmpi eq, %kkk, %c0 : index
    %tile0 = arith.cmpi eq, %kk, %c0 : index
    %carried = ure.at @c(%kkk + 15, %jjj, %iii, %jj, %ii, %kk - 1) : f32
    %chained = ure.at @c(%kkk - 1, %jjj, %iii, %jj, %ii, %kk) : f32
    %start = arith.select %tile0, %zero, %carried : f32
    %acc = arith.select %lane0, %start, %chained : f32
    %a = ure.at @a(%kkk, %jjj, %iii, %jj, %ii, %kk) : f32
    %b = ure.at @b(%kkk, %jjj, %iii, %jj, %ii, %kk) : f32
    %p = arith.mulf %a, %b : f32
    %v = arith.addf %acc, %p : f32
    ure.yield %v : f32
  }
  ure.def @out(%jjj, %iii, %jj, %ii) with (%kkk, %kk) {
    %c15 = arith.constant 15 : index
    %c31 = arith.constant 31 : index
    %lane15 = arith.cmpi eq, %kkk, %c15 : index
    %tile31 = arith.cmpi eq, %kk, %c31 : index
    %last = arith.andi %lane15, %tile31 : i1
    %c = ure.at @c(%kkk, %jjj, %iii, %jj, %ii, %kk) : f32
    %v = ure.select %last, %c : f32
    ure.yield %v : f32
  }

  ure.merge_ures @a [@b, @c, @out]
  ure.set_bounds @a (kkk = 0 extent 16, jjj = 0 extent 8, iii = 0 extent 10,
                     jj = 0 extent 32, ii = 0 extent 32, kk = 0 extent 32)
  ure.space_time_transform @a (jjj, iii)
}
