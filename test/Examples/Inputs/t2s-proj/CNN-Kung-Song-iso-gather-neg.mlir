// CNN-Kung-Song-iso.mlir plus OCollector.gather(O, rr).vectorize(rr): ure.gather/ure.vectorize @OCollector (rr).
// Variant of CNN-Kung-Song-pq.mlir with T2S's I/O paths as far as t2s spells them:
//   X.isolate_producer_chain(x_for_first_q_other_p_first_rr, XFeeder1)
//    .isolate_producer_chain(x_for_first_q_last_p, XFeeder2)   ure.isolate_producer [@x] into @XFeeder (t2s isolates
//                                                            the input, not each expression: one feeder)
//    .isolate_producer_chain(w, WFeeder2);                     ure.isolate_producer [@w] into @WFeeder
//   XFeeder1/XFeeder2/WFeeder2.space_time_transform(..)        (none: a t2s feeder keeps the array's PEs)
//   XFeeder*.isolate_producer_chain(.., XSerializer*, XLoader*); WFeeder2..(w, WSerializer, WLoader, WFeeder1)
//                                                            (loaders: built by ure.buffer; no serializers,
//                                                            no second feeder stage)
//   XFeeder1.buffer(XLoader1, i, Double); XFeeder2.buffer(XLoader2, i, ..)   ure.buffer @XFeeder (@x) scope (i) loader @XLoader out ()
//   XLoader1.remove(oo); XLoader2.remove(oo)                 ure.remove @XLoader (oo)
//   WFeeder1.buffer(WLoader, i, Double); WLoader.remove(rr)  ure.buffer @WFeeder (@w) scope (i) .., ure.remove @WLoader (rr)
//   XFeeder1.scatter(XLoader1, p); XFeeder2/WFeeder1.scatter(.., rr); WFeeder2.scatter(WFeeder1, p)
//                                                            (dropped: a buffered feeder's values are not scattered)
//   *.min_depth(10000)                                       (default depths)
//   O.isolate_consumer_chain(OCollector); OCollector.space_time_transform({cc_adjusted, rr}, {rr, t}, ..)
//                                                            ure.isolate_consumer @O into @OCollector
//   OCollector.isolate_consumer_chain(OUnloader, ODeserializer)   ure.unload @O from @OCollector into @OUnloader
//   OCollector.gather(O, rr).vectorize(rr); OUnloader/ODeserializer.vectorize(rr)
//                                                            (rr is a time loop here: see CNN-Kung-Song-iso-gather.mlir)
// T2S t2s/tests/correctness/buffer/CNN-Kung-Song.cpp, TINY (OUTO = OUTC = OUTR = 2, I = 4, OO = 6,
// CC = 16, RR = 2, Q = P = 3, int). cca is T2S's cc_adjusted; cc = cca - Q + 1 = cca - 2.
//   ImageParam x(Int(32), 3), w(Int(32), 4)           ure.input @x (34 x 6 x 4), @w (3 x 3 x 4 x 12)
//   #define A p, q, cc_adjusted, rr, oo, i, outc, outr, outo     the loops, innermost first
//   X(A) = select(q == 0, select(p == P - 1, select(cc < CC, x_for_first_q_last_p, 0),
//          select(rr == 0, x_for_first_q_other_p_first_rr, X(A_last_q_previous_rr))),
//          select(cc >= q - (Q - 1), X(A_q_minus_1_cc_minus_1), 0))       ure.def @X
//   W(A) = select(q == 0, select(cc <= 0, w(cc + Q - 1, p, i, outo * OO + oo), W(A_cc_minus_1)),
//          select(cc <= 0, select(cc >= q - (Q - 1), W(A_q_minus_1_cc_minus_1), 0), W(A_cc_minus_1)))   ure.def @W
//   H(A) = select(q == 0, 0, H(A_q_minus_1)) + X(A) * W(A)                ure.def @H
//   V(A) = select(q == Q - 1, select(p == 0, 0, V(A_p_minus_1)) + H(A), 0)   ure.def @V
//   Z(A) = select(i == 0, 0, Z(A_i_minus_1)) + V(A)                       ure.def @Z
//   O(cc_adjusted, rr, oo, outc, outr, outo) = select(cc >= 0 && cc < CC && q == Q - 1
//          && p == P - 1 && i == I - 1, Z(A))                             ure.def @O (extended; its cca index
//                                                                          keeps the adjusted domain: the element
//                                                                          for cc is at cca = cc + 2, see below)
//   X.merge_ures(W, H, V, Z, O).set_bounds(p, 0, P, q, 0, Q, cc_adjusted, 0, CC + 2 * Q - 2)
//     .set_bounds(rr, 0, RR, oo, 0, OO, i, 0, I).set_bounds(outc, .., outr, .., outo, ..)
//                                                      ure.merge_ures @X [@W, @H, @V, @Z, @O], ure.set_bounds
//   X.space_time_transform({p, q, cc_adjusted, rr, oo, i}, {p, q, rr, t},
//     {1,0,0,0,0,0, 0,1,0,0,0,0, 0,0,0,1,0,0, 0,1,1,2Q-1,T1,T1*OO},   ure.reorder @X (p, q, rr, cca, oo, i, ...):
//     {p,p, q,q, cc_adjusted,(t-(2Q-1)rr-q)%T1, rr,rr,                  t2s's space loops (p, q, rr) are the
//      oo,((t-(2Q-1)rr-q-cc_adjusted)/T1)%OO, i,(..)/(T1*OO)},         innermost; ure.space_time_transform
//     CheckTime)    (T1 = Q + CC + 2Q - 2 + (2Q-1)RR = 33)              @X (p, q, rr, cca, oo, i) -> (s1, s2, s3, t)
//                                                                          projection/reverse as T2S's, check_time
//   (isolation, feeders, buffers, scatters, collector: CNN-Kung-Song-iso.mlir)
//   check(inx, inw, results): golden(cc1, rr, oo, outc, outr, outo) = sum_{i,q,p}
//     x(outc*CC + cc1 + Q-1-q, outr*RR + rr + p, i) * w(Q-1-q, p, i, outo*OO + oo)
//                                                      npycheck O(cca, ..) == golden(cca - 2) for 2 <= cca < 18, else 0
//   SEQUENTIAL: x(a, b, c) = 24 a + 4 b + c, w(a, b, c, d) = 144 a + 48 b + 12 c + d (cnnx.npy, cnnw.npy)
ure.program @cnn {
  ure.input @x : memref<34x6x4xi32>
  ure.input @w : memref<3x3x4x12xi32>
  ure.func @X(p, q, cca, rr, oo, i, outc, outr, outo) -> i32 on device
  ure.func @W(p, q, cca, rr, oo, i, outc, outr, outo) -> i32 on device
  ure.func @H(p, q, cca, rr, oo, i, outc, outr, outo) -> i32 on device
  ure.func @V(p, q, cca, rr, oo, i, outc, outr, outo) -> i32 on device
  ure.func @Z(p, q, cca, rr, oo, i, outc, outr, outo) -> i32 on device
  ure.func @O(cca, rr, oo, outc, outr, outo) -> i32 on device
  ure.def @X(%p, %q, %cca, %rr, %oo, %i, %outc, %outr, %outo) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c18 = arith.constant 18 : index
    %z = arith.constant 0 : i32
    %q0 = arith.cmpi eq, %q, %c0 : index
    %plast = arith.cmpi eq, %p, %c2 : index
    %inCC = arith.cmpi slt, %cca, %c18 : index
    %rr0 = arith.cmpi eq, %rr, %c0 : index
    %x1 = ure.load @x(%outc * 16 + %cca, %outr * 2 + %rr + 2, %i) : i32
    %x2 = ure.load @x(%outc * 16 + %cca, %outr * 2 + %p, %i) : i32
    %prr = ure.at @X(%p + 1, %q + 2, %cca + 2, %rr - 1, %oo, %i, %outc, %outr, %outo) : i32
    %pd = ure.at @X(%p, %q - 1, %cca - 1, %rr, %oo, %i, %outc, %outr, %outo) : i32
    %a = arith.select %inCC, %x1, %z : i32
    %b = arith.select %rr0, %x2, %prr : i32
    %first = arith.select %plast, %a, %b : i32
    %ge = arith.cmpi sge, %cca, %q : index
    %other = arith.select %ge, %pd, %z : i32
    %v = arith.select %q0, %first, %other : i32
    ure.yield %v : i32
  }
  ure.def @W(%p, %q, %cca, %rr, %oo, %i, %outc, %outr, %outo) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %z = arith.constant 0 : i32
    %q0 = arith.cmpi eq, %q, %c0 : index
    %le = arith.cmpi sle, %cca, %c2 : index
    %ge = arith.cmpi sge, %cca, %q : index
    %in = ure.load @w(%cca, %p, %i, %outo * 6 + %oo) : i32
    %pc = ure.at @W(%p, %q, %cca - 1, %rr, %oo, %i, %outc, %outr, %outo) : i32
    %pd = ure.at @W(%p, %q - 1, %cca - 1, %rr, %oo, %i, %outc, %outr, %outo) : i32
    %a = arith.select %le, %in, %pc : i32
    %d = arith.select %ge, %pd, %z : i32
    %b = arith.select %le, %d, %pc : i32
    %v = arith.select %q0, %a, %b : i32
    ure.yield %v : i32
  }
  ure.def @H(%p, %q, %cca, %rr, %oo, %i, %outc, %outr, %outo) {
    %c0 = arith.constant 0 : index
    %z = arith.constant 0 : i32
    %q0 = arith.cmpi eq, %q, %c0 : index
    %ph = ure.at @H(%p, %q - 1, %cca, %rr, %oo, %i, %outc, %outr, %outo) : i32
    %acc = arith.select %q0, %z, %ph : i32
    %xv = ure.at @X(%p, %q, %cca, %rr, %oo, %i, %outc, %outr, %outo) : i32
    %wv = ure.at @W(%p, %q, %cca, %rr, %oo, %i, %outc, %outr, %outo) : i32
    %m = arith.muli %xv, %wv : i32
    %v = arith.addi %acc, %m : i32
    ure.yield %v : i32
  }
  ure.def @V(%p, %q, %cca, %rr, %oo, %i, %outc, %outr, %outo) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %z = arith.constant 0 : i32
    %ql = arith.cmpi eq, %q, %c2 : index
    %p0 = arith.cmpi eq, %p, %c0 : index
    %pv = ure.at @V(%p - 1, %q, %cca, %rr, %oo, %i, %outc, %outr, %outo) : i32
    %acc = arith.select %p0, %z, %pv : i32
    %h = ure.at @H(%p, %q, %cca, %rr, %oo, %i, %outc, %outr, %outo) : i32
    %s = arith.addi %acc, %h : i32
    %v = arith.select %ql, %s, %z : i32
    ure.yield %v : i32
  }
  ure.def @Z(%p, %q, %cca, %rr, %oo, %i, %outc, %outr, %outo) {
    %c0 = arith.constant 0 : index
    %z = arith.constant 0 : i32
    %i0 = arith.cmpi eq, %i, %c0 : index
    %pz = ure.at @Z(%p, %q, %cca, %rr, %oo, %i - 1, %outc, %outr, %outo) : i32
    %acc = arith.select %i0, %z, %pz : i32
    %vv = ure.at @V(%p, %q, %cca, %rr, %oo, %i, %outc, %outr, %outo) : i32
    %v = arith.addi %acc, %vv : i32
    ure.yield %v : i32
  }
  ure.def @O(%cca, %rr, %oo, %outc, %outr, %outo) with (%p, %q, %i) {
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c18 = arith.constant 18 : index
    %a = arith.cmpi sge, %cca, %c2 : index
    %b = arith.cmpi slt, %cca, %c18 : index
    %c = arith.cmpi eq, %q, %c2 : index
    %d = arith.cmpi eq, %p, %c2 : index
    %e = arith.cmpi eq, %i, %c3 : index
    %ab = arith.andi %a, %b : i1
    %abc = arith.andi %ab, %c : i1
    %abcd = arith.andi %abc, %d : i1
    %l = arith.andi %abcd, %e : i1
    %zv = ure.at @Z(%p, %q, %cca, %rr, %oo, %i, %outc, %outr, %outo) : i32
    %v = ure.select %l, %zv : i32
    ure.yield %v : i32
  }
  ure.merge_ures @X [@W, @H, @V, @Z, @O]
  ure.set_bounds @X (p = 0 extent 3, q = 0 extent 3, cca = 0 extent 20, rr = 0 extent 2, oo = 0 extent 6,
                     i = 0 extent 4, outc = 0 extent 2, outr = 0 extent 2, outo = 0 extent 2)
  ure.space_time_transform @X (p, q)
  ure.isolate_producer [@x] into @XFeeder
  ure.isolate_producer [@w] into @WFeeder
  ure.buffer @XFeeder (@x) scope (i) loader @XLoader out ()
  ure.remove @XLoader (oo)
  ure.buffer @WFeeder (@w) scope (i) loader @WLoader out ()
  ure.remove @WLoader (rr)
  ure.isolate_consumer @O into @OCollector
  ure.gather @OCollector (@O, rr, up)
  ure.vectorize @OCollector (rr)
  ure.unload @O from @OCollector into @OUnloader
}
