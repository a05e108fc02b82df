// T2S t2s/tests/correctness/multi-projection/2dconv-sbm.cpp (identical but for the projection: k = iic + q, skewed: refused): P = Q = 2,
// IIC = IIR = 16, IC = IR = OC = OR = 1; x (17 x 17), w (2 x 2) SEQUENTIAL
// (new_matrix: x(a, b) = 17 a + b, w(a, b) = 2 a + b): --input x=x17.npy --input w=w2.npy.
//   ImageParam x(Int(32), 2), w(Int(32), 2);     ure.input @x, @w (logical indices; the values
//                                                are what the interpreter reads, layout-free)
//   #define ARGS p, q, iic, iir, ic, ir, oc, or1 the loops, p innermost
//   X(ARGS) = select(iic == 0 || q == 0,          ure.def @X
//     x(riic+q, iir+p), X(p, q-1, iic-1, ..))     (riic = IIC-1-iic)
//   W(ARGS) = w(q, p);                            ure.def @W (T2S's Func W has no declared
//                                                type; t2s declares it to use it in @Z)
//   Z(ARGS) = select(p==0 && q==0, 0,             ure.def @Z
//     select(p==0, Z(p+P-1, q-1, ..), Z(p-1, q, ..))) + X(ARGS) * W(ARGS)
//   out(iic, iir, ic, ir, oc, or1) =              ure.def @out, extended (drops p, q)
//     select(p==P-1 && q==Q-1, Z(ARGS))
//   X.merge_ures(W, Z, out).set_bounds(..) x 8    ure.merge_ures @X [@W, @Z, @out], ure.set_bounds
//    .reorder(iic, p, q, iir, ic, ir, oc, or1)    ure.reorder @X (iic, p, q, iir, ic, ir, oc, or1)
//    .space_time_transform({iic, p, q}, {k, t},   ure.space_time_transform @X (iic, p, q) -> (k, t)
//      {{1, 0, 0}, {0, 1, P}},                      projection (iic + q, p + 2 q)
//      {{p, t%P}, {q, t/P}, {iic, k}},              reverse (k - t/2, t mod 2, t floordiv 2)
//      NoCheckTime);                                (no check_time)
//   check_equal_2D(golden, result)                npycheck out == sum_{p,q} x(15-iic+q, iir+p) w(q, p)
ure.program @conv2d {
  ure.input @x : memref<17x17xi32>
  ure.input @w : memref<2x2xi32>
  ure.func @X(p, q, iic, iir, ic, ir, oc, or1) -> i32 on device
  ure.func @W(p, q, iic, iir, ic, ir, oc, or1) -> i32 on device
  ure.func @Z(p, q, iic, iir, ic, ir, oc, or1) -> i32 on device
  ure.func @out(iic, iir, ic, ir, oc, or1) -> i32 on device
  ure.def @X(%p, %q, %iic, %iir, %ic, %ir, %oc, %or1) {
    %c0 = arith.constant 0 : index
    %a = arith.cmpi eq, %iic, %c0 : index
    %b = arith.cmpi eq, %q, %c0 : index
    %cond = arith.ori %a, %b : i1
    %in = ure.load @x(15 - %iic + %q, %iir + %p) : i32
    %prev = ure.at @X(%p, %q - 1, %iic - 1, %iir, %ic, %ir, %oc, %or1) : i32
    %v = arith.select %cond, %in, %prev : i32
    ure.yield %v : i32
  }
  ure.def @W(%p, %q, %iic, %iir, %ic, %ir, %oc, %or1) {
    %v = ure.load @w(%q, %p) : i32
    ure.yield %v : i32
  }
  ure.def @Z(%p, %q, %iic, %iir, %ic, %ir, %oc, %or1) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %p0 = arith.cmpi eq, %p, %c0 : index
    %q0 = arith.cmpi eq, %q, %c0 : index
    %both = arith.andi %p0, %q0 : i1
    %zq = ure.at @Z(%p + 1, %q - 1, %iic, %iir, %ic, %ir, %oc, %or1) : i32
    %zp = ure.at @Z(%p - 1, %q, %iic, %iir, %ic, %ir, %oc, %or1) : i32
    %s1 = arith.select %p0, %zq, %zp : i32
    %acc = arith.select %both, %zero, %s1 : i32
    %xv = ure.at @X(%p, %q, %iic, %iir, %ic, %ir, %oc, %or1) : i32
    %wv = ure.at @W(%p, %q, %iic, %iir, %ic, %ir, %oc, %or1) : i32
    %m = arith.muli %xv, %wv : i32
    %v = arith.addi %acc, %m : i32
    ure.yield %v : i32
  }
  ure.def @out(%iic, %iir, %ic, %ir, %oc, %or1) with (%p, %q) {
    %c1 = arith.constant 1 : index
    %pl = arith.cmpi eq, %p, %c1 : index
    %ql = arith.cmpi eq, %q, %c1 : index
    %last = arith.andi %pl, %ql : i1
    %z = ure.at @Z(%p, %q, %iic, %iir, %ic, %ir, %oc, %or1) : i32
    %v = ure.select %last, %z : i32
    ure.yield %v : i32
  }
  ure.merge_ures @X [@W, @Z, @out]
  ure.set_bounds @X (p = 0 extent 2, q = 0 extent 2, iic = 0 extent 16, iir = 0 extent 16,
                     ic = 0 extent 1, ir = 0 extent 1, oc = 0 extent 1, or1 = 0 extent 1)
  ure.reorder @X (iic, p, q, iir, ic, ir, oc, or1)
  ure.space_time_transform @X (iic, p, q) -> (k, t)
      projection affine_map<(iic, p, q) -> (iic + q, p + q * 2)>
      reverse affine_map<(k, t) -> (k - t floordiv 2, t mod 2, t floordiv 2)>
}
