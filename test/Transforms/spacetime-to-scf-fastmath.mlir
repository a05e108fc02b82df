// spacetime-to-scf{fastmath=...} sets the fastmath property of the PEs'
// floating-point ops (arith and math ops that take one), which the LLVM
// lowering carries to the instructions: with `contract`, LLVM fuses each
// multiply-add of the tiled GEMM's PEs into an FMA. Without it, none.
// RUN: t2s-opt %examples/systolic/gemm-tiled.mlir --pass-pipeline='builtin.module(space-time-transform, spacetime-to-scf{fastmath=contract})' --mlir-print-op-generic 2>/dev/null | FileCheck %s --check-prefix=PROPERTY
// PROPERTY: "arith.mulf"(%{{.*}}, %{{.*}}) <{fastmath = #arith.fastmath<contract>}> : (f32, f32) -> f32
// PROPERTY-NOT: }> {fastmath
// RUN: t2s-opt %examples/systolic/gemm-tiled.mlir --pass-pipeline='builtin.module(t2s-lower-to-llvm{fastmath=contract})' 2>/dev/null | FileCheck %s --check-prefix=LLVM
// LLVM: llvm.fmul %{{.*}}, %{{.*}} {fastmathFlags = #llvm.fastmath<contract>} : f32
// LLVM: llvm.fadd %{{.*}}, %{{.*}} {fastmathFlags = #llvm.fastmath<contract>} : f32
// RUN: t2s-opt %examples/systolic/gemm-tiled.mlir --pass-pipeline='builtin.module(t2s-lower-to-llvm{fastmath=contract})' 2>/dev/null | %mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=IR
// IR: fmul contract float
// IR: fadd contract float
// RUN: t2s-opt %examples/systolic/gemm-tiled.mlir --pass-pipeline='builtin.module(t2s-lower-to-llvm{fastmath=contract})' 2>/dev/null | %mlir-translate --mlir-to-llvmir | %llc -O2 -mattr=+fma -o - | FileCheck %s --check-prefix=FMA
// FMA: vfmadd
// RUN: t2s-opt %examples/systolic/gemm-tiled.mlir --pass-pipeline='builtin.module(t2s-lower-to-llvm)' 2>/dev/null | %mlir-translate --mlir-to-llvmir | %llc -O2 -mattr=+fma -o - | FileCheck %s --check-prefix=NO-FMA
// NO-FMA-NOT: vfmadd
// And t2s-run --fastmath reaches the same flags, matching the interpreter
// within the tolerance (a fused multiply-add rounds once).
// RUN: t2s-run %examples/systolic/gemm-tiled.mlir --compare interpret,systolic --fastmath contract | FileCheck %s --check-prefix=MATCH
// MATCH: interpret and systolic match
// A value that is not a list of fastmath flags is an error naming it.
// RUN: not t2s-opt %examples/systolic/gemm.mlir --pass-pipeline='builtin.module(space-time-transform, spacetime-to-scf{fastmath=bogus})' 2>&1 | FileCheck %s --check-prefix=BOGUS
// BOGUS: error: spacetime-to-scf: fastmath='bogus' is not a list of arith fastmath flags
