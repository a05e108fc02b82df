// The errors of lower-channels.
// RUN: t2s-opt %s --split-input-file --lower-channels --verify-diagnostics

// A kernel's accesses are lowered once it is a function.
channel.fifo @c : i32, depth 1
channel.kernel @k {
  %v = arith.constant 1 : i32
  // expected-error@+1 {{lower-channels lowers channel accesses inside func.func: run spacetime-to-scf first}}
  channel.write @c, %v : i32
}
func.func @f() -> i32 {
  %v = channel.read @c : i32
  return %v : i32
}

// -----

// A program's channels are the module's once spacetime-to-scf moved them.
ure.program @p {
  // expected-error@+1 {{lower-channels lowers channels declared in the module: run spacetime-to-scf first, which moves a program's channels there}}
  channel.fifo @c : i32, depth 1
}
