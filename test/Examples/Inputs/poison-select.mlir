// The same read of f(i - 1) at i == 0, discarded by a select: no error.
ure.program @poison_select {
  ure.func @f(i) -> i32
  ure.func @out(i) -> i32
  ure.def @f(%i) {
    %c = arith.constant 1 : i32
    ure.yield %c : i32
  }
  ure.def @out(%i) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %seven = arith.constant 7 : i32
    %p = ure.at @f(%i - 1) : i32
    %v = arith.select %first, %seven, %p : i32
    ure.yield %v : i32
  }
  ure.merge_ures @f [@out]
  ure.set_bounds @f (i = 0 extent 4)
}
