// A vectorized drainer gathering i1 values along its vectorized loop: the
// gather channel carries vector<3xi1>, which OpenCL C lays out as a
// struct of 3 bools (3 bytes) where LLVM packs it into 1 byte
// (test/Examples/opencl-bool-lanes.test).
ure.program @p {
  ure.input @in0 : memref<3xi1>
  ure.func @out(l0, l1) -> i1
  ure.def @out(%l0, %l1) {
    %t = arith.constant true
    ure.yield %t : i1
  }
  ure.set_bounds @out (l0 = 0 extent 3, l1 = 1 extent 3)
  ure.space_time_transform @out (l0) vector [2] check_time
  ure.isolate_consumer @out into @drainer depth 1
  ure.vectorize @out (l0)
  ure.vectorize @drainer (l0)
  ure.gather @drainer (@out, l0, down)
}
