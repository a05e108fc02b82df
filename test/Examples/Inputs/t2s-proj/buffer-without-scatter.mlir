// T2S t2s/tests/correctness/buffer/buffer-without-scatter.cpp, at a smaller size:
// II = JJ = 2, III = JJJ = 4, KK = 2, KKK = 2, OI = OJ = 1, OK = 4 (I = J = 8, K = 16).
// (T2S: I = J = K = 64, II = JJ = KK = 4, III = JJJ = 8, KKK = 4, so KK == OK = 4: that branch's
//  C(P_ok_minus_1) at kk > 0 reads C outside its domain (kk + KK - 1 >= KK), which t2s's interpreter
//  reports (gemm2.mlir, buffer-without-scatter-kkeqok.mlir); KK != OK here takes the general branch of the same source.)
//   A(P) = select(jj == 0, a(k, i), A(P_jj_minus_1))       ure.def @A (a(k, i), k contiguous: written a(i, k)
//   B(P) = select(ii == 0, b(k, j), B(P_ii_minus_1))       ure.def @B  row-major, the same bytes; see gemm.mlir)
//   C(P) = select(ok == 0 && kk == 0 && kkk == 0, 0, select(kkk == 0, select(kk == 0,
//          C(P_ok_minus_1), C(P_kk_minus_1)), C(P_kkk_minus_1))) + A(P) * B(P)     ure.def @C
//   c(P_c) = select(ok == OK-1 && kk == KK-1 && kkk == KKK-1, C(P))                ure.def @c (Halide layout)
//   A.merge_ures(B, C, c).set_bounds(..) x 3                ure.merge_ures @A [@B, @C, @c], ure.set_bounds
//   A.space_time_transform(kkk, jj, ii); A.vectorize(kkk);  ure.space_time_transform @A (kkk, jj, ii), ure.vectorize @A (kkk)
//   A.isolate_producer_chain(a, serializerA, loaderA, feederA)   ure.isolate_producer [@a] into @feederA (the loader:
//   A.isolate_producer_chain(b, serializerB, loaderB, feederB)   ure.isolate_producer [@b] into @feederB  ure.buffer; no serializer)
//   (feederA/B.scatter commented out in this test)
//   serializerA.remove(jjj); serializerB.remove(iii);      (none: no serializers)
//   loaderA.remove(jjj); loaderB.remove(iii);              ure.remove @loaderA (jjj), ure.remove @loaderB (iii)
//   feederA.buffer(loaderA, iii, BufferStrategy::Double);  ure.buffer @feederA (@a) scope (iii) loader @loaderA out (kkk)
//   feederB.buffer(loaderB, kk, BufferStrategy::Double);   ure.buffer @feederB (@b) scope (kk) loader @loaderB out (kkk)
//   c.isolate_consumer_chain(drainer); drainer.space_time_transform(jj, ii); drainer.set_bounds(..)
//                                                           ure.isolate_consumer @c into @drainer (its PEs and loops are the array's)
//   drainer.isolate_consumer_chain(collector, unloader);   ure.unload @c from @drainer into @unloader
//   collector.vectorize(jj); unloader.vectorize(jj);       ure.vectorize @drainer (jj)
//   drainer.gather(c, ii);                                 ure.gather @drainer (@c, ii, up)
//   collector.gather(drainer, jj);                         (dropped: t2s refuses a second gather of one kernel)
//   assert(result(yy, xx, yyy, xxx, oy, ox) == golden(x, y))   npycheck c == sum_k a(k, x) b(k, y), a(k, i) = k + i + 1
ure.program @buffer_without_scatter {
  ure.input @a : memref<8x16xf32>
  ure.input @b : memref<8x16xf32>
  ure.func @A(kkk, jj, ii, jjj, iii, kk, ok, oj, oi) -> f32 on device
  ure.func @B(kkk, jj, ii, jjj, iii, kk, ok, oj, oi) -> f32 on device
  ure.func @C(kkk, jj, ii, jjj, iii, kk, ok, oj, oi) -> f32 on device
  ure.func @c(jj, ii, jjj, iii, oj, oi) -> f32 on device layout affine_map<(jj, ii, jjj, iii, oj, oi) -> (oi, oj, iii, jjj, ii, jj)>
  ure.def @A(%kkk, %jj, %ii, %jjj, %iii, %kk, %ok, %oj, %oi) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %jj, %c0 : index
    %in = ure.load @a(%oi * 8 + %ii * 4 + %iii, %ok * 4 + %kk * 2 + %kkk) : f32
    %p = ure.at @A(%kkk, %jj - 1, %ii, %jjj, %iii, %kk, %ok, %oj, %oi) : f32
    %v = arith.select %first, %in, %p : f32
    ure.yield %v : f32
  }
  ure.def @B(%kkk, %jj, %ii, %jjj, %iii, %kk, %ok, %oj, %oi) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %ii, %c0 : index
    %in = ure.load @b(%oj * 8 + %jj * 4 + %jjj, %ok * 4 + %kk * 2 + %kkk) : f32
    %p = ure.at @B(%kkk, %jj, %ii - 1, %jjj, %iii, %kk, %ok, %oj, %oi) : f32
    %v = arith.select %first, %in, %p : f32
    ure.yield %v : f32
  }
  ure.def @C(%kkk, %jj, %ii, %jjj, %iii, %kk, %ok, %oj, %oi) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %a1 = arith.cmpi eq, %kkk, %c0 : index
    %kk0 = arith.cmpi eq, %kk, %c0 : index
    %a3 = arith.cmpi eq, %ok, %c0 : index
    %a12 = arith.andi %a1, %kk0 : i1
    %start = arith.andi %a12, %a3 : i1
    %kkk0 = arith.cmpi eq, %kkk, %c0 : index
    %pok = ure.at @C(%kkk + 1, %jj, %ii, %jjj, %iii, %kk + 1, %ok - 1, %oj, %oi) : f32
    %pkk = ure.at @C(%kkk + 1, %jj, %ii, %jjj, %iii, %kk - 1, %ok, %oj, %oi) : f32
    %s1 = arith.select %kk0, %pok, %pkk : f32
    %pkkk = ure.at @C(%kkk - 1, %jj, %ii, %jjj, %iii, %kk, %ok, %oj, %oi) : f32
    %s2 = arith.select %kkk0, %s1, %pkkk : f32
    %acc = arith.select %start, %zero, %s2 : f32
    %x = ure.at @A(%kkk, %jj, %ii, %jjj, %iii, %kk, %ok, %oj, %oi) : f32
    %y = ure.at @B(%kkk, %jj, %ii, %jjj, %iii, %kk, %ok, %oj, %oi) : f32
    %m = arith.mulf %x, %y : f32
    %v = arith.addf %acc, %m : f32
    ure.yield %v : f32
  }
  ure.def @c(%jj, %ii, %jjj, %iii, %oj, %oi) with (%kkk, %kk, %ok) {
    %Kp = arith.constant 4 : index
    %one = arith.constant 1 : index
    %kl = arith.subi %Kp, %one : index
    %kkkl = arith.constant 1 : index
    %kkl = arith.constant 1 : index
    %a1 = arith.cmpi eq, %kkk, %kkkl : index
    %a2 = arith.cmpi eq, %kk, %kkl : index
    %a3 = arith.cmpi eq, %ok, %kl : index
    %a12 = arith.andi %a1, %a2 : i1
    %l = arith.andi %a12, %a3 : i1
    %v = ure.at @C(%kkk, %jj, %ii, %jjj, %iii, %kk, %ok, %oj, %oi) : f32
    %w = ure.select %l, %v : f32
    ure.yield %w : f32
  }
  ure.merge_ures @A [@B, @C, @c]
  ure.set_bounds @A (kkk = 0 extent 2, jj = 0 extent 2, ii = 0 extent 2, jjj = 0 extent 4, iii = 0 extent 4, kk = 0 extent 2, ok = 0 extent 4, oj = 0 extent 1, oi = 0 extent 1)
  ure.space_time_transform @A (kkk, jj, ii)
  ure.vectorize @A (kkk)
  ure.isolate_producer [@a] into @feederA
  ure.isolate_producer [@b] into @feederB
  ure.remove @loaderA (jjj)
  ure.remove @loaderB (iii)
  ure.buffer @feederA (@a) scope (iii) loader @loaderA out (kkk)
  ure.buffer @feederB (@b) scope (kk) loader @loaderB out (kkk)
  ure.isolate_consumer @c into @drainer
  ure.gather @drainer (@c, ii, up)
  ure.vectorize @drainer (jj)
  ure.unload @c from @drainer into @unloader
}
