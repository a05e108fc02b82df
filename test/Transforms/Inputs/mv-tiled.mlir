// y = A x in two tiles of 4 rows: y(ii * 4 + iii) = sum over j of
// A(ii * 4 + iii, j) * x(j), 4 PEs along iii, time loops ii then j; the
// tests replace the placeholders: a scheduling vector and directives.
ure.program @mv {
  ure.input @A : memref<8x8xf32>
  ure.input @x : memref<8xf32>
  ure.func @s(iii, j, ii) -> f32 on device
  ure.func @y(iii, ii) -> f32 on device
  ure.def @s(%iii, %j, %ii) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first = arith.cmpi eq, %j, %c0 : index
    %prev = ure.at @s(%iii, %j - 1, %ii) : f32
    %acc = arith.select %first, %zero, %prev : f32
    %a = ure.load @A(%ii * 4 + %iii, %j) : f32
    %xv = ure.load @x(%j) : f32
    %p = arith.mulf %a, %xv : f32
    %v = arith.addf %acc, %p : f32
    ure.yield %v : f32
  }
  ure.def @y(%iii, %ii) with (%j) {
    %last = arith.constant 7 : index
    %is_last = arith.cmpi eq, %j, %last : index
    %v = ure.at @s(%iii, %j, %ii) : f32
    %w = ure.select %is_last, %v : f32
    ure.yield %w : f32
  }
  ure.merge_ures @s [@y]
  ure.set_bounds @s (iii = 0 extent 4, j = 0 extent 8, ii = 0 extent 2)
  ure.space_time_transform @s (iii) SCHEDULE
  DIRECTIVES
}
