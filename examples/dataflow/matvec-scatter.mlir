// Matrix-vector product whose vector x enters the PE chain at one end:
// examples/dataflow/matvec.mlir plus
//
//   ure.scatter @xs (@x, j, up)
//
// (T2S's `xs.scatter(x, j, ScatterStrategy::Up)`). Without it, @x_loader
// sends x(j) to PE j through its own channel of @x_loader_x (5 channels
// into the array). With it, only PE j = 0 reads @x_loader_x: at each step
// t1 it runs the count loop t = 0 .. 4, reads x(t) for the PEs t whose
// read happens at this step (the condition i == 0 at PE t: t1 - t == 0, so
// only t = t1), and passes it up the chain through @xs_x_scatter; PE j keeps
// the value for t = j and forwards the others.
//
// Run: t2s-opt examples/dataflow/matvec-scatter.mlir --merge-ures --space-time-transform --isolate --scatter
//      t2s-run examples/dataflow/matvec-scatter.mlir --compare interpret,dataflow
ure.program @matvec_scatter {
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
  ure.scatter @xs (@x, j, up)
}
