// A batch of matrix-vector products (examples/systolic/matvec.mlir with a
// batch loop b on the blocks) whose schedule skews time (t = i + j): the
// output's index i is recovered as t - j, two coordinates with coefficient
// 1 each, so the elements a block stores are not a dense box of them and
// staged_output is refused.
ure.program @matvec_batch {
  ure.input @A : memref<2x6x5xi32>
  ure.input @x : memref<2x5xi32>
  ure.func @xs(j, i, b) -> i32 on device
  ure.func @s(j, i, b) -> i32 on device
  ure.func @y(i, b) -> i32 on device

  ure.def @xs(%j, %i, %b) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %in = ure.load @x(%b, %j) : i32
    %prev = ure.at @xs(%j, %i - 1, %b) : i32
    %v = arith.select %first, %in, %prev : i32
    ure.yield %v : i32
  }
  ure.def @s(%j, %i, %b) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %first = arith.cmpi eq, %j, %c0 : index
    %prev = ure.at @s(%j - 1, %i, %b) : i32
    %acc = arith.select %first, %zero, %prev : i32
    %a = ure.load @A(%b, %i, %j) : i32
    %xv = ure.at @xs(%j, %i, %b) : i32
    %p = arith.muli %a, %xv : i32
    %v = arith.addi %acc, %p : i32
    ure.yield %v : i32
  }
  ure.def @y(%i, %b) with (%j) {
    %last = arith.constant 4 : index
    %is_last = arith.cmpi eq, %j, %last : index
    %v = ure.at @s(%j, %i, %b) : i32
    %w = ure.select %is_last, %v : i32
    ure.yield %w : i32
  }

  ure.merge_ures @xs [@s, @y]
  ure.set_bounds @xs (j = 0 extent 5, i = 0 extent 6, b = 0 extent 2)
  ure.space_time_transform @xs (j) vector [1] check_time
  ure.gpu_map @xs blocks (b) threads () staged_output
}
