// Matrix-vector products y(i) = sum_j A(i, j) x(j), whose output store
// differs only in its condition (test/Examples/store-once.test):
//   @once     j == 1           each y(i) stored once: no stamps, no zero fill
//   @fenced   j == 1, i >= 1   y(0) never stored: zero fill
//   @never    j == 1, j == 0   no point stores: zero fill
//   @one_row  j == 1, i == 1   i indexes y and is fixed: zero fill
//   @outside  j == 2           j runs over [0, 2): no point stores
ure.program @once {
  ure.input @A : memref<3x2xi32>
  ure.input @x : memref<2xi32>
  ure.func @xs(j, i) -> i32 on device
  ure.func @s(j, i) -> i32 on device
  ure.func @y(i) -> i32 on device
  ure.def @xs(%j, %i) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %in = ure.load @x(%j) : i32
    %prev = ure.at @xs(%j, %i - 1) : i32
    %v = arith.select %first, %in, %prev : i32
    ure.yield %v : i32
  }
  ure.def @s(%j, %i) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %first = arith.cmpi eq, %j, %c0 : index
    %prev = ure.at @s(%j - 1, %i) : i32
    %acc = arith.select %first, %zero, %prev : i32
    %a = ure.load @A(%i, %j) : i32
    %xv = ure.at @xs(%j, %i) : i32
    %p = arith.muli %a, %xv : i32
    %v = arith.addi %acc, %p : i32
    ure.yield %v : i32
  }
  ure.def @y(%i) with (%j) {
    %last = arith.constant 1 : index
    %is_last = arith.cmpi eq, %j, %last : index
    %v = ure.at @s(%j, %i) : i32
    %w = ure.select %is_last, %v : i32
    ure.yield %w : i32
  }
  ure.merge_ures @xs [@s, @y]
  ure.set_bounds @xs (j = 0 extent 2, i = 0 extent 3)
  ure.space_time_transform @xs (j) vector [2]
}

ure.program @fenced {
  ure.input @A : memref<3x2xi32>
  ure.input @x : memref<2xi32>
  ure.func @xs(j, i) -> i32 on device
  ure.func @s(j, i) -> i32 on device
  ure.func @y(i) -> i32 on device
  ure.def @xs(%j, %i) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %in = ure.load @x(%j) : i32
    %prev = ure.at @xs(%j, %i - 1) : i32
    %v = arith.select %first, %in, %prev : i32
    ure.yield %v : i32
  }
  ure.def @s(%j, %i) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %first = arith.cmpi eq, %j, %c0 : index
    %prev = ure.at @s(%j - 1, %i) : i32
    %acc = arith.select %first, %zero, %prev : i32
    %a = ure.load @A(%i, %j) : i32
    %xv = ure.at @xs(%j, %i) : i32
    %p = arith.muli %a, %xv : i32
    %v = arith.addi %acc, %p : i32
    ure.yield %v : i32
  }
  ure.def @y(%i) with (%j) {
    %c1 = arith.constant 1 : index
    %is_last = arith.cmpi eq, %j, %c1 : index
    %past = arith.cmpi sge, %i, %c1 : index
    %both = arith.andi %is_last, %past : i1
    %v = ure.at @s(%j, %i) : i32
    %w = ure.select %both, %v : i32
    ure.yield %w : i32
  }
  ure.merge_ures @xs [@s, @y]
  ure.set_bounds @xs (j = 0 extent 2, i = 0 extent 3)
  ure.space_time_transform @xs (j) vector [2]
}

ure.program @never {
  ure.input @A : memref<3x2xi32>
  ure.input @x : memref<2xi32>
  ure.func @xs(j, i) -> i32 on device
  ure.func @s(j, i) -> i32 on device
  ure.func @y(i) -> i32 on device
  ure.def @xs(%j, %i) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %in = ure.load @x(%j) : i32
    %prev = ure.at @xs(%j, %i - 1) : i32
    %v = arith.select %first, %in, %prev : i32
    ure.yield %v : i32
  }
  ure.def @s(%j, %i) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %first = arith.cmpi eq, %j, %c0 : index
    %prev = ure.at @s(%j - 1, %i) : i32
    %acc = arith.select %first, %zero, %prev : i32
    %a = ure.load @A(%i, %j) : i32
    %xv = ure.at @xs(%j, %i) : i32
    %p = arith.muli %a, %xv : i32
    %v = arith.addi %acc, %p : i32
    ure.yield %v : i32
  }
  ure.def @y(%i) with (%j) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %is_last = arith.cmpi eq, %j, %c1 : index
    %is_first = arith.cmpi eq, %j, %c0 : index
    %both = arith.andi %is_last, %is_first : i1
    %v = ure.at @s(%j, %i) : i32
    %w = ure.select %both, %v : i32
    ure.yield %w : i32
  }
  ure.merge_ures @xs [@s, @y]
  ure.set_bounds @xs (j = 0 extent 2, i = 0 extent 3)
  ure.space_time_transform @xs (j) vector [2]
}

ure.program @one_row {
  ure.input @A : memref<3x2xi32>
  ure.input @x : memref<2xi32>
  ure.func @xs(j, i) -> i32 on device
  ure.func @s(j, i) -> i32 on device
  ure.func @y(i) -> i32 on device
  ure.def @xs(%j, %i) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %in = ure.load @x(%j) : i32
    %prev = ure.at @xs(%j, %i - 1) : i32
    %v = arith.select %first, %in, %prev : i32
    ure.yield %v : i32
  }
  ure.def @s(%j, %i) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %first = arith.cmpi eq, %j, %c0 : index
    %prev = ure.at @s(%j - 1, %i) : i32
    %acc = arith.select %first, %zero, %prev : i32
    %a = ure.load @A(%i, %j) : i32
    %xv = ure.at @xs(%j, %i) : i32
    %p = arith.muli %a, %xv : i32
    %v = arith.addi %acc, %p : i32
    ure.yield %v : i32
  }
  ure.def @y(%i) with (%j) {
    %c1 = arith.constant 1 : index
    %is_last = arith.cmpi eq, %j, %c1 : index
    %row = arith.cmpi eq, %i, %c1 : index
    %both = arith.andi %is_last, %row : i1
    %v = ure.at @s(%j, %i) : i32
    %w = ure.select %both, %v : i32
    ure.yield %w : i32
  }
  ure.merge_ures @xs [@s, @y]
  ure.set_bounds @xs (j = 0 extent 2, i = 0 extent 3)
  ure.space_time_transform @xs (j) vector [2]
}

ure.program @outside {
  ure.input @A : memref<3x2xi32>
  ure.input @x : memref<2xi32>
  ure.func @xs(j, i) -> i32 on device
  ure.func @s(j, i) -> i32 on device
  ure.func @y(i) -> i32 on device
  ure.def @xs(%j, %i) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %in = ure.load @x(%j) : i32
    %prev = ure.at @xs(%j, %i - 1) : i32
    %v = arith.select %first, %in, %prev : i32
    ure.yield %v : i32
  }
  ure.def @s(%j, %i) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %first = arith.cmpi eq, %j, %c0 : index
    %prev = ure.at @s(%j - 1, %i) : i32
    %acc = arith.select %first, %zero, %prev : i32
    %a = ure.load @A(%i, %j) : i32
    %xv = ure.at @xs(%j, %i) : i32
    %p = arith.muli %a, %xv : i32
    %v = arith.addi %acc, %p : i32
    ure.yield %v : i32
  }
  ure.def @y(%i) with (%j) {
    %c2 = arith.constant 2 : index
    %is_last = arith.cmpi eq, %j, %c2 : index
    %v = ure.at @s(%j, %i) : i32
    %w = ure.select %is_last, %v : i32
    ure.yield %w : i32
  }
  ure.merge_ures @xs [@s, @y]
  ure.set_bounds @xs (j = 0 extent 2, i = 0 extent 3)
  ure.space_time_transform @xs (j) vector [2]
}
