// T2S's performance SGEMM for the Arria 10 (IntelLabs/t2sp,
// t2s/tests/performance/gemm/gemm.cpp with a10 const-parameters.h), with
// its streaming tensors: C = A B over 10240 x 16384 x 8192, tiles of
// 320 x 256, a 10 x 8 array of PEs (iii, jjj) each a 16-long dot product
// along kkk, A and B streamed from DRAM by loaders into double-buffered
// feeders that replay each tile JJ (A) and II (B) times, C collected
// along iii and stored JJJ wide.
//
//   t2s-opt examples/t2s/gemm.mlir --t2s-isolate \
//     --t2s-report='fmax=244 device=arria10 bandwidth=19.2' -o /dev/null
//
// Line by line against T2S's gemm.cpp (loops innermost first there and in
// set_bounds here; total_i = iii + III ii + III II i, likewise j and k):
//
//   Var kkk, jjj, iii, jj, ii, kk, k, j, i;        the loops of set_bounds
//   X(P) = select(jjj == 0, A(total_k, total_i),   ure.def @a (Halide's A(k, i)
//                 X(P_jjj_minus_1))                is row-major A[i][k])
//   Y(P) = select(iii == 0, B(total_j, total_k),   ure.def @b, reading Bt[j][k]:
//                 Y(P_iii_minus_1))                T2S's host serializer lays B
//                                                  out with kkk innermost; t2s
//                                                  reads the layout given, so B
//                                                  comes transposed (NT GEMM)
//   Z(P) = select(kkk == 0 && kk == 0 && k == 0,   ure.def @c; the previous kk
//                 0, select(kkk == 0,              (or the last kk of the
//                 Z(P_kkk_plus_15_kk_minus_1),     previous k) is one read, 1024
//                 Z(P_kkk_minus_1)))               steps back, at PE kkk + 15
//                 + X(P) * Y(P)
//   Out(P_Out) = select(kkk == KKK-1 && kk ==      ure.def @out
//                KK-1 && k == K-1, Z(P))
//   X.merge_ures(Y, Z, Out)                        ure.merge_ures
//   X.set_bounds(...)                              ure.set_bounds
//   X.space_time_transform(jjj, iii)               ure.space_time_transform
//                                                  @a (jjj, iii): kkk, inside
//                                                  them, runs inside each PE
//                                                  (a 16-long dot product per
//                                                  step, unrolled): 80 PEs of
//                                                  16 lanes, as T2S builds
//   A >> DA.out(kkk) >> FIFO(256)                  ure.stream_input @A ...
//     >> SA.scope(k).out(kkk, iii) >> FIFO(256)    (out (kkk): the loader's
//                                                  float16; the feeder's banks
//                                                  are its PEs, kkk x iii)
//   B >> DB.out(kkk) >> FIFO(256)                  ure.stream_input @Bt ...
//     >> SB.scope(k).out(kkk, jjj) >> FIFO(256)
//   Out >> RC.scope(iii).out(jjj) >> FIFO(256)     ure.stream_output @out ...
//     >> DC >> C(total_j, total_i)                 (the collector gathers C
//                                                  along iii and sends JJJ
//                                                  floats per value to the
//                                                  unloader, which stores
//                                                  them; C is laid out
//                                                  [i][j][iii][ii][jj][jjj], as
//                                                  T2S's unloader writes it)
//
// test/Examples/t2s-gemm.test runs it at a small size in every mode and
// checks the report at these sizes against T2S's published figures.
ure.program @gemm {
  ure.input @A : memref<10240x16384xf32>
  ure.input @Bt : memref<8192x16384xf32>
  ure.func @a(kkk, jjj, iii, jj, ii, kk, k, j, i) -> f32 on device
  ure.func @b(kkk, jjj, iii, jj, ii, kk, k, j, i) -> f32 on device
  ure.func @c(kkk, jjj, iii, jj, ii, kk, k, j, i) -> f32 on device
  ure.func @out(i, j, iii, ii, jj, jjj) -> f32 on device

  ure.def @a(%kkk, %jjj, %iii, %jj, %ii, %kk, %k, %j, %i) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %jjj, %c0 : index
    %in = ure.load @A(%i * 320 + %ii * 10 + %iii, %k * 512 + %kk * 16 + %kkk) : f32
    %prev = ure.at @a(%kkk, %jjj - 1, %iii, %jj, %ii, %kk, %k, %j, %i) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @b(%kkk, %jjj, %iii, %jj, %ii, %kk, %k, %j, %i) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %iii, %c0 : index
    %in = ure.load @Bt(%j * 256 + %jj * 8 + %jjj, %k * 512 + %kk * 16 + %kkk) : f32
    %prev = ure.at @b(%kkk, %jjj, %iii - 1, %jj, %ii, %kk, %k, %j, %i) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @c(%kkk, %jjj, %iii, %jj, %ii, %kk, %k, %j, %i) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %lane0 = arith.cmpi eq, %kkk, %c0 : index
    %kk0 = arith.cmpi eq, %kk, %c0 : index
    %k0 = arith.cmpi eq, %k, %c0 : index
    %prev_kk = ure.at @c(%kkk + 15, %jjj, %iii, %jj, %ii, %kk - 1, %k, %j, %i) : f32
    %prev_k = ure.at @c(%kkk + 15, %jjj, %iii, %jj, %ii, %kk + 31, %k - 1, %j, %i) : f32
    %chained = ure.at @c(%kkk - 1, %jjj, %iii, %jj, %ii, %kk, %k, %j, %i) : f32
    %from_k = arith.select %k0, %zero, %prev_k : f32
    %carried = arith.select %kk0, %from_k, %prev_kk : f32
    %acc = arith.select %lane0, %carried, %chained : f32
    %a = ure.at @a(%kkk, %jjj, %iii, %jj, %ii, %kk, %k, %j, %i) : f32
    %b = ure.at @b(%kkk, %jjj, %iii, %jj, %ii, %kk, %k, %j, %i) : f32
    %p = arith.mulf %a, %b : f32
    %v = arith.addf %acc, %p : f32
    ure.yield %v : f32
  }
  ure.def @out(%i, %j, %iii, %ii, %jj, %jjj) with (%kkk, %kk, %k) {
    %c15 = arith.constant 15 : index
    %c31 = arith.constant 31 : index
    %lane15 = arith.cmpi eq, %kkk, %c15 : index
    %kk31 = arith.cmpi eq, %kk, %c31 : index
    %k31 = arith.cmpi eq, %k, %c31 : index
    %tile = arith.andi %lane15, %kk31 : i1
    %last = arith.andi %tile, %k31 : i1
    %c = ure.at @c(%kkk, %jjj, %iii, %jj, %ii, %kk, %k, %j, %i) : f32
    %v = ure.select %last, %c : f32
    ure.yield %v : f32
  }

  ure.merge_ures @a [@b, @c, @out]
  ure.set_bounds @a (kkk = 0 extent 16, jjj = 0 extent 8, iii = 0 extent 10,
                     jj = 0 extent 32, ii = 0 extent 32, kk = 0 extent 32,
                     k = 0 extent 32, j = 0 extent 32, i = 0 extent 32)
  ure.space_time_transform @a (jjj, iii)

  ure.stream_input @A loader @aLoader out (kkk) depth 256 feeder @aFeeder scope (k) depth 256
  ure.stream_input @Bt loader @bLoader out (kkk) depth 256 feeder @bFeeder scope (k) depth 256
  ure.stream_output @out collector @collector scope (iii) out (jjj) depth 256 unloader @unloader
}
