// Found by t2s-fuzz (seed 8100, program 8643): the register files of the
// systolic array were never initialized, an off-schedule PE divided by a
// register it had not written, and LLVM, to which that load is poison,
// deleted the code around the division: the JIT-compiled function fell
// off its end (SIGSEGV). Register files are now zeroed.
ure.program @fuzz {
  ure.input @in0 : memref<2xi16>
  ure.func @f0(l0, l1) -> i16
  ure.func @f1(l0, l1) -> i16
  ure.func @f2(l0, l1) -> i16
  ure.func @out(l1) -> i16
  ure.def @f0(%l0, %l1) {
    %v1 = ure.load @in0(%l1) : i16
    %v2 = ure.load @in0(%l1) : i16
    %v3 = ure.at @f1(%l0 - 1, %l1) : i16
    %v4 = arith.constant 2 : index
    %v5 = arith.cmpi sge, %l0, %v4 : index
    %v6 = arith.constant 1 : i16
    %v7 = arith.select %v5, %v3, %v6 : i16
    %v8 = arith.remsi %v1, %v2 : i16
    %v9 = arith.muli %v8, %v7 : i16
    ure.yield %v9 : i16
  }
  ure.def @f1(%l0, %l1) {
    %v1 = arith.constant 0 : i16
    %v2 = ure.at @f0(%l0, %l1) : i16
    %v3 = ure.at @f2(%l0 - 2, %l1) : i16
    %v4 = arith.constant 3 : index
    %v5 = arith.cmpi sge, %l0, %v4 : index
    %v6 = arith.constant 2 : i16
    %v7 = arith.select %v5, %v3, %v6 : i16
    %v8 = arith.remui %v1, %v2 : i16
    %v9 = arith.divui %v8, %v7 : i16
    ure.yield %v9 : i16
  }
  ure.def @f2(%l0, %l1) {
    %v1 = arith.constant 2 : i16
    %v2 = ure.at @f2(%l0, %l1 - 1) : i16
    %v3 = arith.constant 1 : index
    %v4 = arith.cmpi sge, %l1, %v3 : index
    %v5 = arith.constant -5 : i16
    %v6 = arith.select %v4, %v2, %v5 : i16
    %v7 = ure.at @f2(%l0 - 1, %l1) : i16
    %v8 = arith.constant 2 : index
    %v9 = arith.cmpi sge, %l0, %v8 : index
    %v10 = arith.constant 0 : i16
    %v11 = arith.select %v9, %v7, %v10 : i16
    %v12 = arith.ori %v1, %v6 : i16
    %v13 = arith.divsi %v12, %v11 : i16
    ure.yield %v13 : i16
  }
  ure.def @out(%l1) with (%l0) {
    %v1 = ure.at @f2(%l0, %l1) : i16
    %v2 = arith.constant 4 : index
    %v3 = arith.cmpi eq, %l0, %v2 : index
    %v4 = ure.select %v3, %v1 : i16
    ure.yield %v4 : i16
  }
  ure.merge_ures @f0 [@f1, @f2, @out]
  ure.set_bounds @f0 (l0 = 1 extent 4, l1 = 0 extent 2)
  ure.space_time_transform @f0 (l0) vector [2]
  ure.isolate_consumer @out into @drainer depth 1
}
