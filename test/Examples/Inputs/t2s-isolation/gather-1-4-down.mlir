// T2S t2s/tests/correctness/gather/gather-1-4.cpp, SIZE = 8, STRATEGY = Down
// (Down, commented out in test.sh; gather-1-4.mlir: Up).
//   ImageParam a(Int(32), 2, "a");                 ure.input @a (Halide layout)
//   A(i, j, k) = a(i, j) + i;                      ure.def @A
//   B(i, j) = select(k == SIZE - 1, A(i, j, k));   ure.def @B (output, Halide layout)
//   A.merge_ures(B);                               ure.merge_ures @A [@B]
//   A.set_bounds(i,0,SIZE, j,0,SIZE, k,0,SIZE)     ure.set_bounds
//    .space_time_transform(i);                     ure.space_time_transform @A (i)
//   B.isolate_consumer_chain(B_drainer, B_collector);  ure.isolate_consumer @B into @B_drainer
//                                                  ure.unload @B from @B_drainer into @B_collector
//   B_drainer.space_time_transform(i);             (none: the drainer is a copy of the array, with its
//                                                  space-time transform; gather-1-4-drainer-stt.mlir
//                                                  writes the line and gets the error)
//   B_drainer.gather(B, i, STRATEGY);              ure.gather @B_drainer (@B, i, down)
//   check_equal_2D(B0(i, j) = A0(i, j, SIZE - 1))  npycheck B(i, j) == 8 i + j + i
ure.program @gather {
  ure.input @a : memref<8x8xi32, affine_map<(d0, d1) -> (d1, d0)>>
  ure.func @A(i, j, k) -> i32 on device
  ure.func @B(i, j) -> i32 on device layout affine_map<(d0, d1) -> (d1, d0)>
  ure.def @A(%i, %j, %k) {
    %x = ure.load @a(%i, %j) : i32
    %ii = arith.index_cast %i : index to i32
    %v = arith.addi %x, %ii : i32
    ure.yield %v : i32
  }
  ure.def @B(%i, %j) with (%k) {
    %c7 = arith.constant 7 : index
    %last = arith.cmpi eq, %k, %c7 : index
    %v = ure.at @A(%i, %j, %k) : i32
    %w = ure.select %last, %v : i32
    ure.yield %w : i32
  }
  ure.merge_ures @A [@B]
  ure.set_bounds @A (i = 0 extent 8, j = 0 extent 8, k = 0 extent 8)
  ure.space_time_transform @A (i)
  ure.isolate_consumer @B into @B_drainer
  ure.gather @B_drainer (@B, i, down)
  ure.unload @B from @B_drainer into @B_collector
}
