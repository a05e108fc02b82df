ure.program @p {
  ure.input @A : memref<4xf32>
  ure.func @a
  ure.def @a(%i) {
    %v = ure.load @A(%i) : f32
    ure.yield %v : f32
  }
}
