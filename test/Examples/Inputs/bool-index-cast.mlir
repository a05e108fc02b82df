// An index cast to i1 keeps the low bit of the index: -2 is false, -1
// true. Upstream's SPIR-V conversion makes the cast `x != 0`; the SPIR-V
// route casts to i64 and truncates instead (found by t2s-fuzz, seed 40000,
// program 40572).
ure.program @cast {
  ure.func @f(l0, l1) -> i1
  ure.func @out(l0, l1) -> i1
  ure.def @f(%l0, %l1) {
    %a = arith.index_cast %l0 : index to i1
    %b = arith.index_cast %l1 : index to i1
    %c = arith.cmpi uge, %a, %b : i1
    %v = arith.select %c, %a, %b : i1
    ure.yield %v : i1
  }
  ure.def @out(%l0, %l1) {
    %v = ure.at @f(%l0, %l1) : i1
    ure.yield %v : i1
  }
  ure.merge_ures @f [@out]
  ure.set_bounds @f (l0 = 0 extent 4, l1 = -2 extent 2)
}
