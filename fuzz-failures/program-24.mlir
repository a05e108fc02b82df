// Mismatch: interpret refuses a short input for another reason: poison stored into output Func `out` at (l1=0, l0=2): Func `f0` holds poison at (l0=2, l1=0) (never stored, or stored from poison) (at -:10:11)
// params: []
// between: 
// input shapes: [[1, 2]] (one too small)
ure.program @fuzz {
  ure.input @in0 : memref<?x?xi8>
  ure.func @f0(l0, l1) -> i8
  ure.func @out(l0, l1) -> i8
  ure.def @f0(%l0, %l1) {
    %v1 = ure.load @in0(%l1, %l0) : i8
    ure.yield %v1 : i8
  }
  ure.def @out(%l0, %l1) {
    %v1 = ure.at @f0(%l0, %l1) : i8
    ure.yield %v1 : i8
  }
  ure.merge_ures @f0 [@out]
  ure.set_bounds @f0 (l0 = 0 extent 3, l1 = 0 extent 1)
  ure.space_time_transform @f0 (l0) check_time
  ure.vectorize @f0 (l0)
}
