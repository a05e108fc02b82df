// A 2 x 4 x 4 nest whose schedule t = COEF * i + 2 * j + k (COEF replaced
// by schedule-limits.test) idles its 8 PEs when COEF is large (issue 43).
ure.program @idle {
  ure.input @X : memref<2x4x4xi32>
  ure.func @f(i, j, k) -> i32 on device
  ure.func @y(i) -> i32 on device
  ure.def @f(%i, %j, %k) {
    %x = ure.load @X(%i, %j, %k) : i32
    ure.yield %x : i32
  }
  ure.def @y(%i) with (%j, %k) {
    %c3 = arith.constant 3 : index
    %last = arith.cmpi eq, %k, %c3 : index
    %v = ure.at @f(%i, %j, %k) : i32
    %w = ure.select %last, %v : i32
    ure.yield %w : i32
  }
  ure.merge_ures @f [@y]
  ure.set_bounds @f (i = 0 extent 2, j = 0 extent 4, k = 0 extent 4)
  ure.space_time_transform @f (i, j) vector [COEF, 2] check_time
}
