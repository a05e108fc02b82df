// Variant of vectorize-4-2-p.mlir (not in T2S): the same reduction, but only
// its last k stored (out(j, i) = select(k == K - 1, acc)), and acc written
// GEMM-style (select(kk == 0, select(k == 0, 0, acc(kk+3, ok-1)),
// acc(kk-1)) + B * C), so that kk can be a lane reduction.
ure.program @vec42r {
  ure.input @b : memref<4x8xi32, affine_map<(d0, d1) -> (d1, d0)>>
  ure.input @c : memref<8x6xi32, affine_map<(d0, d1) -> (d1, d0)>>
  ure.func @B(kk, ok, j, i) -> i32 on device
  ure.func @C(kk, ok, j, i) -> i32 on device
  ure.func @acc(kk, ok, j, i) -> i32 on device
  ure.func @A(j, i) -> i32 on device
  ure.def @B(%kk, %ok, %j, %i) {
    %v = ure.load @b(%i, %kk + %ok * 4) : i32
    ure.yield %v : i32
  }
  ure.def @C(%kk, %ok, %j, %i) {
    %v = ure.load @c(%kk + %ok * 4, %j) : i32
    ure.yield %v : i32
  }
  ure.def @acc(%kk, %ok, %j, %i) {
    %c0 = arith.constant 0 : index
    %kk0 = arith.cmpi eq, %kk, %c0 : index
    %ok0 = arith.cmpi eq, %ok, %c0 : index
    %k0 = arith.andi %kk0, %ok0 : i1
    %bv = ure.at @B(%kk, %ok, %j, %i) : i32
    %cv = ure.at @C(%kk, %ok, %j, %i) : i32
    %p = arith.muli %bv, %cv : i32
    %prev_ok = ure.at @acc(%kk + 3, %ok - 1, %j, %i) : i32
    %prev_kk = ure.at @acc(%kk - 1, %ok, %j, %i) : i32
    %zero = arith.constant 0 : i32
    %init = arith.select %ok0, %zero, %prev_ok : i32
    %prev = arith.select %kk0, %init, %prev_kk : i32
    %v = arith.addi %prev, %p : i32
    ure.yield %v : i32
  }
  ure.def @A(%j, %i) with (%kk, %ok) {
    %c3 = arith.constant 3 : index
    %c1 = arith.constant 1 : index
    %l = arith.cmpi eq, %kk, %c3 : index
    %m = arith.cmpi eq, %ok, %c1 : index
    %last = arith.andi %l, %m : i1
    %a = ure.at @acc(%kk, %ok, %j, %i) : i32
    %v = ure.select %last, %a : i32
    ure.yield %v : i32
  }
  ure.merge_ures @B [@C, @acc, @A]
  ure.set_bounds @B (kk = 0 extent 4, ok = 0 extent 2, j = 0 extent 6, i = 0 extent 4)
  ure.vectorize @B (kk)
}
