// Gathered along i, vectorized along j, read without a mask (gather-guarded.mlir).
ure.program @p {
  ure.func @out(i = 0 extent 4, j = 0 extent 2, t = 0 extent 2) -> f32 on device
  channel.fifo @c [4, 2] : f32, depth 2
  channel.kernel @w {
    spacetime.array @out loops (t = 0 extent 2, i = 0 extent 4, j = 0 extent 2) time (t = 0 extent 2) space (i = 0 extent 4, j = 0 extent 2) schedule affine_map<(t, i, j) -> (t)> recover affine_map<(t, i, j) -> (t, i, j)> {
    ^bb0(%t: index, %i: index, %j: index):
      %x = arith.constant 1.0 : f32
      channel.write @c[%i, %j], %x : f32
    }
  }
  channel.kernel @k {
    spacetime.array @out loops (t = 0 extent 2, i = 0 extent 4, j = 0 extent 2) time (t = 0 extent 2) space (i = 0 extent 4, j = 0 extent 2) schedule affine_map<(t, i, j) -> (t)> recover affine_map<(t, i, j) -> (t, i, j)> {
    ^bb0(%t: index, %i: index, %j: vector<2xindex>):
      %tt, %ii, %jj = spacetime.recover : index, index, vector<2xindex>
      %v = channel.read_lanes @c[%i, %j] : vector<2xf32> indices index, vector<2xindex>
      spacetime.output %v to @out[%ii, %jj, %tt] : vector<2xf32> indices index, vector<2xindex>, index
    }
  }
  ure.gather @k (@out, i, down)
}
