// Every error of the merge-ures pass (passes/src/merge_ures.rs).
// RUN: t2s-opt %s --split-input-file --verify-diagnostics --merge-ures
// RUN: %if mlir-opt-plugin %{ %mlir_opt_plugin %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(merge-ures)' %}

// A loop without bounds.
ure.program @p {
  ure.func @a
  ure.func @o
  // expected-error@+1 {{loop 'j' of @a has no bounds; give them with ure.set_bounds}}
  ure.def @a(%i, %j) {
    %c = arith.constant 0 : i32
    ure.yield %c : i32
  }
  ure.def @o(%i, %j) {
    %a = ure.at @a(%i, %j) : i32
    ure.yield %a : i32
  }
  ure.merge_ures @a [@o]
  ure.set_bounds @a (i = 0 extent 4)
}

// -----

// No bounds at all: the outermost loop is reported first.
ure.program @p {
  ure.func @a
  // expected-error@+1 {{loop 'k' of @a has no bounds}}
  ure.def @a(%i, %j, %k) {
    %c = arith.constant 0 : i32
    ure.yield %c : i32
  }
}

// -----

// A directive given to a merged URE rather than to the representative.
ure.program @p {
  ure.func @a
  ure.func @o
  ure.def @a(%i) {
    %c = arith.constant 0 : i32
    ure.yield %c : i32
  }
  ure.def @o(%i) {
    %a = ure.at @a(%i) : i32
    ure.yield %a : i32
  }
  ure.merge_ures @a [@o]
  // expected-error@+1 {{@o is merged into @a; give its directives to the representative}}
  ure.set_bounds @o (i = 0 extent 4)
}

// -----

ure.program @p {
  ure.func @a
  ure.func @o
  ure.def @a(%i) {
    %c = arith.constant 0 : i32
    ure.yield %c : i32
  }
  ure.def @o(%i) {
    %a = ure.at @a(%i) : i32
    ure.yield %a : i32
  }
  ure.merge_ures @a [@o]
  ure.set_bounds @a (i = 0 extent 4)
  // expected-error@+1 {{@o is merged into @a; give its directives to the representative}}
  ure.reorder @o (i)
}

// -----

// A directive given to a Func outside the merge.
ure.program @p {
  ure.func @a
  ure.func @u
  ure.def @a(%i) {
    %c = arith.constant 0 : i32
    ure.yield %c : i32
  }
  // expected-error@+1 {{@u is not the representative of the merge; only @a is scheduled}}
  ure.set_bounds @u (i = 0 extent 4)
}

// -----

// An unknown loop variable in set_bounds.
ure.program @p {
  ure.func @a
  ure.def @a(%i) {
    %c = arith.constant 0 : i32
    ure.yield %c : i32
  }
  // expected-error@+1 {{'z' is not a loop variable of @a}}
  ure.set_bounds @a (i = 0 extent 4, z = 0 extent 4)
}

// -----

// An unknown loop variable in reorder.
ure.program @p {
  ure.func @a
  ure.def @a(%i, %j) {
    %c = arith.constant 0 : i32
    ure.yield %c : i32
  }
  ure.set_bounds @a (i = 0 extent 4, j = 0 extent 4)
  // expected-error@+1 {{'k' is not a loop variable of @a}}
  ure.reorder @a (k, i)
}

// -----

// A URE left out of the merge.
ure.program @p {
  ure.func @a
  ure.func @o
  ure.func @lost
  ure.def @a(%i) {
    %c = arith.constant 0 : i32
    ure.yield %c : i32
  }
  ure.def @o(%i) {
    %a = ure.at @a(%i) : i32
    ure.yield %a : i32
  }
  // expected-error@+1 {{URE @lost is not merged into @a; t2s compiles one merged loop nest}}
  ure.def @lost(%i) {
    %c = arith.constant 1 : i32
    ure.yield %c : i32
  }
  ure.merge_ures @a [@o]
  ure.set_bounds @a (i = 0 extent 4)
}

// -----

// Several UREs but no merge.
// expected-error@+1 {{program has 2 UREs but no ure.merge_ures; t2s compiles one merged loop nest}}
ure.program @p {
  ure.func @a
  ure.func @o
  ure.def @a(%i) {
    %c = arith.constant 0 : i32
    ure.yield %c : i32
  }
  ure.def @o(%i) {
    %a = ure.at @a(%i) : i32
    ure.yield %a : i32
  }
  ure.set_bounds @a (i = 0 extent 4)
}

// -----

// No URE at all.
// expected-error@+1 {{program has no URE to merge}}
ure.program @p {
  ure.func @a
}

// -----

// Each program is merged separately: the error of one does not hide the
// other's.
// expected-error@+1 {{program has no URE to merge}}
ure.program @p {
}
// expected-error@+1 {{program has no URE to merge}}
ure.program @q {
  ure.param @N
}

// -----

// The bounds of a loop are given once: a second set_bounds for the same loop
// would silently win.
ure.program @p {
  ure.func @a(i) -> i32
  ure.func @o(i) -> i32
  ure.def @a(%i) {
    %c = arith.constant 0 : i32
    ure.yield %c : i32
  }
  ure.def @o(%i) {
    %a = ure.at @a(%i) : i32
    ure.yield %a : i32
  }
  ure.merge_ures @a [@o]
  ure.set_bounds @a (i = 0 extent 4)
  // expected-error@+1 {{the bounds of loop 'i' are set twice; give each loop its bounds once}}
  ure.set_bounds @a (i = 0 extent 8)
}

// -----

// Triangular bounds: a min that falls with a loop of symbolic range has no
// constant smallest value.
ure.program @p {
  ure.param @N
  ure.func @a(i, k) -> i32
  ure.def @a(%i, %k) {
    %c = arith.constant 0 : i32
    ure.yield %c : i32
  }
  // expected-error@+1 {{the smallest min of 'k' is -N + 1, which depends on a parameter; a loop the min of 'k' subtracts needs a constant range}}
  ure.set_bounds @a (i = 0 extent @N, k = 0 - i extent 4)
}

// -----

// A box with no point.
ure.program @p {
  ure.func @a(i, k) -> i32
  ure.def @a(%i, %k) {
    %c = arith.constant 0 : i32
    ure.yield %c : i32
  }
  // expected-error@+1 {{the bounds of 'k' leave it no value: its box would have extent -2}}
  ure.set_bounds @a (i = 0 extent 4, k = 0 extent 0 - i - 2)
}

// -----

// A box whose extent is not an integer or one parameter.
ure.program @p {
  ure.param @N
  ure.func @a(i, k) -> i32
  ure.def @a(%i, %k) {
    %c = arith.constant 0 : i32
    ure.yield %c : i32
  }
  // expected-error@+1 {{the box around the bounds of 'k' has extent 2*N - 1, which a ure.nest cannot take (an integer, or one parameter minus a constant)}}
  ure.set_bounds @a (i = 0 extent @N, k = i extent @N)
}

// -----

// A split needs a rectangular loop.
ure.program @p {
  ure.func @a(i, k) -> i32
  ure.def @a(%i, %k) {
    %c = arith.constant 0 : i32
    ure.yield %c : i32
  }
  // expected-remark@+1 {{triangular bounds: the nest runs the box k = 0 extent 4 around 0 <= k < i + 1}}
  ure.set_bounds @a (i = 0 extent 4, k = 0 extent i + 1)
  // expected-error@+1 {{loop 'i' has triangular bounds or is named by one; a split needs a loop of constant extent, bounded by constants}}
  ure.split @a (i) into (ii, iii) factor 2
}
