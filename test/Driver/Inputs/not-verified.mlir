ure.program @p {
  ure.func @f
  ure.set_bounds @f (i = 0 extent 0)
}
