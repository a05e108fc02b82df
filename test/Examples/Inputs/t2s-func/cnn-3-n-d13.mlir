// Port of IntelLabs/t2sp t2s/tests/correctness/space-time-transform/cnn-3-n.cpp
// with -DDESIGN=13 (not in T2S's test.sh; T2S expects an exception: the reorder makes a
// dependence vector negative). PolySA's CNN, z(o, r, c) += x(i, r + p, c + q) * w(o, i, p, q),
// O = 4, I = 2, R = 3, C = 3, P = Q = 3; loops A = q, p, i, c, r, o (q innermost).
//
//   ImageParam x(type_of<int>(), 3), w(.., 4);   ure.input @x : memref<5x5x2xi32>, @w : memref<3x3x2x4xi32>
//                                     (Halide layout; x(c + q, r + p, i), w(q, p, i, o))
//   Func X, W, Z (Int(32), {A}), z;   ure.func @X, @W, @Z (q, p, i, c, r, o) -> i32; @z (output)
//   X(A) = select(o == 0, x(c + q, r + p, i), X(A_o_minus_1))
//                                     ure.def @X
//   W(A) = select(o == 0, w(q, p, i, o), W(A_o_minus_1))
//                                     ure.def @W
//   Z(A) = select(q == 0, select(p == 0, select(i == 0, 0, Z(A_i_minus_1)),
//                  Z(A_p_minus_1)), Z(A_q_minus_1)) + X(A) * W(A);   ure.def @Z
//     A_i_minus_1 = (q + Q - 1, p + P - 1, i - 1, ..), A_p_minus_1 = (q + Q - 1, p - 1, ..)
//   z(c, r, o) = select(q == Q-1 && p == P-1 && i == I-1, Z(A));
//                                     ure.def @z(%c, %r, %o) with (%q, %p, %i): ure.select
//                                     (output, Halide layout)
//   X.merge_ures(W, Z, z).set_bounds(q, 0, Q, p, 0, P, i, 0, I).set_bounds(c, 0, C, r, 0, R, o, 0, O)
//                                     ure.merge_ures @X [@W, @Z, @z]; ure.set_bounds @X
//   X.reorder(i, o, q, p, c, r)      ure.reorder @X (i, o, q, p, c, r)
//    .space_time_transform(i, o);      ure.space_time_transform @X (i, o)
//   x, w = new_data_3D / new_data_4D(SEQUENTIAL)   inputs/x552.npy, inputs/w3324.npy (the
//                                     row-major flat index of the logical element)
//   check_equal(golden, out)          cnncheck.py: z(c, r, o) = sum x(c+q, r+p, i) w(q, p, i, o)
// T2S writes A_i_minus_1 = (Q - 1, P - 1, i - 1, ..) and A_p_minus_1 = (Q - 1, p - 1, ..):
// constant arguments, which t2s's simple argument form refuses (see ure-4-3.mlir);
// they are written q + Q - 1, p + P - 1 here (the same point where the selects take them,
// q == 0, p == 0), as cnn-1-p.cpp and cnn-2-p.cpp write them, so that the negative
// dependence is what is tested. Expected: refused at a located ure.at or at the directive.
ure.program @cnn_3_n_d13 {
  ure.input @x : memref<5x5x2xi32, affine_map<(d0, d1, d2) -> (d2, d1, d0)>>
  ure.input @w : memref<3x3x2x4xi32, affine_map<(d0, d1, d2, d3) -> (d3, d2, d1, d0)>>
  ure.func @X(q, p, i, c, r, o) -> i32
  ure.func @W(q, p, i, c, r, o) -> i32
  ure.func @Z(q, p, i, c, r, o) -> i32
  ure.func @z(c, r, o) -> i32 layout affine_map<(c, r, o) -> (o, r, c)>
  ure.def @X(%q, %p, %i, %c, %r, %o) {
    %in = ure.load @x(%c + %q, %r + %p, %i) : i32
    %ke = arith.constant 0 : index
    %e = arith.cmpi eq, %o, %ke : index
    %prev = ure.at @X(%q, %p, %i, %c, %r, %o - 1) : i32
    %v = arith.select %e, %in, %prev : i32
    ure.yield %v : i32
  }
  ure.def @W(%q, %p, %i, %c, %r, %o) {
    %in = ure.load @w(%q, %p, %i, %o) : i32
    %ke = arith.constant 0 : index
    %e = arith.cmpi eq, %o, %ke : index
    %prev = ure.at @W(%q, %p, %i, %c, %r, %o - 1) : i32
    %v = arith.select %e, %in, %prev : i32
    ure.yield %v : i32
  }
  ure.def @Z(%q, %p, %i, %c, %r, %o) {
    %zero = arith.constant 0 : i32
    %kq0 = arith.constant 0 : index
    %q0 = arith.cmpi eq, %q, %kq0 : index
    %kp0 = arith.constant 0 : index
    %p0 = arith.cmpi eq, %p, %kp0 : index
    %ki0 = arith.constant 0 : index
    %i0 = arith.cmpi eq, %i, %ki0 : index
    %zi = ure.at @Z(%q + 2, %p + 2, %i - 1, %c, %r, %o) : i32
    %zp = ure.at @Z(%q + 2, %p - 1, %i, %c, %r, %o) : i32
    %zq = ure.at @Z(%q - 1, %p, %i, %c, %r, %o) : i32
    %s1 = arith.select %i0, %zero, %zi : i32
    %s2 = arith.select %p0, %s1, %zp : i32
    %s3 = arith.select %q0, %s2, %zq : i32
    %x = ure.at @X(%q, %p, %i, %c, %r, %o) : i32
    %w = ure.at @W(%q, %p, %i, %c, %r, %o) : i32
    %m = arith.muli %x, %w : i32
    %v = arith.addi %s3, %m : i32
    ure.yield %v : i32
  }
  ure.def @z(%c, %r, %o) with (%q, %p, %i) {
    %kl1 = arith.constant 2 : index
    %l1 = arith.cmpi eq, %q, %kl1 : index
    %kl2 = arith.constant 2 : index
    %l2 = arith.cmpi eq, %p, %kl2 : index
    %kl3 = arith.constant 1 : index
    %l3 = arith.cmpi eq, %i, %kl3 : index
    %a1 = arith.andi %l1, %l2 : i1
    %l = arith.andi %a1, %l3 : i1
    %zz = ure.at @Z(%q, %p, %i, %c, %r, %o) : i32
    %v = ure.select %l, %zz : i32
    ure.yield %v : i32
  }
  ure.merge_ures @X [@W, @Z, @z]
  ure.set_bounds @X (q = 0 extent 3, p = 0 extent 3, i = 0 extent 2, c = 0 extent 3, r = 0 extent 3, o = 0 extent 4)
  ure.reorder @X (i, o, q, p, c, r)
  ure.space_time_transform @X (i, o)
}
