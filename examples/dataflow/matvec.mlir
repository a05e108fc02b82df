// Matrix-vector product as a dataflow design: examples/systolic/matvec.mlir
// plus isolation. A is read by every PE at every step (an unconditional
// read: @A_loader sends one value per scheduled point); x by each PE j at
// the first row only (the read sits under `select(i == 0, ...)`, so
// @x_loader sends x(j) once to PE j); y goes to @drainer.
//
// Run: t2s-run examples/dataflow/matvec.mlir --compare interpret,dataflow
//
// The systolic design it starts from:
// | A 1-D systolic array for the matrix-vector product (examples/matvec.mlir):
// | one PE per column j (5 of them), t1 = i + j: x stays in its PE, the
// | partial sums move right one PE per step.
// |
// | Run: t2s-run examples/systolic/matvec.mlir --compare interpret,systolic
// |
// | The UREs, from examples/matvec.mlir:
// | Matrix-vector product y = A x on i32, with A of 6 rows and 5 columns.
// | The vector x flows down the rows; each row reduces along j:
// |   xs(j, i)  = select(i == 0, x(j), xs(j, i - 1))
// |   s(j, i)   = select(j == 0, 0, s(j - 1, i)) + A(i, j) * xs(j, i)
// |   y(i)      = select(j == J - 1, s(j, i))
// |   xs.merge_ures(s, y).set_bounds(j, 0, J, i, 0, I)
// | so that y(i) = sum over j of A(i, j) * x(j).
// |
// | The first loop variable is the innermost loop (Halide's order): j is the
// | inner loop, i the outer one.
// |
ure.program @matvec {
  ure.input @A : memref<6x5xi32>
  ure.input @x : memref<5xi32>
  ure.func @xs(j, i) -> i32 on device
  ure.func @s(j, i) -> i32 on device
  ure.func @y(i) -> i32 on device

  // x(j) enters at row 0 and is passed from row i - 1 to row i.
  ure.def @xs(%j, %i) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %in = ure.load @x(%j) : i32
    %prev = ure.at @xs(%j, %i - 1) : i32
    %v = arith.select %first, %in, %prev : i32
    ure.yield %v : i32
  }
  // The partial sum of row i up to column j.
  ure.def @s(%j, %i) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %first = arith.cmpi eq, %j, %c0 : index
    %prev = ure.at @s(%j - 1, %i) : i32
    %acc = arith.select %first, %zero, %prev : i32
    %a = ure.load @A(%i, %j) : i32
    %xv = ure.at @xs(%j, %i) : i32
    %p = arith.muli %a, %xv : i32
    %v = arith.addi %acc, %p : i32
    ure.yield %v : i32
  }
  // The output: the full sum of row i, at the last column.
  ure.def @y(%i) with (%j) {
    %last = arith.constant 4 : index
    %is_last = arith.cmpi eq, %j, %last : index
    %v = ure.at @s(%j, %i) : i32
    %w = ure.select %is_last, %v : i32
    ure.yield %w : i32
  }

  ure.merge_ures @xs [@s, @y]
  ure.set_bounds @xs (j = 0 extent 5, i = 0 extent 6)
  ure.space_time_transform @xs (j) vector [1] check_time
  ure.isolate_producer [@A] into @A_loader
  ure.isolate_producer [@x] into @x_loader
  ure.isolate_consumer @y into @drainer
}
