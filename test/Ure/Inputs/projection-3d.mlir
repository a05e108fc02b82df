// T2S's 3D-loop-2-2-4 (t2s/tests/correctness/multi-projection): A flows
// along i, B along j, C = A + B; SIZE = 10. The directive (DIRECTIVE) is
// each CASE's projection.
ure.program @loop3d {
  ure.func @A(i, j, k) -> i32
  ure.func @B(i, j, k) -> i32
  ure.func @C(i, j, k) -> i32
  ure.def @A(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %jk = arith.addi %j, %k : index
    %v0 = arith.index_cast %jk : index to i32
    %prev = ure.at @A(%i - 1, %j, %k) : i32
    %v = arith.select %first, %v0, %prev : i32
    ure.yield %v : i32
  }
  ure.def @B(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %j, %c0 : index
    %ik = arith.muli %i, %k : index
    %v0 = arith.index_cast %ik : index to i32
    %prev = ure.at @B(%i, %j - 1, %k) : i32
    %v = arith.select %first, %v0, %prev : i32
    ure.yield %v : i32
  }
  ure.def @C(%i, %j, %k) {
    %a = ure.at @A(%i, %j, %k) : i32
    %b = ure.at @B(%i, %j, %k) : i32
    %v = arith.addi %a, %b : i32
    ure.yield %v : i32
  }
  ure.merge_ures @A [@B, @C]
  ure.set_bounds @A (i = 0 extent 10, j = 0 extent 10, k = 0 extent 10)
  DIRECTIVE
}
