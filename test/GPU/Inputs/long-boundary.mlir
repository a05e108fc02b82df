// A value read far back only by the PEs at one end: PE j = 0 reads its own
// value 6 steps back, the others their neighbour's one step back (T2S's
// PairHMM reads its long-distance value only in the boundary PEs).
// split-register-files keeps the 7-step history in PE 0 alone
// (test/Examples/split-register-files.test; the GPU round trip takes it).
ure.program @peclass {
  ure.input @A : memref<16x8xi32>
  ure.func @x(j, t) -> i32 on device
  ure.func @out(j) -> i32 on device
  ure.def @x(%j, %t) {
    %c0 = arith.constant 0 : index
    %c6 = arith.constant 6 : index
    %zero = arith.constant 0 : i32
    %early = arith.cmpi slt, %t, %c6 : index
    %edge = arith.cmpi eq, %j, %c0 : index
    %far = ure.at @x(%j, %t - 6) : i32
    %near = ure.at @x(%j - 1, %t - 1) : i32
    %inner = arith.select %edge, %far, %near : i32
    %prev = arith.select %early, %zero, %inner : i32
    %a = ure.load @A(%t, %j) : i32
    %v = arith.addi %prev, %a : i32
    ure.yield %v : i32
  }
  ure.def @out(%j) with (%t) {
    %c15 = arith.constant 15 : index
    %last = arith.cmpi eq, %t, %c15 : index
    %x = ure.at @x(%j, %t) : i32
    %v = ure.select %last, %x : i32
    ure.yield %v : i32
  }
  ure.merge_ures @x [@out]
  ure.set_bounds @x (j = 0 extent 8, t = 0 extent 16)
  ure.space_time_transform @x (j)
}
