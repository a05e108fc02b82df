// GEMM tiled for large sizes: C (32 x 32) = A (32 x 32) * B (32 x 32), where
// the output is cut into 8 x 8 tiles of 4 x 4 elements. The loops, innermost
// first: iii, jjj (the element inside a tile), k (the reduction), jj, ii (the
// tile). The space loops are iii and jjj: a 4 x 4 block of PEs computes one
// tile; the time loops are ii, jj and k. Without a scheduling vector the PEs
// run dataflow-style (t = k inside a tile): A's value enters at PE column
// jjj = 0 and reaches the rest of its row in the same step, B's at PE row
// iii = 0, and every PE accumulates its element of C in its own register,
// the register-blocked shape of a BLAS micro-kernel:
//   a(iii, jjj, k, jj, ii) = select(jjj == 0, A(4 ii + iii, k), a(iii, jjj - 1, k, jj, ii))
//   b(iii, jjj, k, jj, ii) = select(iii == 0, B(k, 4 jj + jjj), b(iii - 1, jjj, k, jj, ii))
//   c(iii, jjj, k, jj, ii) = select(k == 0, 0, c(iii, jjj, k - 1, jj, ii)) + a * b
//   out(iii, jjj, jj, ii)  = select(k == K - 1, c(iii, jjj, k, jj, ii))
// so out(iii, jjj, jj, ii) = C(4 ii + iii, 4 jj + jjj). tools/bench generates
// this design at other sizes.
//
// Run: t2s-run examples/systolic/gemm-tiled.mlir --compare interpret,systolic
ure.program @gemm_tiled {
  ure.input @A : memref<32x32xf32>
  ure.input @B : memref<32x32xf32>
  ure.func @a(iii, jjj, k, jj, ii) -> f32 on device
  ure.func @b(iii, jjj, k, jj, ii) -> f32 on device
  ure.func @c(iii, jjj, k, jj, ii) -> f32 on device
  ure.func @out(iii, jjj, jj, ii) -> f32 on device

  ure.def @a(%iii, %jjj, %k, %jj, %ii) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %jjj, %c0 : index
    %in = ure.load @A(%ii * 4 + %iii, %k) : f32
    %prev = ure.at @a(%iii, %jjj - 1, %k, %jj, %ii) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @b(%iii, %jjj, %k, %jj, %ii) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %iii, %c0 : index
    %in = ure.load @B(%k, %jj * 4 + %jjj) : f32
    %prev = ure.at @b(%iii - 1, %jjj, %k, %jj, %ii) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @c(%iii, %jjj, %k, %jj, %ii) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first = arith.cmpi eq, %k, %c0 : index
    %prev = ure.at @c(%iii, %jjj, %k - 1, %jj, %ii) : f32
    %acc = arith.select %first, %zero, %prev : f32
    %a = ure.at @a(%iii, %jjj, %k, %jj, %ii) : f32
    %b = ure.at @b(%iii, %jjj, %k, %jj, %ii) : f32
    %p = arith.mulf %a, %b : f32
    %v = arith.addf %acc, %p : f32
    ure.yield %v : f32
  }
  ure.def @out(%iii, %jjj, %jj, %ii) with (%k) {
    %last = arith.constant 31 : index
    %is_last = arith.cmpi eq, %k, %last : index
    %c = ure.at @c(%iii, %jjj, %k, %jj, %ii) : f32
    %v = ure.select %is_last, %c : f32
    ure.yield %v : f32
  }

  ure.merge_ures @a [@b, @c, @out]
  ure.set_bounds @a (iii = 0 extent 4, jjj = 0 extent 4, k = 0 extent 32,
                     jj = 0 extent 8, ii = 0 extent 8)
  ure.space_time_transform @a (iii, jjj)
}
