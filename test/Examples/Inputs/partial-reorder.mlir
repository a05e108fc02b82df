// A read at distance (0, 1, -1) over (i, j, k): legal under the partial
// reorder (k, i), whose nest is (i, j, k) outermost first (Halide's rule:
// only the listed loops move). f(i, j, k) = X(i, j, k) + f(i, j - 1, k + 1)
// inside, X(i, j, k) on the edges j == 0 and k == 2.
ure.program @partial {
  ure.input @X : memref<3x3x3xi32>
  ure.func @f(i, j, k) -> i32
  ure.func @out(i, j, k) -> i32
  ure.def @f(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %j0 = arith.cmpi eq, %j, %c0 : index
    %klast = arith.cmpi eq, %k, %c2 : index
    %edge = arith.ori %j0, %klast : i1
    %x = ure.load @X(%i, %j, %k) : i32
    %prev = ure.at @f(%i, %j - 1, %k + 1) : i32
    %s = arith.addi %x, %prev : i32
    %v = arith.select %edge, %x, %s : i32
    ure.yield %v : i32
  }
  ure.def @out(%i, %j, %k) {
    %v = ure.at @f(%i, %j, %k) : i32
    ure.yield %v : i32
  }
  ure.merge_ures @f [@out]
  ure.set_bounds @f (i = 0 extent 3, j = 0 extent 3, k = 0 extent 3)
  ure.reorder @f (k, i)
}
