// y(i) = -x(i) through the bits: bitcast to i32, flip the sign bit, bitcast
// back; and the bits of x as an integer.
ure.program @bits {
  ure.input @x : memref<5xf32>
  ure.func @y(i) -> (f32, i32)
  ure.def @y(%i) {
    %v = ure.load @x(%i) : f32
    %b = arith.bitcast %v : f32 to i32
    %sign = arith.constant -2147483648 : i32
    %n = arith.xori %b, %sign : i32
    %w = arith.bitcast %n : i32 to f32
    ure.yield %w, %b : f32, i32
  }
  ure.set_bounds @y (i = 0 extent 5)
}
