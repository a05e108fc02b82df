// The unsigned integer ops of arith on values with the sign bit set: each
// result reads its operands as unsigned (unsigned.test derives the values).
ure.program @unsigned {
  ure.input @X : memref<4xi32>
  ure.func @f(i) -> (i32, i32, i32, i32, i32, i32, i32, i64)
  ure.def @f(%i) {
    %x = ure.load @X(%i) : i32
    %c1 = arith.constant 1 : i32
    %c3 = arith.constant 3 : i32
    %c7 = arith.constant 7 : i32
    %shr = arith.shrui %x, %c1 : i32
    %div = arith.divui %x, %c3 : i32
    %rem = arith.remui %x, %c7 : i32
    %max = arith.maxui %x, %c7 : i32
    %min = arith.minui %x, %c7 : i32
    %ge = arith.cmpi uge, %x, %c7 : i32
    %gt = arith.cmpi ugt, %x, %c7 : i32
    %both = arith.andi %ge, %gt : i1
    %sel = arith.select %both, %c1, %c3 : i32
    %lt = arith.cmpi ult, %x, %c7 : i32
    %le = arith.cmpi ule, %x, %c7 : i32
    %either = arith.ori %lt, %le : i1
    %sel2 = arith.select %either, %c1, %c3 : i32
    %ext = arith.extui %x : i32 to i64
    ure.yield %shr, %div, %rem, %max, %min, %sel, %sel2, %ext : i32, i32, i32, i32, i32, i32, i32, i64
  }
  ure.set_bounds @f (i = 0 extent 4)
}
