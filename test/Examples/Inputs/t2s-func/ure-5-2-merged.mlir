// ure-5-2.cpp in the form t2s takes: B, which T2S computes with
// compute_root in a nest of its own, is merged as well (t2s compiles one
// merged nest; see ure-5-2.mlir). SIZE = 10.
//
//   A, B, C as in ure-5-1.cpp         ure.def @A, @B, @C (C internal), @out = C
//   B.compute_root(); A.merge_ures(C) ure.merge_ures @A [@B, @C, @out]
//   C.realize({10, 10, 10})           set_bounds @A 10^3
//   extract C(i, j, 9) == mm(a, b)    mmrun.sh ... out full (SEQUENTIAL and random inputs)
ure.program @ure_5_2_merged {
  ure.input @a : memref<10x10xi32, affine_map<(d0, d1) -> (d1, d0)>>
  ure.input @b : memref<10x10xi32, affine_map<(d0, d1) -> (d1, d0)>>
  ure.func @A(i, j, k) -> i32
  ure.func @B(i, j, k) -> i32
  ure.func @C(i, j, k) -> i32
  ure.func @out(i, j, k) -> i32 layout affine_map<(i, j, k) -> (k, j, i)>
  ure.def @A(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %j, %c0 : index
    %in = ure.load @a(%i, %k) : i32
    %prev = ure.at @A(%i, %j - 1, %k) : i32
    %v = arith.select %first, %in, %prev : i32
    ure.yield %v : i32
  }
  ure.def @B(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %in = ure.load @b(%k, %j) : i32
    %prev = ure.at @B(%i - 1, %j, %k) : i32
    %v = arith.select %first, %in, %prev : i32
    ure.yield %v : i32
  }
  ure.def @C(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %k, %c0 : index
    %x = ure.at @A(%i, %j, %k) : i32
    %y = ure.at @B(%i, %j, %k) : i32
    %p = arith.muli %x, %y : i32
    %prev = ure.at @C(%i, %j, %k - 1) : i32
    %acc = arith.addi %prev, %p : i32
    %v = arith.select %first, %p, %acc : i32
    ure.yield %v : i32
  }
  ure.def @out(%i, %j, %k) {
    %v = ure.at @C(%i, %j, %k) : i32
    ure.yield %v : i32
  }
  ure.merge_ures @A [@B, @C, @out]
  ure.set_bounds @A (i = 0 extent 10, j = 0 extent 10, k = 0 extent 10)
}
