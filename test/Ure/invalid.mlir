// Every verifier rule of the ure dialect (dialects/ure/UreOps.cpp), one chunk
// per message. The T2S rules come from docs merge-ures.md.
// RUN: t2s-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// RUN: %if mlir-opt-plugin %{ %mlir_opt_plugin %s --split-input-file --verify-diagnostics --allow-unregistered-dialect %}

//===----------------------------------------------------------------------===//
// ure.input
//===----------------------------------------------------------------------===//

ure.program @p {
  // expected-error@+1 {{'ure.input' op element type must be one of the integers of 1 to 64 bits, f16, bf16, f32, f64 or index, got 'index'}}
  ure.input @A : memref<4xindex>
}

// -----

ure.program @p {
  // expected-error@+1 {{'ure.input' op the layout of an input is a permutation of its dimensions, slowest first, e.g. affine_map<(d0, d1) -> (d1, d0)> (Halide's order), got strided<[1, 4]>}}
  ure.input @A : memref<4x4xf32, strided<[1, 4]>>
}

// -----

ure.program @p {
  // expected-error@+1 {{'ure.input' op the layout of an input is a permutation of its dimensions, slowest first, e.g. affine_map<(d0, d1, d2) -> (d2, d1, d0)> (Halide's order), got affine_map<(d0, d1, d2) -> (d0 * 12 + d1 * 4 + d2)>}}
  ure.input @A : memref<2x3x4xf32, affine_map<(a, b, c) -> (a * 12 + b * 4 + c)>>
}

// -----

ure.program @p {
  // expected-error@+1 {{'ure.func' op the layout of a Func's buffer is a permutation of its loop variables, slowest first, e.g. affine_map<(d0, d1) -> (d1, d0)> (Halide's order), got affine_map<(d0, d1) -> (d0, d0)>}}
  ure.func @out(i, j) -> f32 layout affine_map<(i, j) -> (i, i)>
}

// -----

ure.program @p {
  // expected-error@+1 {{'ure.func' op layout affine_map<(d0, d1, d2) -> (d2, d1, d0)> has 3 dimensions but the Func has 2 loop variables}}
  ure.func @out(i, j) -> f32 layout affine_map<(a, b, c) -> (c, b, a)>
}

// -----

// Only the output has a buffer to lay out.
ure.program @p {
  // expected-error@+1 {{'ure.func' op gives @f a layout, but only the output Func (@out) has a buffer}}
  ure.func @f(i, j) -> f32 layout affine_map<(i, j) -> (j, i)>
  ure.func @out
  ure.def @f(%i, %j) {
    %c = arith.constant 1.0 : f32
    ure.yield %c : f32
  }
  ure.def @out(%i, %j) {
    %f = ure.at @f(%i, %j) : f32
    ure.yield %f : f32
  }
  ure.merge_ures @f [@out]
}

// -----

// An undeclared output laid out over the wrong number of its loop variables:
// its left-hand side is (i), the extended URE drops j.
ure.program @p {
  // expected-error@+1 {{'ure.func' op layout affine_map<(d0, d1) -> (d1, d0)> has 2 dimensions but the output @out has 1 (its left-hand side)}}
  ure.func @out layout affine_map<(i, j) -> (j, i)>
  ure.def @out(%i) with (%j) {
    %c = arith.constant 1.0 : f32
    ure.yield %c : f32
  }
}

// -----

ure.program @p {
  // expected-error@+1 {{'ure.input' op an input has at least one dimension}}
  ure.input @A : memref<f32>
}

// -----

ure.program @p {
  // expected-error@+1 {{'ure.input' op attribute 'type' failed to satisfy constraint: type attribute of memref of any type values}}
  "ure.input"() <{sym_name = "A", type = tensor<4xf32>}> : () -> ()
}

// -----

// expected-error@+1 {{'ure.input' op expects parent op 'ure.program'}}
ure.input @A : memref<4xf32>

//===----------------------------------------------------------------------===//
// ure.func
//===----------------------------------------------------------------------===//

// -----

ure.program @p {
  // expected-error@+1 {{expected 'host' or 'device', got 'fpga'}}
  ure.func @f(i) -> f32 on fpga
}

// -----

ure.program @p {
  // expected-error@+1 {{'ure.func' op declares both loop variables and return types, or neither}}
  "ure.func"() <{sym_name = "f", vars = ["i"]}> : () -> ()
}

// -----

ure.program @p {
  // expected-error@+1 {{'ure.func' op loop variable 'i' appears twice}}
  ure.func @f(i, j, i) -> f32
}

// -----

ure.program @p {
  // expected-error@+1 {{'ure.func' op declares at least one return type}}
  "ure.func"() <{sym_name = "f", vars = ["i"], result_types = []}> : () -> ()
}

// -----

ure.program @p {
  // expected-error@+1 {{'ure.func' op return types are integers of 1 to 64 bits, f16, bf16, f32, f64 or index, got 'vector<4xf32>'}}
  ure.func @f(i) -> vector<4xf32>
}

//===----------------------------------------------------------------------===//
// ure.def
//===----------------------------------------------------------------------===//

// -----

ure.program @p {
  ure.func @f
  // expected-error@+1 {{'ure.def' op loop variable 'i' appears twice}}
  "ure.def"() <{func = @f, num_lhs = 2 : i64, vars = ["i", "i"]}> ({
  ^bb0(%a: index, %b: index):
    %c = arith.constant 0 : i32
    ure.yield %c : i32
  }) : () -> ()
}

// -----

ure.program @p {
  ure.func @f
  // expected-error@+1 {{'ure.def' op num_lhs must be between 0 and the number of loop variables}}
  "ure.def"() <{func = @f, num_lhs = 3 : i64, vars = ["i", "j"]}> ({
  ^bb0(%a: index, %b: index):
    %c = arith.constant 0 : i32
    ure.yield %c : i32
  }) : () -> ()
}

// -----

ure.program @p {
  ure.func @f
  // expected-error@+1 {{'ure.def' op num_lhs must be between 0 and the number of loop variables}}
  "ure.def"() <{func = @f, num_lhs = -1 : i64, vars = ["i"]}> ({
  ^bb0(%a: index):
    %c = arith.constant 0 : i32
    ure.yield %c : i32
  }) : () -> ()
}

// -----

ure.program @p {
  // expected-error@+1 {{'ure.def' op defines @g, which is not declared by a ure.func}}
  ure.def @g(%i) {
    %c = arith.constant 0 : i32
    ure.yield %c : i32
  }
}

// -----

ure.program @p {
  ure.func @f(i, j) -> i32
  // expected-error@+1 {{'ure.def' op left-hand side (j, i) must match the loop variables (i, j) declared for @f}}
  ure.def @f(%j, %i) {
    %c = arith.constant 0 : i32
    ure.yield %c : i32
  }
}

// -----

ure.program @p {
  ure.func @f(i, j) -> i32
  // expected-error@+1 {{'ure.def' op left-hand side (i) must match the loop variables (i, j) declared for @f}}
  ure.def @f(%i) with (%j) {
    %c = arith.constant 0 : i32
    ure.yield %c : i32
  }
}

// -----

ure.program @p {
  ure.func @f
  // expected-error@+1 {{'ure.def' op has 1 block arguments but 2 loop variables}}
  "ure.def"() <{func = @f, num_lhs = 2 : i64, vars = ["i", "j"]}> ({
  ^bb0(%a: index):
    %c = arith.constant 0 : i32
    ure.yield %c : i32
  }) : () -> ()
}

// -----

ure.program @p {
  ure.func @f
  // expected-error@+1 {{'ure.def' op loop variables are of type index}}
  "ure.def"() <{func = @f, num_lhs = 1 : i64, vars = ["i"]}> ({
  ^bb0(%a: i64):
    %c = arith.constant 0 : i32
    ure.yield %c : i32
  }) : () -> ()
}

// -----

ure.program @p {
  ure.func @f
  // expected-error@+1 {{'ure.def' op body must end with ure.yield}}
  ure.def @f(%i) {
    "test.terminator"() : () -> ()
  }
}

// -----

ure.program @p {
  ure.func @f
  ure.def @f(%i) {
    // expected-error@+1 {{'ure.yield' op yields at least one value}}
    ure.yield
  }
}

// -----

ure.program @p {
  ure.func @f
  ure.def @f(%i) {
    %v = arith.constant dense<0.0> : vector<4xf32>
    // expected-error@+1 {{'ure.yield' op yields integers of 1 to 64 bits, f16, bf16, f32, f64 or index, got 'vector<4xf32>'}}
    ure.yield %v : vector<4xf32>
  }
}

// -----

// Declared types are respected (merge-ures.md: "the user should keep the type
// right during definition").
ure.program @p {
  ure.func @f(i, j) -> f32
  ure.def @f(%i, %j) {
    %c = arith.constant 0 : i32
    // expected-error@+1 {{'ure.yield' op yields (i32) but @f is declared to return (f32)}}
    ure.yield %c : i32
  }
}

// -----

ure.program @p {
  ure.func @f(i) -> (f32, i32)
  ure.def @f(%i) {
    %c = arith.constant 0.0 : f32
    // expected-error@+1 {{'ure.yield' op yields (f32) but @f is declared to return (f32, i32)}}
    ure.yield %c : f32
  }
}

// -----

ure.program @p {
  ure.func @f(i) -> f32
  ure.nest @f (i = 0 extent 4) {
    %c = arith.constant 0.0 : f32
    // expected-error@+1 {{'ure.yield' op expects parent op 'ure.def'}}
    ure.yield %c : f32
  }
}

ure.program @p {
  ure.func @f(i) -> f32
  // expected-error@+1 {{'ure.nest' op represents @g, which is not a ure.func of @p}}
  ure.nest @g (i = 0 extent 4) {
    ure.def @f(%i) {
      %c = arith.constant 0.0 : f32
      ure.yield %c : f32
    }
  }
}

// -----

//===----------------------------------------------------------------------===//
// ure.at and ure.load: index expressions
//===----------------------------------------------------------------------===//

// -----

ure.program @p {
  ure.func @f(i) -> f32
  ure.def @f(%i) {
    %n = arith.constant 3 : index
    // expected-error@+1 {{'ure.at' op index expressions use loop variables, not symbols}}
    %v = ure.at @f(%i - symbol(%n)) : f32
    ure.yield %v : f32
  }
}

// -----

ure.program @p {
  ure.func @f(i) -> f32
  ure.def @f(%i) {
    // expected-error@+1 {{'ure.at' op index map has 2 dimensions but 1 operands}}
    %v = "ure.at"(%i) <{func = @f, map = affine_map<(d0, d1) -> (d0)>}> : (index) -> f32
    ure.yield %v : f32
  }
}

// -----

ure.program @p {
  ure.func @f() -> f32
  // expected-error@+1 {{'ure.at' op must be inside a ure.def}}
  %v = ure.at @f() : f32
}

// -----

ure.program @p {
  ure.func @f(i) -> f32
  ure.def @f(%i) {
    %c1 = arith.constant 1 : index
    // expected-error@+1 {{'ure.at' op indices must be loop variables of the enclosing ure.def (optionally scaled and offset by constants)}}
    %v = ure.at @f(%c1) : f32
    ure.yield %v : f32
  }
}

// -----

ure.program @p {
  ure.input @A : memref<4xf32>
  ure.func @f
  ure.def @f(%i) {
    %c1 = arith.constant 1 : index
    // expected-error@+1 {{'ure.load' op indices must be loop variables of the enclosing ure.def}}
    %v = ure.load @A(%c1) : f32
    ure.yield %v : f32
  }
}

// -----

ure.program @p {
  ure.input @A : memref<4xf32>
  ure.func @f
  ure.def @f(%i) {
    // expected-error@+1 {{'ure.load' op index expressions use loop variables, not symbols}}
    %v = ure.load @A(symbol(%i)) : f32
    ure.yield %v : f32
  }
}

// -----

ure.program @p {
  ure.input @A : memref<4xf32>
  ure.func @f
  ure.def @f(%i) {
    // expected-error@+1 {{'ure.load' op index map has 1 dimensions but 2 operands}}
    %v = "ure.load"(%i, %i) <{input = @A, map = affine_map<(d0) -> (d0)>}> : (index, index) -> f32
    ure.yield %v : f32
  }
}

// -----

ure.program @p {
  ure.input @A : memref<4xf32>
  ure.func @f(i, j) -> f32
  ure.def @f(%i, %j) {
    // expected-error@+1 {{'ure.load' op index operand #0 is not used by the index map (its coefficient is 0): the indices would not print back; drop the operand}}
    %v = ure.load @A(%i * 0 + %j) : f32
    ure.yield %v : f32
  }
}

// -----

ure.program @p {
  ure.func @f(i, j) -> f32
  ure.def @f(%i, %j) {
    // expected-error@+1 {{'ure.at' op index operand #1 is not used by the index map (its coefficient is 0): the indices would not print back; drop the operand}}
    %v = "ure.at"(%i, %j) <{func = @f, map = affine_map<(d0, d1) -> (d0 - 1, 0)>}> : (index, index) -> f32
    ure.yield %v : f32
  }
}

// -----

ure.program @p {
  ure.input @A : memref<4xf32>
  // expected-error@+1 {{'ure.load' op must be inside a ure.def or a spacetime.array}}
  %v = ure.load @A() : f32
}

//===----------------------------------------------------------------------===//
// ure.load
//===----------------------------------------------------------------------===//

// -----

ure.program @p {
  ure.func @f
  ure.func @g(i) -> f32
  ure.def @f(%i) {
    // expected-error@+1 {{'ure.load' op reads @g, which is not a ure.input}}
    %v = ure.load @g(%i) : f32
    ure.yield %v : f32
  }
}

// -----

ure.program @p {
  ure.input @A : memref<4x4xf32>
  ure.func @f
  ure.def @f(%i) {
    // expected-error@+1 {{'ure.load' op reads input @A of rank 2 with 1 indices}}
    %v = ure.load @A(%i) : f32
    ure.yield %v : f32
  }
}

// -----

ure.program @p {
  ure.input @A : memref<4xi32>
  ure.func @f
  ure.def @f(%i) {
    // expected-error@+1 {{'ure.load' op result type must be the element type of @A, 'i32'}}
    %v = ure.load @A(%i) : f32
    ure.yield %v : f32
  }
}

//===----------------------------------------------------------------------===//
// ure.at: T2S's argument rules
//===----------------------------------------------------------------------===//

// -----

ure.program @p {
  ure.func @f(i, j) -> f32
  ure.def @f(%i, %j) {
    // expected-error@+1 {{'ure.at' op reads @g, which is not declared by a ure.func}}
    %v = ure.at @g(%i, %j) : f32
    ure.yield %v : f32
  }
}

// -----

// Simple form: a scaled argument.
ure.program @p {
  ure.func @f(i, j) -> f32
  ure.def @f(%i, %j) {
    // expected-error@+1 {{'ure.at' op argument 0 of @f is not in the simple form 'var' or 'var - constant'}}
    %v = ure.at @f(%i * 2, %j) : f32
    ure.yield %v : f32
  }
}

// -----

// Simple form: a sum of loop variables.
ure.program @p {
  ure.func @f(i, j) -> f32
  ure.def @f(%i, %j) {
    // expected-error@+1 {{'ure.at' op argument 0 of @f is not in the simple form 'var' or 'var - constant'}}
    %v = ure.at @f(%i + %j, %j) : f32
    ure.yield %v : f32
  }
}

// -----

// Simple form: a constant.
ure.program @p {
  ure.func @f(i, j) -> f32
  ure.def @f(%i, %j) {
    // expected-error@+1 {{'ure.at' op argument 1 of @f is not in the simple form 'var' or 'var - constant'}}
    %v = ure.at @f(%i, 0) : f32
    ure.yield %v : f32
  }
}

// -----

// Same number of arguments.
ure.program @p {
  ure.func @f(i, j) -> f32
  ure.def @f(%i, %j) {
    // expected-error@+1 {{'ure.at' op reads @f with 1 arguments, but its left-hand side has 2 (i, j); both sides take the same arguments in the same order}}
    %v = ure.at @f(%i) : f32
    ure.yield %v : f32
  }
}

// -----

// Same number of arguments, for an undeclared Func: its URE gives them.
ure.program @p {
  ure.func @g
  ure.func @f
  ure.def @g(%i, %j) {
    %c = arith.constant 0.0 : f32
    ure.yield %c : f32
  }
  ure.def @f(%i, %j, %k) {
    // expected-error@+1 {{'ure.at' op reads @g with 3 arguments, but its left-hand side has 2 (i, j)}}
    %v = ure.at @g(%i, %j, %k) : f32
    ure.yield %v : f32
  }
}

// -----

// Same order of arguments.
ure.program @p {
  ure.func @f(i, j) -> f32
  ure.def @f(%i, %j) {
    // expected-error@+1 {{'ure.at' op argument 0 of @f uses loop variable 'j' where the left-hand side has 'i'; both sides take the same arguments in the same order}}
    %v = ure.at @f(%j, %i - 1) : f32
    ure.yield %v : f32
  }
}

// -----

// A distance lexicographically positive: j (outermost) first.
ure.program @p {
  ure.func @f(i, j) -> f32
  ure.def @f(%i, %j) {
    // expected-error@+1 {{'ure.at' op reads @f(i + 1, j), a point that is not before the current one: the dependence distance must be lexicographically positive in the loop order, outermost first (j, i)}}
    %v = ure.at @f(%i + 1, %j) : f32
    ure.yield %v : f32
  }
}

// -----

// i + 1 is fine at j - 1; the order is the reordered one (i outermost), in
// which (i + 1, j - 1) reads the future.
ure.program @p {
  ure.func @f(i, j) -> f32
  ure.def @f(%i, %j) {
    // expected-error@+1 {{'ure.at' op reads @f(i + 1, j - 1), a point that is not before the current one: the dependence distance must be lexicographically positive in the loop order, outermost first (i, j)}}
    %v = ure.at @f(%i + 1, %j - 1) : f32
    ure.yield %v : f32
  }
  ure.reorder @f (j, i)
}

// -----

// A merged URE's order is its representative's reordered nest.
ure.program @p {
  ure.func @a(i, j) -> f32
  ure.func @f(i, j) -> f32
  ure.def @a(%i, %j) {
    %z = arith.constant 0.0 : f32
    ure.yield %z : f32
  }
  ure.def @f(%i, %j) {
    // expected-error@+1 {{outermost first (i, j)}}
    %v = ure.at @f(%i + 2, %j - 1) : f32
    ure.yield %v : f32
  }
  ure.merge_ures @a [@f]
  ure.reorder @a (j, i)
}

// -----

// A partial reorder moves only the loops it lists (Halide's rule, as
// merge-ures builds the nest): on loops (i, j, k), innermost first,
// reorder (k, i) swaps i and k and keeps j in place, so the nest is
// (i, j, k), outermost first. f(i + 1, j, k - 1) is at distance
// (-1, 0, 1) in that order: after the current point.
ure.program @p {
  ure.func @f(i, j, k) -> f32
  ure.def @f(%i, %j, %k) {
    // expected-error@+1 {{'ure.at' op reads @f(i + 1, j, k - 1), a point that is not before the current one: the dependence distance must be lexicographically positive in the loop order, outermost first (i, j, k)}}
    %v = ure.at @f(%i + 1, %j, %k - 1) : f32
    ure.yield %v : f32
  }
  ure.reorder @f (k, i)
}

// -----

// Reorders apply in turn: (j, i) on (i, j, k) gives (j, i, k); then
// (k, j) gives (k, i, j), innermost first: the nest is (j, i, k). The
// distance of f(i - 1, j + 1, k) in that order is (-1, 1, 0).
ure.program @p {
  ure.func @f(i, j, k) -> f32
  ure.def @f(%i, %j, %k) {
    // expected-error@+1 {{outermost first (j, i, k)}}
    %v = ure.at @f(%i - 1, %j + 1, %k) : f32
    ure.yield %v : f32
  }
  ure.reorder @f (j, i)
  ure.reorder @f (k, j)
}

// -----

// Types of a read: declared.
ure.program @p {
  ure.func @f(i, j) -> f32
  ure.def @f(%i, %j) {
    // expected-error@+1 {{'ure.at' op result types must be the types of @f: (f32)}}
    %v = ure.at @f(%i, %j - 1) : i32
    %w = arith.sitofp %v : i32 to f32
    ure.yield %w : f32
  }
}

// -----

// Types of a read: those its URE yields, for an undeclared Func.
ure.program @p {
  ure.func @g
  ure.func @f
  ure.def @g(%i) {
    %c = arith.constant 0.0 : f32
    %d = arith.constant 0 : i32
    ure.yield %c, %d : f32, i32
  }
  ure.def @f(%i) {
    // expected-error@+1 {{'ure.at' op result types must be the types of @g: (f32, i32)}}
    %v = ure.at @g(%i) : f32
    ure.yield %v : f32
  }
}

//===----------------------------------------------------------------------===//
// ure.param_value
//===----------------------------------------------------------------------===//

// -----

ure.program @p {
  ure.func @f
  ure.def @f(%i) {
    // expected-error@+1 {{'ure.param_value' op names @f, which is not a ure.param}}
    %k = ure.param_value @f
    ure.yield %k : index
  }
}

// -----

ure.program @p {
  ure.func @f
  ure.def @f(%i) {
    // expected-error@+1 {{'ure.param_value' op names @K, which is not a ure.param}}
    %k = ure.param_value @K
    ure.yield %k : index
  }
}

//===----------------------------------------------------------------------===//
// ure.select
//===----------------------------------------------------------------------===//

// -----

ure.program @p {
  ure.func @f
  ure.def @f(%i) {
    %c0 = arith.constant 0 : index
    %one = arith.constant 1.0 : f32
    %first = arith.cmpi eq, %i, %c0 : index
    // expected-error@+1 {{'ure.select' op a select without an else value may only be yielded: elsewhere it would have no value}}
    %s = ure.select %first, %one : f32
    %v = arith.addf %s, %one : f32
    ure.yield %v : f32
  }
}

// -----

ure.program @p {
  ure.func @f
  ure.def @f(%i) {
    %c0 = arith.constant 0 : index
    %one = arith.constant 1.0 : f32
    %first = arith.cmpi eq, %i, %c0 : index
    // expected-error@+1 {{'ure.select' op failed to verify that all of {value, result} have same type}}
    %s = "ure.select"(%first, %one) : (i1, f32) -> i32
    ure.yield %s : i32
  }
}

//===----------------------------------------------------------------------===//
// Program rules: definitions and use before define
//===----------------------------------------------------------------------===//

// -----

ure.program @p {
  ure.func @f
  // expected-note@+1 {{first definition here}}
  ure.def @f(%i) {
    %c = arith.constant 0 : i32
    ure.yield %c : i32
  }
  // expected-error@+1 {{'ure.def' op Func @f is defined twice}}
  ure.def @f(%i) {
    %c = arith.constant 1 : i32
    ure.yield %c : i32
  }
}

// -----

// Use before define: an undeclared Func read before its URE.
ure.program @p {
  ure.func @f
  ure.func @g
  ure.def @f(%i, %j) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    // expected-error@+1 {{'ure.at' op uses Func @g before its definition; only Funcs declared with loop variables and types may be used before they are defined}}
    %g = ure.at @g(%i - 1, %j) : f32
    %zero = arith.constant 0.0 : f32
    %v = arith.select %first, %zero, %g : f32
    ure.yield %v : f32
  }
  ure.def @g(%i, %j) {
    %c = arith.constant 1.0 : f32
    ure.yield %c : f32
  }
}

// -----

// An undeclared Func that is never defined.
ure.program @p {
  ure.func @f
  ure.func @g
  ure.def @f(%i) {
    // expected-error@+1 {{'ure.at' op uses Func @g before its definition}}
    %g = ure.at @g(%i) : f32
    ure.yield %g : f32
  }
}

// -----

// A declared Func that is never defined.
ure.program @p {
  ure.func @f(i) -> f32
  ure.func @g(i) -> f32
  ure.def @f(%i) {
    // expected-error@+1 {{'ure.at' op reads Func @g, which has no URE definition}}
    %g = ure.at @g(%i) : f32
    ure.yield %g : f32
  }
}

//===----------------------------------------------------------------------===//
// Program rules: the merge
//===----------------------------------------------------------------------===//

// -----

ure.program @p {
  ure.func @a
  ure.func @b
  ure.def @a(%i) {
    %c = arith.constant 0 : i32
    ure.yield %c : i32
  }
  ure.def @b(%i) {
    %c = arith.constant 0 : i32
    ure.yield %c : i32
  }
  ure.merge_ures @a [@b]
  // expected-error@+1 {{'ure.merge_ures' op a program has at most one merge_ures}}
  ure.merge_ures @b [@a]
}

// -----

ure.program @p {
  ure.func @a
  ure.func @b
  ure.def @a(%i) {
    %c = arith.constant 0 : i32
    ure.yield %c : i32
  }
  ure.def @b(%i) {
    %c = arith.constant 0 : i32
    ure.yield %c : i32
  }
  // expected-error@+1 {{'ure.merge_ures' op merges @a twice}}
  ure.merge_ures @a [@b, @a]
}

// -----

ure.program @p {
  ure.func @a
  ure.func @b(i) -> i32
  ure.def @a(%i) {
    %c = arith.constant 0 : i32
    ure.yield %c : i32
  }
  // expected-error@+1 {{'ure.merge_ures' op merges @b, which has no URE definition}}
  ure.merge_ures @a [@b]
}

// -----

ure.program @p {
  ure.func @a
  ure.def @a(%i) {
    %c = arith.constant 0 : i32
    ure.yield %c : i32
  }
  // expected-error@+1 {{'ure.merge_ures' op merges @nope, which has no URE definition}}
  ure.merge_ures @a [@nope]
}

// -----

ure.program @p {
  ure.func @a
  ure.func @b
  ure.nest @a (i = 0 extent 4) {
    ure.def @a(%i) {
      %c = arith.constant 0 : i32
      ure.yield %c : i32
    }
  }
  // expected-error@+1 {{'ure.nest' op a program has at most one nest}}
  ure.nest @b (i = 0 extent 4) {
    ure.def @b(%i) {
      %c = arith.constant 0 : i32
      ure.yield %c : i32
    }
  }
}

// -----

ure.program @p {
  ure.func @a
  // expected-error@+1 {{'ure.nest' op holds no URE}}
  ure.nest @a (i = 0 extent 4) {
  }
}

// -----

// Extended URE: only the last merged URE may drop loop variables.
ure.program @p {
  ure.func @a(i, j) -> i32
  ure.func @e(i) -> i32
  ure.func @b(i, j) -> i32
  ure.def @a(%i, %j) {
    %c = arith.constant 0 : i32
    ure.yield %c : i32
  }
  // expected-error@+1 {{'ure.def' op extended URE @e drops loop variables; only the last merged URE may}}
  ure.def @e(%i) with (%j) {
    %a = ure.at @a(%i, %j) : i32
    ure.yield %a : i32
  }
  ure.def @b(%i, %j) {
    %a = ure.at @a(%i, %j) : i32
    ure.yield %a : i32
  }
  ure.merge_ures @a [@e, @b]
}

// -----

// The representative itself is not extended unless it is the only URE.
ure.program @p {
  ure.func @a
  ure.func @b
  // expected-error@+1 {{'ure.def' op extended URE @a drops loop variables; only the last merged URE may}}
  ure.def @a(%i) with (%j) {
    %c = arith.constant 0 : i32
    ure.yield %c : i32
  }
  ure.def @b(%i, %j) {
    %a = ure.at @a(%i) : i32
    ure.yield %a : i32
  }
  ure.merge_ures @a [@b]
}

// -----

// Merged UREs share the representative's loop variables.
ure.program @p {
  ure.func @a
  ure.func @b
  ure.def @a(%i, %j) {
    %c = arith.constant 0 : i32
    ure.yield %c : i32
  }
  // expected-error@+1 {{'ure.def' op URE @b has loop variables ["j", "i"] but the representative @a has ["i", "j"]; merged UREs share the representative's}}
  ure.def @b(%j, %i) {
    %c = arith.constant 0 : i32
    ure.yield %c : i32
  }
  ure.merge_ures @a [@b]
}

// -----

ure.program @p {
  ure.func @a
  ure.func @b
  ure.def @a(%i, %j) {
    %c = arith.constant 0 : i32
    ure.yield %c : i32
  }
  // expected-error@+1 {{'ure.def' op URE @b has loop variables ["i", "j", "k"] but the representative @a has ["i", "j"]}}
  ure.def @b(%i, %j, %k) {
    %c = arith.constant 0 : i32
    ure.yield %c : i32
  }
  ure.merge_ures @a [@b]
}

// -----

// An extended URE names only loop variables of the representative.
ure.program @p {
  ure.func @a
  ure.func @out
  ure.def @a(%i, %j) {
    %c = arith.constant 0 : i32
    ure.yield %c : i32
  }
  // expected-error@+1 {{'ure.def' op loop variable "z" is not a loop variable of the representative @a}}
  ure.def @out(%i) with (%z) {
    %c = arith.constant 0 : i32
    ure.yield %c : i32
  }
  ure.merge_ures @a [@out]
}

// -----

// The output Func (the last merged URE) is never read.
ure.program @p {
  ure.func @a(i, j) -> i32
  ure.func @b(i, j) -> i32
  ure.def @a(%i, %j) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %first = arith.cmpi eq, %i, %c0 : index
    // expected-error@+1 {{'ure.at' op reads the output Func @b, which may only be written}}
    %b = ure.at @b(%i - 1, %j) : i32
    %v = arith.select %first, %zero, %b : i32
    ure.yield %v : i32
  }
  ure.def @b(%i, %j) {
    %a = ure.at @a(%i, %j) : i32
    ure.yield %a : i32
  }
  ure.merge_ures @a [@b]
}

// -----

// A single URE without a merge is the output too.
ure.program @p {
  ure.func @a
  ure.def @a(%i) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %first = arith.cmpi eq, %i, %c0 : index
    // expected-error@+1 {{'ure.at' op reads the output Func @a, which may only be written}}
    %a = ure.at @a(%i - 1) : i32
    %v = arith.select %first, %zero, %a : i32
    ure.yield %v : i32
  }
}

// -----

// A read at distance zero of a Func realized later in the merge.
ure.program @p {
  ure.func @a(i, j) -> i32
  ure.func @b(i, j) -> i32
  ure.func @c
  ure.def @a(%i, %j) {
    // expected-error@+1 {{'ure.at' op reads @b at the current iteration, but it is realized after @a there}}
    %b = ure.at @b(%i, %j) : i32
    ure.yield %b : i32
  }
  ure.def @b(%i, %j) {
    %c = arith.constant 0 : i32
    ure.yield %c : i32
  }
  ure.def @c(%i, %j) {
    %a = ure.at @a(%i, %j) : i32
    ure.yield %a : i32
  }
  ure.merge_ures @a [@b, @c]
}

// -----

// Merge order, not program order, decides: @b is defined first but realized
// after @a.
ure.program @p {
  ure.func @a
  ure.func @b
  ure.func @c
  ure.def @b(%i) {
    %c = arith.constant 0 : i32
    ure.yield %c : i32
  }
  ure.def @a(%i) {
    // expected-error@+1 {{'ure.at' op reads @b at the current iteration, but it is realized after @a there}}
    %b = ure.at @b(%i) : i32
    ure.yield %b : i32
  }
  ure.def @c(%i) {
    %a = ure.at @a(%i) : i32
    ure.yield %a : i32
  }
  ure.merge_ures @a [@b, @c]
}

// -----

// A URE reading itself at distance zero.
ure.program @p {
  ure.func @a(i) -> i32
  ure.func @c
  ure.def @a(%i) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %first = arith.cmpi eq, %i, %c0 : index
    // expected-error@+1 {{'ure.at' op reads @a at the current iteration, but it is realized after @a there}}
    %a = ure.at @a(%i) : i32
    %v = arith.select %first, %zero, %a : i32
    ure.yield %v : i32
  }
  ure.def @c(%i) {
    %a = ure.at @a(%i) : i32
    ure.yield %a : i32
  }
  ure.merge_ures @a [@c]
}

// -----

// The same rule holds in a nest, after merge-ures.
ure.program @p {
  ure.func @a(i) -> i32
  ure.func @b(i) -> i32
  ure.func @c
  ure.nest @a (i = 0 extent 4) {
    ure.def @a(%i) {
      // expected-error@+1 {{'ure.at' op reads @b at the current iteration, but it is realized after @a there}}
      %b = ure.at @b(%i) : i32
      ure.yield %b : i32
    }
    ure.def @b(%i) {
      %c = arith.constant 0 : i32
      ure.yield %c : i32
    }
    ure.def @c(%i) {
      %a = ure.at @a(%i) : i32
      ure.yield %a : i32
    }
  }
}

//===----------------------------------------------------------------------===//
// Program rules: initial values (merge-ures.md, "Recursive Reference")
//===----------------------------------------------------------------------===//

// -----

// merge-ures.md Example 1: neither f nor g has an initial value.
ure.program @p {
  ure.func @f(i, j) -> i32
  ure.func @g(i, j) -> i32
  // expected-error@+2 {{'ure.def' op Func @f has no initial value: no path of its recursive references ends in a value}}
  // expected-note@+1 {{unsatisfied clauses: (@f or @g)}}
  ure.def @f(%i, %j) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %g = ure.at @g(%i, %j) : i32
    %f = ure.at @f(%i - 1, %j) : i32
    %v = arith.select %first, %g, %f : i32
    ure.yield %v : i32
  }
  ure.def @g(%i, %j) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %f = ure.at @f(%i, %j) : i32
    %g = ure.at @g(%i - 1, %j) : i32
    %v = arith.select %first, %f, %g : i32
    ure.yield %v : i32
  }
}

// -----

// merge-ures.md Example 3: f needs h, h needs g, g needs (f or g) and (h or g).
ure.program @p {
  ure.func @f(i, j) -> i32
  ure.func @g(i, j) -> i32
  ure.func @h(i, j) -> i32
  // expected-error@+2 {{'ure.def' op Func @f has no initial value}}
  // expected-note@+1 {{unsatisfied clauses: (@h)}}
  ure.def @f(%i, %j) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %ii = arith.index_cast %i : index to i32
    %g1 = ure.at @g(%i - 1, %j) : i32
    %s = arith.select %first, %ii, %g1 : i32
    %h = ure.at @h(%i, %j) : i32
    %v = arith.addi %s, %h : i32
    ure.yield %v : i32
  }
  ure.def @g(%i, %j) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %f = ure.at @f(%i, %j) : i32
    %h = ure.at @h(%i, %j) : i32
    %fh = arith.addi %f, %h : i32
    %g1 = ure.at @g(%i - 1, %j) : i32
    %v = arith.select %first, %fh, %g1 : i32
    ure.yield %v : i32
  }
  ure.def @h(%i, %j) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %ii = arith.index_cast %i : index to i32
    %f1 = ure.at @f(%i - 1, %j) : i32
    %g1 = ure.at @g(%i - 1, %j) : i32
    %fg = arith.addi %f1, %g1 : i32
    %s = arith.select %first, %ii, %fg : i32
    %g = ure.at @g(%i, %j) : i32
    %v = arith.addi %s, %g : i32
    ure.yield %v : i32
  }
}

// -----

// A product f = g * f: g has an initial value, but f's only path goes through
// f itself (f = g and f), so f has none.
ure.program @p {
  ure.func @g
  ure.func @f(i, j) -> i32
  ure.def @g(%i, %j) {
    %one = arith.constant 1 : i32
    ure.yield %one : i32
  }
  // expected-error@+2 {{'ure.def' op Func @f has no initial value}}
  // expected-note@+1 {{unsatisfied clauses: (@f)}}
  ure.def @f(%i, %j) {
    %g = ure.at @g(%i, %j) : i32
    %f = ure.at @f(%i - 1, %j) : i32
    %v = arith.muli %g, %f : i32
    ure.yield %v : i32
  }
}

// -----

// A sum of two Funcs that only reach each other: neither f nor g (nor h)
// has an initial value.
ure.program @p {
  ure.func @f(i) -> i32
  ure.func @g(i) -> i32
  ure.func @h
  // expected-error@+2 {{'ure.def' op Func @f has no initial value}}
  // expected-note@+1 {{unsatisfied clauses: (@f or @g)}}
  ure.def @f(%i) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %g = ure.at @g(%i - 1) : i32
    %f = ure.at @f(%i - 1) : i32
    %v = arith.select %first, %g, %f : i32
    ure.yield %v : i32
  }
  ure.def @g(%i) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %f = ure.at @f(%i - 1) : i32
    %g = ure.at @g(%i - 1) : i32
    %v = arith.select %first, %f, %g : i32
    ure.yield %v : i32
  }
  ure.def @h(%i) {
    %f = ure.at @f(%i) : i32
    %g = ure.at @g(%i) : i32
    %v = arith.addi %f, %g : i32
    ure.yield %v : i32
  }
}

// -----

// The select's condition does not give a value: f = select(f(i - 1) > 0, 1, f(i - 1))
// still needs f.
ure.program @p {
  ure.func @f(i) -> i32
  ure.func @o
  // expected-error@+2 {{'ure.def' op Func @f has no initial value}}
  // expected-note@+1 {{unsatisfied clauses: (@f)}}
  ure.def @f(%i) {
    %zero = arith.constant 0 : i32
    %f = ure.at @f(%i - 1) : i32
    %pos = arith.cmpi sgt, %f, %zero : i32
    %v = arith.select %pos, %f, %f : i32
    ure.yield %v : i32
  }
  ure.def @o(%i) {
    %f = ure.at @f(%i) : i32
    ure.yield %f : i32
  }
  ure.merge_ures @f [@o]
}

//===----------------------------------------------------------------------===//
// Directives
//===----------------------------------------------------------------------===//

// -----

ure.program @p {
  // expected-error@+1 {{'ure.set_bounds' op names @f, which is not declared by a ure.func}}
  ure.set_bounds @f (i = 0 extent 4)
}

// -----

ure.program @p {
  ure.func @f
  // expected-error@+1 {{'ure.set_bounds' op extent of 'i' must be positive, got 0}}
  ure.set_bounds @f (i = 0 extent 0)
}

// -----

ure.program @p {
  ure.func @f
  // expected-error@+1 {{'ure.set_bounds' op extent of 'j' must be positive, got -3}}
  ure.set_bounds @f (i = 0 extent 2, j = 0 extent -3)
}

// -----

ure.program @p {
  ure.func @f
  // expected-error@+1 {{'ure.set_bounds' op loop variable 'i' appears twice}}
  ure.set_bounds @f (i = 0 extent 2, i = 1 extent 2)
}

// -----

ure.program @p {
  ure.func @f
  // expected-error@+1 {{'ure.set_bounds' op extent of 'i' refers to @f, which is not a ure.param}}
  ure.set_bounds @f (i = 0 extent @f)
}

// -----

ure.program @p {
  ure.func @f
  // expected-error@+1 {{'ure.set_bounds' op extent of 'i' refers to @N, which is not a ure.param}}
  ure.set_bounds @f (i = 0 extent @N)
}

// -----

ure.program @p {
  ure.func @f
  // expected-error@+1 {{'ure.set_bounds' op extent of 'i' must be an integer or a ure.param}}
  "ure.set_bounds"() <{func = @f, vars = ["i"], mins = array<i64: 0>, extents = ["four"]}> : () -> ()
}

// -----

ure.program @p {
  ure.func @f
  // expected-error@+1 {{'ure.set_bounds' op needs one min and one extent per loop variable}}
  "ure.set_bounds"() <{func = @f, vars = ["i", "j"], mins = array<i64: 0>, extents = [4, 4]}> : () -> ()
}

// -----

ure.program @p {
  ure.func @f
  // expected-error@+1 {{'ure.set_bounds' op needs one min and one extent per loop variable}}
  "ure.set_bounds"() <{func = @f, vars = ["i"], mins = array<i64: 0>, extents = [4, 4]}> : () -> ()
}

// -----

ure.program @p {
  // expected-error@+1 {{'ure.reorder' op names @f, which is not declared by a ure.func}}
  ure.reorder @f (i, j)
}

// -----

ure.program @p {
  ure.func @f
  // expected-error@+1 {{'ure.reorder' op loop variable 'j' appears twice}}
  ure.reorder @f (j, i, j)
}

// -----

ure.program @p {
  ure.func @a
  // expected-error@+1 {{'ure.nest' op extent of 'i' must be positive, got 0}}
  ure.nest @a (i = 0 extent 0) {
    ure.def @a(%i) {
      %c = arith.constant 0 : i32
      ure.yield %c : i32
    }
  }
}

// -----

ure.program @p {
  ure.func @a
  // expected-error@+1 {{'ure.nest' op loop variable 'i' appears twice}}
  ure.nest @a (i = 0 extent 2, i = 0 extent 2) {
    ure.def @a(%i) {
      %c = arith.constant 0 : i32
      ure.yield %c : i32
    }
  }
}

// -----

ure.program @p {
  ure.func @a
  // expected-error@+1 {{'ure.nest' op extent of 'i' refers to @M, which is not a ure.param}}
  ure.nest @a (i = 0 extent @M) {
    ure.def @a(%i) {
      %c = arith.constant 0 : i32
      ure.yield %c : i32
    }
  }
}

// -----

ure.program @p {
  "ure.wrapper"() ({
    // expected-error@+1 {{'ure.merge_ures' op expects parent op 'ure.program'}}
    ure.merge_ures @a [@b]
  }) : () -> ()
}

// -----

// expected-error@+1 {{'ure.program' op region should have no arguments}}
"ure.program"() <{sym_name = "p"}> ({
^bb0(%x: index):
}) : () -> ()

// -----

// Widths and float formats no mode supports are rejected where they appear.
ure.program @p {
  // expected-error@+1 {{'ure.input' op element type must be one of the integers of 1 to 64 bits, f16, bf16, f32, f64 or index, got 'i65'}}
  ure.input @A : memref<4xi65>
}

// -----

ure.program @p {
  // expected-error@+1 {{'ure.func' op return types are integers of 1 to 64 bits, f16, bf16, f32, f64 or index, got 'i128'}}
  ure.func @f(i) -> i128
}

// -----

ure.program @p {
  // expected-error@+1 {{'ure.func' op return types are integers of 1 to 64 bits, f16, bf16, f32, f64 or index, got 'f80'}}
  ure.func @f(i) -> f80
}

// -----

ure.program @p {
  ure.input @A : memref<4xi64>
  ure.func @f(i) -> i64
  ure.def @f(%i) {
    %a = ure.load @A(%i) : i64
    // expected-error@+1 {{'arith.extsi' op result type 'i128' is not supported: values in a URE are integers of 1 to 64 bits, f16, bf16, f32, f64 or index}}
    %w = arith.extsi %a : i64 to i128
    %t = arith.trunci %w : i128 to i64
    ure.yield %t : i64
  }
  ure.set_bounds @f (i = 0 extent 4)
}

// -----

ure.program @p {
  ure.func @f(i) -> f32
  ure.def @f(%i) {
    %c = arith.constant 1.0 : f32
    // expected-error@+1 {{'arith.extf' op result type 'f128' is not supported: values in a URE are integers of 1 to 64 bits, f16, bf16, f32, f64 or index}}
    %w = arith.extf %c : f32 to f128
    %t = arith.truncf %w : f128 to f32
    ure.yield %t : f32
  }
  ure.set_bounds @f (i = 0 extent 4)
}

// -----

// A loop's min + extent must fit 64-bit integers.
ure.program @p {
  ure.func @f(i) -> i32
  // expected-error@+1 {{'ure.set_bounds' op bounds of 'i' overflow 64-bit integers: min 1 + extent 9223372036854775807}}
  ure.set_bounds @f (i = 1 extent 9223372036854775807)
}

// -----

ure.program @p {
  // expected-error@+1 {{'ure.param' op max must be positive, got 0}}
  ure.param @N max 0
}

// -----

ure.program @p {
  ure.func @out(i) -> f32 on device
  // expected-error@+1 {{'ure.isolate_producer' op isolates @out, which is not a ure.input: t2s isolates the loads of inputs; a Func's values stay in the array (T2S's isolation of a Func or an expression is not built)}}
  ure.isolate_producer [@out] into @loader
}

// -----

ure.program @p {
  ure.input @A : memref<4xf32>
  // expected-error@+1 {{'ure.isolate_producer' op names @A twice}}
  ure.isolate_producer [@A, @A] into @loader
}

// -----

ure.program @p {
  ure.input @A : memref<4xf32>
  // expected-note@+1 {{first isolated here}}
  ure.isolate_producer [@A] into @loader
  // expected-error@+1 {{'ure.isolate_producer' op isolates @A again}}
  ure.isolate_producer [@A] into @loader2
}

// -----

ure.program @p {
  ure.input @A : memref<4xf32>
  // expected-error@+1 {{'ure.isolate_producer' op depth must be at least 1, got 0}}
  ure.isolate_producer [@A] into @loader depth 0
}

// -----

ure.program @p {
  // expected-note@+1 {{defined here}}
  ure.input @A : memref<4xf32>
  // expected-error@+1 {{'ure.isolate_producer' op kernel @A would redefine a symbol of the program}}
  ure.isolate_producer [@A] into @A
}

// -----

ure.program @p {
  ure.input @A : memref<4xf32>
  ure.input @B : memref<4xf32>
  // expected-note@+1 {{the earlier directive}}
  ure.isolate_producer [@A] into @loader
  // expected-error@+1 {{'ure.isolate_producer' op kernel @loader is created by an earlier directive}}
  ure.isolate_producer [@B] into @loader
}

// -----

ure.program @p {
  ure.input @A : memref<4xf32>
  // expected-error@+1 {{'ure.isolate_producer' op names no input}}
  ure.isolate_producer [] into @loader
}

// -----

ure.program @p {
  ure.input @A : memref<4xf32>
  // expected-error@+1 {{'ure.isolate_consumer' op isolates @A, which is not a ure.func}}
  ure.isolate_consumer @A into @drainer
}

// -----

ure.program @p {
  ure.func @out(i) -> f32 on device
  // expected-note@+1 {{the first one}}
  ure.isolate_consumer @out into @drainer
  // expected-error@+1 {{'ure.isolate_consumer' op is a second consumer isolation; the output goes to one drainer}}
  ure.isolate_consumer @out into @drainer2
}

// -----

ure.program @p {
  ure.input @A : memref<4xf32>
  ure.func @out(i) -> f32 on device
  // expected-note@+1 {{the earlier directive}}
  ure.isolate_producer [@A] into @k
  // expected-error@+1 {{'ure.isolate_consumer' op kernel @k is created by an earlier directive}}
  ure.isolate_consumer @out into @k
}

// -----

ure.program @p {
  ure.input @A : memref<4xf32>
  // expected-error@+1 {{'ure.vectorize' op names @A, which is neither a ure.func nor a kernel that a ure.isolate_producer or ure.isolate_consumer creates}}
  ure.vectorize @A (i)
}

// -----

ure.program @p {
  ure.func @c(i, j, k, l) -> f32 on device
  // expected-error@+1 {{'ure.vectorize' op vectorizes 1 to 3 loops (vectors of rank 1 to 3), not 4}}
  ure.vectorize @c (i, j, k, l)
}

// -----

ure.program @p {
  ure.func @c(i, j) -> f32 on device
  // expected-error@+1 {{'ure.vectorize' op vectorized loop 'i' appears twice}}
  ure.vectorize @c (i, i)
}

// -----

// A Func's loops are known to the verifier (a kernel's only to the pass).
ure.program @p {
  ure.func @W(i, j) -> f32 on device
  // expected-error@+1 {{'ure.vectorize' op vectorizes loop 'z', which is not a loop of @W (its loops: i, j)}}
  ure.vectorize @W (z)
}

// -----

// A Func declared without loops takes its definition's (T2S's
// vectorize-1-8-n: `A(i) = a(i); A.vectorize(j)` is an error).
ure.program @p {
  ure.input @a : memref<32xi32>
  ure.func @A
  ure.def @A(%i) {
    %v = ure.load @a(%i) : i32
    ure.yield %v : i32
  }
  ure.set_bounds @A (i = 0 extent 32)
  // expected-error@+1 {{'ure.vectorize' op vectorizes loop 'j', which is not a loop of @A (its loops: i)}}
  ure.vectorize @A (j)
}

// -----

ure.program @p {
  ure.input @a : memref<32xi32>
  ure.func @A
  ure.def @A(%i) {
    %v = ure.load @a(%i) : i32
    ure.yield %v : i32
  }
  // expected-error@+1 {{'ure.unroll' op unrolls loop 'j', which is not a loop of @A (its loops: i)}}
  ure.unroll @A (j)
}

// -----

// Directives on merged UREs go to the representative (T2S's
// vectorize-4-4-n: `B.merge_ures(A); A.vectorize(ii)` is an error).
ure.program @p {
  ure.input @a : memref<8xi32>
  ure.func @B(ii) -> i32 on device
  ure.func @A(ii) -> i32 on device
  ure.def @B(%ii) {
    %v = ure.load @a(%ii) : i32
    ure.yield %v : i32
  }
  ure.def @A(%ii) {
    %v = ure.at @B(%ii) : i32
    ure.yield %v : i32
  }
  ure.merge_ures @B [@A]
  // expected-error@+1 {{'ure.vectorize' op names @A, which ure.merge_ures merges into @B's nest: give the directive to @B}}
  ure.vectorize @A (ii)
}

// -----

ure.program @p {
  ure.input @A : memref<4xf32>
  // expected-error@+1 {{'ure.unroll' op names @A, which is neither a ure.func nor a kernel that a ure.isolate_producer or ure.isolate_consumer creates}}
  ure.unroll @A (i)
}

// -----

ure.program @p {
  ure.func @c(i, j) -> f32 on device
  // expected-error@+1 {{'ure.unroll' op unrolls at least one loop}}
  ure.unroll @c ()
}

// -----

ure.program @p {
  ure.func @c(i, j) -> f32 on device
  // expected-error@+1 {{'ure.unroll' op unrolled loop 'j' appears twice}}
  ure.unroll @c (j, j)
}

// -----

ure.program @p {
  ure.func @c(i, j) -> f32 on device
  // expected-error@+1 {{'ure.remove' op removes at least one loop}}
  ure.remove @loader ()
}

// -----

ure.program @p {
  ure.func @c(i, j) -> f32 on device
  // expected-error@+1 {{'ure.remove' op removed loop 'j' appears twice}}
  ure.remove @loader (j, j)
}

// -----

ure.program @p {
  ure.func @W(i, j) -> f32 on device
  // expected-error@+1 {{'ure.unroll' op unrolls loop 'z', which is not a loop of @W (its loops: i, j)}}
  ure.unroll @W (z)
}

// -----

// T2S's late_fuse parses, and is refused with what to do.
ure.program @p {
  ure.func @c(i, j) -> f32 on device
  // expected-error@+1 {{'ure.late_fuse' op is not supported: t2s keeps @feeder a kernel of its own, connected to @c by channels, and the design computes the same values without the fusion; drop the directive}}
  ure.late_fuse @feeder into @c at (j) outs 4
}

// -----

ure.program @p {
  ure.func @c(i, j) -> f32 on device
  // expected-error@+1 {{'ure.gather' op names @k, which is neither a ure.func nor a kernel that a ure.isolate_producer or ure.isolate_consumer creates}}
  ure.gather @k (@c, i, down)
}

// -----

ure.program @p {
  ure.input @A : memref<4xf32>
  ure.func @c(i, j) -> f32 on device
  // expected-error@+1 {{'ure.gather' op gathers @A, which is not a ure.func}}
  ure.gather @c (@A, i, down)
}

// -----

ure.program @p {
  ure.func @c(i, j) -> f32 on device
  // expected-note@+1 {{the first gather}}
  ure.gather @c (@c, i, down)
  // expected-error@+1 {{'ure.gather' op is a second gather of @c: a kernel gathers one Func}}
  ure.gather @c (@c, j, down)
}

// -----

ure.program @p {
  ure.input @A : memref<4xf32>
  ure.func @c(i, j) -> f32 on device
  // expected-error@+1 {{'ure.gather' op gathers along 'i' down, but a scatter along it is up: the PEs along a loop run in one order}}
  ure.gather @c (@c, i, down)
  // expected-note@+1 {{the scatter}}
  ure.scatter @c (@A, i, up)
}

// -----

ure.program @p {
  ure.func @c(i, j) -> f32 on device
  // expected-error@+1 {{'ure.scatter' op scatters @nothing, which is neither a ure.input nor a ure.func}}
  ure.scatter @c (@nothing, i, up)
}

// -----

ure.program @p {
  ure.input @A : memref<4xf32>
  ure.func @c(i, j) -> f32 on device
  // expected-note@+1 {{the first scatter}}
  ure.scatter @c (@A, i, up)
  // expected-error@+1 {{'ure.scatter' op scatters @A along 'i' twice}}
  ure.scatter @c (@A, i, up)
}

// -----

ure.program @p {
  ure.input @A : memref<4xf32>
  ure.input @B : memref<4xf32>
  ure.func @c(i, j) -> f32 on device
  // expected-note@+1 {{the earlier scatter}}
  ure.scatter @c (@A, i, up)
  // expected-error@+1 {{'ure.scatter' op scatters along 'i' down, but an earlier scatter along it is up: the values along one loop flow one way}}
  ure.scatter @c (@B, i, down)
}

// -----

ure.program @p {
  ure.input @A : memref<4xf32>
  ure.func @c(i, j) -> f32 on device
  // expected-error@+1 {{expected 'up' or 'down', got 'sideways'}}
  ure.scatter @c (@A, i, sideways)
}

// -----

ure.program @p {
  ure.input @A : memref<8xf32>
  ure.func @f(i) -> f32 on device
  ure.def @f(%i) {
    // expected-error@+1 {{'ure.load' op index 0 (d0 floordiv -2) divides by -2: the divisor of mod, floordiv and ceildiv is a positive constant}}
    %v = ure.load @A(%i floordiv -2) : f32
    ure.yield %v : f32
  }
}

// -----

ure.program @p {
  ure.input @A : memref<8xf32>
  ure.func @f(i) -> f32 on device
  ure.def @f(%i) {
    // expected-error@+1 {{'ure.load' op index 0 (d0 mod 0) divides by 0: the divisor of mod, floordiv and ceildiv is a positive constant}}
    %v = ure.load @A(%i mod 0) : f32
    ure.yield %v : f32
  }
}

// -----

// Triangular bounds name loops bounded before them in the same directive.
ure.program @p {
  ure.func @f(k, i) -> f32 on device
  // expected-error@+1 {{'ure.set_bounds' op the bounds of 'k' name loop 'i', which is not bounded before it in this ure.set_bounds; bound the loops a bound names first, in the same directive (T2S's set_bounds(k, 0, K, j, k, K - k))}}
  ure.set_bounds @f (k = 0 extent 8 - i, i = 0 extent 8)
}

// -----

ure.program @p {
  ure.func @f(k, i) -> f32 on device
  // expected-error@+1 {{'ure.set_bounds' op the bounds of 'k' name loop 'j', which is not bounded before it}}
  ure.set_bounds @f (i = 0 extent 8, k = j extent 8)
}

// -----

ure.program @p {
  ure.func @f(k, i) -> f32 on device
  // expected-error@+1 {{'ure.set_bounds' op the bounds of 'k' name 'k' itself; a bound may name only loops bounded before it}}
  ure.set_bounds @f (i = 0 extent 8, k = 0 extent 8 - k)
}

// -----

ure.program @p {
  ure.param @N
  ure.func @f(k, i) -> f32 on device
  // expected-error@+1 {{the min names @N: a min is a constant (or, in ure.set_bounds, a constant plus outer loops)}}
  ure.set_bounds @f (i = 0 extent 8, k = @N extent 8)
}

// -----

ure.program @p {
  ure.func @f(k, i) -> f32 on device
  // expected-error@+1 {{'ure.set_bounds' op extent of 'k' refers to @M, which is not a ure.param}}
  ure.set_bounds @f (i = 0 extent 8, k = 0 extent @M - i)
}

// -----

ure.program @p {
  ure.func @f(k, i) -> f32 on device
  // expected-error@+1 {{'ure.set_bounds' op loop_terms bound 'j', which the directive does not bound}}
  "ure.set_bounds"() <{func = @f, vars = ["i", "k"], mins = array<i64: 0, 0>, extents = [8, 8], loop_terms = [["j", "i", 1, 0]]}> : () -> ()
}

// -----

ure.program @p {
  ure.func @f(k, i) -> f32 on device
  // expected-error@+1 {{'ure.set_bounds' op loop_terms name 'i' in the bounds of 'k' twice or with no coefficient}}
  "ure.set_bounds"() <{func = @f, vars = ["i", "k"], mins = array<i64: 0, 0>, extents = [8, 8], loop_terms = [["k", "i", 0, 0]]}> : () -> ()
}

// -----

ure.program @p {
  ure.func @f(k, i) -> f32 on device
  // expected-error@+1 {{'ure.set_bounds' op loop_terms must hold [var, loop, min coefficient, extent coefficient] entries}}
  "ure.set_bounds"() <{func = @f, vars = ["i", "k"], mins = array<i64: 0, 0>, extents = [8, 8], loop_terms = [["k", "i", 1]]}> : () -> ()
}

// -----

// Only ure.set_bounds takes loops in a bound: a nest is rectangular.
ure.program @p {
  ure.func @f(k, i) -> f32 on device
  // expected-error@+1 {{the extent names loop 'i': only ure.set_bounds takes a bound that depends on another loop (merge-ures makes the nest rectangular)}}
  ure.nest @f (i = 0 extent 8, k = 0 extent 8 - i) {
  }
}

// -----

//===----------------------------------------------------------------------===//
// ure.space_time_transform in T2S's projection form
//===----------------------------------------------------------------------===//

ure.program @p {
  ure.func @a(i, j) -> i32
  // expected-error@+1 {{'ure.space_time_transform' op the time row of the projection is the schedule: give no vector}}
  ure.space_time_transform @a (i, j) -> (s, t) projection affine_map<(i, j) -> (j, i + j)> reverse affine_map<(s, t) -> (t - s, s)> vector [1, 1]
}

// -----

ure.program @p {
  ure.func @a(i, j) -> i32
  // expected-error@+1 {{'ure.space_time_transform' op a projection maps to at least one space coordinate and the time coordinate (last), got 1 destination coordinate(s)}}
  ure.space_time_transform @a (i, j) -> (t) projection affine_map<(i, j) -> (i + j)> reverse affine_map<(t) -> (t, t)>
}

// -----

ure.program @p {
  ure.func @a(i, j) -> i32
  // expected-error@+1 {{'ure.space_time_transform' op destination coordinate "s" is listed twice}}
  ure.space_time_transform @a (i, j) -> (s, s) projection affine_map<(i, j) -> (j, i + j)> reverse affine_map<(s, t) -> (t - s, s)>
}

// -----

ure.program @p {
  ure.func @a(i, j) -> i32
  // expected-error@+1 {{'ure.space_time_transform' op projection affine_map<(d0, d1, d2) -> (d1, d0 + d1)> must map the 2 source loops to the 2 destination coordinates, without symbols}}
  ure.space_time_transform @a (i, j) -> (s, t) projection affine_map<(i, j, k) -> (j, i + j)> reverse affine_map<(s, t) -> (t - s, s)>
}

// -----

ure.program @p {
  ure.func @a(i, j) -> i32
  // expected-error@+1 {{'ure.space_time_transform' op a row of the projection is a linear form of the source loops (T2S's matrix), got d0 mod 2}}
  ure.space_time_transform @a (i, j) -> (s, t) projection affine_map<(i, j) -> (j, i mod 2)> reverse affine_map<(s, t) -> (t - s, s)>
}

// -----

ure.program @p {
  ure.func @a(i, j) -> i32
  // expected-error@+1 {{'ure.space_time_transform' op reverse affine_map<(d0, d1) -> (d1 - d0)> must map the 2 destination coordinates back to the 2 source loops, without symbols}}
  ure.space_time_transform @a (i, j) -> (s, t) projection affine_map<(i, j) -> (j, i + j)> reverse affine_map<(s, t) -> (t - s)>
}

// -----

ure.program @p {
  ure.func @a(i, j) -> i32
  // expected-error@+1 {{'ure.parallel' op runs loop 'j' in parallel twice}}
  ure.parallel @a (j, j)
}

// -----

ure.program @p {
  ure.func @a(i, j) -> i32
  // expected-error@+1 {{'ure.parallel' op runs 1 to 3 loops in parallel, not 0}}
  ure.parallel @a ()
}

// -----

ure.program @p {
  ure.func @a(i, j) -> i32
  // expected-error@+1 {{'ure.parallel' op runs loop 'k' in parallel, which is not a loop of @a (its loops: i, j)}}
  ure.parallel @a (k)
}

// -----

ure.program @p {
  ure.func @a(i, j) -> i32
  // expected-error@+1 {{'ure.parallel' op names @b, which is no ure.func}}
  ure.parallel @b (i)
}

// -----

ure.program @p {
  ure.func @a(i, j) -> i32
  // expected-error@+1 {{'ure.split' op splits into two loops named 'ii'}}
  ure.split @a (i) into (ii, ii) factor 2
}

// -----

ure.program @p {
  ure.func @a(i, j) -> i32
  // expected-error@+1 {{'ure.split' op factor must be positive, not 0}}
  ure.split @a (i) into (ii, iii) factor 0
}

// -----

ure.program @p {
  ure.func @a(i, j) -> i32
  // expected-error@+1 {{'ure.split' op splits one loop, not 2}}
  ure.split @a (i, j) into (ii, iii) factor 2
}

// -----

ure.program @p {
  ure.func @a(i, j) -> i32
  // expected-error@+1 {{'ure.split' op names @b, which is not declared by a ure.func}}
  ure.split @b (i) into (ii, iii) factor 2
}

// -----

ure.program @p {
  ure.func @a(i, j) -> i32
  ure.split @a (i) into (ii, iii) factor 2
  // A split loop's two loops are loops of the Func for the other directives.
  // expected-error@+1 {{'ure.vectorize' op vectorizes loop 'i', which is not a loop of @a (its loops: ii, j, iii)}}
  ure.vectorize @a (i)
}

// -----

// An input and a Func of one name: the duplicate is the error, not the
// kind the lookup happens to find first.
ure.program @p {
  ure.input @f : memref<4xi32>
  ure.func @f(i) -> i32
  // expected-error@+1 {{'ure.def' op names @f, which is defined 2 times in the program (ure.input, ure.func): inputs, Funcs and parameters share one namespace}}
  ure.def @f(%i) {
    %v = ure.load @f(%i) : i32
    ure.yield %v : i32
  }
}
