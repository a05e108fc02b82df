// The merge-ures errors that docs/ure.md quotes. Keep the two in sync.
// RUN: t2s-opt %s --merge-ures --split-input-file --verify-diagnostics

// Every loop of the representative needs bounds.
ure.program @p {
  ure.func @a(i, j) -> f32
  ure.func @out(i, j) -> f32
  // expected-error@+1 {{loop 'j' of @a has no bounds; give them with ure.set_bounds}}
  ure.def @a(%i, %j) {
    %zero = arith.constant 0.0 : f32
    ure.yield %zero : f32
  }
  ure.def @out(%i, %j) {
    %a = ure.at @a(%i, %j) : f32
    ure.yield %a : f32
  }
  ure.merge_ures @a [@out]
  ure.set_bounds @a (i = 0 extent 4)
}

// -----

// Directives go to the representative, and apply to every merged URE.
ure.program @p {
  ure.func @a(i, j) -> f32
  ure.func @out(i, j) -> f32
  ure.def @a(%i, %j) {
    %zero = arith.constant 0.0 : f32
    ure.yield %zero : f32
  }
  ure.def @out(%i, %j) {
    %a = ure.at @a(%i, %j) : f32
    ure.yield %a : f32
  }
  ure.merge_ures @a [@out]
  ure.set_bounds @a (i = 0 extent 4, j = 0 extent 4)
  // expected-error@+1 {{@out is merged into @a; give its directives to the representative}}
  ure.reorder @out (j, i)
}

// -----

// Every URE is merged: t2s compiles one loop nest.
ure.program @p {
  ure.func @a(i, j) -> f32
  ure.func @lost(i, j) -> f32
  ure.func @out(i, j) -> f32
  ure.def @a(%i, %j) {
    %zero = arith.constant 0.0 : f32
    ure.yield %zero : f32
  }
  // expected-error@+1 {{URE @lost is not merged into @a; t2s compiles one merged loop nest}}
  ure.def @lost(%i, %j) {
    %zero = arith.constant 0.0 : f32
    ure.yield %zero : f32
  }
  ure.def @out(%i, %j) {
    %a = ure.at @a(%i, %j) : f32
    ure.yield %a : f32
  }
  ure.merge_ures @a [@out]
  ure.set_bounds @a (i = 0 extent 4, j = 0 extent 4)
}
