// RUN: t2s-opt %s --split-input-file --space-time-transform --verify-diagnostics -o /dev/null
// RUN: %if mlir-opt-plugin %{ %mlir_opt_plugin %s --split-input-file --pass-pipeline='builtin.module(space-time-transform)' --verify-diagnostics -o /dev/null %}

// A schedule whose steps x PEs exceed the nest's points more than 64 times
// is transformed, with a warning at the transform whose coefficient
// stretches time the most (issue 43). t = 100 * i + j + k over i < 3,
// j < 4, k < 2 (from t2s-run's point of view: 24 points) spans
// [0, 200 + 3 + 1], 205 steps on 3 x 4 = 12 PEs: 2460 PE-steps, 102 per
// point; the coefficient 100 of i (extent 3) adds 200 steps.

ure.program @stretched {
  ure.input @X : memref<3x4x2xi32>
  ure.func @f(i, j, k) -> i32 on device
  ure.func @y(i, j) -> i32 on device
  // expected-remark@+1 {{@f: 1 registers per PE (largest time distance 0); minimized: 1 registers shifted every 1 steps}}
  ure.def @f(%i, %j, %k) {
    %x = ure.load @X(%i, %j, %k) : i32
    ure.yield %x : i32
  }
  ure.def @y(%i, %j) with (%k) {
    %c1 = arith.constant 1 : index
    %last = arith.cmpi eq, %k, %c1 : index
    %v = ure.at @f(%i, %j, %k) : i32
    %w = ure.select %last, %v : i32
    ure.yield %w : i32
  }
  ure.merge_ures @f [@y]
  ure.set_bounds @f (i = 0 extent 3, j = 0 extent 4, k = 0 extent 2)
  // expected-warning@+2 {{the schedule makes 205 flattened steps on 12 PEs for a loop nest of 24 points: 102 PE-steps per point, so the PEs idle almost all the time; the coefficient 100 of loop i (extent 3) stretches time loop t1 over 200 steps}}
  // expected-remark@+1 {{time loops t1 in [0, 205): 205 flattened steps; 12 PEs}}
  ure.space_time_transform @f (i, j) vector [100, 1] check_time
}

// -----

// A chain: the warning goes to the transform that made the stretch. The
// first transform's t1 = k + j + 20 i (i < 2, j < 3, k < 2) spans 20 + 2 +
// 1 + 1 = 24 steps; the second, (i) vector [1], makes j time too:
// t2 = j + i in [0, 2 + 1], 4 steps; 24 x 4 = 96 steps on 2 PEs for 12
// points: 16 per point, under 64: no warning. With 60 instead of 20,
// t1 spans 64, 256 steps x 2 PEs / 12 = 42: still none. With 200: t1 spans
// 204, 816 x 2 / 12 = 136, and the coefficient 200 of i adds 200 steps.

ure.program @chain {
  ure.input @X : memref<2x3x2xi32>
  ure.func @f(i, j, k) -> i32 on device
  ure.func @y(i, j) -> i32 on device
  // expected-remark@+1 {{@f: 1 registers per PE (largest time distance 0); minimizable to a channel of depth 1}}
  ure.def @f(%i, %j, %k) {
    %x = ure.load @X(%i, %j, %k) : i32
    ure.yield %x : i32
  }
  ure.def @y(%i, %j) with (%k) {
    %c1 = arith.constant 1 : index
    %last = arith.cmpi eq, %k, %c1 : index
    %v = ure.at @f(%i, %j, %k) : i32
    %w = ure.select %last, %v : i32
    ure.yield %w : i32
  }
  ure.merge_ures @f [@y]
  ure.set_bounds @f (i = 0 extent 2, j = 0 extent 3, k = 0 extent 2)
  // expected-warning@+1 {{the schedule makes 816 flattened steps on 2 PEs for a loop nest of 12 points: 136 PE-steps per point, so the PEs idle almost all the time; the coefficient 200 of loop i (extent 2) stretches time loop t1 over 200 steps}}
  ure.space_time_transform @f (i, j) vector [200, 1]
  // expected-remark@+1 {{time loops t1 in [0, 204), t2 in [0, 4): 816 flattened steps; 2 PEs}}
  ure.space_time_transform @f (i) vector [1]
}
