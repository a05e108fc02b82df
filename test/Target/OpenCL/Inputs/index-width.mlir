// Index arithmetic whose values need 64 bits in one place and fit in 32
// in another: out(i) = ((256 i) i + 3) mod 7 + i mod 5, i < 4096. 256 i is
// an int; the product of two ints reaches 4292870400 (past INT_MAX), so it
// is a long computed from both promoted; i mod 5 stays an int.
ure.program @widths {
  ure.func @out(i) -> i32
  ure.def @out(%i) {
    %c256 = arith.constant 256 : index
    %c3 = arith.constant 3 : index
    %c7 = arith.constant 7 : index
    %c5 = arith.constant 5 : index
    %m = arith.muli %i, %c256 : index
    %big = arith.muli %m, %i : index
    %shifted = arith.addi %big, %c3 : index
    %r = arith.remsi %shifted, %c7 : index
    %s = arith.remsi %i, %c5 : index
    %sum = arith.addi %r, %s : index
    %v = arith.index_cast %sum : index to i32
    ure.yield %v : i32
  }
  ure.set_bounds @out (i = 0 extent 4096)
  ure.space_time_transform @out (i)
}
