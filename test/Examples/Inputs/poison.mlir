// The output reads f(i - 1) without a select: at i == 0 that is f(-1),
// outside f's domain, an undefined value that reaches the output.
ure.program @poison {
  ure.func @f(i) -> i32
  ure.func @out(i) -> i32
  ure.def @f(%i) {
    %c = arith.constant 1 : i32
    ure.yield %c : i32
  }
  ure.def @out(%i) {
    %p = ure.at @f(%i - 1) : i32
    ure.yield %p : i32
  }
  ure.merge_ures @f [@out]
  ure.set_bounds @f (i = 0 extent 4)
}
