//===- UreInternal.h - helpers shared by the ure dialect's sources -*- C++ -*-===//

#ifndef T2S_URE_UREINTERNAL_H
#define T2S_URE_UREINTERNAL_H

#include "ure/UreDialect.h"

namespace t2s::ure::detail {

/// The program around `op`, or null.
ProgramOp getProgram(mlir::Operation *op);

/// The definition of `func` in its program, or null.
DefOp findDef(ProgramOp program, llvm::StringRef func);

/// The left-hand-side loop variables of a Func: declared, else its URE's.
std::optional<llvm::SmallVector<llvm::StringRef>> getLhsVars(FuncOp func,
                                                             DefOp def);

/// The result types of a Func: declared, else its URE's.
std::optional<llvm::SmallVector<mlir::Type>> getFuncResultTypes(FuncOp func,
                                                                DefOp def);

/// A directive's target is a Func (the representative of an array) or a
/// kernel that an isolation directive creates (or has created).
mlir::LogicalResult verifyKernelOrFuncTarget(mlir::Operation *op,
                                             mlir::FlatSymbolRefAttr target);

/// A directive names a Func declared by a `ure.func`.
mlir::LogicalResult verifyDirectiveTarget(mlir::Operation *op,
                                          mlir::FlatSymbolRefAttr func);

/// Each name of `vars` once; an error naming `what` at the repeated one.
/// An error when `name` names more than one op of the program around `op`
/// (a ure.input and a ure.func share one namespace): MLIR's symbol table
/// check runs after the ops that look the name up, which would otherwise
/// report the wrong kind. `success()` when the name is unique.
mlir::LogicalResult verifyUniqueSymbol(mlir::Operation *op,
                                       mlir::FlatSymbolRefAttr name);
mlir::LogicalResult verifyDistinctNames(mlir::Operation *op,
                                        mlir::ArrayAttr vars,
                                        llvm::StringRef what);

/// The loops of `func` that directives may name: its variables, each split
/// loop (`ure.split`) replaced by the two loops it becomes.
llvm::SmallVector<llvm::StringRef> loopNames(FuncOp func);

/// The rules of a space-time transform in T2S's projection form
/// (UreProjection.cpp).
mlir::LogicalResult verifyProjection(SpaceTimeTransformOp op);

/// `affine_map<(d0, d1) -> (d1, d0)>` for `rank` dimensions: Halide's order
/// (the first index contiguous), the example of a layout the verifiers give.
std::string permutationExample(int64_t rank);

} // namespace t2s::ure::detail

#endif // T2S_URE_UREINTERNAL_H
