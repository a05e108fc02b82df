// Every error of the isolate pass, on hand-written systolic arrays (one PE,
// eight steps) whose accesses an isolated kernel could not follow.
// RUN: t2s-opt %s --split-input-file --isolate --verify-diagnostics

// Isolation needs the systolic array: the directive before the transform.
ure.program @p {
  ure.input @A : memref<8xi32>
  ure.func @out(i) -> i32 on device
  ure.def @out(%i) {
    %a = ure.load @A(%i) : i32
    ure.yield %a : i32
  }
  ure.set_bounds @out (i = 0 extent 8)
  // expected-error@+1 {{isolation applies to the systolic array: run space-time-transform first (t2s-dataflow-to-llvm runs merge-ures, space-time-transform, isolate in this order)}}
  ure.isolate_producer [@A] into @loader
}

// -----

ure.program @p {
  ure.input @A : memref<8xi32>
  ure.input @B : memref<8xi32>
  ure.func @out(i = 0 extent 8) -> i32 on device
  spacetime.array @out loops (i = 0 extent 8, p = 0 extent 1) time (t = 0 extent 8) space (p = 0 extent 1) schedule affine_map<(d0, d1) -> (d0)> recover affine_map<(d0, d1) -> (d0, d1)> {
  ^bb0(%t: index, %p: index):
    %i, %q = spacetime.recover : index, index
    %a = ure.load @A(%i) : i32
    spacetime.output %a to @out[%i] : i32
  }
  // expected-error@+1 {{@B is not read by the array: there is nothing to isolate into @loader}}
  ure.isolate_producer [@A, @B] into @loader
}

// -----

// A read under a condition computed from data.
ure.program @p {
  ure.input @A : memref<8xi32>
  ure.input @B : memref<8xi32>
  ure.func @out(i = 0 extent 8) -> i32 on device
  spacetime.array @out loops (i = 0 extent 8, p = 0 extent 1) time (t = 0 extent 8) space (p = 0 extent 1) schedule affine_map<(d0, d1) -> (d0)> recover affine_map<(d0, d1) -> (d0, d1)> {
  ^bb0(%t: index, %p: index):
    %i, %q = spacetime.recover : index, index
    // expected-note@+1 {{the value the access depends on}}
    %b = ure.load @B(%i) : i32
    %zero = arith.constant 0 : i32
    %positive = arith.cmpi sgt, %b, %zero : i32
    scf.if %positive {
      // expected-error@+1 {{cannot isolate this read of @A into @loader: when or where it happens depends on a value of 'ure.load', which is not a function of the array's coordinates; @loader could not tell when to send, and the channel would not match the array's accesses one to one}}
      %a = ure.load @A(%i) : i32
      spacetime.output %a to @out[%i] : i32
    }
  }
  ure.isolate_producer [@A] into @loader
}

// -----

// A read inside a loop of the PE body.
ure.program @p {
  ure.input @A : memref<8xi32>
  ure.func @out(i = 0 extent 8) -> i32 on device
  spacetime.array @out loops (i = 0 extent 8, p = 0 extent 1) time (t = 0 extent 8) space (p = 0 extent 1) schedule affine_map<(d0, d1) -> (d0)> recover affine_map<(d0, d1) -> (d0, d1)> {
  ^bb0(%t: index, %p: index):
    %i, %q = spacetime.recover : index, index
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0 : i32
    // expected-note@+1 {{the enclosing op}}
    %sum = scf.for %k = %c0 to %c2 step %c1 iter_args(%s = %zero) -> (i32) {
      // expected-error@+1 {{cannot isolate this read of @A into @loader: it is inside 'scf.for' in the PE body; an isolated kernel follows the array's steps and the scf.if conditions on its coordinates only}}
      %a = ure.load @A(%i) : i32
      %n = arith.addi %s, %a : i32
      scf.yield %n : i32
    }
    spacetime.output %sum to @out[%i] : i32
  }
  ure.isolate_producer [@A] into @loader
}

// -----

// A store under a condition computed from data, with a condition on the
// coordinates inside it: the array sends a store's condition only when it
// is the innermost one (test/Transforms/isolate-control.test), where every
// other condition holds.
ure.program @p {
  ure.input @A : memref<8xi32>
  ure.func @out(i = 0 extent 8) -> i32 on device
  spacetime.array @out loops (i = 0 extent 8, p = 0 extent 1) time (t = 0 extent 8) space (p = 0 extent 1) schedule affine_map<(d0, d1) -> (d0)> recover affine_map<(d0, d1) -> (d0, d1)> {
  ^bb0(%t: index, %p: index):
    %i, %q = spacetime.recover : index, index
    // expected-note@+1 {{the value the access depends on}}
    %a = ure.load @A(%i) : i32
    %zero = arith.constant 0 : i32
    %c2 = arith.constant 2 : index
    %positive = arith.cmpi sgt, %a, %zero : i32
    %even = arith.cmpi ult, %i, %c2 : index
    scf.if %positive {
      scf.if %even {
        // expected-error@+1 {{cannot isolate this store of @out into @drainer: when or where it happens depends on a value of 'ure.load'}}
        spacetime.output %a to @out[%i] : i32
      }
    }
  }
  ure.isolate_consumer @out into @drainer
}

// -----

// Two conditions computed from data: only the innermost can be sent.
ure.program @p {
  ure.input @A : memref<8xi32>
  ure.func @out(i = 0 extent 8) -> i32 on device
  spacetime.array @out loops (i = 0 extent 8, p = 0 extent 1) time (t = 0 extent 8) space (p = 0 extent 1) schedule affine_map<(d0, d1) -> (d0)> recover affine_map<(d0, d1) -> (d0, d1)> {
  ^bb0(%t: index, %p: index):
    %i, %q = spacetime.recover : index, index
    // expected-note@+1 {{the value the access depends on}}
    %a = ure.load @A(%i) : i32
    %zero = arith.constant 0 : i32
    %nine = arith.constant 9 : i32
    %positive = arith.cmpi sgt, %a, %zero : i32
    %small = arith.cmpi slt, %a, %nine : i32
    scf.if %positive {
      scf.if %small {
        // expected-error@+1 {{cannot isolate this store of @out into @drainer: when or where it happens depends on a value of 'ure.load'}}
        spacetime.output %a to @out[%i] : i32
      }
    }
  }
  ure.isolate_consumer @out into @drainer
}

// -----

// A store at an index computed from data.
ure.program @p {
  ure.input @A : memref<8xi32>
  ure.func @out(i = 0 extent 8) -> i32 on device
  spacetime.array @out loops (i = 0 extent 8, p = 0 extent 1) time (t = 0 extent 8) space (p = 0 extent 1) schedule affine_map<(d0, d1) -> (d0)> recover affine_map<(d0, d1) -> (d0, d1)> {
  ^bb0(%t: index, %p: index):
    %i, %q = spacetime.recover : index, index
    // expected-note@+1 {{the value the access depends on}}
    %a = ure.load @A(%i) : i32
    %at = arith.index_cast %a : i32 to index
    // expected-error@+1 {{cannot isolate this store of @out into @drainer: when or where it happens depends on a value of 'ure.load'}}
    spacetime.output %a to @out[%at] : i32
  }
  ure.isolate_consumer @out into @drainer
}

// -----

ure.program @p {
  ure.input @A : memref<8xi32>
  ure.func @out(i = 0 extent 8) -> i32 on device
  ure.func @other(i) -> i32 on device
  spacetime.array @out loops (i = 0 extent 8, p = 0 extent 1) time (t = 0 extent 8) space (p = 0 extent 1) schedule affine_map<(d0, d1) -> (d0)> recover affine_map<(d0, d1) -> (d0, d1)> {
  ^bb0(%t: index, %p: index):
    %i, %q = spacetime.recover : index, index
    %a = ure.load @A(%i) : i32
    spacetime.output %a to @out[%i] : i32
  }
  // expected-error@+1 {{the array does not store @other: isolate_consumer names the output Func; it stores @out}}
  ure.isolate_consumer @other into @drainer
}

// -----

// One channel per PE: an array of 2^31 x 4 PEs needs more channels than a
// channel.fifo declares (found by t2s-fuzz: a mutant of
// examples/t2s/gather.mlir; the pass built the fifo, which failed its
// verifier).
ure.program @p {
  ure.input @A : memref<8xi32>
  ure.func @out(i = 0 extent 4, j = 0 extent 2147483648) -> i32 on device
  // expected-error@+1 {{the channel array @drainer_out would have 8589934592 channels (one per PE, [4, 2147483648]), more than the 2^32 a channel.fifo declares: give the space loops smaller extents}}
  spacetime.array @out loops (i = 0 extent 4, j = 0 extent 2147483648) time () space (i = 0 extent 4, j = 0 extent 2147483648) schedule affine_map<(d0, d1) -> ()> recover affine_map<(d0, d1) -> (d0, d1)> {
  ^bb0(%i0: index, %j0: index):
    %i, %j = spacetime.recover : index, index
    %c = arith.constant 1 : i32
    spacetime.output %c to @out[%i, %j] : i32
  }
  ure.isolate_consumer @out into @drainer
}
