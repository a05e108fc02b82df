// (Copied from examples/t2s/capsule.mlir: the project's own port of this test.)
// T2S's capsule convolution correctness test (IntelLabs/t2sp,
// t2s/tests/correctness/multi-projection/capsule.cpp), ported line by line
// at a smaller size: CI = 4 input channels, CO = 2 output channels,
// Y = X = 2, N = 1 (T2S: CI = 32, CO = 16, Y = X = 6), with T2S's buffer
// layouts (Halide's order: the first index contiguous) and its projection.
//
//   #define LAYOUT_P MK, CI, IY, IX, MX, N      ure.input @pose, Halide's order
//   #define LAYOUT_W CO, MK, CI, KY, KX, MY     ure.input @weight, Halide's order
//   #define LAYOUT_V CO, MY, MX, Y, X, N        ure.func @out ... layout
//   #define ARGS co, mk, ci, ky, kx, my, mx,    the loop variables, innermost
//                y, x, n                        first as in Halide
//   Func_P(ARGS) = pose(mk, ci, s*y+ky,         ure.def @p: the strided read,
//                       s*x+kx, mx, n)          s = 2
//   Func_W(ARGS) = weight(co, mk, ci, ky, kx,   ure.def @w
//                         my)
//   Func_V(ARGS) = select(mk != 0, V(mk-1),     ure.def @v: each carried read
//     select(ci != 0, V(mk+MK-1, ci-1),         is a constant offset (uniform),
//     select(ky != 0, V(.., ci+CI-1, ky-1),     and one step back in the
//     select(kx != 0, V(.., ky+KY-1, kx-1),     flattened time below
//     0)))) + Func_P(ARGS) * Func_W(ARGS)
//   Func_out(co, my, mx, y, x, n) =             ure.def @out, extended: it
//     select(mk==MK-1 && ky==KY-1 &&            drops mk, ci, ky, kx
//            kx==KX-1 && ci==CI-1, Func_V(ARGS))
//   Func_P.merge_ures(Func_W, Func_V,           ure.merge_ures
//                     Func_out).set_bounds(..)  ure.set_bounds
//   .space_time_transform({co, mk, ci, ky, kx}, ure.space_time_transform
//     {k, t},                                   @p (co, mk, ci, ky, kx) -> (k, t)
//     {1, 0, 0,  0,     0,          // k = co   projection: one result per row
//      0, 1, MK, MK*CI, MK*CI*KY},  // t = ...  of T2S's matrix
//     {co, k, mk, t % MK,                       reverse: T2S's reverse transform
//      ci, (t/MK) % CI, ky, (t/MK/CI) % KY,     (the pass checks that it inverts
//      kx, (t/MK/CI/KY)})                       the projection, that k selects
//                                               one loop and that t runs each
//                                               PE's iterations in order; the
//                                               outer loops my .. n stay outside)
//   Func_P.store_in(MemoryType::Register)       the register files t2s derives:
//                                               @v keeps 2 per PE (distance 1)
//
// What differs from T2S: `Func_P.prefetch(pose, ci, 2)` has no t2s
// counterpart (streaming tensors are t2s's way to stage inputs). t2s runs
// the time row as its own schedule (space co in the dataflow form, the
// other loops flattened in order): the same order of each PE's iterations,
// with each time loop its own coordinate where T2S packs t into one.
//
//   t2s-opt examples/t2s/capsule.mlir --space-time-transform
//   t2s-run examples/t2s/capsule.mlir --compare interpret,systolic,dataflow,opencl
ure.program @capsule {
  ure.input @pose : memref<4x4x5x5x4x1xf32, affine_map<(a, b, c, d, e, f) -> (f, e, d, c, b, a)>>
  ure.input @weight : memref<2x4x4x3x3x4xf32, affine_map<(a, b, c, d, e, f) -> (f, e, d, c, b, a)>>
  ure.func @p(co, mk, ci, ky, kx, my, mx, y, x, n) -> f32 on device
  ure.func @w(co, mk, ci, ky, kx, my, mx, y, x, n) -> f32 on device
  ure.func @v(co, mk, ci, ky, kx, my, mx, y, x, n) -> f32 on device
  ure.func @out(co, my, mx, y, x, n) -> f32 on device
      layout affine_map<(a, b, c, d, e, f) -> (f, e, d, c, b, a)>

  ure.def @p(%co, %mk, %ci, %ky, %kx, %my, %mx, %y, %x, %n) {
    %v = ure.load @pose(%mk, %ci, %y * 2 + %ky, %x * 2 + %kx, %mx, %n) : f32
    ure.yield %v : f32
  }
  ure.def @w(%co, %mk, %ci, %ky, %kx, %my, %mx, %y, %x, %n) {
    %v = ure.load @weight(%co, %mk, %ci, %ky, %kx, %my) : f32
    ure.yield %v : f32
  }
  ure.def @v(%co, %mk, %ci, %ky, %kx, %my, %mx, %y, %x, %n) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %mk0 = arith.cmpi ne, %mk, %c0 : index
    %ci0 = arith.cmpi ne, %ci, %c0 : index
    %ky0 = arith.cmpi ne, %ky, %c0 : index
    %kx0 = arith.cmpi ne, %kx, %c0 : index
    %r1 = ure.at @v(%co, %mk - 1, %ci, %ky, %kx, %my, %mx, %y, %x, %n) : f32
    %r2 = ure.at @v(%co, %mk + 3, %ci - 1, %ky, %kx, %my, %mx, %y, %x, %n) : f32
    %r3 = ure.at @v(%co, %mk + 3, %ci + 3, %ky - 1, %kx, %my, %mx, %y, %x, %n) : f32
    %r4 = ure.at @v(%co, %mk + 3, %ci + 3, %ky + 2, %kx - 1, %my, %mx, %y, %x, %n) : f32
    %s4 = arith.select %kx0, %r4, %zero : f32
    %s3 = arith.select %ky0, %r3, %s4 : f32
    %s2 = arith.select %ci0, %r2, %s3 : f32
    %s1 = arith.select %mk0, %r1, %s2 : f32
    %p = ure.at @p(%co, %mk, %ci, %ky, %kx, %my, %mx, %y, %x, %n) : f32
    %w = ure.at @w(%co, %mk, %ci, %ky, %kx, %my, %mx, %y, %x, %n) : f32
    %pw = arith.mulf %p, %w : f32
    %v = arith.addf %s1, %pw : f32
    ure.yield %v : f32
  }
  ure.def @out(%co, %my, %mx, %y, %x, %n) with (%mk, %ci, %ky, %kx) {
    %c3 = arith.constant 3 : index
    %c2 = arith.constant 2 : index
    %a = arith.cmpi eq, %mk, %c3 : index
    %b = arith.cmpi eq, %ky, %c2 : index
    %c = arith.cmpi eq, %kx, %c2 : index
    %d = arith.cmpi eq, %ci, %c3 : index
    %ab = arith.andi %a, %b : i1
    %abc = arith.andi %ab, %c : i1
    %last = arith.andi %abc, %d : i1
    %v = ure.at @v(%co, %mk, %ci, %ky, %kx, %my, %mx, %y, %x, %n) : f32
    %o = ure.select %last, %v : f32
    ure.yield %o : f32
  }

  ure.merge_ures @p [@w, @v, @out]
  ure.set_bounds @p (co = 0 extent 2, mk = 0 extent 4, ci = 0 extent 4, ky = 0 extent 3,
                     kx = 0 extent 3, my = 0 extent 4, mx = 0 extent 4, y = 0 extent 2,
                     x = 0 extent 2, n = 0 extent 1)
  ure.space_time_transform @p (co, mk, ci, ky, kx) -> (k, t)
      projection affine_map<(co, mk, ci, ky, kx) -> (co, mk + ci * 4 + ky * 16 + kx * 48)>
      reverse affine_map<(k, t) -> (k, t mod 4, (t floordiv 4) mod 4, (t floordiv 16) mod 3, t floordiv 48)>
}
