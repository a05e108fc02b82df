// A time loop that starts at the smallest 64-bit integer: the array's
// verifier must compute its last value, min + (extent - 1), without an
// intermediate overflow (found by t2s-fuzz: min - 1 + extent overflowed).
ure.program @far {
  ure.input @X : memref<4xi32>
  ure.func @f(i, t) -> i32 on device
  ure.func @y(i) -> i32 on device
  ure.def @f(%i, %t) {
    %x = ure.load @X(%i) : i32
    ure.yield %x : i32
  }
  ure.def @y(%i) with (%t) {
    %end = arith.constant -9223372036854775806 : index
    %last = arith.cmpi eq, %t, %end : index
    %v = ure.at @f(%i, %t) : i32
    %w = ure.select %last, %v : i32
    ure.yield %w : i32
  }
  ure.merge_ures @f [@y]
  ure.set_bounds @f (i = 0 extent 4, t = -9223372036854775808 extent 3)
  ure.space_time_transform @f (i)
}
