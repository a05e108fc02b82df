ure.program @lww2 {
  ure.input @X : memref<2x4x4xi32>
  ure.func @f(i, j, k) -> i32 on device
  ure.func @y(i) -> i32 on device
  ure.def @f(%i, %j, %k) {
    %x = ure.load @X(%i, %j, %k) : i32
    ure.yield %x : i32
  }
  ure.def @y(%i) with (%j, %k) {
    %c2 = arith.constant 2 : index
    %s = arith.addi %j, %k : index
    %eq = arith.cmpi eq, %s, %c2 : index
    %v = ure.at @f(%i, %j, %k) : i32
    %w = ure.select %eq, %v : i32
    ure.yield %w : i32
  }
  ure.merge_ures @f [@y]
  ure.set_bounds @f (i = 0 extent 2, j = 0 extent 4, k = 0 extent 4)
  ure.space_time_transform @f (i, j) vector [1, 1] check_time
}
