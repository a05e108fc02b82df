// Serialization (vectorization.md 1.2, apply_serialize): a prefix sum along
// k, C(k, i) = select(k == 0, 0, C(k - 1, i)) + A(i, k), with k vectorized.
// Lane k needs lane k - 1's value of the same step: the vectorize pass
// keeps k as a loop of PEs and says so in a remark at the directive. Without
// ure.space_time_transform, the vectorized loop is the space loop.
//
// Run: t2s-run examples/vector/prefix-serialized.mlir --compare interpret,systolic --remarks
ure.program @prefix {
  ure.input @A : memref<8x16xi32>
  ure.func @c(k, i) -> i32 on device
  ure.func @out(k, i) -> i32 on device
  ure.def @c(%k, %i) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %first = arith.cmpi eq, %k, %c0 : index
    %prev = ure.at @c(%k - 1, %i) : i32
    %acc = arith.select %first, %zero, %prev : i32
    %a = ure.load @A(%i, %k) : i32
    %v = arith.addi %acc, %a : i32
    ure.yield %v : i32
  }
  ure.def @out(%k, %i) {
    %c = ure.at @c(%k, %i) : i32
    ure.yield %c : i32
  }
  ure.merge_ures @c [@out]
  ure.set_bounds @c (k = 0 extent 16, i = 0 extent 8)
  ure.vectorize @c (k)
}
