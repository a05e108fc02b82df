// define-func-3-2-negative.cpp with f internal and copied to an output @out,
// so that t2s's rule 7 (the output is only written), which refuses
// define-func-3-2-negative.mlir first, does not hide the reason T2S gives:
// f is declared by default (ure.func @f, no loops or types) and reads itself.
//
//   Func f;                           ure.func @f
//   f(i, j) = select(i == 0, i, f(i - 1, j));   ure.def @f reads @f
//                                     ure.def @out = f(i, j); merge_ures @f [@out]
// Expected: rule 5 (use before the definition is complete), at the ure.at.
ure.program @define_func_3_2_copy {
  ure.func @f
  ure.func @out(i, j) -> i32
  ure.def @f(%i, %j) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %iv = arith.index_cast %i : index to i32
    %prev = ure.at @f(%i - 1, %j) : i32
    %v = arith.select %first, %iv, %prev : i32
    ure.yield %v : i32
  }
  ure.def @out(%i, %j) {
    %v = ure.at @f(%i, %j) : i32
    ure.yield %v : i32
  }
  ure.merge_ures @f [@out]
  ure.set_bounds @f (i = 0 extent 10, j = 0 extent 10)
}
