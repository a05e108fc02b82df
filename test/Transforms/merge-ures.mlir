// merge-ures: the merged UREs go under one perfect loop nest (ure.nest), in
// merge order, with the bounds of set_bounds and the loop order of reorder.
// Halide orders loop variables innermost first, so the loops of the nest
// (printed outermost first) are the representative's variables reversed.
// RUN: t2s-opt %s --split-input-file --merge-ures | FileCheck %s
// The result verifies and is stable under a second run.
// RUN: t2s-opt %s --split-input-file --merge-ures | t2s-opt --split-input-file --merge-ures | FileCheck %s
// RUN: %if mlir-opt-plugin %{ %mlir_opt_plugin %s --split-input-file --pass-pipeline='builtin.module(merge-ures)' | FileCheck %s %}

// The GEMM example: default loop order, directives erased.
// CHECK-LABEL: ure.program @gemm {
// CHECK-NEXT:    ure.input @A : memref<8x8xf32>
// CHECK-NEXT:    ure.input @B : memref<8x8xf32>
// CHECK-NEXT:    ure.func @a(i, j, k) -> f32 on device
// CHECK-NEXT:    ure.func @b(i, j, k) -> f32 on device
// CHECK-NEXT:    ure.func @c(i, j, k) -> f32 on device
// CHECK-NEXT:    ure.func @out(i, j) -> f32 on device
// CHECK-NEXT:    ure.nest @a (k = 0 extent 8, j = 0 extent 8, i = 0 extent 8) {
// CHECK-NEXT:      ure.def @a(%i, %j, %k) {
// CHECK:           ure.def @b(%i, %j, %k) {
// CHECK:           ure.def @c(%i, %j, %k) {
// CHECK:           ure.def @out(%i, %j) with (%k) {
// CHECK:             ure.yield
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NOT:   ure.merge_ures
// CHECK-NOT:   ure.set_bounds
ure.program @gemm {
  ure.input @A : memref<8x8xf32>
  ure.input @B : memref<8x8xf32>
  ure.func @a(i, j, k) -> f32 on device
  ure.func @b(i, j, k) -> f32 on device
  ure.func @c(i, j, k) -> f32 on device
  ure.func @out(i, j) -> f32 on device
  ure.def @a(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %j, %c0 : index
    %in = ure.load @A(%i, %k) : f32
    %prev = ure.at @a(%i, %j - 1, %k) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @b(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %in = ure.load @B(%k, %j) : f32
    %prev = ure.at @b(%i - 1, %j, %k) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }
  ure.def @c(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first = arith.cmpi eq, %k, %c0 : index
    %prev = ure.at @c(%i, %j, %k - 1) : f32
    %acc = arith.select %first, %zero, %prev : f32
    %a = ure.at @a(%i, %j, %k) : f32
    %b = ure.at @b(%i, %j, %k) : f32
    %p = arith.mulf %a, %b : f32
    %v = arith.addf %acc, %p : f32
    ure.yield %v : f32
  }
  ure.def @out(%i, %j) with (%k) {
    %last = arith.constant 7 : index
    %is_last = arith.cmpi eq, %k, %last : index
    %c = ure.at @c(%i, %j, %k) : f32
    %v = ure.select %is_last, %c : f32
    ure.yield %v : f32
  }
  ure.merge_ures @a [@b, @c, @out]
  ure.set_bounds @a (i = 0 extent 8, j = 0 extent 8, k = 0 extent 8)
}

// -----

// A full reorder, innermost first: (k, j, i) makes i the outermost loop.
// Bounds follow their variables; mins are kept.
// CHECK-LABEL: ure.program @full_reorder {
// CHECK:         ure.nest @a (i = 1 extent 2, j = 0 extent 3, k = -2 extent 4) {
// CHECK-NOT:     ure.reorder
ure.program @full_reorder {
  ure.func @a
  ure.func @o
  ure.def @a(%i, %j, %k) {
    %c = arith.constant 0 : i32
    ure.yield %c : i32
  }
  ure.def @o(%i, %j, %k) {
    %a = ure.at @a(%i, %j, %k) : i32
    ure.yield %a : i32
  }
  ure.merge_ures @a [@o]
  ure.reorder @a (k, j, i)
  ure.set_bounds @a (i = 1 extent 2, j = 0 extent 3, k = -2 extent 4)
}

// -----

// A partial reorder (Halide's): k and i swap the slots they occupy among
// themselves, j stays: innermost first (k, j, i).
// CHECK-LABEL: ure.program @partial_reorder {
// CHECK:         ure.nest @a (i = 0 extent 2, j = 0 extent 3, k = 0 extent 4) {
ure.program @partial_reorder {
  ure.func @a
  ure.func @o
  ure.def @a(%i, %j, %k) {
    %c = arith.constant 0 : i32
    ure.yield %c : i32
  }
  ure.def @o(%i, %j, %k) {
    %a = ure.at @a(%i, %j, %k) : i32
    ure.yield %a : i32
  }
  ure.merge_ures @a [@o]
  ure.set_bounds @a (i = 0 extent 2, j = 0 extent 3, k = 0 extent 4)
  ure.reorder @a (k, i)
}

// -----

// Another partial reorder: (j, i) puts j innermost and keeps k outermost.
// Directives apply in program order: set_bounds may come in several pieces.
// CHECK-LABEL: ure.program @partial_reorder2 {
// CHECK:         ure.nest @a (k = 0 extent 4, i = 0 extent 2, j = 0 extent 3) {
ure.program @partial_reorder2 {
  ure.func @a
  ure.func @o
  ure.def @a(%i, %j, %k) {
    %c = arith.constant 0 : i32
    ure.yield %c : i32
  }
  ure.def @o(%i, %j, %k) {
    %a = ure.at @a(%i, %j, %k) : i32
    ure.yield %a : i32
  }
  ure.merge_ures @a [@o]
  ure.reorder @a (j, i)
  ure.set_bounds @a (i = 0 extent 2)
  ure.set_bounds @a (j = 0 extent 3, k = 0 extent 4)
}

// -----

// Two reorders compose: (j, i, k) then (k, j).
// Innermost first: (i, j, k) -> (j, i, k) -> (k, i, j).
// CHECK-LABEL: ure.program @two_reorders {
// CHECK:         ure.nest @a (j = 0 extent 3, i = 0 extent 2, k = 0 extent 4) {
ure.program @two_reorders {
  ure.func @a
  ure.func @o
  ure.def @a(%i, %j, %k) {
    %c = arith.constant 0 : i32
    ure.yield %c : i32
  }
  ure.def @o(%i, %j, %k) {
    %a = ure.at @a(%i, %j, %k) : i32
    ure.yield %a : i32
  }
  ure.merge_ures @a [@o]
  ure.set_bounds @a (i = 0 extent 2, j = 0 extent 3, k = 0 extent 4)
  ure.reorder @a (j, i, k)
  ure.reorder @a (k, j)
}

// -----

// Symbolic extents: ure.param symbols stay symbols in the nest.
// CHECK-LABEL: ure.program @symbolic {
// CHECK-NEXT:    ure.param @M
// CHECK-NEXT:    ure.param @N
// CHECK:         ure.nest @a (j = 0 extent @N, i = 0 extent @M) {
ure.program @symbolic {
  ure.param @M
  ure.param @N
  ure.func @a
  ure.func @o
  ure.def @a(%i, %j) {
    %c = arith.constant 0 : i32
    ure.yield %c : i32
  }
  ure.def @o(%i, %j) {
    %a = ure.at @a(%i, %j) : i32
    ure.yield %a : i32
  }
  ure.merge_ures @a [@o]
  ure.set_bounds @a (i = 0 extent @M, j = 0 extent @N)
}

// -----

// A single URE and no merge: it is the nest's only URE.
// CHECK-LABEL: ure.program @single {
// CHECK-NEXT:    ure.input @A : memref<4xf32>
// CHECK-NEXT:    ure.func @s
// CHECK-NEXT:    ure.nest @s (i = 0 extent 4) {
// CHECK-NEXT:      ure.def @s(%i) {
// CHECK-NEXT:        ure.load @A(%i)
// CHECK-NEXT:        ure.yield
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
ure.program @single {
  ure.input @A : memref<4xf32>
  ure.func @s
  ure.def @s(%i) {
    %a = ure.load @A(%i) : f32
    ure.yield %a : f32
  }
  ure.set_bounds @s (i = 0 extent 4)
}

// -----

// Defs move in merge order, not program order; the nest takes the place of
// the merge.
// CHECK-LABEL: ure.program @order {
// CHECK-NEXT:    ure.func @z(i) -> i32
// CHECK-NEXT:    ure.func @y(i) -> i32
// CHECK-NEXT:    ure.func @x
// CHECK-NEXT:    ure.nest @y (i = 0 extent 4) {
// CHECK-NEXT:      ure.def @y(%i) {
// CHECK:           ure.def @z(%i) {
// CHECK:           ure.def @x(%i) {
// CHECK:         }
// CHECK-NEXT:  }
ure.program @order {
  ure.func @z(i) -> i32
  ure.func @y(i) -> i32
  ure.func @x
  ure.def @z(%i) {
    %y = ure.at @y(%i) : i32
    ure.yield %y : i32
  }
  ure.def @y(%i) {
    %c = arith.constant 1 : i32
    ure.yield %c : i32
  }
  ure.def @x(%i) {
    %z = ure.at @z(%i) : i32
    ure.yield %z : i32
  }
  ure.merge_ures @y [@z, @x]
  ure.set_bounds @y (i = 0 extent 4)
}

// -----

// A program that is already merged is left alone; programs are merged one by
// one.
// CHECK-LABEL: ure.program @done {
// CHECK-NEXT:    ure.func @d
// CHECK-NEXT:    ure.nest @d (i = 0 extent 2) {
// CHECK-LABEL: ure.program @todo {
// CHECK-NEXT:    ure.func @t
// CHECK-NEXT:    ure.nest @t (i = 0 extent 3) {
ure.program @done {
  ure.func @d
  ure.nest @d (i = 0 extent 2) {
    ure.def @d(%i) {
      %c = arith.constant 0 : i32
      ure.yield %c : i32
    }
  }
}
ure.program @todo {
  ure.func @t
  ure.def @t(%i) {
    %c = arith.constant 0 : i32
    ure.yield %c : i32
  }
  ure.set_bounds @t (i = 0 extent 3)
}

// -----

// Use before define is a rule of the source order: @b (undeclared) is defined
// before @a reads it, but realized after @a. The nest, in realization order,
// still verifies (regression: the verifier used to reject merge-ures' output).
// CHECK-LABEL: ure.program @source_order {
// CHECK:         ure.nest @a (i = 0 extent 4) {
// CHECK-NEXT:      ure.def @a(%i) {
// CHECK:             ure.at @b(%i - 1) : i32
// CHECK:           ure.def @b(%i) {
// CHECK:           ure.def @c(%i) {
ure.program @source_order {
  ure.func @b
  ure.func @a
  ure.func @c
  ure.def @b(%i) {
    %one = arith.constant 1 : i32
    ure.yield %one : i32
  }
  ure.def @a(%i) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %zero = arith.constant 0 : i32
    %b = ure.at @b(%i - 1) : i32
    %v = arith.select %first, %zero, %b : i32
    ure.yield %v : i32
  }
  ure.def @c(%i) {
    %a = ure.at @a(%i) : i32
    %b = ure.at @b(%i) : i32
    %v = arith.addi %a, %b : i32
    ure.yield %v : i32
  }
  ure.merge_ures @a [@b, @c]
  ure.set_bounds @a (i = 0 extent 4)
}

// -----

// Triangular bounds (T2S's trmm, set_bounds(k, i, K - i)): the nest runs
// the box around the triangle, lowering k's min so that its extent is one
// parameter (k in [i + 1, K) for i in [0, K) is k in [1, K - 1], the box
// k = 0 extent @K). The output is stored only inside: a yielded value
// becomes a select on i + 1 <= k < K; a select's condition takes it too.
// CHECK-LABEL: ure.program @upper {
// CHECK:         ure.nest @c (k = 0 extent @K, i = 0 extent @K) {
// CHECK:           ure.def @out(%i) with (%k) {
// CHECK-NEXT:        %[[K:.*]] = ure.param_value @K
// CHECK-NEXT:        %[[BELOW:.*]] = arith.cmpi slt, %k, %[[K]] : index
// CHECK-NEXT:        %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:        %[[MIN:.*]] = arith.addi %i, %[[C1]] : index
// CHECK-NEXT:        %[[ABOVE:.*]] = arith.cmpi sge, %k, %[[MIN]] : index
// CHECK-NEXT:        %[[IN:.*]] = arith.andi %[[ABOVE]], %[[BELOW]] : i1
// CHECK-NEXT:        %[[C:.*]] = ure.at @c(%i, %k) : i32
// CHECK-NEXT:        %[[V:.*]] = ure.select %[[IN]], %[[C]] : i32
// CHECK-NEXT:        ure.yield %[[V]] : i32
// CHECK-NOT:   ure.set_bounds
ure.program @upper {
  ure.param @K
  ure.func @c(i, k) -> i32
  ure.func @out(i) -> i32
  ure.def @c(%i, %k) {
    %one = arith.constant 1 : i32
    ure.yield %one : i32
  }
  ure.def @out(%i) with (%k) {
    %c = ure.at @c(%i, %k) : i32
    ure.yield %c : i32
  }
  ure.merge_ures @c [@out]
  ure.set_bounds @c (i = 0 extent @K, k = i + 1 extent @K - i - 1)
}

// -----

// A select's condition takes the domain's: j in [0, 2 i + 1), where the
// nest starts at j's min (no lower check).
// CHECK-LABEL: ure.program @guarded {
// CHECK:         ure.nest @c (j = 0 extent 7, i = 0 extent 4) {
// CHECK:           ure.def @out(%i, %j) {
// CHECK-NOT:         arith.cmpi sge
// CHECK:             %[[IN:.*]] = arith.cmpi slt, %j, %{{.*}} : index
// CHECK:             %[[MINE:.*]] = arith.cmpi eq, %i, %{{.*}} : index
// CHECK-NEXT:        ure.at
// CHECK-NEXT:        %[[BOTH:.*]] = arith.andi %[[MINE]], %[[IN]] : i1
// CHECK-NEXT:        %{{.*}} = ure.select %[[BOTH]], %{{.*}} : i32
ure.program @guarded {
  ure.func @c(i, j) -> i32
  ure.func @out(i, j) -> i32
  ure.def @c(%i, %j) {
    %one = arith.constant 1 : i32
    ure.yield %one : i32
  }
  ure.def @out(%i, %j) {
    %c2 = arith.constant 2 : index
    %mine = arith.cmpi eq, %i, %c2 : index
    %c = ure.at @c(%i, %j) : i32
    %v = ure.select %mine, %c : i32
    ure.yield %v : i32
  }
  ure.merge_ures @c [@out]
  ure.set_bounds @c (i = 0 extent 4, j = 0 extent 2 * i + 1)
}
