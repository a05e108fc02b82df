// Operations that see the padding bits of an iWIDTH in memory if they are
// not zero: zero extension, unsigned division and comparison.
ure.program @w {
  ure.input @a : memref<16xiWIDTH>
  ure.func @y(k, n) -> (i64, iWIDTH, i1)
  ure.def @y(%k, %n) {
    %v = ure.load @a(%n) : iWIDTH
    %z = arith.extui %v : iWIDTH to i64
    %two = arith.constant 2 : iWIDTH
    %q = arith.divui %v, %two : iWIDTH
    %c = arith.cmpi ult, %v, %two : iWIDTH
    ure.yield %z, %q, %c : i64, iWIDTH, i1
  }
  ure.set_bounds @y (k = 0 extent 1, n = 0 extent 16)
  ure.space_time_transform @y (k)
}
