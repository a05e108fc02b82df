// The bad programs of docs/ure.md, "The rules the verifier enforces": each
// gives the error the tutorial quotes. Keep the two in sync.
// RUN: t2s-opt %s --split-input-file --verify-diagnostics

// Rule 1: the simple argument form, var or var - constant.
ure.program @p {
  ure.func @c(i, j, k) -> f32
  ure.def @c(%i, %j, %k) {
    // expected-error@+1 {{'ure.at' op argument 2 of @c is not in the simple form 'var' or 'var - constant'}}
    %prev = ure.at @c(%i, %j, %k * 2) : f32
    ure.yield %prev : f32
  }
}

// -----

// Rule 2: the same arguments, in the same order.
ure.program @p {
  ure.func @c(i, j, k) -> f32
  ure.def @c(%i, %j, %k) {
    // expected-error@+1 {{'ure.at' op argument 0 of @c uses loop variable 'j' where the left-hand side has 'i'; both sides take the same arguments in the same order}}
    %prev = ure.at @c(%j, %i, %k - 1) : f32
    ure.yield %prev : f32
  }
}

// -----

// Rule 2: ... and as many of them.
ure.program @p {
  ure.func @c(i, j, k) -> f32
  ure.def @c(%i, %j, %k) {
    // expected-error@+1 {{'ure.at' op reads @c with 2 arguments, but its left-hand side has 3 (i, j, k); both sides take the same arguments in the same order}}
    %prev = ure.at @c(%i, %j) : f32
    ure.yield %prev : f32
  }
}

// -----

// Rule 3: lexicographically positive dependence distances.
ure.program @p {
  ure.func @c(i, j, k) -> f32
  ure.def @c(%i, %j, %k) {
    // expected-error@+1 {{'ure.at' op reads @c(i, j, k + 1), a point that is not before the current one: the dependence distance must be lexicographically positive in the loop order, outermost first (k, j, i)}}
    %next = ure.at @c(%i, %j, %k + 1) : f32
    ure.yield %next : f32
  }
}

// -----

// Rule 4: a URE keeps the declared types.
ure.program @p {
  ure.func @c(i, j, k) -> f32
  ure.def @c(%i, %j, %k) {
    %zero = arith.constant 0 : i32
    // expected-error@+1 {{'ure.yield' op yields (i32) but @c is declared to return (f32)}}
    ure.yield %zero : i32
  }
}

// -----

// Rule 5: use before definition only of Funcs declared with variables and types.
ure.program @p {
  ure.func @a
  ure.func @b
  ure.def @a(%i, %j) {
    // expected-error@+1 {{'ure.at' op uses Func @b before its definition; only Funcs declared with loop variables and types may be used before they are defined}}
    %b = ure.at @b(%i - 1, %j) : f32
    ure.yield %b : f32
  }
  ure.def @b(%i, %j) {
    %zero = arith.constant 0.0 : f32
    ure.yield %zero : f32
  }
}

// -----

// Rule 6: only the last merged URE may be extended.
ure.program @p {
  ure.func @a(i, j) -> f32
  ure.func @e(i) -> f32
  ure.func @out(i, j) -> f32
  ure.def @a(%i, %j) {
    %zero = arith.constant 0.0 : f32
    ure.yield %zero : f32
  }
  // expected-error@+1 {{'ure.def' op extended URE @e drops loop variables; only the last merged URE may}}
  ure.def @e(%i) with (%j) {
    %a = ure.at @a(%i, %j) : f32
    ure.yield %a : f32
  }
  ure.def @out(%i, %j) {
    %a = ure.at @a(%i, %j) : f32
    ure.yield %a : f32
  }
  ure.merge_ures @a [@e, @out]
}

// -----

// Rule 7: the output Func is only written.
ure.program @p {
  ure.func @a(i, j) -> f32
  ure.func @out(i, j) -> f32
  ure.def @a(%i, %j) {
    // expected-error@+1 {{'ure.at' op reads the output Func @out, which may only be written}}
    %o = ure.at @out(%i - 1, %j) : f32
    ure.yield %o : f32
  }
  ure.def @out(%i, %j) {
    %a = ure.at @a(%i, %j) : f32
    ure.yield %a : f32
  }
  ure.merge_ures @a [@out]
}

// -----

// Rule 8: at distance zero, read only Funcs realized before, in merge order.
ure.program @p {
  ure.func @a(i, j) -> f32
  ure.func @b(i, j) -> f32
  ure.func @out(i, j) -> f32
  ure.def @a(%i, %j) {
    // expected-error@+1 {{'ure.at' op reads @b at the current iteration, but it is realized after @a there}}
    %b = ure.at @b(%i, %j) : f32
    ure.yield %b : f32
  }
  ure.def @b(%i, %j) {
    %zero = arith.constant 0.0 : f32
    ure.yield %zero : f32
  }
  ure.def @out(%i, %j) {
    %a = ure.at @a(%i, %j) : f32
    ure.yield %a : f32
  }
  ure.merge_ures @a [@b, @out]
}

// -----

// Rule 9: every Func has an initial value.
ure.program @p {
  ure.func @f(i, j) -> i32
  // expected-error@+2 {{'ure.def' op Func @f has no initial value: no path of its recursive references ends in a value}}
  // expected-note@+1 {{unsatisfied clauses: (@f)}}
  ure.def @f(%i, %j) {
    %one = arith.constant 1 : i32
    %prev = ure.at @f(%i - 1, %j) : i32
    %v = arith.addi %prev, %one : i32
    ure.yield %v : i32
  }
  ure.func @out(i, j) -> i32
  ure.def @out(%i, %j) {
    %f = ure.at @f(%i, %j) : i32
    ure.yield %f : i32
  }
  ure.merge_ures @f [@out]
}

// -----

// Rule 10: a select without else is only yielded.
ure.program @p {
  ure.func @c(i, j, k) -> f32
  ure.def @c(%i, %j, %k) {
    %c0 = arith.constant 0 : index
    %one = arith.constant 1.0 : f32
    %first = arith.cmpi eq, %k, %c0 : index
    // expected-error@+1 {{'ure.select' op a select without an else value may only be yielded: elsewhere it would have no value}}
    %s = ure.select %first, %one : f32
    %v = arith.addf %s, %one : f32
    ure.yield %v : f32
  }
}

// -----

// Rule 11: merged UREs share the representative's loop variables.
ure.program @p {
  ure.func @a(i, j) -> f32
  ure.func @out(j, i) -> f32
  ure.def @a(%i, %j) {
    %zero = arith.constant 0.0 : f32
    ure.yield %zero : f32
  }
  // expected-error@+1 {{'ure.def' op URE @out has loop variables ["j", "i"] but the representative @a has ["i", "j"]; merged UREs share the representative's}}
  ure.def @out(%j, %i) {
    %a = ure.at @a(%i, %j) : f32
    ure.yield %a : f32
  }
  ure.merge_ures @a [@out]
}
