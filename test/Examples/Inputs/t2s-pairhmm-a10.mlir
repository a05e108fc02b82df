// examples/t2s/pairhmm.mlir (T2S's PairHMM) at T2S's Arria 10 sizes
// (const-parameters.h: II 8, JJ 24, OI OJ 16, RR HH 14; OR OH 16): for
// the remarks of split-register-files and the report (t2s-pairhmm.test).
ure.program @pairhmm {
  ure.input @H : memref<224x384xi8, affine_map<(a, b) -> (b, a)>>
  ure.input @R : memref<128x224xi8, affine_map<(a, b) -> (b, a)>>
  ure.input @delta : memref<128x224xf32, affine_map<(a, b) -> (b, a)>>
  ure.input @zeta : memref<128x224xf32, affine_map<(a, b) -> (b, a)>>
  ure.input @eta : memref<128x224xf32, affine_map<(a, b) -> (b, a)>>
  ure.input @alpha_match : memref<128x224xf32, affine_map<(a, b) -> (b, a)>>
  ure.input @alpha_gap : memref<128x224xf32, affine_map<(a, b) -> (b, a)>>
  ure.input @beta_match : memref<128x224xf32, affine_map<(a, b) -> (b, a)>>
  ure.input @beta_gap : memref<128x224xf32, affine_map<(a, b) -> (b, a)>>
  ure.func @Hap(jj, ii, hh, rr, j, i, h, r) -> i8 on device
  ure.func @Read(jj, ii, hh, rr, j, i, h, r) -> i8 on device
  ure.func @Delta(jj, ii, hh, rr, j, i, h, r) -> f32 on device
  ure.func @Zeta(jj, ii, hh, rr, j, i, h, r) -> f32 on device
  ure.func @Eta(jj, ii, hh, rr, j, i, h, r) -> f32 on device
  ure.func @AlphaMatch(jj, ii, hh, rr, j, i, h, r) -> f32 on device
  ure.func @AlphaGap(jj, ii, hh, rr, j, i, h, r) -> f32 on device
  ure.func @BetaMatch(jj, ii, hh, rr, j, i, h, r) -> f32 on device
  ure.func @BetaGap(jj, ii, hh, rr, j, i, h, r) -> f32 on device
  ure.func @Alpha(jj, ii, hh, rr, j, i, h, r) -> f32 on device
  ure.func @Beta(jj, ii, hh, rr, j, i, h, r) -> f32 on device
  ure.func @M(jj, ii, hh, rr, j, i, h, r) -> f32 on device
  ure.func @I(jj, ii, hh, rr, j, i, h, r) -> f32 on device
  ure.func @D(jj, ii, hh, rr, j, i, h, r) -> f32 on device
  ure.func @Sum(jj, ii, hh, rr, j, i, h, r) -> f32 on device
  ure.func @Out(hh, rr, h, r) -> f32 on device layout affine_map<(hh, rr, h, r) -> (r, h, rr, hh)>
  ure.def @Hap(%jj, %ii, %hh, %rr, %j, %i, %h, %r) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %ii, %c0 : index
    %in = ure.load @H(%h * 14 + %hh, %j * 24 + %jj) : i8
    %prev = ure.at @Hap(%jj, %ii - 1, %hh, %rr, %j, %i, %h, %r) : i8
    %v = arith.select %first, %in, %prev : i8
    ure.yield %v : i8
  }
  ure.def @Read(%jj, %ii, %hh, %rr, %j, %i, %h, %r) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %jj, %c0 : index
    %in = ure.load @R(%i * 8 + %ii, %r * 14 + %rr) : i8
    %prev = ure.at @Read(%jj - 1, %ii, %hh, %rr, %j, %i, %h, %r) : i8
    %v = arith.select %first, %in, %prev : i8
    ure.yield %v : i8
  }
  ure.def @Delta(%jj, %ii, %hh, %rr, %j, %i, %h, %r) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %jj, %c0 : index
    %in = ure.load @delta(%i * 8 + %ii, %r * 14 + %rr) : f32
    %prev = ure.at @Delta(%jj - 1, %ii, %hh, %rr, %j, %i, %h, %r) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @Zeta(%jj, %ii, %hh, %rr, %j, %i, %h, %r) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %jj, %c0 : index
    %in = ure.load @zeta(%i * 8 + %ii, %r * 14 + %rr) : f32
    %prev = ure.at @Zeta(%jj - 1, %ii, %hh, %rr, %j, %i, %h, %r) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @Eta(%jj, %ii, %hh, %rr, %j, %i, %h, %r) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %jj, %c0 : index
    %in = ure.load @eta(%i * 8 + %ii, %r * 14 + %rr) : f32
    %prev = ure.at @Eta(%jj - 1, %ii, %hh, %rr, %j, %i, %h, %r) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @AlphaMatch(%jj, %ii, %hh, %rr, %j, %i, %h, %r) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %jj, %c0 : index
    %in = ure.load @alpha_match(%i * 8 + %ii, %r * 14 + %rr) : f32
    %prev = ure.at @AlphaMatch(%jj - 1, %ii, %hh, %rr, %j, %i, %h, %r) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @AlphaGap(%jj, %ii, %hh, %rr, %j, %i, %h, %r) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %jj, %c0 : index
    %in = ure.load @alpha_gap(%i * 8 + %ii, %r * 14 + %rr) : f32
    %prev = ure.at @AlphaGap(%jj - 1, %ii, %hh, %rr, %j, %i, %h, %r) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @BetaMatch(%jj, %ii, %hh, %rr, %j, %i, %h, %r) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %jj, %c0 : index
    %in = ure.load @beta_match(%i * 8 + %ii, %r * 14 + %rr) : f32
    %prev = ure.at @BetaMatch(%jj - 1, %ii, %hh, %rr, %j, %i, %h, %r) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @BetaGap(%jj, %ii, %hh, %rr, %j, %i, %h, %r) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %jj, %c0 : index
    %in = ure.load @beta_gap(%i * 8 + %ii, %r * 14 + %rr) : f32
    %prev = ure.at @BetaGap(%jj - 1, %ii, %hh, %rr, %j, %i, %h, %r) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @Alpha(%jj, %ii, %hh, %rr, %j, %i, %h, %r) {
    %rd = ure.at @Read(%jj, %ii, %hh, %rr, %j, %i, %h, %r) : i8
    %hp = ure.at @Hap(%jj, %ii, %hh, %rr, %j, %i, %h, %r) : i8
    %same = arith.cmpi eq, %rd, %hp : i8
    %a = ure.at @AlphaMatch(%jj, %ii, %hh, %rr, %j, %i, %h, %r) : f32
    %b = ure.at @AlphaGap(%jj, %ii, %hh, %rr, %j, %i, %h, %r) : f32
    %v = arith.select %same, %a, %b : f32
    ure.yield %v : f32
  }
  ure.def @Beta(%jj, %ii, %hh, %rr, %j, %i, %h, %r) {
    %rd = ure.at @Read(%jj, %ii, %hh, %rr, %j, %i, %h, %r) : i8
    %hp = ure.at @Hap(%jj, %ii, %hh, %rr, %j, %i, %h, %r) : i8
    %same = arith.cmpi eq, %rd, %hp : i8
    %a = ure.at @BetaMatch(%jj, %ii, %hh, %rr, %j, %i, %h, %r) : f32
    %b = ure.at @BetaGap(%jj, %ii, %hh, %rr, %j, %i, %h, %r) : f32
    %v = arith.select %same, %a, %b : f32
    ure.yield %v : f32
  }
  ure.def @M(%jj, %ii, %hh, %rr, %j, %i, %h, %r) {
    %c0 = arith.constant 0 : index
    %clii = arith.constant 7 : index
    %cljj = arith.constant 23 : index
    %cli = arith.constant 15 : index
    %clj = arith.constant 15 : index
    %ii0 = arith.cmpi eq, %ii, %c0 : index
    %jj0 = arith.cmpi eq, %jj, %c0 : index
    %i0 = arith.cmpi eq, %i, %c0 : index
    %j0 = arith.cmpi eq, %j, %c0 : index
    %i_is_0 = arith.andi %ii0, %i0 : i1
    %j_is_0 = arith.andi %jj0, %j0 : i1
    %iilast = arith.cmpi eq, %ii, %clii : index
    %jjlast = arith.cmpi eq, %jj, %cljj : index
    %ilast = arith.cmpi eq, %i, %cli : index
    %jlast = arith.cmpi eq, %j, %clj : index
    %i_is_last = arith.andi %iilast, %ilast : i1
    %j_is_last = arith.andi %jjlast, %jlast : i1
    %edge = arith.ori %i_is_0, %j_is_0 : i1
    %zero = arith.constant 0.0 : f32
    %alpha = ure.at @Alpha(%jj, %ii, %hh, %rr, %j, %i, %h, %r) : f32
    %beta = ure.at @Beta(%jj, %ii, %hh, %rr, %j, %i, %h, %r) : f32
    %m_e_last_ii_last_jj = ure.at @M(%jj + 23, %ii + 7, %hh, %rr, %j - 1, %i - 1, %h, %r) : f32
    %i_e_last_ii_last_jj = ure.at @I(%jj + 23, %ii + 7, %hh, %rr, %j - 1, %i - 1, %h, %r) : f32
    %d_e_last_ii_last_jj = ure.at @D(%jj + 23, %ii + 7, %hh, %rr, %j - 1, %i - 1, %h, %r) : f32
    %id_e_last_ii_last_jj = arith.addf %i_e_last_ii_last_jj, %d_e_last_ii_last_jj : f32
    %x_e_last_ii_last_jj = arith.mulf %alpha, %m_e_last_ii_last_jj : f32
    %y_e_last_ii_last_jj = arith.mulf %beta, %id_e_last_ii_last_jj : f32
    %e_last_ii_last_jj = arith.addf %x_e_last_ii_last_jj, %y_e_last_ii_last_jj : f32
    %m_e_last_ii_jj_minus_1 = ure.at @M(%jj - 1, %ii + 7, %hh, %rr, %j, %i - 1, %h, %r) : f32
    %i_e_last_ii_jj_minus_1 = ure.at @I(%jj - 1, %ii + 7, %hh, %rr, %j, %i - 1, %h, %r) : f32
    %d_e_last_ii_jj_minus_1 = ure.at @D(%jj - 1, %ii + 7, %hh, %rr, %j, %i - 1, %h, %r) : f32
    %id_e_last_ii_jj_minus_1 = arith.addf %i_e_last_ii_jj_minus_1, %d_e_last_ii_jj_minus_1 : f32
    %x_e_last_ii_jj_minus_1 = arith.mulf %alpha, %m_e_last_ii_jj_minus_1 : f32
    %y_e_last_ii_jj_minus_1 = arith.mulf %beta, %id_e_last_ii_jj_minus_1 : f32
    %e_last_ii_jj_minus_1 = arith.addf %x_e_last_ii_jj_minus_1, %y_e_last_ii_jj_minus_1 : f32
    %m_e_ii_minus_1_last_jj = ure.at @M(%jj + 23, %ii - 1, %hh, %rr, %j - 1, %i, %h, %r) : f32
    %i_e_ii_minus_1_last_jj = ure.at @I(%jj + 23, %ii - 1, %hh, %rr, %j - 1, %i, %h, %r) : f32
    %d_e_ii_minus_1_last_jj = ure.at @D(%jj + 23, %ii - 1, %hh, %rr, %j - 1, %i, %h, %r) : f32
    %id_e_ii_minus_1_last_jj = arith.addf %i_e_ii_minus_1_last_jj, %d_e_ii_minus_1_last_jj : f32
    %x_e_ii_minus_1_last_jj = arith.mulf %alpha, %m_e_ii_minus_1_last_jj : f32
    %y_e_ii_minus_1_last_jj = arith.mulf %beta, %id_e_ii_minus_1_last_jj : f32
    %e_ii_minus_1_last_jj = arith.addf %x_e_ii_minus_1_last_jj, %y_e_ii_minus_1_last_jj : f32
    %m_e_ii_minus_1_jj_minus_1 = ure.at @M(%jj - 1, %ii - 1, %hh, %rr, %j, %i, %h, %r) : f32
    %i_e_ii_minus_1_jj_minus_1 = ure.at @I(%jj - 1, %ii - 1, %hh, %rr, %j, %i, %h, %r) : f32
    %d_e_ii_minus_1_jj_minus_1 = ure.at @D(%jj - 1, %ii - 1, %hh, %rr, %j, %i, %h, %r) : f32
    %id_e_ii_minus_1_jj_minus_1 = arith.addf %i_e_ii_minus_1_jj_minus_1, %d_e_ii_minus_1_jj_minus_1 : f32
    %x_e_ii_minus_1_jj_minus_1 = arith.mulf %alpha, %m_e_ii_minus_1_jj_minus_1 : f32
    %y_e_ii_minus_1_jj_minus_1 = arith.mulf %beta, %id_e_ii_minus_1_jj_minus_1 : f32
    %e_ii_minus_1_jj_minus_1 = arith.addf %x_e_ii_minus_1_jj_minus_1, %y_e_ii_minus_1_jj_minus_1 : f32
    %s1 = arith.select %jj0, %e_last_ii_last_jj, %e_last_ii_jj_minus_1 : f32
    %s2 = arith.select %jj0, %e_ii_minus_1_last_jj, %e_ii_minus_1_jj_minus_1 : f32
    %s3 = arith.select %ii0, %s1, %s2 : f32
    %v = arith.select %edge, %zero, %s3 : f32
    ure.yield %v : f32
  }
  ure.def @I(%jj, %ii, %hh, %rr, %j, %i, %h, %r) {
    %c0 = arith.constant 0 : index
    %clii = arith.constant 7 : index
    %cljj = arith.constant 23 : index
    %cli = arith.constant 15 : index
    %clj = arith.constant 15 : index
    %ii0 = arith.cmpi eq, %ii, %c0 : index
    %jj0 = arith.cmpi eq, %jj, %c0 : index
    %i0 = arith.cmpi eq, %i, %c0 : index
    %j0 = arith.cmpi eq, %j, %c0 : index
    %i_is_0 = arith.andi %ii0, %i0 : i1
    %j_is_0 = arith.andi %jj0, %j0 : i1
    %iilast = arith.cmpi eq, %ii, %clii : index
    %jjlast = arith.cmpi eq, %jj, %cljj : index
    %ilast = arith.cmpi eq, %i, %cli : index
    %jlast = arith.cmpi eq, %j, %clj : index
    %i_is_last = arith.andi %iilast, %ilast : i1
    %j_is_last = arith.andi %jjlast, %jlast : i1
    %edge = arith.ori %i_is_0, %j_is_0 : i1
    %zero = arith.constant 0.0 : f32
    %delta = ure.at @Delta(%jj, %ii, %hh, %rr, %j, %i, %h, %r) : f32
    %eta = ure.at @Eta(%jj, %ii, %hh, %rr, %j, %i, %h, %r) : f32
    %m_e_last_ii = ure.at @M(%jj, %ii + 7, %hh, %rr, %j, %i - 1, %h, %r) : f32
    %i_e_last_ii = ure.at @I(%jj, %ii + 7, %hh, %rr, %j, %i - 1, %h, %r) : f32
    %x_e_last_ii = arith.mulf %delta, %m_e_last_ii : f32
    %y_e_last_ii = arith.mulf %eta, %i_e_last_ii : f32
    %e_last_ii = arith.addf %x_e_last_ii, %y_e_last_ii : f32
    %m_e_ii_minus_1 = ure.at @M(%jj, %ii - 1, %hh, %rr, %j, %i, %h, %r) : f32
    %i_e_ii_minus_1 = ure.at @I(%jj, %ii - 1, %hh, %rr, %j, %i, %h, %r) : f32
    %x_e_ii_minus_1 = arith.mulf %delta, %m_e_ii_minus_1 : f32
    %y_e_ii_minus_1 = arith.mulf %eta, %i_e_ii_minus_1 : f32
    %e_ii_minus_1 = arith.addf %x_e_ii_minus_1, %y_e_ii_minus_1 : f32
    %s1 = arith.select %ii0, %e_last_ii, %e_ii_minus_1 : f32
    %v = arith.select %edge, %zero, %s1 : f32
    ure.yield %v : f32
  }
  ure.def @D(%jj, %ii, %hh, %rr, %j, %i, %h, %r) {
    %c0 = arith.constant 0 : index
    %clii = arith.constant 7 : index
    %cljj = arith.constant 23 : index
    %cli = arith.constant 15 : index
    %clj = arith.constant 15 : index
    %ii0 = arith.cmpi eq, %ii, %c0 : index
    %jj0 = arith.cmpi eq, %jj, %c0 : index
    %i0 = arith.cmpi eq, %i, %c0 : index
    %j0 = arith.cmpi eq, %j, %c0 : index
    %i_is_0 = arith.andi %ii0, %i0 : i1
    %j_is_0 = arith.andi %jj0, %j0 : i1
    %iilast = arith.cmpi eq, %ii, %clii : index
    %jjlast = arith.cmpi eq, %jj, %cljj : index
    %ilast = arith.cmpi eq, %i, %cli : index
    %jlast = arith.cmpi eq, %j, %clj : index
    %i_is_last = arith.andi %iilast, %ilast : i1
    %j_is_last = arith.andi %jjlast, %jlast : i1
    %edge = arith.ori %i_is_0, %j_is_0 : i1
    %zero = arith.constant 0.0 : f32
    %zeta = ure.at @Zeta(%jj, %ii, %hh, %rr, %j, %i, %h, %r) : f32
    %eta = ure.at @Eta(%jj, %ii, %hh, %rr, %j, %i, %h, %r) : f32
    %m_e_last_jj = ure.at @M(%jj + 23, %ii, %hh, %rr, %j - 1, %i, %h, %r) : f32
    %d_e_last_jj = ure.at @D(%jj + 23, %ii, %hh, %rr, %j - 1, %i, %h, %r) : f32
    %x_e_last_jj = arith.mulf %zeta, %m_e_last_jj : f32
    %y_e_last_jj = arith.mulf %eta, %d_e_last_jj : f32
    %e_last_jj = arith.addf %x_e_last_jj, %y_e_last_jj : f32
    %m_e_jj_minus_1 = ure.at @M(%jj - 1, %ii, %hh, %rr, %j, %i, %h, %r) : f32
    %d_e_jj_minus_1 = ure.at @D(%jj - 1, %ii, %hh, %rr, %j, %i, %h, %r) : f32
    %x_e_jj_minus_1 = arith.mulf %zeta, %m_e_jj_minus_1 : f32
    %y_e_jj_minus_1 = arith.mulf %eta, %d_e_jj_minus_1 : f32
    %e_jj_minus_1 = arith.addf %x_e_jj_minus_1, %y_e_jj_minus_1 : f32
    %init = arith.constant 0.0026109660574412533 : f32
    %s1 = arith.select %jj0, %e_last_jj, %e_jj_minus_1 : f32
    %s2 = arith.select %j_is_0, %zero, %s1 : f32
    %v = arith.select %i_is_0, %init, %s2 : f32
    ure.yield %v : f32
  }
  ure.def @Sum(%jj, %ii, %hh, %rr, %j, %i, %h, %r) {
    %c0 = arith.constant 0 : index
    %clii = arith.constant 7 : index
    %cljj = arith.constant 23 : index
    %cli = arith.constant 15 : index
    %clj = arith.constant 15 : index
    %ii0 = arith.cmpi eq, %ii, %c0 : index
    %jj0 = arith.cmpi eq, %jj, %c0 : index
    %i0 = arith.cmpi eq, %i, %c0 : index
    %j0 = arith.cmpi eq, %j, %c0 : index
    %i_is_0 = arith.andi %ii0, %i0 : i1
    %j_is_0 = arith.andi %jj0, %j0 : i1
    %iilast = arith.cmpi eq, %ii, %clii : index
    %jjlast = arith.cmpi eq, %jj, %cljj : index
    %ilast = arith.cmpi eq, %i, %cli : index
    %jlast = arith.cmpi eq, %j, %clj : index
    %i_is_last = arith.andi %iilast, %ilast : i1
    %j_is_last = arith.andi %jjlast, %jlast : i1
    %edge = arith.ori %i_is_0, %j_is_0 : i1
    %zero = arith.constant 0.0 : f32
    %sl = ure.at @Sum(%jj + 23, %ii, %hh, %rr, %j - 1, %i, %h, %r) : f32
    %sp = ure.at @Sum(%jj - 1, %ii, %hh, %rr, %j, %i, %h, %r) : f32
    %s1 = arith.select %jj0, %sl, %sp : f32
    %s2 = arith.select %j_is_0, %zero, %s1 : f32
    %mm = ure.at @M(%jj, %ii, %hh, %rr, %j, %i, %h, %r) : f32
    %ii_ = ure.at @I(%jj, %ii, %hh, %rr, %j, %i, %h, %r) : f32
    %t1 = arith.addf %s2, %mm : f32
    %t2 = arith.addf %t1, %ii_ : f32
    %v = arith.select %i_is_last, %t2, %zero : f32
    ure.yield %v : f32
  }
  ure.def @Out(%hh, %rr, %h, %r) with (%jj, %ii, %j, %i) {
    %c0 = arith.constant 0 : index
    %clii = arith.constant 7 : index
    %cljj = arith.constant 23 : index
    %cli = arith.constant 15 : index
    %clj = arith.constant 15 : index
    %ii0 = arith.cmpi eq, %ii, %c0 : index
    %jj0 = arith.cmpi eq, %jj, %c0 : index
    %i0 = arith.cmpi eq, %i, %c0 : index
    %j0 = arith.cmpi eq, %j, %c0 : index
    %i_is_0 = arith.andi %ii0, %i0 : i1
    %j_is_0 = arith.andi %jj0, %j0 : i1
    %iilast = arith.cmpi eq, %ii, %clii : index
    %jjlast = arith.cmpi eq, %jj, %cljj : index
    %ilast = arith.cmpi eq, %i, %cli : index
    %jlast = arith.cmpi eq, %j, %clj : index
    %i_is_last = arith.andi %iilast, %ilast : i1
    %j_is_last = arith.andi %jjlast, %jlast : i1
    %edge = arith.ori %i_is_0, %j_is_0 : i1
    %zero = arith.constant 0.0 : f32
    %last = arith.andi %i_is_last, %j_is_last : i1
    %s = ure.at @Sum(%jj, %ii, %hh, %rr, %j, %i, %h, %r) : f32
    %v = ure.select %last, %s : f32
    ure.yield %v : f32
  }
  ure.merge_ures @Hap [@Read, @Delta, @Zeta, @Eta, @AlphaMatch, @AlphaGap, @BetaMatch, @BetaGap, @Alpha, @Beta, @M, @I, @D, @Sum, @Out]
  ure.set_bounds @Hap (jj = 0 extent 24, ii = 0 extent 8, hh = 0 extent 14, rr = 0 extent 14,
                       j = 0 extent 16, i = 0 extent 16, h = 0 extent 16, r = 0 extent 16)
  ure.space_time_transform @Hap (jj, ii)
  ure.stream_input @H loader @hLoader out () depth 128 feeder @hFeeder scope (h) depth 128
  ure.stream_input @R loader @RLoader out () depth 16 feeder @RFeeder scope (h) depth 16
  ure.stream_input @delta loader @deltaLoader out () depth 16 feeder @deltaFeeder scope (h) depth 16
  ure.stream_input @zeta loader @zetaLoader out () depth 16 feeder @zetaFeeder scope (h) depth 16
  ure.stream_input @eta loader @etaLoader out () depth 16 feeder @etaFeeder scope (h) depth 16
  ure.stream_input @alpha_match loader @alphamatchLoader out () depth 16 feeder @alphamatchFeeder scope (h) depth 16
  ure.stream_input @alpha_gap loader @alphagapLoader out () depth 16 feeder @alphagapFeeder scope (h) depth 16
  ure.stream_input @beta_match loader @betamatchLoader out () depth 16 feeder @betamatchFeeder scope (h) depth 16
  ure.stream_input @beta_gap loader @betagapLoader out () depth 16 feeder @betagapFeeder scope (h) depth 16
  ure.stream_output @Out collector @collector scope () out () depth 128 unloader @unloader
}
