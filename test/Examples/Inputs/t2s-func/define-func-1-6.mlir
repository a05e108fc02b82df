// Port of IntelLabs/t2sp t2s/tests/correctness/Func/define-func-1-6.cpp.
// T2S's test prints "Success!" and exits before doing anything ("This should
// be a negative case. Consider later."): a Func built from an ImageParam,
// Func f(a), is then given a definition, f(i, j) = i + j.
//
//   ImageParam a(Int(32), 2, "a");    ure.input @f : memref<10x10xi32> (t2s has no
//   Func f(a), g;                     Func(ImageParam) wrapper: the Func is the input's name)
//   g(i, j) = f(i, j);                ure.def @g: ure.load @f(i, j)
//   f(i, j) = i + j;                  ure.def @f: defines the input's name again
// Expected (the comment's intent): refused, an input is not a URE.
ure.program @define_func_1_6 {
  ure.input @f : memref<10x10xi32>
  ure.func @g(i, j) -> i32
  ure.def @g(%i, %j) {
    %v = ure.load @f(%i, %j) : i32
    ure.yield %v : i32
  }
  ure.def @f(%i, %j) {
    %s = arith.addi %i, %j : index
    %v = arith.index_cast %s : index to i32
    ure.yield %v : i32
  }
  ure.merge_ures @f [@g]
  ure.set_bounds @f (i = 0 extent 10, j = 0 extent 10)
}
