// T2S t2s/tests/correctness/gemm/ure-iso-input-a-b-device.cpp, I = J = K = 8, II = JJ = KK = III = JJJ = KKK = 2 (OI = OJ = OK = 2);
// no space-time transform in T2S.
//   P = kkk, jj, ii, jjj, iii, kk, ok, oj, oi      the loops, innermost first
//   i = oi*4 + ii*2 + iii, j = oj*4 + jj*2 + jjj, k = ok*4 + kk*2 + kkk
//   firstk(P)  = select(jj == 0, k == 0, firstk(P_jj_minus_1));      ure.def @firstk -> i1
//   firstkk(P) = select(jj == 0, kk == 0, firstkk(P_jj_minus_1));    ure.def @firstkk -> i1
//   lastk(P)   = select(jj == 0, k == K - 1, lastk(P_jj_minus_1));   ure.def @lastk -> i1
//   C(P) = select(firstk(P), 0, select(kkk == 0, select(firstkk(P),
//          C(P_ok_minus_1), C(P_kk_minus_1)), C(P_kkk_minus_1))) + A(P) * B(P);   ure.def @C
//   c(P_c) = select(lastk(P), C(P));                                  ure.def @c
//   A(P) = select(jj == 0, a(i, k), A(P_jj_minus_1));                 ure.def @A (a: Halide layout)
//   B(P) = select(ii == 0, b(k, j), B(P_ii_minus_1));                 ure.def @B
//   firstk.merge_ures(firstkk, lastk, A, B, C, c).set_bounds(..) x 3  ure.merge_ures, ure.set_bounds
//   firstk.isolate_producer_chain(a, feederA);
//                                                  ure.isolate_producer [@a] into @feederA
//   firstk.isolate_producer_chain(b, feederB);
//                                                  ure.isolate_producer [@b] into @feederB
//   assert(result(yy,xx,yyy,xxx,oy,ox) == golden(x, y))     npycheck c == sum_k a(x, k) b(k, y) (a = i+k+1, b = k+j+1)
ure.program @ure_iso_input_a_b_device {
  ure.input @a : memref<8x8xi32, affine_map<(i, k) -> (k, i)>>
  ure.input @b : memref<8x8xi32, affine_map<(k, j) -> (j, k)>>
  ure.func @firstk(kkk, jj, ii, jjj, iii, kk, ok, oj, oi) -> i1 on device
  ure.func @firstkk(kkk, jj, ii, jjj, iii, kk, ok, oj, oi) -> i1 on device
  ure.func @lastk(kkk, jj, ii, jjj, iii, kk, ok, oj, oi) -> i1 on device
  ure.func @A(kkk, jj, ii, jjj, iii, kk, ok, oj, oi) -> i32 on device
  ure.func @B(kkk, jj, ii, jjj, iii, kk, ok, oj, oi) -> i32 on device
  ure.func @C(kkk, jj, ii, jjj, iii, kk, ok, oj, oi) -> i32 on device
  ure.func @c(jj, ii, jjj, iii, oj, oi) -> i32 on device layout affine_map<(jj, ii, jjj, iii, oj, oi) -> (oi, oj, iii, jjj, ii, jj)>
  ure.def @firstk(%kkk, %jj, %ii, %jjj, %iii, %kk, %ok, %oj, %oi) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %jj, %c0 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c7 = arith.constant 7 : index
    %k1 = arith.muli %ok, %c4 : index
    %k2 = arith.muli %kk, %c2 : index
    %k3 = arith.addi %k1, %k2 : index
    %k = arith.addi %k3, %kkk : index
    %s = arith.cmpi eq, %k, %c0 : index
    %p = ure.at @firstk(%kkk, %jj - 1, %ii, %jjj, %iii, %kk, %ok, %oj, %oi) : i1
    %v = arith.select %first, %s, %p : i1
    ure.yield %v : i1
  }
  ure.def @firstkk(%kkk, %jj, %ii, %jjj, %iii, %kk, %ok, %oj, %oi) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %jj, %c0 : index
    %s = arith.cmpi eq, %kk, %c0 : index
    %p = ure.at @firstkk(%kkk, %jj - 1, %ii, %jjj, %iii, %kk, %ok, %oj, %oi) : i1
    %v = arith.select %first, %s, %p : i1
    ure.yield %v : i1
  }
  ure.def @lastk(%kkk, %jj, %ii, %jjj, %iii, %kk, %ok, %oj, %oi) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %jj, %c0 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c7 = arith.constant 7 : index
    %k1 = arith.muli %ok, %c4 : index
    %k2 = arith.muli %kk, %c2 : index
    %k3 = arith.addi %k1, %k2 : index
    %k = arith.addi %k3, %kkk : index
    %s = arith.cmpi eq, %k, %c7 : index
    %p = ure.at @lastk(%kkk, %jj - 1, %ii, %jjj, %iii, %kk, %ok, %oj, %oi) : i1
    %v = arith.select %first, %s, %p : i1
    ure.yield %v : i1
  }
  ure.def @A(%kkk, %jj, %ii, %jjj, %iii, %kk, %ok, %oj, %oi) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %jj, %c0 : index
    %in = ure.load @a(%oi * 4 + %ii * 2 + %iii, %ok * 4 + %kk * 2 + %kkk) : i32
    %p = ure.at @A(%kkk, %jj - 1, %ii, %jjj, %iii, %kk, %ok, %oj, %oi) : i32
    %v = arith.select %first, %in, %p : i32
    ure.yield %v : i32
  }
  ure.def @B(%kkk, %jj, %ii, %jjj, %iii, %kk, %ok, %oj, %oi) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %ii, %c0 : index
    %in = ure.load @b(%ok * 4 + %kk * 2 + %kkk, %oj * 4 + %jj * 2 + %jjj) : i32
    %p = ure.at @B(%kkk, %jj, %ii - 1, %jjj, %iii, %kk, %ok, %oj, %oi) : i32
    %v = arith.select %first, %in, %p : i32
    ure.yield %v : i32
  }
  ure.def @C(%kkk, %jj, %ii, %jjj, %iii, %kk, %ok, %oj, %oi) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %fk = ure.at @firstk(%kkk, %jj, %ii, %jjj, %iii, %kk, %ok, %oj, %oi) : i1
    %fkk = ure.at @firstkk(%kkk, %jj, %ii, %jjj, %iii, %kk, %ok, %oj, %oi) : i1
    %kkk0 = arith.cmpi eq, %kkk, %c0 : index
    %pok = ure.at @C(%kkk + 1, %jj, %ii, %jjj, %iii, %kk + 1, %ok - 1, %oj, %oi) : i32
    %pkk = ure.at @C(%kkk + 1, %jj, %ii, %jjj, %iii, %kk - 1, %ok, %oj, %oi) : i32
    %pkkk = ure.at @C(%kkk - 1, %jj, %ii, %jjj, %iii, %kk, %ok, %oj, %oi) : i32
    %s1 = arith.select %fkk, %pok, %pkk : i32
    %s2 = arith.select %kkk0, %s1, %pkkk : i32
    %acc = arith.select %fk, %zero, %s2 : i32
    %x = ure.at @A(%kkk, %jj, %ii, %jjj, %iii, %kk, %ok, %oj, %oi) : i32
    %y = ure.at @B(%kkk, %jj, %ii, %jjj, %iii, %kk, %ok, %oj, %oi) : i32
    %m = arith.muli %x, %y : i32
    %v = arith.addi %acc, %m : i32
    ure.yield %v : i32
  }
  ure.def @c(%jj, %ii, %jjj, %iii, %oj, %oi) with (%kkk, %kk, %ok) {
    %l = ure.at @lastk(%kkk, %jj, %ii, %jjj, %iii, %kk, %ok, %oj, %oi) : i1
    %v = ure.at @C(%kkk, %jj, %ii, %jjj, %iii, %kk, %ok, %oj, %oi) : i32
    %w = ure.select %l, %v : i32
    ure.yield %w : i32
  }
  ure.merge_ures @firstk [@firstkk, @lastk, @A, @B, @C, @c]
  ure.set_bounds @firstk (kkk = 0 extent 2, jjj = 0 extent 2, iii = 0 extent 2,
                          kk = 0 extent 2, jj = 0 extent 2, ii = 0 extent 2,
                          ok = 0 extent 2, oj = 0 extent 2, oi = 0 extent 2)
  ure.isolate_producer [@a] into @feederA
  ure.isolate_producer [@b] into @feederB
}
