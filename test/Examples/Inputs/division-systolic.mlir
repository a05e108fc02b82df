// A 1-D array without CheckTime: PE i also computes at steps where it has
// no iteration, and then divides by the recovered index j - 2 = 0 or by
// values of other points; a division there must not kill the process.
ure.program @divsys {
  ure.input @x : memref<4x4xi32>
  ure.func @s(i, j) -> i32 on device
  ure.func @y(i) -> i32 on device
  ure.def @s(%i, %j) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %first = arith.cmpi eq, %j, %c0 : index
    %zero = arith.constant 0 : i32
    %prev = ure.at @s(%i, %j - 1) : i32
    %acc = arith.select %first, %zero, %prev : i32
    %v = ure.load @x(%i, %j) : i32
    %jj = arith.subi %j, %c2 : index
    %q = arith.divsi %c2, %jj : index
    %qi = arith.index_cast %q : index to i32
    %d = arith.divsi %v, %qi : i32
    %s = arith.addi %acc, %d : i32
    ure.yield %s : i32
  }
  ure.def @y(%i) with (%j) {
    %c3 = arith.constant 3 : index
    %last = arith.cmpi eq, %j, %c3 : index
    %v = ure.at @s(%i, %j) : i32
    %w = ure.select %last, %v : i32
    ure.yield %w : i32
  }
  ure.merge_ures @s [@y]
  ure.set_bounds @s (i = 0 extent 4, j = 0 extent 4)
  ure.space_time_transform @s (i) vector [1]
}
