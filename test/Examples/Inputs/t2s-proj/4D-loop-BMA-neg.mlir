// T2S t2s/tests/correctness/multi-projection/4D-loop-BMA.cpp, P = 1, N = 2
// (test.sh has it commented out: "TOFIX: mins of u, v are negative").
//   ImageParam r(Int(32), 2), s(Int(32), 2);     ure.input @r, @s
//   E1(i,j,u,v) = select(j==0 && v==P, s(i, j), E1(i, j-1, u, v+1));   ure.def @E1
//   E2(i,j,u,v) = select(v == P, r(i, j), E2(i, j, u, v+1));           ure.def @E2
//   E3(i,j,u,v) = select(j == 0, 0, E3(i, j-1, u, v)                   ure.def @E3
//                 + abs(E1(..) - E2(..)));       (T2S's test writes E3 = select(j == 0, 0, E3(j-1) + |..|),
//                                                as here)
//   E4(u, v) = select(i == N-1 && j == N-1, E3(..));   ure.def @E4
//   E1.merge_ures(E2, E3, E4).set_bounds(i, 0, N, j, 0, N, u, -P, 2P+1, v, -P, 2P+1)
//   E12.space_time_transform({i2, j2, u2, v2}, {s1, s2, t},
//     {1,0,0,0, 0,1,0,0, 1,0,-2P-1,-1}, ...)     (t = i - 3u - v: v and u run backwards)
// t2s: E2(v + 1) reads the next v, a point after the current one in every
// loop order; t2s refuses it at the read (rule 3), before any transform.
ure.program @bma {
  ure.input @r : memref<2x2xi32>
  ure.input @s : memref<2x2xi32>
  ure.func @E1(i, j, u, v) -> i32 on device
  ure.func @E2(i, j, u, v) -> i32 on device
  ure.func @E3(i, j, u, v) -> i32 on device
  ure.func @E4(u, v) -> i32 on device
  ure.def @E1(%i, %j, %u, %v) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %a = arith.cmpi eq, %j, %c0 : index
    %b = arith.cmpi eq, %v, %c1 : index
    %c = arith.andi %a, %b : i1
    %in = ure.load @s(%i, %j) : i32
    %prev = ure.at @E1(%i, %j - 1, %u, %v + 1) : i32
    %r = arith.select %c, %in, %prev : i32
    ure.yield %r : i32
  }
  ure.def @E2(%i, %j, %u, %v) {
    %c1 = arith.constant 1 : index
    %b = arith.cmpi eq, %v, %c1 : index
    %in = ure.load @r(%i, %j) : i32
    %prev = ure.at @E2(%i, %j, %u, %v + 1) : i32
    %r = arith.select %b, %in, %prev : i32
    ure.yield %r : i32
  }
  ure.def @E3(%i, %j, %u, %v) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %a = arith.cmpi eq, %j, %c0 : index
    %prev = ure.at @E3(%i, %j - 1, %u, %v) : i32
    %e1 = ure.at @E1(%i, %j, %u, %v) : i32
    %e2 = ure.at @E2(%i, %j, %u, %v) : i32
    %d = arith.subi %e1, %e2 : i32
    %ad = math.absi %d : i32
    %sum = arith.addi %prev, %ad : i32
    %r = arith.select %a, %zero, %sum : i32
    ure.yield %r : i32
  }
  ure.def @E4(%u, %v) with (%i, %j) {
    %c1 = arith.constant 1 : index
    %a = arith.cmpi eq, %i, %c1 : index
    %b = arith.cmpi eq, %j, %c1 : index
    %c = arith.andi %a, %b : i1
    %e3 = ure.at @E3(%i, %j, %u, %v) : i32
    %r = ure.select %c, %e3 : i32
    ure.yield %r : i32
  }
  ure.merge_ures @E1 [@E2, @E3, @E4]
  ure.set_bounds @E1 (i = 0 extent 2, j = 0 extent 2, u = -1 extent 3, v = -1 extent 3)
}
