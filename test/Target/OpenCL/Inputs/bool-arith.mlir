// i1 arithmetic: MLIR's i1 is a 1-bit integer that wraps, true being -1
// signed and 1 unsigned; C's bool promotes to the int 0 or 1. Each result
// over the four pairs (a, b) = (i mod 2, i / 2) (bool-arith.test).
ure.program @bools {
  ure.func @f(i) -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i32, f32)
  ure.def @f(%i) {
    %c2 = arith.constant 2 : index
    %half = arith.divui %i, %c2 : index
    %a = arith.index_cast %i : index to i1
    %b = arith.index_cast %half : index to i1
    %add = arith.addi %a, %b : i1
    %sub = arith.subi %a, %b : i1
    %mul = arith.muli %a, %b : i1
    %div = arith.divsi %a, %b : i1
    %rem = arith.remsi %a, %b : i1
    %maxs = arith.maxsi %a, %b : i1
    %mins = arith.minsi %a, %b : i1
    %maxu = arith.maxui %a, %b : i1
    %minu = arith.minui %a, %b : i1
    %slt = arith.cmpi slt, %a, %b : i1
    %sge = arith.cmpi sge, %a, %b : i1
    %ugt = arith.cmpi ugt, %a, %b : i1
    %ule = arith.cmpi ule, %a, %b : i1
    %ext = arith.extsi %a : i1 to i32
    %fp = arith.sitofp %a : i1 to f32
    ure.yield %add, %sub, %mul, %div, %rem, %maxs, %mins, %maxu, %minu, %slt, %sge, %ugt, %ule, %ext, %fp : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i32, f32
  }
  ure.set_bounds @f (i = 0 extent 4)
}
