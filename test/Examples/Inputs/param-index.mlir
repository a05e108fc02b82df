// An input indexed by a parameter: y(n) = sum over k < 3 of x(n + k + @S),
// a window starting at offset @S.
ure.program @window {
  ure.param @S
  ure.input @x : memref<12xi32>
  ure.func @acc(k, n) -> i32
  ure.func @y(n) -> i32
  ure.def @acc(%k, %n) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %k, %c0 : index
    %zero = arith.constant 0 : i32
    %prev = ure.at @acc(%k - 1, %n) : i32
    %base = arith.select %first, %zero, %prev : i32
    %s = ure.param_value @S
    %v = ure.load @x(%n + %k + %s) : i32
    %sum = arith.addi %base, %v : i32
    ure.yield %sum : i32
  }
  ure.def @y(%n) with (%k) {
    %c2 = arith.constant 2 : index
    %last = arith.cmpi eq, %k, %c2 : index
    %a = ure.at @acc(%k, %n) : i32
    %w = ure.select %last, %a : i32
    ure.yield %w : i32
  }
  ure.merge_ures @acc [@y]
  ure.set_bounds @acc (k = 0 extent 3, n = 0 extent 6)
  ure.space_time_transform @acc (k) vector [1] check_time
}
