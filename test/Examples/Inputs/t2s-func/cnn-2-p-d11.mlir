// Port of IntelLabs/t2sp t2s/tests/correctness/space-time-transform/cnn-2-p.cpp
// with -DDESIGN=11 (commented out in T2S's test.sh). PolySA's CNN, z(o, r, c) += x(i, r + p, c + q) * w(o, i, p, q),
// O = 4, I = 2, R = 3, C = 3, P = Q = 3; loops A = q, p, i, c, r, o (q innermost).
//
//   ImageParam x(type_of<int>(), 3), w(.., 4);   ure.input @x : memref<5x5x2xi32>, @w : memref<3x3x2x4xi32>
//                                     (Halide layout; x(c + q, r + p, i), w(q, p, i, o))
//   Func X, W, Z (Int(32), {A}), z;   ure.func @X, @W, @Z (q, p, i, c, r, o) -> i32; @z (output)
//   X(A) = select(o == 0, x(c + q, r + p, i), X(A_o_minus_1))
//                                     ure.def @X
//   W(A) = select(q == 0, w(q, p, i, o), W(A_q_minus_1))
//                                     ure.def @W
//   Z(A) = select(q == 0, select(p == 0, select(i == 0, 0, Z(A_i_minus_1)),
//                  Z(A_p_minus_1)), Z(A_q_minus_1)) + X(A) * W(A);   ure.def @Z
//     A_i_minus_1 = (q + Q - 1, p + P - 1, i - 1, ..), A_p_minus_1 = (q + Q - 1, p - 1, ..)
//   z(c, r, o) = select(q == Q-1 && p == P-1 && i == I-1, Z(A));
//                                     ure.def @z(%c, %r, %o) with (%q, %p, %i): ure.select
//                                     (output, Halide layout)
//   X.merge_ures(W, Z, z).set_bounds(q, 0, Q, p, 0, P, i, 0, I).set_bounds(c, 0, C, r, 0, R, o, 0, O)
//                                     ure.merge_ures @X [@W, @Z, @z]; ure.set_bounds @X
//   X.reorder(q, o, p, i, c, r)      ure.reorder @X (q, o, p, i, c, r)
//    .space_time_transform(q, o);      ure.space_time_transform @X (q, o)
//   x, w = new_data_3D / new_data_4D(SEQUENTIAL)   inputs/x552.npy, inputs/w3324.npy (the
//                                     row-major flat index of the logical element)
//   check_equal(golden, out)          cnncheck.py: z(c, r, o) = sum x(c+q, r+p, i) w(q, p, i, o)
// T2S's isolate_producer_chain/scatter of x (x_transfer_along_*) is commented out in the test.
// These UREs are not the convolution: W = select(.. == 0, w(q, p, i, o), W(.. - 1)) propagates
// one w along a loop that indexes w, so W = w(0, p, i, o) everywhere (likely why
// the design is commented out in T2S's test.sh). Every t2s mode computes the UREs'
// own values (checked: cnn-2-p-d11 vs sum x(c+q, r+p, i) w(0, p, i, o)); cnncheck.py's
// convolution golden does not hold.
ure.program @cnn_2_p_d11 {
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
    %e = arith.cmpi eq, %q, %ke : index
    %prev = ure.at @W(%q - 1, %p, %i, %c, %r, %o) : i32
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
  ure.reorder @X (q, o, p, i, c, r)
  ure.space_time_transform @X (q, o)
}
