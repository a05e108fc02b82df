// RUN: t2s-opt %s --merge-ures --ure-to-scf | FileCheck %s
// RUN: t2s-opt %s --t2s-sequential-to-llvm | FileCheck %s --check-prefix=LLVM

// ure-to-scf clones each URE's ops as they are written: their attributes
// (fastmath flags, overflow flags) reach the lowered function and LLVM, as
// through spacetime-to-scf.

// CHECK-LABEL: func.func public @dot
// CHECK:         %[[M:.*]] = arith.mulf %{{.*}}, %{{.*}} fastmath<contract> : f32
// CHECK:         arith.addf %{{.*}}, %[[M]] fastmath<contract> : f32
// CHECK:         arith.addi %{{.*}}, %{{.*}} overflow<nsw> : i32
// LLVM:          llvm.fmul {{.*}} {fastmathFlags = #llvm.fastmath<contract>} : f32
// LLVM:          llvm.fadd {{.*}} {fastmathFlags = #llvm.fastmath<contract>} : f32
// LLVM:          llvm.add {{.*}} overflow<nsw> : i32
ure.program @dot {
  ure.input @a : memref<4xf32>
  ure.input @b : memref<4xf32>
  ure.func @acc(k) -> (f32, i32)
  ure.func @out(k) -> (f32, i32)
  ure.def @acc(%k) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %one = arith.constant 1 : i32
    %izero = arith.constant 0 : i32
    %first = arith.cmpi eq, %k, %c0 : index
    %prev:2 = ure.at @acc(%k - 1) : f32, i32
    %base = arith.select %first, %zero, %prev#0 : f32
    %count = arith.select %first, %izero, %prev#1 : i32
    %x = ure.load @a(%k) : f32
    %y = ure.load @b(%k) : f32
    %m = arith.mulf %x, %y fastmath<contract> : f32
    %s = arith.addf %base, %m fastmath<contract> : f32
    %n = arith.addi %count, %one overflow<nsw> : i32
    ure.yield %s, %n : f32, i32
  }
  ure.def @out(%k) {
    %v:2 = ure.at @acc(%k) : f32, i32
    ure.yield %v#0, %v#1 : f32, i32
  }
  ure.merge_ures @acc [@out]
  ure.set_bounds @acc (k = 0 extent 4)
}
