// y(i) = sum over j of A(i, j), with the partial sum in a Func named
// @acc.1: names are symbols, never parsed.
ure.program @rowsum {
  ure.input @A : memref<4x4xf32>
  ure.func @acc.1(i, j) -> f32 on device
  ure.func @y(i) -> f32 on device
  ure.def @acc.1(%i, %j) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first = arith.cmpi eq, %j, %c0 : index
    %prev = ure.at @acc.1(%i, %j - 1) : f32
    %acc = arith.select %first, %zero, %prev : f32
    %a = ure.load @A(%i, %j) : f32
    %v = arith.addf %acc, %a : f32
    ure.yield %v : f32
  }
  ure.def @y(%i) with (%j) {
    %c3 = arith.constant 3 : index
    %last = arith.cmpi eq, %j, %c3 : index
    %v = ure.at @acc.1(%i, %j) : f32
    %w = ure.select %last, %v : f32
    ure.yield %w : f32
  }
  ure.merge_ures @acc.1 [@y]
  ure.set_bounds @acc.1 (i = 0 extent 4, j = 0 extent 4)
  ure.space_time_transform @acc.1 (i) vector [1] check_time
}
