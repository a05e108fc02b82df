ure.program @p {
  ure.func @f(i) -> f32
  ure.def @f(%i) {
    %v = arith.constant 1.0 : f32
    ure.yield %v : f32
  }
  ure.set_bounds @f (i = 0 extent)
}
