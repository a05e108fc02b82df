// Scattering a lane-wise channel read (scatter.rs): the array is vectorized
// along jjj, so every PE row reads B(k, jjj) from the loader's channel with
// one channel.read_lanes under its CheckTime mask. `ure.scatter @a (@B,
// iii, up)` makes row iii = 0 read the vector of every row t (with row t's
// indices and mask) and pass it up through a FIFO of vectors.
// RUN: t2s-opt %s --merge-ures --space-time-transform --isolate --vectorize --scatter 2>&1 | FileCheck %s
// RUN: t2s-opt %s --merge-ures --space-time-transform --isolate --vectorize --scatter | t2s-opt | FileCheck %s --check-prefix=ROUND
// RUN: t2s-run %s --compare interpret,dataflow | FileCheck %s --check-prefix=MATCH
// RUN: t2s-run %s --compare interpret,dataflow --systolic-options 'unroll-pes=false' | FileCheck %s --check-prefix=MATCH
// RUN: t2s-run %s --compare interpret,opencl | FileCheck %s --check-prefix=MATCH
// RUN: sed 's/(@B, iii, up)/(@B, iii, down)/' %s > %t.down.mlir
// RUN: t2s-run %t.down.mlir --compare interpret,dataflow | FileCheck %s --check-prefix=MATCH
// The loader unvectorized: its scalar writes feed the same lane-wise reads.
// RUN: grep -v 'ure.vectorize @loader' %s > %t.scalar-loader.mlir
// RUN: t2s-run %t.scalar-loader.mlir --compare interpret,dataflow | FileCheck %s --check-prefix=MATCH
// Along a serial loop a channel cannot be scattered, lane-wise or not.
// RUN: sed 's/(@B, iii, up)/(@B, ii, up)/' %s | not t2s-opt --merge-ures --space-time-transform --isolate --vectorize --scatter 2>&1 | FileCheck %s --check-prefix=SERIAL

// CHECK: remark: scattered @B along 'iii' (up): only iii = 0 reads it, for the 4 PEs along 'iii', and passes the values on through @a_B_scatter
// CHECK-LABEL: spacetime.array @a
// CHECK: ^bb0(%[[II:.*]]: index, %[[T1:.*]]: index, %[[JJJ:.*]]: vector<8xindex>, %[[III:.*]]: index
// CHECK:   %[[START:.*]] = arith.cmpi eq, %[[III]], %c0{{.*}} : index
// CHECK:   %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<8xf32>
// CHECK:   scf.for %[[T:.*]] = %[[III]] to %c4{{.*}} iter_args(%{{.*}} = %[[ZERO]]) -> (vector<8xf32>) {
// Row t's mask, computed at the start of the chain.
// CHECK:     %[[MASK:.*]] = spacetime.scheduled at(%[[II]], %[[T1]], %[[JJJ]], %[[T]] : index, index, vector<8xindex>, index) : vector<8xi1>
// A row moves only when any of its lanes reads (its lanes or-ed).
// CHECK:     %[[L7:.*]] = vector.extract %[[MASK]][7] : i1 from vector<8xi1>
// CHECK-NEXT: %[[ANY:.*]] = arith.ori %{{.*}}, %[[L7]] : i1
// CHECK-NEXT: scf.if %[[ANY]] -> (vector<8xf32>) {
// CHECK-NEXT: scf.if %[[START]] -> (vector<8xf32>) {
// CHECK-NEXT:  channel.read_lanes @loader_B[%[[JJJ]], %[[T]]] if %[[MASK]] : vector<8xf32> indices vector<8xindex>, index
// CHECK:     } else {
// CHECK:       channel.read @a_B_scatter[%{{.*}}] : vector<8xf32>
// CHECK:     channel.write @a_B_scatter[%[[III]]], %{{.*}} : vector<8xf32>
// The row's own lane-wise read is gone.
// CHECK-NOT: channel.read_lanes @loader_B
// CHECK: channel.write_lanes @loader_B
// CHECK: channel.fifo @a_B_scatter [4] : vector<8xf32>, depth 4

// ROUND: channel.read_lanes @loader_B[%{{.*}}, %{{.*}}] if %{{.*}} : vector<8xf32> indices vector<8xindex>, index
// ROUND: channel.fifo @a_B_scatter [4] : vector<8xf32>, depth 4

// MATCH: @out: interpret and {{.*}} match (128 elements)

// SERIAL: error: cannot scatter @B along the serial loop 'ii': here it is read from a channel

ure.program @gemm_scatter_lanes {
  ure.input @A : memref<16x8xf32>
  ure.input @B : memref<8x8xf32>
  ure.func @a(iii, jjj, k, ii) -> f32
  ure.func @b(iii, jjj, k, ii) -> f32
  ure.func @c(iii, jjj, k, ii) -> f32
  ure.func @out(iii, jjj, ii) -> f32

  ure.def @a(%iii, %jjj, %k, %ii) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %jjj, %c0 : index
    %in = ure.load @A(%ii * 4 + %iii, %k) : f32
    %prev = ure.at @a(%iii, %jjj - 1, %k, %ii) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @b(%iii, %jjj, %k, %ii) {
    %in = ure.load @B(%k, %jjj) : f32
    ure.yield %in : f32
  }
  ure.def @c(%iii, %jjj, %k, %ii) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first = arith.cmpi eq, %k, %c0 : index
    %prev = ure.at @c(%iii, %jjj, %k - 1, %ii) : f32
    %acc = arith.select %first, %zero, %prev : f32
    %a = ure.at @a(%iii, %jjj, %k, %ii) : f32
    %b = ure.at @b(%iii, %jjj, %k, %ii) : f32
    %p = arith.mulf %a, %b : f32
    %v = arith.addf %acc, %p : f32
    ure.yield %v : f32
  }
  ure.def @out(%iii, %jjj, %ii) with (%k) {
    %last = arith.constant 7 : index
    %is_last = arith.cmpi eq, %k, %last : index
    %c = ure.at @c(%iii, %jjj, %k, %ii) : f32
    %v = ure.select %is_last, %c : f32
    ure.yield %v : f32
  }

  ure.merge_ures @a [@b, @c, @out]
  ure.set_bounds @a (iii = 0 extent 4, jjj = 0 extent 8, k = 0 extent 8, ii = 0 extent 4)
  ure.space_time_transform @a (iii, jjj) vector [1, 1] check_time
  ure.isolate_producer [@B] into @loader
  ure.vectorize @a (jjj)
  ure.vectorize @loader (jjj)
  ure.scatter @a (@B, iii, up)
}
