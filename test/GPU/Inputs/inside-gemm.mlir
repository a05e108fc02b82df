// examples/gpu/gemm.mlir with iii inside the PE: space_time_transform (jjj)
// with iii innermost, so each thread's PEs along jjj each run the 4
// iterations of iii inside them (docs/passes/space-time-transform.md,
// "Loops inside the PE"); B flows along iii within a step.
ure.program @gemm_gpu {
  ure.input @A : memref<64x64xf32>
  ure.input @B : memref<64x64xf32>
  ure.func @a(iii, jjj, k, jt, it, jb, ib) -> f32 on device
  ure.func @b(iii, jjj, k, jt, it, jb, ib) -> f32 on device
  ure.func @c(iii, jjj, k, jt, it, jb, ib) -> f32 on device
  ure.func @out(iii, jjj, jt, it, jb, ib) -> f32 on device

  ure.def @a(%iii, %jjj, %k, %jt, %it, %jb, %ib) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %jjj, %c0 : index
    %in = ure.load @A(%ib * 16 + %it * 4 + %iii, %k) : f32
    %prev = ure.at @a(%iii, %jjj - 1, %k, %jt, %it, %jb, %ib) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @b(%iii, %jjj, %k, %jt, %it, %jb, %ib) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %iii, %c0 : index
    %in = ure.load @B(%k, %jb * 16 + %jt * 4 + %jjj) : f32
    %prev = ure.at @b(%iii - 1, %jjj, %k, %jt, %it, %jb, %ib) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @c(%iii, %jjj, %k, %jt, %it, %jb, %ib) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first = arith.cmpi eq, %k, %c0 : index
    %prev = ure.at @c(%iii, %jjj, %k - 1, %jt, %it, %jb, %ib) : f32
    %acc = arith.select %first, %zero, %prev : f32
    %a = ure.at @a(%iii, %jjj, %k, %jt, %it, %jb, %ib) : f32
    %b = ure.at @b(%iii, %jjj, %k, %jt, %it, %jb, %ib) : f32
    %p = arith.mulf %a, %b : f32
    %v = arith.addf %acc, %p : f32
    ure.yield %v : f32
  }
  ure.def @out(%iii, %jjj, %jt, %it, %jb, %ib) with (%k) {
    %last = arith.constant 63 : index
    %is_last = arith.cmpi eq, %k, %last : index
    %c = ure.at @c(%iii, %jjj, %k, %jt, %it, %jb, %ib) : f32
    %v = ure.select %is_last, %c : f32
    ure.yield %v : f32
  }

  ure.merge_ures @a [@b, @c, @out]
  ure.set_bounds @a (iii = 0 extent 4, jjj = 0 extent 4, k = 0 extent 64,
                     jt = 0 extent 4, it = 0 extent 4, jb = 0 extent 4, ib = 0 extent 4)
  ure.space_time_transform @a (jjj)
  ure.gpu_map @a blocks (jb, ib) threads (jt, it)
}
