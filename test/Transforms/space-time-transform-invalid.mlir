// Every error of space-time-transform (passes/src/space_time_transform.rs,
// ScheduleError in passes/model/src/spacetime.rs), of the ure verifier on the
// directive, and of spacetime-to-scf. The file is cut by split-file: each
// part below is one input.
// RUN: rm -rf %t && split-file %s %t
// Errors of the directives (one program per chunk):
// RUN: t2s-opt %t/directives.mlir --split-input-file --verify-diagnostics --merge-ures --space-time-transform
// RUN: %if mlir-opt-plugin %{ %mlir_opt_plugin %t/directives.mlir --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(merge-ures, space-time-transform)' %}
// The verifier of ure.space_time_transform, at parse time:
// RUN: t2s-opt %t/verifier.mlir --split-input-file --verify-diagnostics
// RUN: %if mlir-opt-plugin %{ %mlir_opt_plugin %t/verifier.mlir --split-input-file --verify-diagnostics %}
// A program that is not merged:
// RUN: t2s-opt %t/not-merged.mlir --verify-diagnostics --space-time-transform="space=i"
// The pass options: the same checks as the directives, reported at the
// program (there is no directive to point at); vector and check-time
// without space, reported at the module.
// RUN: t2s-opt %t/options-vector-length.mlir --verify-diagnostics --merge-ures --space-time-transform="space=i,j vector=1"
// RUN: t2s-opt %t/options-duplicate.mlir --verify-diagnostics --merge-ures --space-time-transform="space=i,i"
// RUN: t2s-opt %t/options-not-innermost.mlir --verify-diagnostics --merge-ures --space-time-transform="space=i,k"
// RUN: t2s-opt %t/options-no-time-loop.mlir --verify-diagnostics --merge-ures --space-time-transform="space=k,j,i vector=1,1,1"
// RUN: t2s-opt %t/options-violated.mlir --verify-diagnostics --merge-ures --space-time-transform="space=i,j vector=0,1"
// RUN: %if mlir-opt-plugin %{ %mlir_opt_plugin %t/options-violated.mlir --verify-diagnostics --pass-pipeline='builtin.module(merge-ures, space-time-transform{space=i,j vector=0,1})' %}
// RUN: t2s-opt %t/options-not-subset.mlir --verify-diagnostics --merge-ures --space-time-transform="space=i,j"
// Options that qualify 'space' without it: an error of the pipeline, as a
// malformed option is, before the file is read (so not at a line of it).
// RUN: not t2s-opt %t/options-check-time-only.mlir --merge-ures --space-time-transform="check-time=true" 2>&1 | FileCheck %s --check-prefix=NO-SPACE
// RUN: not t2s-opt %t/options-check-time-only.mlir --pass-pipeline='builtin.module(merge-ures, space-time-transform{check-time=true})' 2>&1 | FileCheck %s --check-prefix=NO-SPACE
// spacetime-to-scf without a spacetime.array: after merge-ures only (a
// ure.nest), and on a program that is not merged at all.
// RUN: t2s-opt %t/no-array.mlir --verify-diagnostics --merge-ures --spacetime-to-scf
// RUN: t2s-opt %t/no-array.mlir --verify-diagnostics --spacetime-to-scf
// And it fails (exit code 1) without --verify-diagnostics:
// RUN: not t2s-opt %t/no-array.mlir --merge-ures --spacetime-to-scf 2>&1 | FileCheck %s --check-prefix=NO-ARRAY
// NO-ARRAY: error: program has no spacetime.array; run space-time-transform first
// RUN: not t2s-opt %t/options-vector-only.mlir --merge-ures --space-time-transform="vector=1,1" 2>&1 | FileCheck %s --check-prefix=NO-SPACE
// NO-SPACE: <unknown>:0: error: space-time-transform: 'vector' and 'check-time' need 'space'
// NO-SPACE-NOT: error

//--- directives.mlir
// The loops are, outermost first, k, j, i (Halide order: i innermost).
// Space loops that do not enclose one another: j is between i and k.
ure.program @p {
  ure.func @a(i, j, k) -> i32 on device
  ure.func @b(i, j, k) -> i32 on device
  ure.func @o(i, j) -> i32 on device
  ure.def @a(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %z = arith.constant 0 : i32
    %first = arith.cmpi eq, %j, %c0 : index
    %prev = ure.at @a(%i, %j - 1, %k) : i32
    %v = arith.select %first, %z, %prev : i32
    ure.yield %v : i32
  }
  ure.def @b(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %a = ure.at @a(%i, %j, %k) : i32
    %prev = ure.at @b(%i - 1, %j, %k) : i32
    %v = arith.select %first, %a, %prev : i32
    ure.yield %v : i32
  }
  ure.def @o(%i, %j) with (%k) {
    %c3 = arith.constant 3 : index
    %last = arith.cmpi eq, %k, %c3 : index
    %b = ure.at @b(%i, %j, %k) : i32
    %v = ure.select %last, %b : i32
    ure.yield %v : i32
  }
  ure.merge_ures @a [@b, @o]
  ure.set_bounds @a (i = 0 extent 4, j = 0 extent 4, k = 0 extent 4)
  // expected-error@+1 {{space loops must be consecutive loops, one immediately enclosing the next (the loops inside them run inside each PE): loop 'j' is between them (loops, outermost first: k, j, i); reorder the loops first}}
  ure.space_time_transform @a (i, k)
}

// -----

// Space loops that are not contiguous: j lies between k and i.
ure.program @p {
  ure.func @a(i, j, k) -> i32 on device
  ure.func @b(i, j, k) -> i32 on device
  ure.func @o(i, j) -> i32 on device
  ure.def @a(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %z = arith.constant 0 : i32
    %first = arith.cmpi eq, %j, %c0 : index
    %prev = ure.at @a(%i, %j - 1, %k) : i32
    %v = arith.select %first, %z, %prev : i32
    ure.yield %v : i32
  }
  ure.def @b(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %a = ure.at @a(%i, %j, %k) : i32
    %prev = ure.at @b(%i - 1, %j, %k) : i32
    %v = arith.select %first, %a, %prev : i32
    ure.yield %v : i32
  }
  ure.def @o(%i, %j) with (%k) {
    %c3 = arith.constant 3 : index
    %last = arith.cmpi eq, %k, %c3 : index
    %b = ure.at @b(%i, %j, %k) : i32
    %v = ure.select %last, %b : i32
    ure.yield %v : i32
  }
  ure.merge_ures @a [@b, @o]
  ure.set_bounds @a (i = 0 extent 4, j = 0 extent 4, k = 0 extent 4)
  // expected-error@+1 {{loop 'j' is between them (loops, outermost first: k, j, i)}}
  ure.space_time_transform @a (i, k) vector [1, 1]
}

// -----
// Loops inside the PE (l, inside i and j) stay inside in a chain: the
// second transform cannot leave i inside its space loop j too.
ure.program @p {
  ure.func @a(l, i, j, k) -> i32 on device
  ure.func @o(i, j) -> i32 on device
  ure.def @a(%l, %i, %j, %k) {
    %c0 = arith.constant 0 : index
    %z = arith.constant 0 : i32
    %first = arith.cmpi eq, %l, %c0 : index
    %prev = ure.at @a(%l - 1, %i, %j, %k) : i32
    %v = arith.select %first, %z, %prev : i32
    ure.yield %v : i32
  }
  ure.def @o(%i, %j) with (%l, %k) {
    %c3 = arith.constant 3 : index
    %last = arith.cmpi eq, %k, %c3 : index
    %a = ure.at @a(%l, %i, %j, %k) : i32
    %v = ure.select %last, %a : i32
    ure.yield %v : i32
  }
  ure.merge_ures @a [@o]
  ure.set_bounds @a (l = 0 extent 2, i = 0 extent 4, j = 0 extent 4, k = 0 extent 4)
  ure.space_time_transform @a (i, j) vector [1, 1]
  // expected-error@+1 {{space loops must be consecutive loops, one immediately enclosing the next (the loops inside them run inside each PE): a later transform keeps the loops inside the PE of the first (l) and nothing else inside its space loops (loops, outermost first: t1, j, i, l); reorder the loops first}}
  ure.space_time_transform @a (j) vector [1]
}

// -----

// An unknown loop.
ure.program @p {
  ure.func @a(i, j, k) -> i32 on device
  ure.func @b(i, j, k) -> i32 on device
  ure.func @o(i, j) -> i32 on device
  ure.def @a(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %z = arith.constant 0 : i32
    %first = arith.cmpi eq, %j, %c0 : index
    %prev = ure.at @a(%i, %j - 1, %k) : i32
    %v = arith.select %first, %z, %prev : i32
    ure.yield %v : i32
  }
  ure.def @b(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %a = ure.at @a(%i, %j, %k) : i32
    %prev = ure.at @b(%i - 1, %j, %k) : i32
    %v = arith.select %first, %a, %prev : i32
    ure.yield %v : i32
  }
  ure.def @o(%i, %j) with (%k) {
    %c3 = arith.constant 3 : index
    %last = arith.cmpi eq, %k, %c3 : index
    %b = ure.at @b(%i, %j, %k) : i32
    %v = ure.select %last, %b : i32
    ure.yield %v : i32
  }
  ure.merge_ures @a [@b, @o]
  ure.set_bounds @a (i = 0 extent 4, j = 0 extent 4, k = 0 extent 4)
  // expected-error@+1 {{'x' is not a loop of the nest}}
  ure.space_time_transform @a (x)
}

// -----

// After a transform, its time loop t1 exists but t2 does not: the hint says
// that time loops are not space loops.
ure.program @p {
  ure.func @a(i, j, k) -> i32 on device
  ure.func @b(i, j, k) -> i32 on device
  ure.func @o(i, j) -> i32 on device
  ure.def @a(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %z = arith.constant 0 : i32
    %first = arith.cmpi eq, %j, %c0 : index
    %prev = ure.at @a(%i, %j - 1, %k) : i32
    %v = arith.select %first, %z, %prev : i32
    ure.yield %v : i32
  }
  ure.def @b(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %a = ure.at @a(%i, %j, %k) : i32
    %prev = ure.at @b(%i - 1, %j, %k) : i32
    %v = arith.select %first, %a, %prev : i32
    ure.yield %v : i32
  }
  ure.def @o(%i, %j) with (%k) {
    %c3 = arith.constant 3 : index
    %last = arith.cmpi eq, %k, %c3 : index
    %b = ure.at @b(%i, %j, %k) : i32
    %v = ure.select %last, %b : i32
    ure.yield %v : i32
  }
  ure.merge_ures @a [@b, @o]
  ure.set_bounds @a (i = 0 extent 4, j = 0 extent 4, k = 0 extent 4)
  ure.space_time_transform @a (i, j) vector [1, 1]
  // expected-error@+1 {{'t2' is not a loop of the nest (time loops cannot be space loops)}}
  ure.space_time_transform @a (t2)
}

// -----

// Every loop a space loop, and a vector: there is no time loop to schedule.
ure.program @p {
  ure.func @a(i, j, k) -> i32 on device
  ure.func @b(i, j, k) -> i32 on device
  ure.func @o(i, j) -> i32 on device
  ure.def @a(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %z = arith.constant 0 : i32
    %first = arith.cmpi eq, %j, %c0 : index
    %prev = ure.at @a(%i, %j - 1, %k) : i32
    %v = arith.select %first, %z, %prev : i32
    ure.yield %v : i32
  }
  ure.def @b(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %a = ure.at @a(%i, %j, %k) : i32
    %prev = ure.at @b(%i - 1, %j, %k) : i32
    %v = arith.select %first, %a, %prev : i32
    ure.yield %v : i32
  }
  ure.def @o(%i, %j) with (%k) {
    %c3 = arith.constant 3 : index
    %last = arith.cmpi eq, %k, %c3 : index
    %b = ure.at @b(%i, %j, %k) : i32
    %v = ure.select %last, %b : i32
    ure.yield %v : i32
  }
  ure.merge_ures @a [@b, @o]
  ure.set_bounds @a (i = 0 extent 4, j = 0 extent 4, k = 0 extent 4)
  // expected-error@+1 {{every loop is a space loop: there is no time loop to schedule with a vector}}
  ure.space_time_transform @a (i, j, k) vector [1, 1, 1]
}

// -----

// A dependence not respected, T.d = 0: t1 = k + 0*i + 1*j, and b reads
// b(i - 1, j, k), at distance (0, 0, 1) over (k, j, i). The note, at the
// merge (the nest), gives the schedule.
ure.program @p {
  ure.func @a(i, j, k) -> i32 on device
  ure.func @b(i, j, k) -> i32 on device
  ure.func @o(i, j) -> i32 on device
  ure.def @a(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %z = arith.constant 0 : i32
    %first = arith.cmpi eq, %j, %c0 : index
    %prev = ure.at @a(%i, %j - 1, %k) : i32
    %v = arith.select %first, %z, %prev : i32
    ure.yield %v : i32
  }
  ure.def @b(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %a = ure.at @a(%i, %j, %k) : i32
    // expected-error@+1 {{the schedule does not respect the dependence of @b on @b at (i - 1, j, k): the value is read in the same step that computes it (its time distance along 't1' is 0; it must be at least 1)}}
    %prev = ure.at @b(%i - 1, %j, %k) : i32
    %v = arith.select %first, %a, %prev : i32
    ure.yield %v : i32
  }
  ure.def @o(%i, %j) with (%k) {
    %c3 = arith.constant 3 : index
    %last = arith.cmpi eq, %k, %c3 : index
    %b = ure.at @b(%i, %j, %k) : i32
    %v = ure.select %last, %b : i32
    ure.yield %v : i32
  }
  ure.merge_ures @a [@b, @o]
  ure.set_bounds @a (i = 0 extent 4, j = 0 extent 4, k = 0 extent 4)
  // expected-note@+1 {{in this space-time transform: space loops (i, j) with the vector (0, 1), and 1 for the time loop}}
  ure.space_time_transform @a (i, j) vector [0, 1]
}

// -----

// T.d < 0 with a negative coefficient.
ure.program @p {
  ure.func @a(i, j, k) -> i32 on device
  ure.func @b(i, j, k) -> i32 on device
  ure.func @o(i, j) -> i32 on device
  ure.def @a(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %z = arith.constant 0 : i32
    %first = arith.cmpi eq, %j, %c0 : index
    %prev = ure.at @a(%i, %j - 1, %k) : i32
    %v = arith.select %first, %z, %prev : i32
    ure.yield %v : i32
  }
  ure.def @b(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %a = ure.at @a(%i, %j, %k) : i32
    // expected-error@+1 {{the schedule does not respect the dependence of @b on @b at (i - 1, j, k): the value is read 1 step(s) before the step that computes it (its time distance along 't1' is -1; it must be at least 1)}}
    %prev = ure.at @b(%i - 1, %j, %k) : i32
    %v = arith.select %first, %a, %prev : i32
    ure.yield %v : i32
  }
  ure.def @o(%i, %j) with (%k) {
    %c3 = arith.constant 3 : index
    %last = arith.cmpi eq, %k, %c3 : index
    %b = ure.at @b(%i, %j, %k) : i32
    %v = ure.select %last, %b : i32
    ure.yield %v : i32
  }
  ure.merge_ures @a [@b, @o]
  ure.set_bounds @a (i = 0 extent 4, j = 0 extent 4, k = 0 extent 4)
  // expected-note@+1 {{in this space-time transform: space loops (i, j) with the vector (-1, 1), and 1 for the time loop}}
  ure.space_time_transform @a (i, j) vector [-1, 1]
}

// -----

// A negative coefficient breaking a's dependence along j instead.
ure.program @p {
  ure.func @a(i, j, k) -> i32 on device
  ure.func @b(i, j, k) -> i32 on device
  ure.func @o(i, j) -> i32 on device
  ure.def @a(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %z = arith.constant 0 : i32
    %first = arith.cmpi eq, %j, %c0 : index
    // expected-error@+1 {{the schedule does not respect the dependence of @a on @a at (i, j - 1, k): the value is read 2 step(s) before the step that computes it (its time distance along 't1' is -2; it must be at least 1)}}
    %prev = ure.at @a(%i, %j - 1, %k) : i32
    %v = arith.select %first, %z, %prev : i32
    ure.yield %v : i32
  }
  ure.def @b(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %a = ure.at @a(%i, %j, %k) : i32
    %prev = ure.at @b(%i - 1, %j, %k) : i32
    %v = arith.select %first, %a, %prev : i32
    ure.yield %v : i32
  }
  ure.def @o(%i, %j) with (%k) {
    %c3 = arith.constant 3 : index
    %last = arith.cmpi eq, %k, %c3 : index
    %b = ure.at @b(%i, %j, %k) : i32
    %v = ure.select %last, %b : i32
    ure.yield %v : i32
  }
  ure.merge_ures @a [@b, @o]
  ure.set_bounds @a (i = 0 extent 4, j = 0 extent 4, k = 0 extent 4)
  // expected-note@+1 {{in this space-time transform: space loops (i, j) with the vector (1, -2), and 1 for the time loop}}
  ure.space_time_transform @a (i, j) vector [1, -2]
}

// -----

// A dependence not respected by the second transform of a chain: (i, j)
// dataflow keeps k as the time loop, then (i) vector [0] makes t1 = j + 0*i,
// and b's dependence along i gets time distance 0 (k does not carry it).
ure.program @p {
  ure.func @a(i, j, k) -> i32 on device
  ure.func @b(i, j, k) -> i32 on device
  ure.func @o(i, j) -> i32 on device
  ure.def @a(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %z = arith.constant 0 : i32
    %first = arith.cmpi eq, %j, %c0 : index
    %prev = ure.at @a(%i, %j - 1, %k) : i32
    %v = arith.select %first, %z, %prev : i32
    ure.yield %v : i32
  }
  ure.def @b(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %a = ure.at @a(%i, %j, %k) : i32
    // expected-error@+1 {{the schedule does not respect the dependence of @b on @b at (i - 1, j, k): the value is read in the same step that computes it (its time distance along 't1' is 0; it must be at least 1)}}
    %prev = ure.at @b(%i - 1, %j, %k) : i32
    %v = arith.select %first, %a, %prev : i32
    ure.yield %v : i32
  }
  ure.def @o(%i, %j) with (%k) {
    %c3 = arith.constant 3 : index
    %last = arith.cmpi eq, %k, %c3 : index
    %b = ure.at @b(%i, %j, %k) : i32
    %v = ure.select %last, %b : i32
    ure.yield %v : i32
  }
  ure.merge_ures @a [@b, @o]
  ure.set_bounds @a (i = 0 extent 4, j = 0 extent 4, k = 0 extent 4)
  ure.space_time_transform @a (i, j)
  // expected-note@+1 {{in this space-time transform: space loops (i) with the vector (0), and 1 for the time loop}}
  ure.space_time_transform @a (i) vector [0]
}

// -----

// A later transform whose space loops are not a proper subset: the same set.
ure.program @p {
  ure.func @a(i, j, k) -> i32 on device
  ure.func @b(i, j, k) -> i32 on device
  ure.func @o(i, j) -> i32 on device
  ure.def @a(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %z = arith.constant 0 : i32
    %first = arith.cmpi eq, %j, %c0 : index
    %prev = ure.at @a(%i, %j - 1, %k) : i32
    %v = arith.select %first, %z, %prev : i32
    ure.yield %v : i32
  }
  ure.def @b(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %a = ure.at @a(%i, %j, %k) : i32
    %prev = ure.at @b(%i - 1, %j, %k) : i32
    %v = arith.select %first, %a, %prev : i32
    ure.yield %v : i32
  }
  ure.def @o(%i, %j) with (%k) {
    %c3 = arith.constant 3 : index
    %last = arith.cmpi eq, %k, %c3 : index
    %b = ure.at @b(%i, %j, %k) : i32
    %v = ure.select %last, %b : i32
    ure.yield %v : i32
  }
  ure.merge_ures @a [@b, @o]
  ure.set_bounds @a (i = 0 extent 4, j = 0 extent 4, k = 0 extent 4)
  ure.space_time_transform @a (i, j) vector [1, 1]
  // expected-error@+1 {{the space loops (i, j) of a later transform must be a proper subset of the previous transform's (i, j)}}
  ure.space_time_transform @a (i, j) vector [1, 1]
}

// -----

// Not a subset: a larger set (after the dataflow (i), j is still a loop).
ure.program @p {
  ure.func @a(i, j, k) -> i32 on device
  ure.func @b(i, j, k) -> i32 on device
  ure.func @o(i, j) -> i32 on device
  ure.def @a(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %z = arith.constant 0 : i32
    %first = arith.cmpi eq, %j, %c0 : index
    %prev = ure.at @a(%i, %j - 1, %k) : i32
    %v = arith.select %first, %z, %prev : i32
    ure.yield %v : i32
  }
  ure.def @b(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %a = ure.at @a(%i, %j, %k) : i32
    %prev = ure.at @b(%i - 1, %j, %k) : i32
    %v = arith.select %first, %a, %prev : i32
    ure.yield %v : i32
  }
  ure.def @o(%i, %j) with (%k) {
    %c3 = arith.constant 3 : index
    %last = arith.cmpi eq, %k, %c3 : index
    %b = ure.at @b(%i, %j, %k) : i32
    %v = ure.select %last, %b : i32
    ure.yield %v : i32
  }
  ure.merge_ures @a [@b, @o]
  ure.set_bounds @a (i = 0 extent 4, j = 0 extent 4, k = 0 extent 4)
  ure.space_time_transform @a (i)
  // expected-error@+1 {{the space loops (i, j) of a later transform must be a proper subset of the previous transform's (i)}}
  ure.space_time_transform @a (i, j)
}

// -----

// A larger set after (i) vector [1]: that transform made j the time loop
// t1, so j is no longer a loop of the nest.
ure.program @p {
  ure.func @a(i, j, k) -> i32 on device
  ure.func @b(i, j, k) -> i32 on device
  ure.func @o(i, j) -> i32 on device
  ure.def @a(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %z = arith.constant 0 : i32
    %first = arith.cmpi eq, %j, %c0 : index
    %prev = ure.at @a(%i, %j - 1, %k) : i32
    %v = arith.select %first, %z, %prev : i32
    ure.yield %v : i32
  }
  ure.def @b(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %a = ure.at @a(%i, %j, %k) : i32
    %prev = ure.at @b(%i - 1, %j, %k) : i32
    %v = arith.select %first, %a, %prev : i32
    ure.yield %v : i32
  }
  ure.def @o(%i, %j) with (%k) {
    %c3 = arith.constant 3 : index
    %last = arith.cmpi eq, %k, %c3 : index
    %b = ure.at @b(%i, %j, %k) : i32
    %v = ure.select %last, %b : i32
    ure.yield %v : i32
  }
  ure.merge_ures @a [@b, @o]
  ure.set_bounds @a (i = 0 extent 4, j = 0 extent 4, k = 0 extent 4)
  ure.space_time_transform @a (i) vector [1]
  // expected-error@+1 {{'j' is not a loop of the nest}}
  ure.space_time_transform @a (i, j)
}

// -----

// A directive on a merged Func instead of the representative.
ure.program @p {
  ure.func @a(i, j, k) -> i32 on device
  ure.func @b(i, j, k) -> i32 on device
  ure.func @o(i, j) -> i32 on device
  ure.def @a(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %z = arith.constant 0 : i32
    %first = arith.cmpi eq, %j, %c0 : index
    %prev = ure.at @a(%i, %j - 1, %k) : i32
    %v = arith.select %first, %z, %prev : i32
    ure.yield %v : i32
  }
  ure.def @b(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %a = ure.at @a(%i, %j, %k) : i32
    %prev = ure.at @b(%i - 1, %j, %k) : i32
    %v = arith.select %first, %a, %prev : i32
    ure.yield %v : i32
  }
  ure.def @o(%i, %j) with (%k) {
    %c3 = arith.constant 3 : index
    %last = arith.cmpi eq, %k, %c3 : index
    %b = ure.at @b(%i, %j, %k) : i32
    %v = ure.select %last, %b : i32
    ure.yield %v : i32
  }
  ure.merge_ures @a [@b, @o]
  ure.set_bounds @a (i = 0 extent 4, j = 0 extent 4, k = 0 extent 4)
  // expected-error@+1 {{@b is not the representative of the merge; give space_time_transform to @a}}
  ure.space_time_transform @b (i, j)
}

// -----

// Symbolic extents (docs/symbolic-extents.md). A space loop of symbolic
// extent needs a declared max: the PEs are unrolled to it.
ure.program @p {
  ure.param @I
  ure.func @a(i, j, k) -> i32 on device
  ure.func @b(i, j, k) -> i32 on device
  ure.func @o(i, j) -> i32 on device
  ure.def @a(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %z = arith.constant 0 : i32
    %first = arith.cmpi eq, %j, %c0 : index
    %prev = ure.at @a(%i, %j - 1, %k) : i32
    %v = arith.select %first, %z, %prev : i32
    ure.yield %v : i32
  }
  ure.def @b(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %a = ure.at @a(%i, %j, %k) : i32
    %prev = ure.at @b(%i - 1, %j, %k) : i32
    %v = arith.select %first, %a, %prev : i32
    ure.yield %v : i32
  }
  ure.def @o(%i, %j) with (%k) {
    %c3 = arith.constant 3 : index
    %last = arith.cmpi eq, %k, %c3 : index
    %b = ure.at @b(%i, %j, %k) : i32
    %v = ure.select %last, %b : i32
    ure.yield %v : i32
  }
  ure.merge_ures @a [@b, @o]
  ure.set_bounds @a (i = 0 extent @I, j = 0 extent 4, k = 0 extent 4)
  // expected-error@+1 {{space loop 'i' has the symbolic extent I: space loops are unrolled into PEs, so the extent must be a constant or a parameter with a declared max (ure.param @I max N)}}
  ure.space_time_transform @a (i, j) vector [1, 1]
}

// -----

// A negative coefficient on a loop of symbolic extent: time would start at
// -(J - 1), which depends on the parameter.
ure.program @p {
  ure.param @J max 4
  ure.func @a(i, j, k) -> i32 on device
  ure.func @b(i, j, k) -> i32 on device
  ure.func @o(i, j) -> i32 on device
  ure.def @a(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %z = arith.constant 0 : i32
    %first = arith.cmpi eq, %j, %c0 : index
    %prev = ure.at @a(%i, %j - 1, %k) : i32
    %v = arith.select %first, %z, %prev : i32
    ure.yield %v : i32
  }
  ure.def @b(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %a = ure.at @a(%i, %j, %k) : i32
    %prev = ure.at @b(%i - 1, %j, %k) : i32
    %v = arith.select %first, %a, %prev : i32
    ure.yield %v : i32
  }
  ure.def @o(%i, %j) with (%k) {
    %c3 = arith.constant 3 : index
    %last = arith.cmpi eq, %k, %c3 : index
    %b = ure.at @b(%i, %j, %k) : i32
    %v = ure.select %last, %b : i32
    ure.yield %v : i32
  }
  ure.merge_ures @a [@b, @o]
  ure.set_bounds @a (i = 0 extent 4, j = 0 extent @J, k = 0 extent 4)
  // expected-error@+1 {{the scheduling coefficient -1 of loop 'j' is negative, and its extent J is symbolic: time would start at a point that depends on @J; give loops of symbolic extent non-negative coefficients}}
  ure.space_time_transform @a (i, j) vector [1, -1]
}

// -----

// A register file whose size depends on a parameter without a max: after
// (i, j, k) => (i, j, t1 = i + j + k) => (i, t2 = i + j, t1), the read of
// a(i, j - 1, k) is (t1, t2) = (1, 1) back, 1 * extent(t2) + 1 flattened
// steps, and extent(t2) = J + 3 depends on @J.
ure.program @p {
  ure.param @J
  ure.func @a(i, j, k) -> i32 on device
  ure.func @b(i, j, k) -> i32 on device
  ure.func @o(i, j) -> i32 on device
  ure.def @a(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %z = arith.constant 0 : i32
    %first = arith.cmpi eq, %j, %c0 : index
    // expected-error@+1 {{the register file of @a cannot be sized: the read by @a at distance (0, 1, 0) spans time loop 't2' of extent J + 3, and @J has no declared max (ure.param @J max N)}}
    %prev = ure.at @a(%i, %j - 1, %k) : i32
    %v = arith.select %first, %z, %prev : i32
    ure.yield %v : i32
  }
  ure.def @b(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %a = ure.at @a(%i, %j, %k) : i32
    %prev = ure.at @b(%i - 1, %j, %k) : i32
    %v = arith.select %first, %a, %prev : i32
    ure.yield %v : i32
  }
  ure.def @o(%i, %j) with (%k) {
    %c3 = arith.constant 3 : index
    %last = arith.cmpi eq, %k, %c3 : index
    %b = ure.at @b(%i, %j, %k) : i32
    %v = ure.select %last, %b : i32
    ure.yield %v : i32
  }
  ure.merge_ures @a [@b, @o]
  ure.set_bounds @a (i = 0 extent 4, j = 0 extent @J, k = 0 extent 4)
  ure.space_time_transform @a (i, j) vector [1, 1]
  // expected-note@+1 {{in this space-time transform}}
  ure.space_time_transform @a (i) vector [1]
}

// -----

// No directive and no pass option.
// expected-error@+1 {{no space_time_transform for @a: add the directive or give the pass option 'space'}}
ure.program @p {
  ure.func @a(i, j, k) -> i32 on device
  ure.func @b(i, j, k) -> i32 on device
  ure.func @o(i, j) -> i32 on device
  ure.def @a(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %z = arith.constant 0 : i32
    %first = arith.cmpi eq, %j, %c0 : index
    %prev = ure.at @a(%i, %j - 1, %k) : i32
    %v = arith.select %first, %z, %prev : i32
    ure.yield %v : i32
  }
  ure.def @b(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %a = ure.at @a(%i, %j, %k) : i32
    %prev = ure.at @b(%i - 1, %j, %k) : i32
    %v = arith.select %first, %a, %prev : i32
    ure.yield %v : i32
  }
  ure.def @o(%i, %j) with (%k) {
    %c3 = arith.constant 3 : index
    %last = arith.cmpi eq, %k, %c3 : index
    %b = ure.at @b(%i, %j, %k) : i32
    %v = ure.select %last, %b : i32
    ure.yield %v : i32
  }
  ure.merge_ures @a [@b, @o]
  ure.set_bounds @a (i = 0 extent 4, j = 0 extent 4, k = 0 extent 4)
}

//--- verifier.mlir
// A vector whose length is not the number of space loops.
ure.program @p {
  ure.func @a(i, j, k) -> i32 on device
  ure.func @b(i, j, k) -> i32 on device
  ure.func @o(i, j) -> i32 on device
  ure.def @a(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %z = arith.constant 0 : i32
    %first = arith.cmpi eq, %j, %c0 : index
    %prev = ure.at @a(%i, %j - 1, %k) : i32
    %v = arith.select %first, %z, %prev : i32
    ure.yield %v : i32
  }
  ure.def @b(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %a = ure.at @a(%i, %j, %k) : i32
    %prev = ure.at @b(%i - 1, %j, %k) : i32
    %v = arith.select %first, %a, %prev : i32
    ure.yield %v : i32
  }
  ure.def @o(%i, %j) with (%k) {
    %c3 = arith.constant 3 : index
    %last = arith.cmpi eq, %k, %c3 : index
    %b = ure.at @b(%i, %j, %k) : i32
    %v = ure.select %last, %b : i32
    ure.yield %v : i32
  }
  ure.merge_ures @a [@b, @o]
  ure.set_bounds @a (i = 0 extent 4, j = 0 extent 4, k = 0 extent 4)
  // expected-error@+1 {{'ure.space_time_transform' op has 1 scheduling coefficients for 2 space loops}}
  ure.space_time_transform @a (i, j) vector [1]
}

// -----

// A space loop listed twice.
ure.program @p {
  ure.func @a(i, j, k) -> i32 on device
  ure.func @b(i, j, k) -> i32 on device
  ure.func @o(i, j) -> i32 on device
  ure.def @a(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %z = arith.constant 0 : i32
    %first = arith.cmpi eq, %j, %c0 : index
    %prev = ure.at @a(%i, %j - 1, %k) : i32
    %v = arith.select %first, %z, %prev : i32
    ure.yield %v : i32
  }
  ure.def @b(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %a = ure.at @a(%i, %j, %k) : i32
    %prev = ure.at @b(%i - 1, %j, %k) : i32
    %v = arith.select %first, %a, %prev : i32
    ure.yield %v : i32
  }
  ure.def @o(%i, %j) with (%k) {
    %c3 = arith.constant 3 : index
    %last = arith.cmpi eq, %k, %c3 : index
    %b = ure.at @b(%i, %j, %k) : i32
    %v = ure.select %last, %b : i32
    ure.yield %v : i32
  }
  ure.merge_ures @a [@b, @o]
  ure.set_bounds @a (i = 0 extent 4, j = 0 extent 4, k = 0 extent 4)
  // expected-error@+1 {{'ure.space_time_transform' op space loop 'i' appears twice}}
  ure.space_time_transform @a (i, i)
}

// -----

// No space loop.
ure.program @p {
  ure.func @a(i, j, k) -> i32 on device
  ure.func @b(i, j, k) -> i32 on device
  ure.func @o(i, j) -> i32 on device
  ure.def @a(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %z = arith.constant 0 : i32
    %first = arith.cmpi eq, %j, %c0 : index
    %prev = ure.at @a(%i, %j - 1, %k) : i32
    %v = arith.select %first, %z, %prev : i32
    ure.yield %v : i32
  }
  ure.def @b(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %a = ure.at @a(%i, %j, %k) : i32
    %prev = ure.at @b(%i - 1, %j, %k) : i32
    %v = arith.select %first, %a, %prev : i32
    ure.yield %v : i32
  }
  ure.def @o(%i, %j) with (%k) {
    %c3 = arith.constant 3 : index
    %last = arith.cmpi eq, %k, %c3 : index
    %b = ure.at @b(%i, %j, %k) : i32
    %v = ure.select %last, %b : i32
    ure.yield %v : i32
  }
  ure.merge_ures @a [@b, @o]
  ure.set_bounds @a (i = 0 extent 4, j = 0 extent 4, k = 0 extent 4)
  // expected-error@+1 {{'ure.space_time_transform' op needs at least one space loop}}
  ure.space_time_transform @a ()
}

// -----

// A Func that is not declared.
ure.program @p {
  ure.func @a(i, j, k) -> i32 on device
  ure.func @b(i, j, k) -> i32 on device
  ure.func @o(i, j) -> i32 on device
  ure.def @a(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %z = arith.constant 0 : i32
    %first = arith.cmpi eq, %j, %c0 : index
    %prev = ure.at @a(%i, %j - 1, %k) : i32
    %v = arith.select %first, %z, %prev : i32
    ure.yield %v : i32
  }
  ure.def @b(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %a = ure.at @a(%i, %j, %k) : i32
    %prev = ure.at @b(%i - 1, %j, %k) : i32
    %v = arith.select %first, %a, %prev : i32
    ure.yield %v : i32
  }
  ure.def @o(%i, %j) with (%k) {
    %c3 = arith.constant 3 : index
    %last = arith.cmpi eq, %k, %c3 : index
    %b = ure.at @b(%i, %j, %k) : i32
    %v = ure.select %last, %b : i32
    ure.yield %v : i32
  }
  ure.merge_ures @a [@b, @o]
  ure.set_bounds @a (i = 0 extent 4, j = 0 extent 4, k = 0 extent 4)
  // expected-error@+1 {{'ure.space_time_transform' op names @zz, which is not declared by a ure.func}}
  ure.space_time_transform @zz (i)
}

// -----

// Zero extents are rejected by set_bounds, before the transform (whose
// 'needs positive constant bounds' check cannot be reached from the IR).
ure.program @p {
  ure.func @a(i, j, k) -> i32 on device
  ure.func @b(i, j, k) -> i32 on device
  ure.func @o(i, j) -> i32 on device
  ure.def @a(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %z = arith.constant 0 : i32
    %first = arith.cmpi eq, %j, %c0 : index
    %prev = ure.at @a(%i, %j - 1, %k) : i32
    %v = arith.select %first, %z, %prev : i32
    ure.yield %v : i32
  }
  ure.def @b(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %a = ure.at @a(%i, %j, %k) : i32
    %prev = ure.at @b(%i - 1, %j, %k) : i32
    %v = arith.select %first, %a, %prev : i32
    ure.yield %v : i32
  }
  ure.def @o(%i, %j) with (%k) {
    %c3 = arith.constant 3 : index
    %last = arith.cmpi eq, %k, %c3 : index
    %b = ure.at @b(%i, %j, %k) : i32
    %v = ure.select %last, %b : i32
    ure.yield %v : i32
  }
  ure.merge_ures @a [@b, @o]
  // expected-error@+1 {{'ure.set_bounds' op extent of 'k' must be positive, got 0}}
  ure.set_bounds @a (i = 0 extent 4, j = 0 extent 4, k = 0 extent 0)
}

//--- not-merged.mlir
// No ure.nest: the transform merges the program first, and reports the
// merge's errors (here, a loop without bounds).
ure.program @p {
  ure.func @a(i, j, k) -> i32 on device
  ure.func @b(i, j, k) -> i32 on device
  ure.func @o(i, j) -> i32 on device
  // expected-error@+1 {{loop 'k' of @a has no bounds; give them with ure.set_bounds}}
  ure.def @a(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %z = arith.constant 0 : i32
    %first = arith.cmpi eq, %j, %c0 : index
    %prev = ure.at @a(%i, %j - 1, %k) : i32
    %v = arith.select %first, %z, %prev : i32
    ure.yield %v : i32
  }
  ure.def @b(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %a = ure.at @a(%i, %j, %k) : i32
    %prev = ure.at @b(%i - 1, %j, %k) : i32
    %v = arith.select %first, %a, %prev : i32
    ure.yield %v : i32
  }
  ure.def @o(%i, %j) with (%k) {
    %c3 = arith.constant 3 : index
    %last = arith.cmpi eq, %k, %c3 : index
    %b = ure.at @b(%i, %j, %k) : i32
    %v = ure.select %last, %b : i32
    ure.yield %v : i32
  }
  ure.merge_ures @a [@b, @o]
  ure.set_bounds @a (i = 0 extent 4, j = 0 extent 4)
  ure.space_time_transform @a (i, j)
}

//--- options-vector-length.mlir
// expected-error@+1 {{the scheduling vector has 1 coefficients but there are 2 space loops}}
ure.program @p {
  ure.func @a(i, j, k) -> i32 on device
  ure.func @b(i, j, k) -> i32 on device
  ure.func @o(i, j) -> i32 on device
  ure.def @a(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %z = arith.constant 0 : i32
    %first = arith.cmpi eq, %j, %c0 : index
    %prev = ure.at @a(%i, %j - 1, %k) : i32
    %v = arith.select %first, %z, %prev : i32
    ure.yield %v : i32
  }
  ure.def @b(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %a = ure.at @a(%i, %j, %k) : i32
    %prev = ure.at @b(%i - 1, %j, %k) : i32
    %v = arith.select %first, %a, %prev : i32
    ure.yield %v : i32
  }
  ure.def @o(%i, %j) with (%k) {
    %c3 = arith.constant 3 : index
    %last = arith.cmpi eq, %k, %c3 : index
    %b = ure.at @b(%i, %j, %k) : i32
    %v = ure.select %last, %b : i32
    ure.yield %v : i32
  }
  ure.merge_ures @a [@b, @o]
  ure.set_bounds @a (i = 0 extent 4, j = 0 extent 4, k = 0 extent 4)
}

//--- options-duplicate.mlir
// expected-error@+1 {{loop 'i' is listed twice}}
ure.program @p {
  ure.func @a(i, j, k) -> i32 on device
  ure.func @b(i, j, k) -> i32 on device
  ure.func @o(i, j) -> i32 on device
  ure.def @a(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %z = arith.constant 0 : i32
    %first = arith.cmpi eq, %j, %c0 : index
    %prev = ure.at @a(%i, %j - 1, %k) : i32
    %v = arith.select %first, %z, %prev : i32
    ure.yield %v : i32
  }
  ure.def @b(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %a = ure.at @a(%i, %j, %k) : i32
    %prev = ure.at @b(%i - 1, %j, %k) : i32
    %v = arith.select %first, %a, %prev : i32
    ure.yield %v : i32
  }
  ure.def @o(%i, %j) with (%k) {
    %c3 = arith.constant 3 : index
    %last = arith.cmpi eq, %k, %c3 : index
    %b = ure.at @b(%i, %j, %k) : i32
    %v = ure.select %last, %b : i32
    ure.yield %v : i32
  }
  ure.merge_ures @a [@b, @o]
  ure.set_bounds @a (i = 0 extent 4, j = 0 extent 4, k = 0 extent 4)
}

//--- options-not-innermost.mlir
// expected-error@+1 {{space loops must be consecutive loops, one immediately enclosing the next (the loops inside them run inside each PE): loop 'j' is between them (loops, outermost first: k, j, i); reorder the loops first}}
ure.program @p {
  ure.func @a(i, j, k) -> i32 on device
  ure.func @b(i, j, k) -> i32 on device
  ure.func @o(i, j) -> i32 on device
  ure.def @a(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %z = arith.constant 0 : i32
    %first = arith.cmpi eq, %j, %c0 : index
    %prev = ure.at @a(%i, %j - 1, %k) : i32
    %v = arith.select %first, %z, %prev : i32
    ure.yield %v : i32
  }
  ure.def @b(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %a = ure.at @a(%i, %j, %k) : i32
    %prev = ure.at @b(%i - 1, %j, %k) : i32
    %v = arith.select %first, %a, %prev : i32
    ure.yield %v : i32
  }
  ure.def @o(%i, %j) with (%k) {
    %c3 = arith.constant 3 : index
    %last = arith.cmpi eq, %k, %c3 : index
    %b = ure.at @b(%i, %j, %k) : i32
    %v = ure.select %last, %b : i32
    ure.yield %v : i32
  }
  ure.merge_ures @a [@b, @o]
  ure.set_bounds @a (i = 0 extent 4, j = 0 extent 4, k = 0 extent 4)
}

//--- options-no-time-loop.mlir
// expected-error@+1 {{every loop is a space loop: there is no time loop to schedule with a vector}}
ure.program @p {
  ure.func @a(i, j, k) -> i32 on device
  ure.func @b(i, j, k) -> i32 on device
  ure.func @o(i, j) -> i32 on device
  ure.def @a(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %z = arith.constant 0 : i32
    %first = arith.cmpi eq, %j, %c0 : index
    %prev = ure.at @a(%i, %j - 1, %k) : i32
    %v = arith.select %first, %z, %prev : i32
    ure.yield %v : i32
  }
  ure.def @b(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %a = ure.at @a(%i, %j, %k) : i32
    %prev = ure.at @b(%i - 1, %j, %k) : i32
    %v = arith.select %first, %a, %prev : i32
    ure.yield %v : i32
  }
  ure.def @o(%i, %j) with (%k) {
    %c3 = arith.constant 3 : index
    %last = arith.cmpi eq, %k, %c3 : index
    %b = ure.at @b(%i, %j, %k) : i32
    %v = ure.select %last, %b : i32
    ure.yield %v : i32
  }
  ure.merge_ures @a [@b, @o]
  ure.set_bounds @a (i = 0 extent 4, j = 0 extent 4, k = 0 extent 4)
}

//--- options-violated.mlir
// The error is at the read; the note, at the merge (the nest).
ure.program @p {
  ure.func @a(i, j, k) -> i32 on device
  ure.func @b(i, j, k) -> i32 on device
  ure.func @o(i, j) -> i32 on device
  ure.def @a(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %z = arith.constant 0 : i32
    %first = arith.cmpi eq, %j, %c0 : index
    %prev = ure.at @a(%i, %j - 1, %k) : i32
    %v = arith.select %first, %z, %prev : i32
    ure.yield %v : i32
  }
  ure.def @b(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %a = ure.at @a(%i, %j, %k) : i32
    // expected-error@+1 {{the schedule does not respect the dependence of @b on @b at (i - 1, j, k): the value is read in the same step that computes it (its time distance along 't1' is 0; it must be at least 1)}}
    %prev = ure.at @b(%i - 1, %j, %k) : i32
    %v = arith.select %first, %a, %prev : i32
    ure.yield %v : i32
  }
  ure.def @o(%i, %j) with (%k) {
    %c3 = arith.constant 3 : index
    %last = arith.cmpi eq, %k, %c3 : index
    %b = ure.at @b(%i, %j, %k) : i32
    %v = ure.select %last, %b : i32
    ure.yield %v : i32
  }
  // expected-note@+1 {{in the space-time transform of the pass options: space loops (i, j) with the vector (0, 1), and 1 for the time loop}}
  ure.merge_ures @a [@b, @o]
  ure.set_bounds @a (i = 0 extent 4, j = 0 extent 4, k = 0 extent 4)
}

//--- options-not-subset.mlir
// The option's transform comes after the directive: (i, j) after (i, j).
// expected-error@+1 {{the space loops (i, j) of a later transform must be a proper subset of the previous transform's (i, j)}}
ure.program @p {
  ure.func @a(i, j, k) -> i32 on device
  ure.func @b(i, j, k) -> i32 on device
  ure.func @o(i, j) -> i32 on device
  ure.def @a(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %z = arith.constant 0 : i32
    %first = arith.cmpi eq, %j, %c0 : index
    %prev = ure.at @a(%i, %j - 1, %k) : i32
    %v = arith.select %first, %z, %prev : i32
    ure.yield %v : i32
  }
  ure.def @b(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %a = ure.at @a(%i, %j, %k) : i32
    %prev = ure.at @b(%i - 1, %j, %k) : i32
    %v = arith.select %first, %a, %prev : i32
    ure.yield %v : i32
  }
  ure.def @o(%i, %j) with (%k) {
    %c3 = arith.constant 3 : index
    %last = arith.cmpi eq, %k, %c3 : index
    %b = ure.at @b(%i, %j, %k) : i32
    %v = ure.select %last, %b : i32
    ure.yield %v : i32
  }
  ure.merge_ures @a [@b, @o]
  ure.set_bounds @a (i = 0 extent 4, j = 0 extent 4, k = 0 extent 4)
  ure.space_time_transform @a (i, j) vector [1, 1]
}

//--- options-vector-only.mlir
module {
  ure.program @p {
    ure.func @a(i, j, k) -> i32 on device
    ure.func @b(i, j, k) -> i32 on device
    ure.func @o(i, j) -> i32 on device
    ure.def @a(%i, %j, %k) {
      %c0 = arith.constant 0 : index
      %z = arith.constant 0 : i32
      %first = arith.cmpi eq, %j, %c0 : index
      %prev = ure.at @a(%i, %j - 1, %k) : i32
      %v = arith.select %first, %z, %prev : i32
      ure.yield %v : i32
    }
    ure.def @b(%i, %j, %k) {
      %c0 = arith.constant 0 : index
      %first = arith.cmpi eq, %i, %c0 : index
      %a = ure.at @a(%i, %j, %k) : i32
      %prev = ure.at @b(%i - 1, %j, %k) : i32
      %v = arith.select %first, %a, %prev : i32
      ure.yield %v : i32
    }
    ure.def @o(%i, %j) with (%k) {
      %c3 = arith.constant 3 : index
      %last = arith.cmpi eq, %k, %c3 : index
      %b = ure.at @b(%i, %j, %k) : i32
      %v = ure.select %last, %b : i32
      ure.yield %v : i32
    }
    ure.merge_ures @a [@b, @o]
    ure.set_bounds @a (i = 0 extent 4, j = 0 extent 4, k = 0 extent 4)
  }
}

//--- options-check-time-only.mlir
module {
  ure.program @p {
    ure.func @a(i, j, k) -> i32 on device
    ure.func @b(i, j, k) -> i32 on device
    ure.func @o(i, j) -> i32 on device
    ure.def @a(%i, %j, %k) {
      %c0 = arith.constant 0 : index
      %z = arith.constant 0 : i32
      %first = arith.cmpi eq, %j, %c0 : index
      %prev = ure.at @a(%i, %j - 1, %k) : i32
      %v = arith.select %first, %z, %prev : i32
      ure.yield %v : i32
    }
    ure.def @b(%i, %j, %k) {
      %c0 = arith.constant 0 : index
      %first = arith.cmpi eq, %i, %c0 : index
      %a = ure.at @a(%i, %j, %k) : i32
      %prev = ure.at @b(%i - 1, %j, %k) : i32
      %v = arith.select %first, %a, %prev : i32
      ure.yield %v : i32
    }
    ure.def @o(%i, %j) with (%k) {
      %c3 = arith.constant 3 : index
      %last = arith.cmpi eq, %k, %c3 : index
      %b = ure.at @b(%i, %j, %k) : i32
      %v = ure.select %last, %b : i32
      ure.yield %v : i32
    }
    ure.merge_ures @a [@b, @o]
    ure.set_bounds @a (i = 0 extent 4, j = 0 extent 4, k = 0 extent 4)
  }
}

//--- no-array.mlir
// expected-error@+1 {{program has no spacetime.array; run space-time-transform first}}
ure.program @p {
  ure.func @a(i, j, k) -> i32 on device
  ure.func @b(i, j, k) -> i32 on device
  ure.func @o(i, j) -> i32 on device
  ure.def @a(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %z = arith.constant 0 : i32
    %first = arith.cmpi eq, %j, %c0 : index
    %prev = ure.at @a(%i, %j - 1, %k) : i32
    %v = arith.select %first, %z, %prev : i32
    ure.yield %v : i32
  }
  ure.def @b(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %a = ure.at @a(%i, %j, %k) : i32
    %prev = ure.at @b(%i - 1, %j, %k) : i32
    %v = arith.select %first, %a, %prev : i32
    ure.yield %v : i32
  }
  ure.def @o(%i, %j) with (%k) {
    %c3 = arith.constant 3 : index
    %last = arith.cmpi eq, %k, %c3 : index
    %b = ure.at @b(%i, %j, %k) : i32
    %v = ure.select %last, %b : i32
    ure.yield %v : i32
  }
  ure.merge_ures @a [@b, @o]
  ure.set_bounds @a (i = 0 extent 4, j = 0 extent 4, k = 0 extent 4)
}
