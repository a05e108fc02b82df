// A read that never reaches a point of the iteration space: f(i - 5, ...)
// with I = 2. With the vector [-1] on i (t1 = j - i, time loops k, t1 of
// extents 2 and 3) its flattened distance would be 1 * 3 + (0 - 5) = -2: a
// negative delay no register file can hold. Along i it moves by 5 >= 2, so
// it always reads outside the domain, and the select discards its value: it
// needs no storage and becomes a constant.
// RUN: t2s-opt %s --space-time-transform --verify-diagnostics -o /dev/null
// RUN: t2s-opt %s --space-time-transform 2>/dev/null | FileCheck %s
// RUN: t2s-run %s --compare interpret,systolic | FileCheck %s --check-prefix=MATCH
// CHECK-NOT: spacetime.shift_reg
// CHECK-NOT: spacetime.read
// CHECK:     %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK:     arith.addi %[[ZERO]], %{{.*}} : i32

// MATCH: @o: interpret and systolic match (4 elements)

ure.program @neg {
  ure.input @x : memref<2x2x2xi32>
  ure.func @f(i, j, k) -> i32
  ure.func @o(i, j) -> i32
  // expected-remark@+1 {{@f: 1 registers per PE (largest time distance 0)}}
  ure.def @f(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %c5 = arith.constant 5 : index
    %lo = arith.cmpi ult, %i, %c5 : index
    %k0 = arith.cmpi eq, %k, %c0 : index
    %first = arith.ori %lo, %k0 : i1
    %v = ure.load @x(%i, %j, %k) : i32
    // expected-remark@+1 {{this read of @f never reaches a point of the iteration space: it needs no storage, and its value (0) must be discarded}}
    %prev = ure.at @f(%i - 5, %j, %k - 1) : i32
    %s = arith.addi %prev, %v : i32
    %r = arith.select %first, %v, %s : i32
    ure.yield %r : i32
  }
  ure.def @o(%i, %j) with (%k) {
    %c1 = arith.constant 1 : index
    %last = arith.cmpi eq, %k, %c1 : index
    %v = ure.at @f(%i, %j, %k) : i32
    %w = ure.select %last, %v : i32
    ure.yield %w : i32
  }
  ure.merge_ures @f [@o]
  ure.set_bounds @f (i = 0 extent 2, j = 0 extent 2, k = 0 extent 2)
  // expected-remark@+1 {{time loops k in [0, 2), t1 in [-1, 2): 6 flattened steps; 2 PEs}}
  ure.space_time_transform @f (i) vector [-1]
}
