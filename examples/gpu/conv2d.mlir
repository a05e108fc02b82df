// A 2-D convolution on an NVIDIA GPU, NCHW as torch.nn.functional.conv2d
// computes it (valid, stride 1): O (2 x 8 x 8 x 8) from I (2 x 3 x 10 x 10)
// and W (8 x 3 x 3 x 3), f32. Blocks over image rows, output channels and
// images, threads over columns and rows, each thread 4 output channels x 2
// columns; the weights flow along the thread's columns, the image along its
// channels, each PE accumulates over kx, ky, then c; the tiles of I and W of
// one input channel are staged in shared memory. out(oi, xi, xt, yt, yb, ob,
// n) = O(n, 4 ob + oi, 4 yb + yt, 2 xt + xi).
//
// Written by tools/gpu/conv.py 2 3 8 8 8 --oi 4 --xi 2 --yt 4 --shared, which
// writes this design at other sizes (tools/gpu/bench.py times it next to cuDNN).
//
// Compile: t2s-opt examples/gpu/conv2d.mlir --t2s-systolic-to-ptx --mlir-print-debuginfo -o conv.ptx.mlir
//          t2s-translate --t2s-to-gpu-manifest conv.ptx.mlir -o conv.gpu.json
// On the CPU (one thread; the directive is not applied, with a warning):
//          t2s-run examples/gpu/conv2d.mlir --compare interpret,systolic
ure.program @conv_gpu {
  ure.input @I : memref<2x3x10x10xf32>
  ure.input @W : memref<8x3x3x3xf32>
  ure.func @w(oi, xi, kx, ky, c, xt, yt, yb, ob, n) -> f32 on device
  ure.func @i(oi, xi, kx, ky, c, xt, yt, yb, ob, n) -> f32 on device
  ure.func @s(oi, xi, kx, ky, c, xt, yt, yb, ob, n) -> f32 on device
  ure.func @out(oi, xi, xt, yt, yb, ob, n) -> f32 on device

  ure.def @w(%oi, %xi, %kx, %ky, %c, %xt, %yt, %yb, %ob, %n) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %xi, %c0 : index
    %in = ure.load @W(%ob * 4 + %oi, %c, %ky, %kx) : f32
    %prev = ure.at @w(%oi, %xi - 1, %kx, %ky, %c, %xt, %yt, %yb, %ob, %n) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @i(%oi, %xi, %kx, %ky, %c, %xt, %yt, %yb, %ob, %n) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %oi, %c0 : index
    %in = ure.load @I(%n, %c, %yb * 4 + %yt + %ky, %xt * 2 + %xi + %kx) : f32
    %prev = ure.at @i(%oi - 1, %xi, %kx, %ky, %c, %xt, %yt, %yb, %ob, %n) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @s(%oi, %xi, %kx, %ky, %c, %xt, %yt, %yb, %ob, %n) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first_kx = arith.cmpi eq, %kx, %c0 : index
    %first_ky = arith.cmpi eq, %ky, %c0 : index
    %first_c = arith.cmpi eq, %c, %c0 : index
    %along_kx = ure.at @s(%oi, %xi, %kx - 1, %ky, %c, %xt, %yt, %yb, %ob, %n) : f32
    %along_ky = ure.at @s(%oi, %xi, %kx + 2, %ky - 1, %c, %xt, %yt, %yb, %ob, %n) : f32
    %along_c = ure.at @s(%oi, %xi, %kx + 2, %ky + 2, %c - 1, %xt, %yt, %yb, %ob, %n) : f32
    %from_c = arith.select %first_c, %zero, %along_c : f32
    %from_ky = arith.select %first_ky, %from_c, %along_ky : f32
    %acc = arith.select %first_kx, %from_ky, %along_kx : f32
    %wv = ure.at @w(%oi, %xi, %kx, %ky, %c, %xt, %yt, %yb, %ob, %n) : f32
    %iv = ure.at @i(%oi, %xi, %kx, %ky, %c, %xt, %yt, %yb, %ob, %n) : f32
    %p = arith.mulf %wv, %iv : f32
    %v = arith.addf %acc, %p : f32
    ure.yield %v : f32
  }
  ure.def @out(%oi, %xi, %xt, %yt, %yb, %ob, %n) with (%kx, %ky, %c) {
    %last_k = arith.constant 2 : index
    %last_c = arith.constant 2 : index
    %is_kx = arith.cmpi eq, %kx, %last_k : index
    %is_ky = arith.cmpi eq, %ky, %last_k : index
    %is_c = arith.cmpi eq, %c, %last_c : index
    %is_k = arith.andi %is_kx, %is_ky : i1
    %is_last = arith.andi %is_k, %is_c : i1
    %sv = ure.at @s(%oi, %xi, %kx, %ky, %c, %xt, %yt, %yb, %ob, %n) : f32
    %v = ure.select %is_last, %sv : f32
    ure.yield %v : f32
  }

  ure.merge_ures @w [@i, @s, @out]
  ure.set_bounds @w (oi = 0 extent 4, xi = 0 extent 2, kx = 0 extent 3, ky = 0 extent 3,
                     c = 0 extent 3, xt = 0 extent 4, yt = 0 extent 4, yb = 0 extent 2,
                     ob = 0 extent 2, n = 0 extent 2)
  ure.space_time_transform @w (oi, xi)
  ure.gpu_map @w blocks (yb, ob, n) threads (xt, yt) shared [@I, @W] scope (c)
}
