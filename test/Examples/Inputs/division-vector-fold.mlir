// A vectorized floordivsi whose divisor has a zero lane (the coordinate l0
// at PE 0): MLIR 22's canonicalize folds such a vector division to the
// dividend in that lane (division by zero is undefined in arith), so the
// pipelines make divisions total before anything folds. Found by t2s-fuzz
// (program 426803).
ure.program @fold {
  ure.input @in0 : memref<1xi12>
  ure.func @f0(l0, l1) -> i12
  ure.func @out(l0, l1) -> i12
  ure.def @f0(%l0, %l1) {
    %v1 = arith.constant -5 : i12
    %v2 = arith.index_cast %l0 : index to i12
    %v8 = arith.floordivsi %v1, %v2 : i12
    ure.yield %v8 : i12
  }
  ure.def @out(%l0, %l1) {
    %v1 = ure.at @f0(%l0, %l1) : i12
    ure.yield %v1 : i12
  }
  ure.merge_ures @f0 [@out]
  ure.set_bounds @f0 (l0 = 0 extent 3, l1 = -2 extent 1)
  ure.space_time_transform @f0 (l0)
  ure.vectorize @f0 (l0)
}
