// A recurrence five steps back, s(t, n) = s(t, n - 5) + x(n) + t, over
// n = 3 .. 14 (and t = 0, 1), split by 4 (test/Ure/split.test):
// n - 5 = 4 (nn - 2) + (nnn + 3), so the read becomes s(t, nnn + 3, nn - 2)
// where nnn < 1, else s(t, nnn - 1, nn - 1); the loop starts at 3
// (n = 3 + 4 nn + nnn). The output keeps n's memory order: out(nn, nnn).
ure.program @skip {
  ure.input @x : memref<16xi32>
  ure.func @s(t, n) -> i32 on device
  ure.func @out(n) -> i32 on device
  ure.def @s(%t, %n) {
    %c8 = arith.constant 8 : index
    %first = arith.cmpi slt, %n, %c8 : index
    %prev = ure.at @s(%t, %n - 5) : i32
    %xv = ure.load @x(%n) : i32
    %sum = arith.addi %prev, %xv : i32
    %v0 = arith.select %first, %xv, %sum : i32
    %ti = arith.index_cast %t : index to i32
    %v = arith.addi %v0, %ti : i32
    ure.yield %v : i32
  }
  ure.def @out(%n) with (%t) {
    %c1 = arith.constant 1 : index
    %last = arith.cmpi eq, %t, %c1 : index
    %s = ure.at @s(%t, %n) : i32
    %v = ure.select %last, %s : i32
    ure.yield %v : i32
  }
  ure.merge_ures @s [@out]
  ure.set_bounds @s (t = 0 extent 2, n = 3 extent 12)
  ure.split @s (n) into (nn, nnn) factor 4
}
