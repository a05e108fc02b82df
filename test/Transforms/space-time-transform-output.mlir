// The output Func's declaration after space-time-transform: its element
// variables with the bounds of their loops and its result types, so that
// the lowering and the runners read the output buffer off the IR (nothing
// matches its variables against the array's loops). An output declared
// without variables and types (`ure.func @c`) gets them from its URE, read
// before any op of the URE moves.
//
// RUN: split-file %s %t
// RUN: t2s-opt %t/undeclared.mlir --merge-ures --space-time-transform 2>/dev/null | FileCheck %s --check-prefix=UNDECLARED
// RUN: t2s-opt %t/undeclared.mlir --merge-ures --space-time-transform 2>&1 >/dev/null | FileCheck %s --check-prefix=NO-ERROR --allow-empty
// RUN: %if mlir-opt-plugin %{ %mlir_opt_plugin %t/undeclared.mlir --pass-pipeline='builtin.module(merge-ures, space-time-transform)' | FileCheck %s --check-prefix=UNDECLARED %}
// RUN: t2s-opt %t/offset.mlir --merge-ures --space-time-transform 2>/dev/null | FileCheck %s --check-prefix=OFFSET
// RUN: t2s-opt %t/two.mlir --merge-ures --space-time-transform 2>/dev/null | FileCheck %s --check-prefix=TWO
// RUN: t2s-opt %t/symbolic.mlir --merge-ures --space-time-transform 2>/dev/null | FileCheck %s --check-prefix=SYMBOLIC
// RUN: t2s-opt %t/symbolic.mlir --merge-ures --space-time-transform --spacetime-to-scf 2>/dev/null | FileCheck %s --check-prefix=SYMBOLIC-SCF
//
// Each runs and matches the interpreter.
// RUN: t2s-run %t/undeclared.mlir --compare interpret,systolic | FileCheck %s --check-prefix=MATCH
// RUN: t2s-run %t/undeclared.mlir --compare interpret,dataflow | FileCheck %s --check-prefix=MATCH
// RUN: t2s-run %t/offset.mlir --compare interpret,systolic | FileCheck %s --check-prefix=MATCH
// RUN: t2s-run %t/offset.mlir --compare interpret,spirv | FileCheck %s --check-prefix=MATCH
// RUN: t2s-run %t/two.mlir --compare interpret,systolic | FileCheck %s --check-prefix=MATCH
// RUN: t2s-run %t/two.mlir --compare interpret,opencl | FileCheck %s --check-prefix=MATCH
// RUN: t2s-run %t/symbolic.mlir --param N=5 --compare interpret,systolic | FileCheck %s --check-prefix=MATCH
// RUN: t2s-run %t/symbolic.mlir --param N=5 --compare interpret,dataflow | FileCheck %s --check-prefix=MATCH
// MATCH: interpret and {{[a-z]+}} match
//
// Errors, at the op.
// RUN: t2s-opt %t/bad-bounds.mlir --merge-ures --space-time-transform --verify-diagnostics -o /dev/null
// RUN: t2s-opt %t/no-bounds.mlir --spacetime-to-scf --verify-diagnostics -o /dev/null
// RUN: t2s-opt %t/errors.mlir --split-input-file --verify-diagnostics
//
// The bounds round-trip, in custom and generic form.
// RUN: t2s-opt %t/bounds.mlir | t2s-opt | FileCheck %s --check-prefix=ROUND
// RUN: t2s-opt %t/bounds.mlir --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: %if mlir-opt-plugin %{ %mlir_opt_plugin %t/bounds.mlir | FileCheck %s --check-prefix=ROUND %}

//--- undeclared.mlir
// UNDECLARED: ure.func @c(i = 0 extent 3, j = 0 extent 4) -> f32
// UNDECLARED: spacetime.output %{{.*}} to @c[%{{.*}}, %{{.*}}] : f32
// NO-ERROR-NOT: error
ure.program @undeclared {
  ure.input @A : memref<3x4xf32>
  ure.func @a(i, j) -> f32
  ure.func @c
  ure.def @a(%i, %j) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %j, %c0 : index
    %in = ure.load @A(%i, %j) : f32
    %prev = ure.at @a(%i, %j - 1) : f32
    %s = arith.addf %prev, %in : f32
    %v = arith.select %first, %in, %s : f32
    ure.yield %v : f32
  }
  ure.def @c(%i, %j) {
    %a = ure.at @a(%i, %j) : f32
    ure.yield %a : f32
  }
  ure.merge_ures @a [@c]
  ure.set_bounds @a (i = 0 extent 3, j = 0 extent 4)
  ure.space_time_transform @a (i)
}

//--- offset.mlir
// Loops that do not start at 0: element (i, j) is at (i - 2, j - 1).
// OFFSET: ure.func @o(i = 2 extent 3, j = 1 extent 4) -> i32
ure.program @offset {
  ure.input @A : memref<8x8xi32>
  ure.func @o(i, j) -> i32
  ure.def @o(%i, %j) {
    %a = ure.load @A(%i, %j) : i32
    ure.yield %a : i32
  }
  ure.set_bounds @o (i = 2 extent 3, j = 1 extent 4)
  ure.space_time_transform @o (i)
}

//--- two.mlir
// An output of two results: one buffer each, both declared.
// TWO: ure.func @p(i = 0 extent 5) -> (i32, f32)
ure.program @two {
  ure.input @A : memref<5xi32>
  ure.func @p(i) -> (i32, f32)
  ure.def @p(%i) {
    %a = ure.load @A(%i) : i32
    %f = arith.sitofp %a : i32 to f32
    ure.yield %a, %f : i32, f32
  }
  ure.set_bounds @p (i = 0 extent 5)
  ure.space_time_transform @p (i)
}

//--- symbolic.mlir
// A symbolic extent: the output buffer's dimension is the parameter.
// SYMBOLIC: ure.func @y(n = 0 extent @N, k = 0 extent 3) -> i32
// SYMBOLIC-SCF: func.func public @symbolic(%{{.*}}: memref<8x3xi32>, %{{.*}}: memref<?x3xi32>, %{{.*}}: index)
ure.program @symbolic {
  ure.param @N max 8
  ure.input @X : memref<8x3xi32>
  ure.func @y(n, k) -> i32
  ure.def @y(%n, %k) {
    %x = ure.load @X(%n, %k) : i32
    %two = arith.constant 2 : i32
    %v = arith.muli %x, %two : i32
    ure.yield %v : i32
  }
  ure.set_bounds @y (n = 0 extent @N, k = 0 extent 3)
  ure.space_time_transform @y (n)
}

//--- bad-bounds.mlir
// Bounds declared by hand must be those of the output's loops.
ure.program @bad {
  ure.input @A : memref<4xi32>
  // expected-error@+1 {{@o declares bounds that are not those of its loops (i = 0 extent 4)}}
  ure.func @o(i = 0 extent 5) -> i32
  ure.def @o(%i) {
    %a = ure.load @A(%i) : i32
    ure.yield %a : i32
  }
  ure.set_bounds @o (i = 0 extent 4)
  ure.space_time_transform @o (i)
}

//--- no-bounds.mlir
// A hand-written array whose output declares no bounds: the lowering does
// not guess them from the array's loops.
ure.program @nobounds {
  ure.input @A : memref<4xi32>
  // expected-error@+1 {{output @o declares no bounds for its elements}}
  ure.func @o(i) -> i32
  spacetime.array @o loops (i = 0 extent 4) time () space (i = 0 extent 4)
      schedule affine_map<(d0) -> ()> recover affine_map<(d0) -> (d0)> {
  ^bb0(%pi: index):
    %i = spacetime.recover : index
    %a = ure.load @A(%i) : i32
    spacetime.output %a to @o[%i] : i32
  }
}

//--- errors.mlir
ure.program @p {
  // expected-error@+1 {{'ure.func' op extent of "i" must be a positive integer or a ure.param}}
  ure.func @o(i = 0 extent 0) -> i32
}

// -----

ure.program @p {
  // expected-error@+1 {{'ure.func' op extent @N is not a ure.param of the program}}
  ure.func @o(i = 0 extent @N) -> i32
}

// -----

ure.program @p {
  // expected-error@+1 {{give bounds to every loop variable or to none}}
  ure.func @o(i = 0 extent 4, j) -> i32
}

// -----

ure.program @p {
  // expected-error@+1 {{'ure.func' op needs one min and one extent per loop variable, or no bounds}}
  "ure.func"() <{sym_name = "o", vars = ["i"], mins = array<i64: 0>, result_types = [i32]}> : () -> ()
}

//--- bounds.mlir
// ROUND: ure.func @o(i = -2 extent 4, j = 0 extent @N) -> (i32, f32) on device
// GENERIC: "ure.func"() <{extents = [4, @N], mins = array<i64: -2, 0>, place = 1 : i32, result_types = [i32, f32], sym_name = "o", vars = ["i", "j"]}> : () -> ()
ure.program @bounds {
  ure.param @N
  ure.func @o(i = -2 extent 4, j = 0 extent @N) -> (i32, f32) on device
}
