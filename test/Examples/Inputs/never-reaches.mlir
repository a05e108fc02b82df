// A read that never connects two points of the nest (l1 - 1 on a loop of
// extent 1), under a chain of two transforms: the schedule ignores it, and
// the array must read nothing for it (never-reaches.test).
ure.program @never {
  ure.input @x : memref<4xi32>
  ure.func @f(l0, l1, l2) -> i32
  ure.func @out(l0, l1, l2) -> i32
  ure.def @f(%l0, %l1, %l2) {
    %prev = ure.at @f(%l0 + 2, %l1 - 1, %l2) : i32
    %c1 = arith.constant 1 : index
    %later = arith.cmpi sge, %l1, %c1 : index
    %x = ure.load @x(%l0) : i32
    %v = arith.select %later, %prev, %x : i32
    ure.yield %v : i32
  }
  ure.def @out(%l0, %l1, %l2) {
    %v = ure.at @f(%l0, %l1, %l2) : i32
    ure.yield %v : i32
  }
  ure.merge_ures @f [@out]
  ure.set_bounds @f (l0 = 0 extent 4, l1 = 0 extent 1, l2 = 0 extent 1)
  ure.space_time_transform @f (l0, l1)
  ure.space_time_transform @f (l0) vector [1]
}
