// A matrix-vector product whose PEs (i) each take an 8-long dot product
// per step along kk, a loop inside the PE (T2S's kkk), vectorized: the
// running combination along kk is read in the same step (c(kk - 1)) and
// by the next step only at its last lane (c(kk + 7, k - 1) from lane 0),
// and stored only there: a lane reduction (vectorize-reduction.test
// swaps the combining op with sed).
//   c(kk, i, k) = select(kk == 0, select(k == 0, 1, c(kk + 7, i, k - 1)),
//                        c(kk - 1, i, k)) COMBINE A(i, 8k + kk) * x(8k + kk)
//   y(i)        = select(kk == 7 && k == 2, c(kk, i, k))
ure.program @dot {
  ure.input @A : memref<6x24xi32>
  ure.input @x : memref<24xi32>
  ure.func @c(kk, i, k) -> i32 on device
  ure.func @y(i) -> i32 on device
  ure.def @c(%kk, %i, %k) {
    %c0 = arith.constant 0 : index
    %one = arith.constant 1 : i32
    %lane0 = arith.cmpi eq, %kk, %c0 : index
    %k0 = arith.cmpi eq, %k, %c0 : index
    %prev_k = ure.at @c(%kk + 7, %i, %k - 1) : i32
    %chained = ure.at @c(%kk - 1, %i, %k) : i32
    %from_k = arith.select %k0, %one, %prev_k : i32
    %acc = arith.select %lane0, %from_k, %chained : i32
    %a = ure.load @A(%i, %k * 8 + %kk) : i32
    %b = ure.load @x(%k * 8 + %kk) : i32
    %p = arith.muli %a, %b : i32
    %v = arith.addi %acc, %p : i32
    ure.yield %v : i32
  }
  ure.def @y(%i) with (%kk, %k) {
    %c7 = arith.constant 7 : index
    %c2 = arith.constant 2 : index
    %lane7 = arith.cmpi eq, %kk, %c7 : index
    %k2 = arith.cmpi eq, %k, %c2 : index
    %last = arith.andi %lane7, %k2 : i1
    %c = ure.at @c(%kk, %i, %k) : i32
    %v = ure.select %last, %c : i32
    ure.yield %v : i32
  }
  ure.merge_ures @c [@y]
  ure.set_bounds @c (kk = 0 extent 8, i = 0 extent 6, k = 0 extent 3)
  ure.space_time_transform @c (i) vector [1] check_time
  ure.vectorize @c (kk)
}
