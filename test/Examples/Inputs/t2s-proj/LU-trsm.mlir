// T2S t2s/tests/correctness/trsm/LU-trsm.cpp (N = 6, K = 3, float), U01 = L00^-1 A01.
//   ImageParam A01(Float(32), 2), L00(Float(32), 2)    ure.input @A01, @L00 (Halide layouts)
//   SL(j, i, k) = select(i == 0, A01(j, k),
//                 SL(j, i-1, k) - PrevAi(j, i-1, k) * L00(j, i-1));   ure.def @SL
//   PrevAi(j, i, k) = select(j == i, SL(j, i, k), PrevAi(j-1, i, k)); ure.def @PrevAi
//   U01(i, k) = select(j == i, SL(j, i, k));                          ure.def @U01 (extended, drops j)
//   SL.merge_ures(PrevAi, U01).set_bounds(k, 0, N-K, i, 0, K, j, 0, K)   ure.merge_ures, ure.set_bounds
//   SL.space_time_transform(j, i);                                    ure.space_time_transform @SL (j, i)
//   l00 = {1,0,0, 2,1,0, 16,2,1}, a01 = {1,2,4, 2,2,1, 16,2,4}        --input A01=trsm_a01.npy --input L00=trsm_l00.npy
//   check(golden, input0, input1)                                     npycheck against the UREs evaluated in
//                                                                     Python (trsm_ref.py). T2S's check() compares
//   its C loop with the hard-coded grd, never with U01.realize's result, and its C loop reads A01(k, j) and
//   L00(i - 1, j) where the UREs read A01(j, k) and L00(j, i - 1): the UREs as written compute
//   U01 = [[1, 2, 16], [2, 2, 2], [4, 1, 4]] ([i][k]), not grd.
ure.program @trsm {
  ure.input @A01 : memref<3x3xf32, affine_map<(x, y) -> (y, x)>>
  ure.input @L00 : memref<3x3xf32, affine_map<(x, y) -> (y, x)>>
  ure.func @SL(j, i, k) -> f32 on device
  ure.func @PrevAi(j, i, k) -> f32 on device
  ure.func @U01(i, k) -> f32 on device layout affine_map<(i, k) -> (k, i)>
  ure.def @SL(%j, %i, %k) {
    %c0 = arith.constant 0 : index
    %i0 = arith.cmpi eq, %i, %c0 : index
    %a = ure.load @A01(%j, %k) : f32
    %s = ure.at @SL(%j, %i - 1, %k) : f32
    %p = ure.at @PrevAi(%j, %i - 1, %k) : f32
    %l = ure.load @L00(%j, %i - 1) : f32
    %m = arith.mulf %p, %l : f32
    %d = arith.subf %s, %m : f32
    %v = arith.select %i0, %a, %d : f32
    ure.yield %v : f32
  }
  ure.def @PrevAi(%j, %i, %k) {
    %diag = arith.cmpi eq, %j, %i : index
    %s = ure.at @SL(%j, %i, %k) : f32
    %p = ure.at @PrevAi(%j - 1, %i, %k) : f32
    %v = arith.select %diag, %s, %p : f32
    ure.yield %v : f32
  }
  ure.def @U01(%i, %k) with (%j) {
    %diag = arith.cmpi eq, %j, %i : index
    %s = ure.at @SL(%j, %i, %k) : f32
    %v = ure.select %diag, %s : f32
    ure.yield %v : f32
  }
  ure.merge_ures @SL [@PrevAi, @U01]
  ure.set_bounds @SL (k = 0 extent 3, i = 0 extent 3, j = 0 extent 3)
  ure.space_time_transform @SL (j, i)
}
