func.func @twice(%x: i32) -> i32 {
  %a = arith.addi %x, %x : i32
  %b = arith.addi %x, %x : i32
  %p = arith.muli %a, %b : i32
  return %p : i32
}
ure.program @p {
  ure.func @f(i) -> f32
  ure.def @f(%i) {
    %v = arith.constant 1.0 : f32
    ure.yield %v : f32
  }
  ure.set_bounds @f (i = 0 extent 4)
}
