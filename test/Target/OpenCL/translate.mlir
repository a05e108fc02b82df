// The constructs of t2s-to-opencl on hand-written kernels; clang checks the
// output with the shim header.
// RUN: t2s-translate --t2s-to-opencl %s | FileCheck %s
// RUN: t2s-translate --t2s-to-opencl %s -o %t.cl && %clcheck %t.cl

// CHECK: #pragma OPENCL EXTENSION cl_intel_channels : enable
// CHECK: #pragma OPENCL EXTENSION cl_khr_fp64 : enable
// CHECK: typedef struct { bool s[5]; } bool_5;
// CHECK: typedef struct { float s[5]; } float_5;
// CHECK: typedef struct { int s[6]; } int_2x3;
// CHECK: channel float4 pipe_v[2][3] __attribute__((depth(8)));
// CHECK: channel float_5 pipe_s __attribute__((depth(1)));
channel.fifo @pipe.v [2, 3] : vector<4xf32>, depth 8
channel.fifo @pipe.s : vector<5xf32>, depth 1

// A kernel without arguments is autorun; channel elements by index.
// CHECK-LABEL: // Kernel @producer
// CHECK-NEXT:  __attribute__((max_global_work_dim(0)))
// CHECK-NEXT:  __attribute__((autorun))
// CHECK-NEXT:  __kernel void producer(void) {
// CHECK:         const float4 v{{[0-9]+}} = (float4)(1.0f, 2.5f, -3.0f, 0.125f);
// CHECK:         for (int [[I:i[0-9]+]] = 0; [[I]] < 2; [[I]] += 1) {
// CHECK:           write_channel_intel(pipe_v[[[I]]][1L], v{{[0-9]+}});
// CHECK:         const float_5 [[S:v[0-9]+]] = {{[{][{]}}0.0f, 1.0f, NAN, INFINITY, (-INFINITY){{[}][}]}};
// CHECK:         write_channel_intel(pipe_s, [[S]]);
func.func @producer(%unused: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %v = arith.constant dense<[1.0, 2.5, -3.0, 0.125]> : vector<4xf32>
  scf.for %i = %c0 to %c2 step %c1 {
    channel.write @pipe.v[%i, %c1], %v : vector<4xf32>
  }
  %s = arith.constant dense<[0.0, 1.0, 0x7FC00000, 0x7F800000, 0xFF800000]> : vector<5xf32>
  channel.write @pipe.s, %s : vector<5xf32>
  return
}

// A loop counts in an int when its constant bounds and its last increment
// fit one (cheaper on an FPGA); otherwise in the long of index.
// CHECK-LABEL: __kernel void counters(__global float *restrict arg0) {
// CHECK:         for (int [[A:i[0-9]+]] = -5; [[A]] < 2147483645; [[A]] += 2) {
// CHECK:         for (long [[B:i[0-9]+]] = 0L; [[B]] < 2147483647L; [[B]] += 1L) {
// CHECK:         for (long [[C:i[0-9]+]] = 0L; [[C]] < 3000000000L; [[C]] += 1L) {
func.func @counters(%out: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %m5 = arith.constant -5 : index
  %near = arith.constant 2147483645 : index
  %max = arith.constant 2147483647 : index
  %big = arith.constant 3000000000 : index
  %v = arith.constant 1.0 : f32
  scf.for %a = %m5 to %near step %c2 {
    memref.store %v, %out[%c0] : memref<1xf32>
  }
  scf.for %b = %c0 to %max step %c1 {
    memref.store %v, %out[%c0] : memref<1xf32>
  }
  scf.for %c = %c0 to %big step %c1 {
    memref.store %v, %out[%c0] : memref<1xf32>
  }
  return
}

// Buffers are __global pointers, const when only read; native vector
// arithmetic is C's; struct vectors go lane by lane.
// CHECK-LABEL: // Kernel @consumer
// CHECK:       __kernel void consumer(__global const float *restrict arg0, __global float *restrict arg1) {
// CHECK:         const float4 [[A:v[0-9]+]] = read_channel_intel(pipe_v[0L][1L]);
// CHECK:         const float4 [[B:v[0-9]+]] = [[A]] * [[A]];
// CHECK:         const float_5 [[T:v[0-9]+]] = read_channel_intel(pipe_s);
// CHECK:         bool_5 [[M:v[0-9]+]];
// CHECK-NEXT:    #pragma unroll
// CHECK-NEXT:    for (int _l = 0; _l < 5; ++_l) [[M]].s[_l] = !([[T]].s[_l] >= [[T]].s[_l]);
// CHECK:         const float [[X:v[0-9]+]] = arg0[(1L) * 4 + 2L];
// A native vector of consecutive elements is one wide store.
// CHECK:         vstore4([[B]], 0, &arg1[0L + 0]);
func.func @consumer(%in: memref<2x4xf32>, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = channel.read @pipe.v[%c0, %c1] : vector<4xf32>
  %b = arith.mulf %a, %a : vector<4xf32>
  %t = channel.read @pipe.s : vector<5xf32>
  %m = arith.cmpf ult, %t, %t : vector<5xf32>
  %x = memref.load %in[%c1, %c2] : memref<2x4xf32>
  vector.store %b, %out[%c0] : memref<4xf32>, vector<4xf32>
  return
}

// Integers: the unsigned ops through the unsigned type, the extremes as
// literals; scf.for carries values, scf.if yields them; n-D vectors are
// structs of their lanes in row-major order.
// CHECK-LABEL: __kernel void ints(__global int *restrict arg0, const long arg1) {
// CHECK:         int [[ACC:acc[0-9]+]] = (-2147483647 - 1);
// CHECK:         for (long [[J:i[0-9]+]] = 0L; [[J]] < arg1; [[J]] += 1L) {
// CHECK:           const int [[D:v[0-9]+]] = (int)((uint)[[ACC]] / (uint)7);
// CHECK:           const bool [[C:v[0-9]+]] = (uint)[[D]] < (uint)3;
// CHECK:           int [[R:r[0-9]+]];
// CHECK-NEXT:      if ([[C]]) {
// CHECK-NEXT:        [[R]] = [[D]];
// CHECK-NEXT:      } else {
// CHECK-NEXT:        const int [[E:v[0-9]+]] = [[D]] >> 1;
// CHECK-NEXT:        [[R]] = [[E]];
// CHECK-NEXT:      }
// CHECK-NEXT:      [[ACC]] = [[R]];
// CHECK:         const long [[W:v[0-9]+]] = (long)((uint)[[ACC]]);
// CHECK:         int_2x3 [[G:v[0-9]+]];
// CHECK-NEXT:    #pragma unroll
// CHECK-NEXT:    for (int _l = 0; _l < 6; ++_l) [[G]].s[_l] = [[ACC]];
// CHECK:         const int {{v[0-9]+}} = [[G]].s[1 * 3 + 2];
// CHECK:         const double {{v[0-9]+}} = (double)[[W]];
func.func @ints(%out: memref<1xi32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %min = arith.constant -2147483648 : i32
  %c7 = arith.constant 7 : i32
  %c3 = arith.constant 3 : i32
  %one = arith.constant 1 : i32
  %r = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %min) -> (i32) {
    %d = arith.divui %acc, %c7 : i32
    %c = arith.cmpi ult, %d, %c3 : i32
    %s = scf.if %c -> (i32) {
      scf.yield %d : i32
    } else {
      %e = arith.shrsi %d, %one : i32
      scf.yield %e : i32
    }
    scf.yield %s : i32
  }
  %w = arith.extui %r : i32 to i64
  %g = vector.broadcast %r : i32 to vector<2x3xi32>
  %x = vector.extract %g[1, 2] : i32 from vector<2x3xi32>
  %f = arith.sitofp %w : i64 to f64
  memref.store %x, %out[%c0] : memref<1xi32>
  return
}

// A buffer of dynamic size: each unknown size is one more argument.
// CHECK-LABEL: __kernel void dynamic(__global float *restrict arg0, const long arg0_d0, const long arg0_d1) {
// CHECK:         const long [[N:v[0-9]+]] = (long)arg0_d0;
// CHECK:         const long {{v[0-9]+}} = [[N]] + 1L;
// CHECK:         arg0[(0L) * arg0_d1 + 0L] = 0.0f;
func.func @dynamic(%a: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %n = memref.dim %a, %c0 : memref<?x?xf32>
  %last = arith.addi %n, %c1 : index
  memref.store %zero, %a[%c0, %c0] : memref<?x?xf32>
  return
}

// n-D vector loads and stores read the trailing dimensions, each lane at
// its row-major coordinates; an n-D shuffle picks rows of the leading
// dimension.

// CHECK-LABEL: __kernel void nd(
// CHECK:       float_2x4 [[V:v[0-9]+]];
// CHECK-NEXT:  #pragma unroll
// CHECK-NEXT:  for (int _l = 0; _l < 8; ++_l) [[V]].s[_l] = arg0[((long)(1L + (_l / 4))) * 8 + 0L + _l % 4];
// CHECK:       float_3x4 [[S:v[0-9]+]];
// CHECK-NEXT:  [[S]].s[0] = [[V]].s[4];
// CHECK:       [[S]].s[4] = [[V]].s[0];
// CHECK:       [[S]].s[11] = [[V]].s[3];
// CHECK:       for (int _l = 0; _l < 12; ++_l) arg1[((1L) * 4 + 0L + (_l / 4)) * 8 + 1L + _l % 4] = [[S]].s[_l];
func.func @nd(%a: memref<4x8xf32>, %b: memref<3x4x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = vector.load %a[%c1, %c0] : memref<4x8xf32>, vector<2x4xf32>
  %s = vector.shuffle %v, %v [1, 2, 0] : vector<2x4xf32>, vector<2x4xf32>
  vector.store %s, %b[%c1, %c0, %c1] : memref<3x4x8xf32>, vector<3x4xf32>
  return
}


// A gather or scatter lane is the element its index is past base[offsets]
// in row-major order, under its mask bit; in a private array its indices
// are computed back from that position. A transpose picks each lane's
// source lane.

// CHECK-LABEL: __kernel void indexed(
// CHECK:       for (int _l = 0; _l < 4; ++_l) [[G:v[0-9]+]][_l] = ([[M:v[0-9]+]].s[_l] ? arg0[(1L) * 8 + 2L + (long)[[I:v[0-9]+]][_l]] : [[P:v[0-9]+]][_l]);
// CHECK:       for (int _l = 0; _l < 4; ++_l) [[R:v[0-9]+]][_l] = ([[M]].s[_l] ? [[PRIV:m[0-9]+]][((long)[[I]][_l]) / 8][((long)[[I]][_l]) / 1 % 8] : [[G]][_l]);
// CHECK:       for (int _l = 0; _l < 4; ++_l) if ([[M]].s[_l]) [[PRIV]][((long)[[I]][_l]) / 8][((long)[[I]][_l]) / 1 % 8] = [[R]][_l];
// CHECK:       for (int _l = 0; _l < 4; ++_l) if ([[M]].s[_l]) arg1[(long)[[I]][_l]] = [[R]][_l];
// CHECK:       int_3x2 [[T:v[0-9]+]];
// CHECK-NEXT:  [[T]].s[0] = [[N:v[0-9]+]].s[0];
// CHECK-NEXT:  [[T]].s[1] = [[N]].s[3];
// CHECK-NEXT:  [[T]].s[2] = [[N]].s[1];
func.func @indexed(%a: memref<4x8xf32>, %b: memref<4x8xf32>, %n: memref<3x3xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %p = arith.constant dense<0.0> : vector<4xf32>
  %ix = arith.constant dense<[0, 3, 8, 17]> : vector<4xi32>
  %x = vector.load %a[%c0, %c0] : memref<4x8xf32>, vector<4xf32>
  %m = arith.cmpf ogt, %x, %p : vector<4xf32>
  %g = vector.gather %a[%c1, %c2] [%ix], %m, %p : memref<4x8xf32>, vector<4xi32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  %priv = memref.alloca() : memref<4x8xf32>
  %r = vector.gather %priv[%c0, %c0] [%ix], %m, %g : memref<4x8xf32>, vector<4xi32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  vector.scatter %priv[%c0, %c0] [%ix], %m, %r : memref<4x8xf32>, vector<4xi32>, vector<4xi1>, vector<4xf32>
  vector.scatter %b[%c0, %c0] [%ix], %m, %r : memref<4x8xf32>, vector<4xi32>, vector<4xi1>, vector<4xf32>
  %v = vector.load %n[%c0, %c0] : memref<3x3xi32>, vector<2x3xi32>
  %t = vector.transpose %v, [1, 0] : vector<2x3xi32> to vector<3x2xi32>
  vector.store %t, %n[%c0, %c0] : memref<3x3xi32>, vector<3x2xi32>
  return
}

// vector.to_elements (what canonicalize makes of a vector's lane-by-lane
// extracts, as an output in Halide's layout stores a 2-D vector): each
// result is a lane, row-major. vector.reduction combines its lanes in lane
// order from the accumulator (vectorize's lane reductions), unsigned kinds
// on the unsigned type.

// CHECK-LABEL: __kernel void lanes(
// CHECK:       const int [[E0:v[0-9]+]] = [[V:v[0-9]+]].s[0];
// CHECK:       const int [[E5:v[0-9]+]] = [[V]].s[5];
// CHECK-NEXT:  arg1[0L] = [[E0]];
// CHECK-NEXT:  arg1[5L] = [[E5]];
// CHECK:       float [[ACC:acc[0-9]+]] = arg3 + [[X:v[0-9]+]][0];
// CHECK-NEXT:  #pragma unroll
// CHECK-NEXT:  for (int _l = 1; _l < 4; ++_l) [[ACC]] = [[ACC]] + [[X]][_l];
// CHECK:       int [[MIN:acc[0-9]+]] = [[W:v[0-9]+]][0];
// CHECK-NEXT:  #pragma unroll
// CHECK-NEXT:  for (int _l = 1; _l < 4; ++_l) [[MIN]] = ((uint)[[MIN]] < (uint)[[W]][_l] ? [[MIN]] : [[W]][_l]);
func.func @lanes(%a: memref<2x3xi32>, %b: memref<6xi32>, %f: memref<4xf32>, %s: f32) {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %v = vector.load %a[%c0, %c0] : memref<2x3xi32>, vector<2x3xi32>
  %e:6 = vector.to_elements %v : vector<2x3xi32>
  memref.store %e#0, %b[%c0] : memref<6xi32>
  memref.store %e#5, %b[%c5] : memref<6xi32>
  %x = vector.load %f[%c0] : memref<4xf32>, vector<4xf32>
  %sum = vector.reduction <add>, %x, %s : vector<4xf32> into f32
  memref.store %sum, %f[%c0] : memref<4xf32>
  %w = vector.load %b[%c0] : memref<6xi32>, vector<4xi32>
  %min = vector.reduction <minui>, %w : vector<4xi32> into i32
  memref.store %min, %b[%c0] : memref<6xi32>
  return
}
