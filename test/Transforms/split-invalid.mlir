// Every error of ure.split, which merge-ures applies first
// (passes/transforms/src/ure/split.rs).
// RUN: t2s-opt %s --split-input-file --verify-diagnostics --merge-ures

// The factor must divide the extent.
ure.program @p {
  ure.param @N
  ure.input @X : memref<64xi32>
  ure.func @a(i, k) -> i32
  ure.func @o(i) -> i32 
  ure.def @a(%i, %k) {
    %x = ure.load @X(%k) : i32
    ure.yield %x : i32
  }
  ure.def @o(%i) with (%k) {
    %a = ure.at @a(%i, %k) : i32
    %c = arith.constant true
    %v = ure.select %c, %a : i32
    ure.yield %v : i32
  }
  ure.merge_ures @a [@o]
  ure.set_bounds @a (i = 0 extent 4, k = 0 extent 8)
  // expected-error@+1 {{factor 3 does not divide the extent 8 of loop 'k'}}
  ure.split @a (k) into (kk, kkk) factor 3
}

// -----

// The loop needs bounds.
ure.program @p {
  ure.param @N
  ure.input @X : memref<64xi32>
  ure.func @a(i, k) -> i32
  ure.func @o(i) -> i32 
  ure.def @a(%i, %k) {
    %x = ure.load @X(%k) : i32
    ure.yield %x : i32
  }
  ure.def @o(%i) with (%k) {
    %a = ure.at @a(%i, %k) : i32
    %c = arith.constant true
    %v = ure.select %c, %a : i32
    ure.yield %v : i32
  }
  ure.merge_ures @a [@o]
  ure.set_bounds @a (i = 0 extent 4)
  // expected-error@+1 {{loop 'k' has no bounds to split: give them with ure.set_bounds @a (k = ...)}}
  ure.split @a (k) into (kk, kkk) factor 2
}

// -----

// A symbolic extent.
ure.program @p {
  ure.param @N
  ure.input @X : memref<64xi32>
  ure.func @a(i, k) -> i32
  ure.func @o(i) -> i32 
  ure.def @a(%i, %k) {
    %x = ure.load @X(%k) : i32
    ure.yield %x : i32
  }
  ure.def @o(%i) with (%k) {
    %a = ure.at @a(%i, %k) : i32
    %c = arith.constant true
    %v = ure.select %c, %a : i32
    ure.yield %v : i32
  }
  ure.merge_ures @a [@o]
  ure.set_bounds @a (i = 0 extent 4, k = 0 extent @N)
  // expected-error@+1 {{loop 'k' has the symbolic extent N: a split needs a constant extent}}
  ure.split @a (k) into (kk, kkk) factor 2
}

// -----

// Only the representative is split.
ure.program @p {
  ure.param @N
  ure.input @X : memref<64xi32>
  ure.func @a(i, k) -> i32
  ure.func @o(i) -> i32 
  ure.def @a(%i, %k) {
    %x = ure.load @X(%k) : i32
    ure.yield %x : i32
  }
  ure.def @o(%i) with (%k) {
    %a = ure.at @a(%i, %k) : i32
    %c = arith.constant true
    %v = ure.select %c, %a : i32
    ure.yield %v : i32
  }
  ure.merge_ures @a [@o]
  ure.set_bounds @a (i = 0 extent 4, k = 0 extent 8)
  // expected-error@+1 {{@o is not the representative of the merge; only @a is split}}
  ure.split @o (k) into (kk, kkk) factor 2
}

// -----

// A loop of the representative.
ure.program @p {
  ure.param @N
  ure.input @X : memref<64xi32>
  ure.func @a(i, k) -> i32
  ure.func @o(i) -> i32 
  ure.def @a(%i, %k) {
    %x = ure.load @X(%k) : i32
    ure.yield %x : i32
  }
  ure.def @o(%i) with (%k) {
    %a = ure.at @a(%i, %k) : i32
    %c = arith.constant true
    %v = ure.select %c, %a : i32
    ure.yield %v : i32
  }
  ure.merge_ures @a [@o]
  ure.set_bounds @a (i = 0 extent 4, k = 0 extent 8)
  // expected-error@+1 {{'j' is not a loop of @a (its loops: i, k)}}
  ure.split @a (j) into (jj, jjj) factor 2
}

// -----

// New names.
ure.program @p {
  ure.param @N
  ure.input @X : memref<64xi32>
  ure.func @a(i, k) -> i32
  ure.func @o(i) -> i32 
  ure.def @a(%i, %k) {
    %x = ure.load @X(%k) : i32
    ure.yield %x : i32
  }
  ure.def @o(%i) with (%k) {
    %a = ure.at @a(%i, %k) : i32
    %c = arith.constant true
    %v = ure.select %c, %a : i32
    ure.yield %v : i32
  }
  ure.merge_ures @a [@o]
  ure.set_bounds @a (i = 0 extent 4, k = 0 extent 8)
  // expected-error@+1 {{@a has a loop 'i' already}}
  ure.split @a (k) into (i, kkk) factor 2
}

// -----

// An output that takes every loop would be transposed.
ure.program @p {
  ure.param @N
  ure.input @X : memref<64xi32>
  ure.func @a(i, k) -> i32
  ure.func @o(i, k) -> i32 
  ure.def @a(%i, %k) {
    %x = ure.load @X(%k) : i32
    ure.yield %x : i32
  }
  ure.def @o(%i, %k) {
    %a = ure.at @a(%i, %k) : i32
    %c = arith.constant true
    %v = ure.select %c, %a : i32
    ure.yield %v : i32
  }
  ure.merge_ures @a [@o]
  ure.set_bounds @a (i = 0 extent 4, k = 0 extent 8)
  // expected-error@+1 {{the output @o takes every loop, innermost first: split, its buffer would be laid out (iii, ii), not in the order of 'i'; write the output as an extended URE (its own left-hand side, the other loops after 'with') or split another loop}}
  ure.split @a (i) into (ii, iii) factor 2
}

// -----

// An output laid out by its loops (a permutation) is not split.
ure.program @p {
  ure.input @X : memref<64xi32>
  ure.func @a(i, j, k) -> i32
  // expected-error@+1 {{@o lays its buffer out by its loops and ure.split splits its loop 'i': split a loop of another layout, or write the output row-major}}
  ure.func @o(i, j) -> i32 layout affine_map<(i, j) -> (j, i)>
  ure.def @a(%i, %j, %k) {
    %x = ure.load @X(%k) : i32
    ure.yield %x : i32
  }
  ure.def @o(%i, %j) with (%k) {
    %c = arith.constant true
    %a = ure.at @a(%i, %j, %k) : i32
    %v = ure.select %c, %a : i32
    ure.yield %v : i32
  }
  ure.merge_ures @a [@o]
  ure.set_bounds @a (i = 0 extent 4, j = 0 extent 2, k = 0 extent 8)
  ure.split @a (i) into (ii, iii) factor 2
}

// -----

// An input read whose indices overflow once the loop is split.
ure.program @p {
  ure.input @X : memref<64xi32>
  ure.func @a(i, k) -> i32
  ure.func @o(i) -> i32
  ure.def @a(%i, %k) {
    // expected-error@+1 {{split: this read's indices overflow 64-bit integers once 'k' is 4 * kk + kkk}}
    %x = ure.load @X(%k * 4611686018427387904) : i32
    ure.yield %x : i32
  }
  ure.def @o(%i) with (%k) {
    %c = arith.constant true
    %a = ure.at @a(%i, %k) : i32
    %v = ure.select %c, %a : i32
    ure.yield %v : i32
  }
  ure.merge_ures @a [@o]
  ure.set_bounds @a (i = 0 extent 2, k = 0 extent 8)
  ure.split @a (k) into (kk, kkk) factor 4
}
