// T2S t2s/tests/correctness/gemm/gemm.cpp at a smaller size: the tile as T2S's
// (II = JJ = 2, KK = 8, III = JJJ = 4, KKK = 8), OI = 2, OJ = 1, OK = 2
// (T2S: I = J = 64, K = 256, i.e. OI = OJ = 8, OK = 4; KK != OK either way).
//   a, b: ImageParam Float(32) 2-D, a(k, i), b(k, j), k contiguous   ure.input @a as a(i, k), @b as b(j, k), row-major: the same
//                                    bytes (t2s's ure.buffer checks `out` against the logical last index and refuses out (kkk)
//                                    on a Halide-layout a(k, i): min/buffer-out-layout.mlir)
//   fk(P) = k; fkk(P) = kk; lk(P) = K - 1 - k;     inlined into the controls (Halide inlines them)
//   firstk(P)  = select(jj == 0, fk(P), firstk(P_jj_minus_1));       ure.def @firstk -> i32
//   firstkk(P) = select(jj == 0, fkk(P), firstkk(P_jj_minus_1));     ure.def @firstkk -> i32
//   lastk(P)   = select(jj == 0, lk(P), lastk(P_jj_minus_1));        ure.def @lastk -> i32
//   A(P) = select(jj == 0, a(k, i), A(P_jj_minus_1));                ure.def @A
//   B(P) = select(ii == 0, b(k, j), B(P_ii_minus_1));                ure.def @B
//   C(P) = select(firstk(P) == 0, 0, select(kkk == 0, select(firstkk(P) == 0,
//          C(P_ok_minus_1), C(P_kk_minus_1)), C(P_kkk_minus_1))) + A(P) * B(P);   ure.def @C (KK != OK)
//   c(P_c) = select((lastk(P) == 0) && (kkk == KKK-1), C(P));        ure.def @c (Halide layout)
//   firstk.merge_ures(firstkk, lastk, A, B, C, c).set_bounds(..)    ure.merge_ures, ure.set_bounds
//   firstk.space_time_transform(kkk, jj, ii);                        ure.space_time_transform @firstk (kkk, jj, ii)
//   firstk.vectorize(kkk);                                           ure.vectorize @firstk (kkk)
//   firstk.isolate_producer_chain(a, feederA);                       ure.isolate_producer [@a] into @feederA depth 256
//   feederA.isolate_producer_chain(a, loaderA);                      (the loader: built by ure.buffer below)
//   loaderA.isolate_producer_chain(a, ASerializer); ASerializer.remove(jjj)   (none: no serializers in t2s)
//   firstk.isolate_producer_chain(b, loaderB, feederB);              ure.isolate_producer [@b] into @feederB depth 256
//   loaderB.isolate_producer_chain(b, BSerializer); BSerializer.remove(iii)   (none)
//   feederA.scatter(loaderA, ii); feederB.scatter(loaderB, jj);      (dropped: t2s refuses scattering a buffered
//                                                                     feeder's values, see gemm-scatter-neg.mlir)
//   loaderA.remove(jjj); loaderB.remove(iii);                        ure.remove @loaderA (jjj), ure.remove @loaderB (iii)
//   *.min_depth(256)                                                 depth 256
//   feederA.buffer(loaderA, iii, BufferStrategy::Double);            ure.buffer @feederA (@a) scope (iii) loader @loaderA out (kkk)
//   feederB.buffer(loaderB, kk, BufferStrategy::Double);             ure.buffer @feederB (@b) scope (kk) loader @loaderB out (kkk)
//   c.isolate_consumer_chain(drainer);                               ure.isolate_consumer @c into @drainer depth 256
//   drainer.space_time_transform(jj, ii);                            (none: the drainer keeps the array's PEs)
//   drainer.isolate_consumer_chain(collector, unloader, unloaderDSerializer);   ure.unload @c from @drainer into @unloader
//   collector.vectorize(jj); unloader.vectorize(jj); ...             ure.vectorize @drainer (jj)
//   drainer.gather(c, ii);                                           ure.gather @drainer (@c, ii, up)
//   collector.gather(drainer, jj);                                   (dropped: t2s refuses a second gather of a kernel)
//   assert(result(yy, xx, yyy, xxx, oy, ox) == golden(x, y))        npycheck c == sum_k a(k, x) b(k, y), a(k, i) = k+i+1
ure.program @gemm {
  ure.input @a : memref<16x128xf32>
  ure.input @b : memref<8x128xf32>
  ure.func @firstk(kkk, jj, ii, jjj, iii, kk, ok, oj, oi) -> i32 on device
  ure.func @firstkk(kkk, jj, ii, jjj, iii, kk, ok, oj, oi) -> i32 on device
  ure.func @lastk(kkk, jj, ii, jjj, iii, kk, ok, oj, oi) -> i32 on device
  ure.func @A(kkk, jj, ii, jjj, iii, kk, ok, oj, oi) -> f32 on device
  ure.func @B(kkk, jj, ii, jjj, iii, kk, ok, oj, oi) -> f32 on device
  ure.func @C(kkk, jj, ii, jjj, iii, kk, ok, oj, oi) -> f32 on device
  ure.func @c(jj, ii, jjj, iii, oj, oi) -> f32 on device layout affine_map<(jj, ii, jjj, iii, oj, oi) -> (oi, oj, iii, jjj, ii, jj)>
  ure.def @firstk(%kkk, %jj, %ii, %jjj, %iii, %kk, %ok, %oj, %oi) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %jj, %c0 : index
    %ckk = arith.constant 8 : index
    %ckk2 = arith.constant 64 : index
    %ka = arith.muli %ok, %ckk2 : index
    %kb = arith.muli %kk, %ckk : index
    %kc = arith.addi %ka, %kb : index
    %k = arith.addi %kc, %kkk : index
    %s = arith.index_cast %k : index to i32
    %p = ure.at @firstk(%kkk, %jj - 1, %ii, %jjj, %iii, %kk, %ok, %oj, %oi) : i32
    %v = arith.select %first, %s, %p : i32
    ure.yield %v : i32
  }
  ure.def @firstkk(%kkk, %jj, %ii, %jjj, %iii, %kk, %ok, %oj, %oi) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %jj, %c0 : index
    %s = arith.index_cast %kk : index to i32
    %p = ure.at @firstkk(%kkk, %jj - 1, %ii, %jjj, %iii, %kk, %ok, %oj, %oi) : i32
    %v = arith.select %first, %s, %p : i32
    ure.yield %v : i32
  }
  ure.def @lastk(%kkk, %jj, %ii, %jjj, %iii, %kk, %ok, %oj, %oi) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %jj, %c0 : index
    %ckk = arith.constant 8 : index
    %ckk2 = arith.constant 64 : index
    %ka = arith.muli %ok, %ckk2 : index
    %kb = arith.muli %kk, %ckk : index
    %kc = arith.addi %ka, %kb : index
    %k = arith.addi %kc, %kkk : index
    %Kt = arith.constant 127 : index
    %r = arith.subi %Kt, %k : index
    %s = arith.index_cast %r : index to i32
    %p = ure.at @lastk(%kkk, %jj - 1, %ii, %jjj, %iii, %kk, %ok, %oj, %oi) : i32
    %v = arith.select %first, %s, %p : i32
    ure.yield %v : i32
  }
  ure.def @A(%kkk, %jj, %ii, %jjj, %iii, %kk, %ok, %oj, %oi) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %jj, %c0 : index
    %in = ure.load @a(%oi * 8 + %ii * 4 + %iii, %ok * 64 + %kk * 8 + %kkk) : f32
    %p = ure.at @A(%kkk, %jj - 1, %ii, %jjj, %iii, %kk, %ok, %oj, %oi) : f32
    %v = arith.select %first, %in, %p : f32
    ure.yield %v : f32
  }
  ure.def @B(%kkk, %jj, %ii, %jjj, %iii, %kk, %ok, %oj, %oi) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %ii, %c0 : index
    %in = ure.load @b(%oj * 8 + %jj * 4 + %jjj, %ok * 64 + %kk * 8 + %kkk) : f32
    %p = ure.at @B(%kkk, %jj, %ii - 1, %jjj, %iii, %kk, %ok, %oj, %oi) : f32
    %v = arith.select %first, %in, %p : f32
    ure.yield %v : f32
  }
  ure.def @C(%kkk, %jj, %ii, %jjj, %iii, %kk, %ok, %oj, %oi) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %z32 = arith.constant 0 : i32
    %fkv = ure.at @firstk(%kkk, %jj, %ii, %jjj, %iii, %kk, %ok, %oj, %oi) : i32
    %start = arith.cmpi eq, %fkv, %z32 : i32
    %fkkv = ure.at @firstkk(%kkk, %jj, %ii, %jjj, %iii, %kk, %ok, %oj, %oi) : i32
    %kk0 = arith.cmpi eq, %fkkv, %z32 : i32
    %kkk0 = arith.cmpi eq, %kkk, %c0 : index
    %pok = ure.at @C(%kkk + 7, %jj, %ii, %jjj, %iii, %kk + 7, %ok - 1, %oj, %oi) : f32
    %pkk = ure.at @C(%kkk + 7, %jj, %ii, %jjj, %iii, %kk - 1, %ok, %oj, %oi) : f32
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
    %z32 = arith.constant 0 : i32
    %lv = ure.at @lastk(%kkk, %jj, %ii, %jjj, %iii, %kk, %ok, %oj, %oi) : i32
    %l1 = arith.cmpi eq, %lv, %z32 : i32
    %kl = arith.constant 7 : index
    %l2 = arith.cmpi eq, %kkk, %kl : index
    %l = arith.andi %l1, %l2 : i1
    %v = ure.at @C(%kkk, %jj, %ii, %jjj, %iii, %kk, %ok, %oj, %oi) : f32
    %w = ure.select %l, %v : f32
    ure.yield %w : f32
  }
  ure.merge_ures @firstk [@firstkk, @lastk, @A, @B, @C, @c]
  ure.set_bounds @firstk (kkk = 0 extent 8, jj = 0 extent 2, ii = 0 extent 2, jjj = 0 extent 4, iii = 0 extent 4, kk = 0 extent 8, ok = 0 extent 2, oj = 0 extent 1, oi = 0 extent 2)
  ure.space_time_transform @firstk (kkk, jj, ii)
  ure.vectorize @firstk (kkk)
  ure.isolate_producer [@a] into @feederA depth 256
  ure.buffer @feederA (@a) scope (iii) loader @loaderA out (kkk) depth 256
  ure.remove @loaderA (jjj)
  ure.isolate_producer [@b] into @feederB depth 256
  ure.buffer @feederB (@b) scope (kk) loader @loaderB out (kkk) depth 256
  ure.remove @loaderB (iii)
  ure.isolate_consumer @c into @drainer depth 256
  ure.gather @drainer (@c, ii, up)
  ure.vectorize @drainer (jj)
  ure.unload @c from @drainer into @unloader depth 256
}
