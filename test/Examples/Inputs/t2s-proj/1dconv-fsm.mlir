// T2S t2s/tests/correctness/multi-projection/1dconv-fsm.cpp: IIC = 16, IC = OC = 1, Q = 5;
// x, w SEQUENTIAL (x(i) = i, w(i) = i): --input x=x20.npy --input w=w5.npy.
//   ImageParam x(Int(32), 1), w(Int(32), 1);                              ure.input @x, @w
//   #define rq Q-1-q
//   X(q,iic,..) = select(iic == 0 || q == 0, x(rq + iic + ..),           ure.def @X
//                        X(q-1, iic-1, ic, oc));
//   W(q,iic,..) = select(iic == 0, w(rq), W(q, iic-1, ..));               ure.def @W
//   Z, out as in 1dconv-bfs                                               ure.def @Z, @out
//   X.merge_ures(..).set_bounds(..)        (no reorder: q innermost)      ure.merge_ures, ure.set_bounds
//    .space_time_transform({q, iic}, {k, t}, {1, 0, 1, 1},                ure.space_time_transform @X (q, iic) -> (k, t)
//      {q, k, iic, t-k}, NoCheckTime);                                      projection (q, q + iic) reverse (k, t - k)
//   check_equal_2D(golden, result)   npycheck out(iic,0,0) == sum_q x(..) w(..) (T2S's golden UREs, computed in Python)
ure.program @conv1d {
  ure.input @x : memref<20xi32>
  ure.input @w : memref<5xi32>
  ure.func @X(q, iic, ic, oc) -> i32 on device
  ure.func @W(q, iic, ic, oc) -> i32 on device
  ure.func @Z(q, iic, ic, oc) -> i32 on device
  ure.func @out(iic, ic, oc) -> i32 on device
  ure.def @X(%q, %iic, %ic, %oc) {
    %c1 = arith.constant 0 : index
    %b1 = arith.cmpi eq, %iic, %c1 : index
    %c2 = arith.constant 0 : index
    %b2 = arith.cmpi eq, %q, %c2 : index
    %cond = arith.ori %b1, %b2 : i1
    %in = ure.load @x(4 - %q + %iic + %ic * 16 + %oc * 16) : i32
    %prev = ure.at @X(%q - 1, %iic - 1, %ic, %oc) : i32
    %v = arith.select %cond, %in, %prev : i32
    ure.yield %v : i32
  }
  ure.def @W(%q, %iic, %ic, %oc) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %iic, %c0 : index
    %in = ure.load @w(4 - %q) : i32
    %prev = ure.at @W(%q, %iic - 1, %ic, %oc) : i32
    %v = arith.select %first, %in, %prev : i32
    ure.yield %v : i32
  }
  ure.def @Z(%q, %iic, %ic, %oc) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %first = arith.cmpi eq, %q, %c0 : index
    %prev = ure.at @Z(%q - 1, %iic, %ic, %oc) : i32
    %acc = arith.select %first, %zero, %prev : i32
    %xv = ure.at @X(%q, %iic, %ic, %oc) : i32
    %wv = ure.at @W(%q, %iic, %ic, %oc) : i32
    %p = arith.muli %xv, %wv : i32
    %v = arith.addi %acc, %p : i32
    ure.yield %v : i32
  }
  ure.def @out(%iic, %ic, %oc) with (%q) {
    %c4 = arith.constant 4 : index
    %last = arith.cmpi eq, %q, %c4 : index
    %z = ure.at @Z(%q, %iic, %ic, %oc) : i32
    %v = ure.select %last, %z : i32
    ure.yield %v : i32
  }
  ure.merge_ures @X [@W, @Z, @out]
  ure.set_bounds @X (q = 0 extent 5, iic = 0 extent 16, ic = 0 extent 1, oc = 0 extent 1)
  ure.space_time_transform @X (q, iic) -> (k, t)
      projection affine_map<(q, iic) -> (q, q + iic)>
      reverse affine_map<(k, t) -> (k, t - k)>
}
