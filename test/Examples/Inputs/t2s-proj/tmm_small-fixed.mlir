// Variant of tmm_small.mlir: no scatters, and C reads C(lll + 1, ll + 1, ol - 1) at ll == 0
// (T2S's URE reads C(lll + 1, ll - 1), outside C's domain there).
// T2S t2s/tests/correctness/buffer/tmm_small.cpp (all extents 2: I = J = K = L = 8).
//   ImageParam a(Float(32), 3), b(Float(32), 2); a(l, i, j), b(l, k), l contiguous
//                                                  ure.input @a as a(j, i, l), @b as b(k, l), row-major:
//                                                  the same bytes (ure.buffer's `out` needs the logical last
//                                                  index: min/buffer-out-layout.mlir)
//   P = lll, jj, kk, ii, kkk, jjj, iii, ll, ol, ok, oj, oi                 the loops, innermost first
//   A(P) = select(kk == 0, a(l, i, j), A(P_kk_minus_1));                  ure.def @A
//   B(P) = select(jj == 0, b(l, k), B(P_jj_minus_1));                     ure.def @B
//   C(P) = select(ol == 0 && ll == 0 && lll == 0, 0, select(lll == 0,
//          C(P_ll_minus_1), C(P_lll_minus_1))) + A(P) * B(P);              ure.def @C: at lll == 0, ll == 0, ol > 0
//                                                  C(lll + 1, ll - 1) is outside C's domain (no ol - 1 case;
//                                                  T2S's flattened registers make it the last ll of ol - 1)
//   c(P_c) = select(ol == OL-1 && ll == LL-1 && lll == LLL-1, C(P));      ure.def @c (Halide layout)
//   A.merge_ures(B, C, c); A.set_bounds(..) x 3                           ure.merge_ures, ure.set_bounds
//   A.space_time_transform(lll, jj, kk); A.vectorize(lll);                ure.space_time_transform @A (lll, jj, kk), ure.vectorize
//   A.isolate_producer_chain(a, serializerA, loaderA, feederA);           ure.isolate_producer [@a] into @feederA
//   A.isolate_producer_chain(b, serializerB, loaderB, feederB);           ure.isolate_producer [@b] into @feederB
//   feederA.scatter(loaderA, jj); feederB.scatter(loaderB, kk);           ure.scatter @feederA (@a, jj, up), @feederB (@b, kk, up)
//   serializerA.remove(kkk); serializerB.remove(iii); .remove(jjj);      (none: no serializers)
//   loaderA.remove(kkk); loaderB.remove(iii); loaderB.remove(jjj);        ure.remove @loaderA (kkk), ure.remove @loaderB (iii, jjj)
//   feederA.buffer(loaderA, iii, Double); feederB.buffer(loaderB, ll, ..) ure.buffer @feederA (@a) scope (iii) .. out (lll), @feederB scope (ll)
//   c.isolate_consumer_chain(drainer); drainer.space_time_transform(jj, kk); drainer.set_bounds(..)
//                                                                         ure.isolate_consumer @c into @drainer
//   drainer.isolate_consumer_chain(collector, unloader);                  ure.unload @c from @drainer into @unloader
//   collector.vectorize(jj); unloader.vectorize(jj);                      ure.vectorize @drainer (jj)
//   drainer.gather(c, kk);                                                ure.gather @drainer (@c, kk, up)
//   collector.gather(drainer, jj);                                        (dropped: one gather per kernel in t2s)
//   assert(result(yy, zz, xx, zzz, yyy, xxx, oz, oy, ox) == golden(x, y, z))   npycheck c == sum_l a(l,i,j) b(l,k),
//                                                                         a(l, i, j) = l + i + j, b(l, k) = l + k + 1
ure.program @tmm {
  ure.input @a : memref<8x8x8xf32>
  ure.input @b : memref<8x8xf32>
  ure.func @A(lll, jj, kk, ii, kkk, jjj, iii, ll, ol, ok, oj, oi) -> f32 on device
  ure.func @B(lll, jj, kk, ii, kkk, jjj, iii, ll, ol, ok, oj, oi) -> f32 on device
  ure.func @C(lll, jj, kk, ii, kkk, jjj, iii, ll, ol, ok, oj, oi) -> f32 on device
  ure.func @c(jj, kk, ii, kkk, jjj, iii, ok, oj, oi) -> f32 on device layout affine_map<(jj, kk, ii, kkk, jjj, iii, ok, oj, oi) -> (oi, oj, ok, iii, jjj, kkk, ii, kk, jj)>
  ure.def @A(%lll, %jj, %kk, %ii, %kkk, %jjj, %iii, %ll, %ol, %ok, %oj, %oi) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %kk, %c0 : index
    %in = ure.load @a(%oj * 4 + %jj * 2 + %jjj, %oi * 4 + %ii * 2 + %iii, %ol * 4 + %ll * 2 + %lll) : f32
    %p = ure.at @A(%lll, %jj, %kk - 1, %ii, %kkk, %jjj, %iii, %ll, %ol, %ok, %oj, %oi) : f32
    %v = arith.select %first, %in, %p : f32
    ure.yield %v : f32
  }
  ure.def @B(%lll, %jj, %kk, %ii, %kkk, %jjj, %iii, %ll, %ol, %ok, %oj, %oi) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %jj, %c0 : index
    %in = ure.load @b(%ok * 4 + %kk * 2 + %kkk, %ol * 4 + %ll * 2 + %lll) : f32
    %p = ure.at @B(%lll, %jj - 1, %kk, %ii, %kkk, %jjj, %iii, %ll, %ol, %ok, %oj, %oi) : f32
    %v = arith.select %first, %in, %p : f32
    ure.yield %v : f32
  }
  ure.def @C(%lll, %jj, %kk, %ii, %kkk, %jjj, %iii, %ll, %ol, %ok, %oj, %oi) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %a1 = arith.cmpi eq, %ol, %c0 : index
    %a2 = arith.cmpi eq, %ll, %c0 : index
    %a3 = arith.cmpi eq, %lll, %c0 : index
    %a12 = arith.andi %a1, %a2 : i1
    %start = arith.andi %a12, %a3 : i1
    %pll0 = ure.at @C(%lll + 1, %jj, %kk, %ii, %kkk, %jjj, %iii, %ll - 1, %ol, %ok, %oj, %oi) : f32
    %pol = ure.at @C(%lll + 1, %jj, %kk, %ii, %kkk, %jjj, %iii, %ll + 1, %ol - 1, %ok, %oj, %oi) : f32
    %pll = arith.select %a2, %pol, %pll0 : f32
    %plll = ure.at @C(%lll - 1, %jj, %kk, %ii, %kkk, %jjj, %iii, %ll, %ol, %ok, %oj, %oi) : f32
    %s1 = arith.select %a3, %pll, %plll : f32
    %acc = arith.select %start, %zero, %s1 : f32
    %x = ure.at @A(%lll, %jj, %kk, %ii, %kkk, %jjj, %iii, %ll, %ol, %ok, %oj, %oi) : f32
    %y = ure.at @B(%lll, %jj, %kk, %ii, %kkk, %jjj, %iii, %ll, %ol, %ok, %oj, %oi) : f32
    %m = arith.mulf %x, %y : f32
    %v = arith.addf %acc, %m : f32
    ure.yield %v : f32
  }
  ure.def @c(%jj, %kk, %ii, %kkk, %jjj, %iii, %ok, %oj, %oi) with (%lll, %ll, %ol) {
    %c1 = arith.constant 1 : index
    %a1 = arith.cmpi eq, %ol, %c1 : index
    %a2 = arith.cmpi eq, %ll, %c1 : index
    %a3 = arith.cmpi eq, %lll, %c1 : index
    %a12 = arith.andi %a1, %a2 : i1
    %l = arith.andi %a12, %a3 : i1
    %v = ure.at @C(%lll, %jj, %kk, %ii, %kkk, %jjj, %iii, %ll, %ol, %ok, %oj, %oi) : f32
    %w = ure.select %l, %v : f32
    ure.yield %w : f32
  }
  ure.merge_ures @A [@B, @C, @c]
  ure.set_bounds @A (lll = 0 extent 2, jj = 0 extent 2, kk = 0 extent 2, ii = 0 extent 2, kkk = 0 extent 2, jjj = 0 extent 2, iii = 0 extent 2, ll = 0 extent 2, ol = 0 extent 2, ok = 0 extent 2, oj = 0 extent 2, oi = 0 extent 2)
  ure.space_time_transform @A (lll, jj, kk)
  ure.vectorize @A (lll)
  ure.isolate_producer [@a] into @feederA
  ure.isolate_producer [@b] into @feederB
  ure.remove @loaderA (kkk)
  ure.remove @loaderB (iii, jjj)
  ure.buffer @feederA (@a) scope (iii) loader @loaderA out (lll)
  ure.buffer @feederB (@b) scope (ll) loader @loaderB out (lll)
  ure.isolate_consumer @c into @drainer
  ure.gather @drainer (@c, kk, up)
  ure.vectorize @drainer (jj)
  ure.unload @c from @drainer into @unloader
}
