// Every integer division of arith on operands that trap on x86 (a divisor
// of 0, INT_MIN / -1): the results are total, as the interpreter defines them.
ure.program @div {
  ure.input @a : memref<8xi32>
  ure.input @b : memref<8xi32>
  ure.func @q(i) -> (i32, i32, i32, i32, i32, i32)
  ure.def @q(%i) {
    %x = ure.load @a(%i) : i32
    %y = ure.load @b(%i) : i32
    %d = arith.divsi %x, %y : i32
    %r = arith.remsi %x, %y : i32
    %du = arith.divui %x, %y : i32
    %ru = arith.remui %x, %y : i32
    %f = arith.floordivsi %x, %y : i32
    %c = arith.ceildivsi %x, %y : i32
    ure.yield %d, %r, %du, %ru, %f, %c : i32, i32, i32, i32, i32, i32
  }
  ure.set_bounds @q (i = 0 extent 8)
}
