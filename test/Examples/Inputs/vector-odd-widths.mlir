// A contiguous vectorized load of an element type LLVM packs into bits in a
// vector (i12 here; the test substitutes i1, i3, i33): memory holds it as an
// array, padded to bytes, so the load must be a gather, not a vector.load.
ure.program @odd {
  ure.input @x : memref<8xi12>
  ure.func @f(i, t) -> i12
  ure.func @out(i, t) -> i12
  ure.def @f(%i, %t) {
    %v = ure.load @x(%i) : i12
    %c = arith.constant 1 : i12
    %p = arith.xori %v, %c : i12
    ure.yield %p : i12
  }
  ure.def @out(%i, %t) {
    %v = ure.at @f(%i, %t) : i12
    ure.yield %v : i12
  }
  ure.merge_ures @f [@out]
  ure.set_bounds @f (i = 0 extent 8, t = 0 extent 2)
  ure.space_time_transform @f (i)
  ure.vectorize @f (i)
}
