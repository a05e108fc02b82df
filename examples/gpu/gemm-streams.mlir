// GEMM with all of T2S's streaming tensors, one specification for every
// target: examples/gpu/gemm-feeders.mlir plus the output's collector and
// unloader (`ure.stream_output @out collector ... scope (iii) out (jjj)
// unloader ...`, T2S's `Out >> RC.scope(iii).out(jjj) >> FIFO >> DC >> C`).
// On a GPU the feeders are double-buffered shared tiles and the collector
// and unloader the staged output (each block's box of C in shared memory,
// written out coalesced): the kernel of examples/gpu/gemm-staged.mlir. In
// the dataflow and OpenCL modes loaders, feeders, collector and unloader
// are kernels with FIFOs between them.
//
// Compile: t2s-opt examples/gpu/gemm-streams.mlir --t2s-systolic-to-ptx --mlir-print-debuginfo -o gemm.ptx.mlir
//          t2s-translate --t2s-to-gpu-manifest gemm.ptx.mlir -o gemm.gpu.json
// On the CPU (the ure.gpu_map is not applied, with a warning):
//          t2s-run examples/gpu/gemm-streams.mlir --compare interpret,systolic,dataflow,opencl
ure.program @gemm_streams {
  ure.input @A : memref<64x64xf32>
  ure.input @B : memref<64x64xf32>
  ure.func @a(iii, jjj, k, kk, jt, it, jb, ib) -> f32 on device
  ure.func @b(iii, jjj, k, kk, jt, it, jb, ib) -> f32 on device
  ure.func @c(iii, jjj, k, kk, jt, it, jb, ib) -> f32 on device
  ure.func @out(ib, it, iii, jb, jt, jjj) -> f32 on device

  ure.def @a(%iii, %jjj, %k, %kk, %jt, %it, %jb, %ib) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %jjj, %c0 : index
    %in = ure.load @A(%ib * 16 + %it * 4 + %iii, %kk * 8 + %k) : f32
    %prev = ure.at @a(%iii, %jjj - 1, %k, %kk, %jt, %it, %jb, %ib) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @b(%iii, %jjj, %k, %kk, %jt, %it, %jb, %ib) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %iii, %c0 : index
    %in = ure.load @B(%kk * 8 + %k, %jb * 16 + %jt * 4 + %jjj) : f32
    %prev = ure.at @b(%iii - 1, %jjj, %k, %kk, %jt, %it, %jb, %ib) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @c(%iii, %jjj, %k, %kk, %jt, %it, %jb, %ib) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first_k = arith.cmpi eq, %k, %c0 : index
    %first_kk = arith.cmpi eq, %kk, %c0 : index
    %prev = ure.at @c(%iii, %jjj, %k - 1, %kk, %jt, %it, %jb, %ib) : f32
    %carry = ure.at @c(%iii, %jjj, %k + 7, %kk - 1, %jt, %it, %jb, %ib) : f32
    %from_tile = arith.select %first_kk, %zero, %carry : f32
    %acc = arith.select %first_k, %from_tile, %prev : f32
    %a = ure.at @a(%iii, %jjj, %k, %kk, %jt, %it, %jb, %ib) : f32
    %b = ure.at @b(%iii, %jjj, %k, %kk, %jt, %it, %jb, %ib) : f32
    %p = arith.mulf %a, %b : f32
    %v = arith.addf %acc, %p : f32
    ure.yield %v : f32
  }
  ure.def @out(%ib, %it, %iii, %jb, %jt, %jjj) with (%k, %kk) {
    %last_k = arith.constant 7 : index
    %last_kk = arith.constant 7 : index
    %is_last_k = arith.cmpi eq, %k, %last_k : index
    %is_last_kk = arith.cmpi eq, %kk, %last_kk : index
    %is_last = arith.andi %is_last_k, %is_last_kk : i1
    %c = ure.at @c(%iii, %jjj, %k, %kk, %jt, %it, %jb, %ib) : f32
    %v = ure.select %is_last, %c : f32
    ure.yield %v : f32
  }

  ure.merge_ures @a [@b, @c, @out]
  ure.set_bounds @a (iii = 0 extent 4, jjj = 0 extent 4, k = 0 extent 8, kk = 0 extent 8,
                     jt = 0 extent 4, it = 0 extent 4, jb = 0 extent 4, ib = 0 extent 4)
  ure.space_time_transform @a (iii, jjj)
  ure.stream_input @A loader @aLoader out (k) feeder @aFeeder scope (kk)
  ure.stream_input @B loader @bLoader out (jjj) feeder @bFeeder scope (kk)
  ure.stream_output @out collector @collector scope (iii) out (jjj) unloader @unloader
  ure.gpu_map @a blocks (jb, ib) threads (jt, it)
}
