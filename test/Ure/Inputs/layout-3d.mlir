// A 3-D permutation that is neither row-major nor Halide's order, on an
// input and on the output: out(a, b, c) = X(a, b, c) * 3 + X(a, b, 3 - c).
ure.program @permute {
  ure.input @X : memref<2x3x4xi32, affine_map<(a, b, c) -> (b, c, a)>>
  ure.func @out(a, b, c) -> i32 on device layout affine_map<(a, b, c) -> (c, a, b)>
  ure.def @out(%a, %b, %c) {
    %three = arith.constant 3 : i32
    %x = ure.load @X(%a, %b, %c) : i32
    %y = ure.load @X(%a, %b, 3 - %c) : i32
    %p = arith.muli %x, %three : i32
    %v = arith.addi %p, %y : i32
    ure.yield %v : i32
  }
  ure.set_bounds @out (a = 0 extent 2, b = 0 extent 3, c = 0 extent 4)
  ure.space_time_transform @out (a, b)
}
