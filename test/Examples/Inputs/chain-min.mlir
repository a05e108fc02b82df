// A chain along a loop that does not start at 0 (fuzz program 5331): the
// PE at the far end of the chain reads no neighbour, and its FIFO index,
// once the PE is unrolled, must still lie in the FIFO array.
ure.program @chain_min {
  ure.input @x : memref<4xi32>
  ure.func @f(i, t) -> i32
  ure.func @out(i, t) -> i32
  ure.def @f(%i, %t) {
    %v = ure.load @x(%i - 1) : i32
    %c = arith.index_cast %t : index to i32
    %p = arith.addi %v, %c : i32
    ure.yield %p : i32
  }
  ure.def @out(%i, %t) {
    %v = ure.at @f(%i, %t) : i32
    ure.yield %v : i32
  }
  ure.merge_ures @f [@out]
  ure.set_bounds @f (i = 1 extent 4, t = 0 extent 3)
  ure.space_time_transform @f (i)
  ure.isolate_consumer @out into @drainer
  ure.gather @drainer (@out, i, down)
}
