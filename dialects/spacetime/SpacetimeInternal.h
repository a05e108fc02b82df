//===- SpacetimeInternal.h - helpers of the spacetime sources --*- C++ -*-===//

#ifndef T2S_SPACETIME_SPACETIMEINTERNAL_H
#define T2S_SPACETIME_SPACETIMEINTERNAL_H

#include "spacetime/SpacetimeDialect.h"

namespace t2s::spacetime {

/// `: vector<...>` after an op whose result is `i1` unless vectorized.
mlir::ParseResult parseOptionalLaneType(mlir::OpAsmParser &parser,
                                        mlir::Type &type);
void printOptionalLaneType(mlir::OpAsmPrinter &p, mlir::Operation *op,
                           mlir::Type type);

/// The index types of `spacetime.output` (` indices t1, t2` unless all are
/// `index`) and its mask type (i1 with the lanes of the values).
mlir::ParseResult parseIndexTypes(
    mlir::OpAsmParser &parser,
    llvm::ArrayRef<mlir::OpAsmParser::UnresolvedOperand> indices,
    llvm::SmallVectorImpl<mlir::Type> &indexTypes,
    llvm::ArrayRef<mlir::Type> valueTypes,
    std::optional<mlir::OpAsmParser::UnresolvedOperand> mask,
    mlir::Type &maskType);
void printIndexTypes(mlir::OpAsmPrinter &p, mlir::Operation *op,
                     mlir::OperandRange indices, mlir::TypeRange indexTypes,
                     mlir::TypeRange valueTypes, mlir::Value mask,
                     mlir::Type maskType);

/// The mask type of `spacetime.write`: i1 with the file's lanes.
mlir::ParseResult
parseWriteMask(mlir::OpAsmParser &parser, mlir::Type registers,
               std::optional<mlir::OpAsmParser::UnresolvedOperand> mask,
               mlir::Type &maskType);
void printWriteMask(mlir::OpAsmPrinter &p, mlir::Operation *op,
                    mlir::Type registers, mlir::Value mask,
                    mlir::Type maskType);

/// The body's coordinates: index, or the lane vector of index for the
/// vectorized space loops (all of one lane shape).
mlir::LogicalResult verifyCoordinates(ArrayOp array);

/// A value of a vectorized array's body: `element`, or, when `lanes` is
/// set, possibly `vector<lanes x element>`.
bool isLaneTypeOf(mlir::Type type, mlir::Type element, mlir::VectorType lanes);

/// A read across the lanes of one step is not a vector operation.
mlir::LogicalResult verifyLaneRead(ReadOp read, ArrayOp array);

/// The element type of a register file of `array`: `T` or the lane vector.
mlir::LogicalResult verifyFileElement(mlir::Operation *op, ArrayOp array,
                                      mlir::MemRefType type);

/// The lane rules of recovered indices, write masks and output stores.
mlir::LogicalResult verifyRecoverLanes(RecoverOp op, ArrayOp array);
mlir::LogicalResult verifyWriteMask(WriteOp op);
mlir::LogicalResult verifyOutputLanes(OutputOp op, ArrayOp array);

/// The coefficients of an affine expression of `numDims` dimensions that
/// is linear (the constant last), or failure.
mlir::FailureOr<llvm::SmallVector<int64_t>> linearForm(mlir::AffineExpr expr,
                                                       unsigned numDims);

/// The `descending` loops: space loops, distinct, not vectorized.
mlir::LogicalResult verifyDescending(ArrayOp array);
/// The `inside` loops are space loops, each listed once.
mlir::LogicalResult verifyInside(ArrayOp array);

/// `at (...)`: empty, or one coordinate per block argument, of its type.
mlir::LogicalResult verifyAtCoordinates(mlir::Operation *op, ArrayOp array,
                                        mlir::ValueRange at);

} // namespace t2s::spacetime

#endif // T2S_SPACETIME_SPACETIMEINTERNAL_H
