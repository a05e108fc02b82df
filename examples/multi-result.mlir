// A Func with two results: for each row j of a 3 x 5 matrix X of i32, the
// running maximum (i32) and the running sum (f32) of the row along i,
// computed together by one Func, f(i, j) -> (i32, f32):
//   f(i, j)   = select(i == 0, {X(j, 0), float(X(j, 0))},
//                      {max(f(i - 1, j)[0], X(j, i)),
//                       f(i - 1, j)[1] + float(X(j, i))})
//   out(j)    = select(i == I - 1, f(i, j))      // both results
//   f.merge_ures(out).set_bounds(i, 0, I, j, 0, J)
// The output Func returns two values too: out(j) -> (i32, f32), the maximum
// and the sum of row j. t2s-run names them @out.0 and @out.1.
//
// Run: t2s-run examples/multi-result.mlir --compare interpret,sequential
ure.program @multi_result {
  ure.input @X : memref<3x5xi32>
  ure.func @f(i, j) -> (i32, f32) on device
  ure.func @out(j) -> (i32, f32) on device

  ure.def @f(%i, %j) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %x = ure.load @X(%j, %i) : i32
    %xf = arith.sitofp %x : i32 to f32
    %prev:2 = ure.at @f(%i - 1, %j) : i32, f32
    %max = arith.maxsi %prev#0, %x : i32
    %sum = arith.addf %prev#1, %xf : f32
    %m = arith.select %first, %x, %max : i32
    %s = arith.select %first, %xf, %sum : f32
    ure.yield %m, %s : i32, f32
  }
  // The output: both results of f at the end of the row.
  ure.def @out(%j) with (%i) {
    %last = arith.constant 4 : index
    %is_last = arith.cmpi eq, %i, %last : index
    %v:2 = ure.at @f(%i, %j) : i32, f32
    %m = ure.select %is_last, %v#0 : i32
    %s = ure.select %is_last, %v#1 : f32
    ure.yield %m, %s : i32, f32
  }

  ure.merge_ures @f [@out]
  ure.set_bounds @f (i = 0 extent 5, j = 0 extent 3)
}
