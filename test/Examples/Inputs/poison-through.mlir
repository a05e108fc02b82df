// The poison reaches the output through @g: g(i) = f(i - 1) + 2 is
// outside f's domain at i == 0, and out(i) = g(i) stores it. The report
// names the read of @f (line 13), not the output's read of @g.
ure.program @poison {
  ure.func @f(i) -> i32
  ure.func @g(i) -> i32
  ure.func @out(i) -> i32
  ure.def @f(%i) {
    %c = arith.constant 1 : i32
    ure.yield %c : i32
  }
  ure.def @g(%i) {
    %p = ure.at @f(%i - 1) : i32
    %c = arith.constant 2 : i32
    %s = arith.addi %p, %c : i32
    ure.yield %s : i32
  }
  ure.def @out(%i) {
    %p = ure.at @g(%i) : i32
    ure.yield %p : i32
  }
  ure.merge_ures @f [@g, @out]
  ure.set_bounds @f (i = 0 extent 4)
}
