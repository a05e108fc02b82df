// Port of IntelLabs/t2sp t2s/tests/correctness/Func/define-func-2-4.cpp
// (a 1-D self-reading Func, compute_root, read by g), SIZE = 10.
//
//   Func f(Int(32), {i}), g;          ure.func @f(i) -> i32; ure.func @g
//   f(i) = select(i == 0, i, f(i - 1));   ure.def @f
//   g(i) = f(i);                      ure.def @g (output)
//   f.compute_root();                 no t2s counterpart: t2s computes one merged nest,
//                                     merge_ures @f [@g]
//   g.realize({10})                   set_bounds i = 0 extent 10
//   assert(out(i) == 0)               check.sh: 0
ure.program @define_func_2_4 {
  ure.func @f(i) -> i32
  ure.func @g
  ure.def @f(%i) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %iv = arith.index_cast %i : index to i32
    %prev = ure.at @f(%i - 1) : i32
    %v = arith.select %first, %iv, %prev : i32
    ure.yield %v : i32
  }
  ure.def @g(%i) {
    %v = ure.at @f(%i) : i32
    ure.yield %v : i32
  }
  ure.merge_ures @f [@g]
  ure.set_bounds @f (i = 0 extent 10)
}
