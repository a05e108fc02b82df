ure.program @p {
  ure.input @X : memref<4x4x4xi32>
  ure.func @f(i, t1, m) -> i32 on device
  ure.func @o(i, t1) -> i32 on device
  ure.def @f(%i, %t1, %m) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %m, %c0 : index
    %x = ure.load @X(%i, %t1, %m) : i32
    %prev = ure.at @f(%i, %t1, %m - 1) : i32
    %s = arith.addi %prev, %x : i32
    %v = arith.select %first, %x, %s : i32
    ure.yield %v : i32
  }
  ure.def @o(%i, %t1) with (%m) {
    %c3 = arith.constant 3 : index
    %last = arith.cmpi eq, %m, %c3 : index
    %v = ure.at @f(%i, %t1, %m) : i32
    %w = ure.select %last, %v : i32
    ure.yield %w : i32
  }
  ure.merge_ures @f [@o]
  ure.set_bounds @f (i = 0 extent 4, t1 = 0 extent 4, m = 0 extent 4)
  ure.space_time_transform @f (i, t1) vector [1, 1]
}
