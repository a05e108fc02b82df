// i8 and i16 arithmetic wraps at its width; C computes char and short in
// int, so the OpenCL C casts each result back (narrow-ints.test). X holds
// 100, -100, 127, -128.
ure.program @narrow {
  ure.input @X : memref<4xi8>
  ure.func @f(i) -> (i8, i8, i16, i32, i32)
  ure.def @f(%i) {
    %x = ure.load @X(%i) : i8
    %sum = arith.addi %x, %x : i8
    %prod = arith.muli %x, %x : i8
    %w = arith.extsi %x : i8 to i16
    %c300 = arith.constant 300 : i16
    %big = arith.muli %w, %c300 : i16
    %u = arith.extui %x : i8 to i32
    %c0 = arith.constant 0 : i8
    %neg = arith.cmpi slt, %x, %c0 : i8
    %flag = arith.extui %neg : i1 to i32
    ure.yield %sum, %prod, %big, %u, %flag : i8, i8, i16, i32, i32
  }
  ure.set_bounds @f (i = 0 extent 4)
}
