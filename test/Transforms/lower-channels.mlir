// lower-channels: a channel becomes a global descriptor [position, bytes,
// depth, count], its position in the design's channels (-1 in none) by
// which the runtime knows it (no symbol lookup); the design is erased; an
// access becomes a call into
// the runtime with the element's row-major index (-1 when an index is out
// of the array), the address of a one-value buffer allocated once per
// function and type, and the bytes of a value.
// RUN: t2s-opt %s --lower-channels | FileCheck %s
// RUN: t2s-opt %s --lower-channels --canonicalize --finalize-memref-to-llvm --convert-to-llvm --reconcile-unrealized-casts -o /dev/null

// CHECK:     memref.global "public" @grid : memref<4xi64> = dense<[1, 16, 3, 8]>
// CHECK:     memref.global "public" @one : memref<4xi64> = dense<[0, 2, 1, 1]>
// CHECK:     memref.global "public" @unused : memref<4xi64> = dense<[-1, 4, 2, 1]>
// CHECK-NOT: channel.
channel.design kernels [@producer, @consumer] channels [@one, @grid]
channel.fifo @grid [2, 4] : vector<3xf32>, depth 3
channel.fifo @one : bf16, depth 1
channel.fifo @unused : i32, depth 2

// CHECK-LABEL: func.func @producer
// CHECK-SAME:    (%[[I:.*]]: index, %[[J:.*]]: index, %[[V:.*]]: vector<3xf32>)
// CHECK-NEXT:    %[[BUF:.*]] = memref.alloca() : memref<1xvector<3xf32>>
// CHECK:         memref.store %[[V]], %[[BUF]][%{{.*}}] : memref<1xvector<3xf32>>
// CHECK:         %[[G:.*]] = memref.get_global @grid : memref<4xi64>
// CHECK:         %[[OK:.*]] = arith.andi
// CHECK:         %[[FLAT:.*]] = arith.select %[[OK]], %{{.*}}, %{{.*}} : index
// CHECK:         call @t2s_channel_write(%{{.*}}, %{{.*}}, %{{.*}}, %c16_i64) : (i64, i64, i64, i64) -> ()
// CHECK-NOT:     memref.alloca
// CHECK:         call @t2s_channel_write
func.func @producer(%i: index, %j: index, %v: vector<3xf32>) {
  channel.write @grid[%i, %j], %v : vector<3xf32>
  channel.write @grid[%j, %i], %v : vector<3xf32>
  return
}

// CHECK-LABEL: func.func @consumer
// CHECK-NEXT:    %[[B1:.*]] = memref.alloca() : memref<1xbf16>
// CHECK-NEXT:    %[[B2:.*]] = memref.alloca() : memref<1xvector<3xf32>>
// CHECK:         call @t2s_channel_read(%{{.*}}, %{{.*}}, %{{.*}}, %c16_i64)
// CHECK:         memref.load %[[B2]]
// CHECK:         call @t2s_channel_read(%{{.*}}, %{{.*}}, %{{.*}}, %c2_i64)
// CHECK:         memref.load %[[B1]]
func.func @consumer(%i: index) -> (vector<3xf32>, bf16) {
  %c1 = arith.constant 1 : index
  %v = channel.read @grid[%c1, %i] : vector<3xf32>
  %w = channel.read @one : bf16
  return %v, %w : vector<3xf32>, bf16
}
func.func @other(%w: bf16) {
  channel.write @one, %w : bf16
  return
}

// CHECK: func.func private @t2s_channel_read(i64, i64, i64, i64)
// CHECK: func.func private @t2s_channel_write(i64, i64, i64, i64)
