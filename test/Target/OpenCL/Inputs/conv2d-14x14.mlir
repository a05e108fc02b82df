// A 2-D systolic convolution (examples/conv2d.mlir): PEs (q, p) hold the
// 3 x 3 kernel, t1 = c + q + p over the output pixels (r outermost).
//
// Run: t2s-run examples/systolic/conv2d.mlir --compare interpret,systolic
//
// The UREs, from examples/conv2d.mlir:
// A 2-D convolution (in the deep-learning sense: a correlation without
// flipping the kernel) on i32: an R x C = 4 x 5 output from a 6 x 7 image and
// a P x Q = 3 x 3 kernel:
//   out(r, c) = sum over p < P, q < Q of W(p, q) * I(r + p, c + q)
// Four loops: kernel column q (innermost), kernel row p, output column c and
// output row r (outermost). The weights enter at the first output pixel and
// flow along r, then along c; the reduction runs along q, then along p:
//   w(q, p, c, r) = select(c == 0, select(r == 0, W(p, q), w(q, p, c, r - 1)),
//                           w(q, p, c - 1, r))
//   s(q, p, c, r) = select(q == 0, 0, s(q - 1, p, c, r)) + w(q, p, c, r) * I(r + p, c + q)
//   t(q, p, c, r) = select(p == 0, 0, t(q, p - 1, c, r)) + s(q, p, c, r)
//   out(r, c)     = select(q == Q - 1 && p == P - 1, t(q, p, c, r))
//   w.merge_ures(s, t, out).set_bounds(q, 0, Q, p, 0, P, c, 0, C, r, 0, R)
// s(Q - 1, p, c, r) is the sum of kernel row p, and t(Q - 1, p, c, r) the sum
// of kernel rows 0 .. p, so t(Q - 1, P - 1, c, r) is out(r, c). (t at
// q < Q - 1 adds partial row sums: those values are never used.) The output
// URE is extended: it drops the two kernel loops q and p.
//
ure.program @conv2d {
  ure.input @I : memref<16x16xi32>
  ure.input @W : memref<3x3xi32>
  ure.func @w(q, p, c, r) -> i32 on device
  ure.func @s(q, p, c, r) -> i32 on device
  ure.func @t(q, p, c, r) -> i32 on device
  ure.func @out(r, c) -> i32 on device

  // W(p, q) enters at (c, r) = (0, 0), flows along r in column 0, then along c.
  ure.def @w(%q, %p, %c, %r) {
    %c0 = arith.constant 0 : index
    %col0 = arith.cmpi eq, %c, %c0 : index
    %row0 = arith.cmpi eq, %r, %c0 : index
    %in = ure.load @W(%p, %q) : i32
    %up = ure.at @w(%q, %p, %c, %r - 1) : i32
    %left = ure.at @w(%q, %p, %c - 1, %r) : i32
    %first_col = arith.select %row0, %in, %up : i32
    %v = arith.select %col0, %first_col, %left : i32
    ure.yield %v : i32
  }
  // The sum over kernel row p, along q.
  ure.def @s(%q, %p, %c, %r) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %first = arith.cmpi eq, %q, %c0 : index
    %prev = ure.at @s(%q - 1, %p, %c, %r) : i32
    %base = arith.select %first, %zero, %prev : i32
    %wv = ure.at @w(%q, %p, %c, %r) : i32
    %px = ure.load @I(%r + %p, %c + %q) : i32
    %m = arith.muli %wv, %px : i32
    %v = arith.addi %base, %m : i32
    ure.yield %v : i32
  }
  // The sum of the row sums, along p.
  ure.def @t(%q, %p, %c, %r) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %first = arith.cmpi eq, %p, %c0 : index
    %prev = ure.at @t(%q, %p - 1, %c, %r) : i32
    %base = arith.select %first, %zero, %prev : i32
    %sv = ure.at @s(%q, %p, %c, %r) : i32
    %v = arith.addi %base, %sv : i32
    ure.yield %v : i32
  }
  // The output: at the last kernel row and column.
  ure.def @out(%r, %c) with (%q, %p) {
    %c2 = arith.constant 2 : index
    %last_q = arith.cmpi eq, %q, %c2 : index
    %last_p = arith.cmpi eq, %p, %c2 : index
    %last = arith.andi %last_q, %last_p : i1
    %tv = ure.at @t(%q, %p, %c, %r) : i32
    %v = ure.select %last, %tv : i32
    ure.yield %v : i32
  }

  ure.merge_ures @w [@s, @t, @out]
  ure.set_bounds @w (q = 0 extent 3, p = 0 extent 3, c = 0 extent 14, r = 0 extent 14)
  ure.reorder @w (c, r, q, p)
  ure.space_time_transform @w (c, r) vector [1, 1] check_time
}
