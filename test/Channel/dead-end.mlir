// A channel whose reads canonicalize erased (under a condition proven
// false) keeps its writes under a condition it cannot prove: the design
// still verifies, so upstream passes between ours do not break it (found
// by t2s-fuzz: T2S's conv with an output condition that never holds).
// Unconditional accesses at one end only stay an error (invalid.mlir).
// RUN: t2s-opt %s --canonicalize | FileCheck %s
// RUN: t2s-opt %s --canonicalize | t2s-opt --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @writer
// CHECK:         scf.if
// CHECK-NEXT:      channel.write @c, %{{.*}} : f32
// CHECK-LABEL: func.func @reader
// CHECK-NOT:     channel.read
// CHECK:         return

channel.fifo @c : f32, depth 2
func.func @writer(%v: f32, %on: i1) {
  scf.if %on {
    channel.write @c, %v : f32
  }
  return
}
func.func @reader() -> f32 {
  %false = arith.constant false
  %x = scf.if %false -> (f32) {
    %y = channel.read @c : f32
    scf.yield %y : f32
  } else {
    %z = arith.constant 0.0 : f32
    scf.yield %z : f32
  }
  return %x : f32
}
