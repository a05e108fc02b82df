//===- LaneTypes.h - Index and mask types of lane-wise ops -----*- C++ -*-===//
//
// ` indices index, vector<8xindex>`: the custom directive that lane-wise
// ops of a vectorized array (spacetime.output, channel.read_lanes,
// channel.write_lanes) share. The index types are printed only when one is
// a vector; the mask's type is the lanes of the value.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_COMMON_LANETYPES_H
#define T2S_COMMON_LANETYPES_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpImplementation.h"
#include <optional>

namespace t2s {

/// Parses the optional ` indices T, ...` list (all `index` without it) and
/// derives the mask's type from `value`'s lanes; `maskError` when a mask
/// comes without a vector value.
inline mlir::ParseResult parseLaneIndexTypes(
    mlir::OpAsmParser &parser,
    llvm::ArrayRef<mlir::OpAsmParser::UnresolvedOperand> indices,
    llvm::SmallVectorImpl<mlir::Type> &indexTypes, mlir::Type value,
    bool hasMask, mlir::Type &maskType, llvm::StringRef maskError) {
  mlir::Builder &b = parser.getBuilder();
  if (succeeded(parser.parseOptionalKeyword("indices"))) {
    if (parser.parseTypeList(indexTypes))
      return mlir::failure();
    if (indexTypes.size() != indices.size())
      return parser.emitError(parser.getCurrentLocation())
             << indexTypes.size() << " index types for " << indices.size()
             << " indices";
  } else {
    indexTypes.assign(indices.size(), b.getIndexType());
  }
  if (hasMask) {
    auto lanes = llvm::dyn_cast_if_present<mlir::VectorType>(value);
    if (!lanes)
      return parser.emitError(parser.getCurrentLocation(), maskError);
    maskType = mlir::VectorType::get(lanes.getShape(), b.getI1Type());
  }
  return mlir::success();
}

inline void printLaneIndexTypes(mlir::OpAsmPrinter &p,
                                mlir::TypeRange indexTypes) {
  if (llvm::all_of(indexTypes, [](mlir::Type t) { return t.isIndex(); }))
    return;
  p << " indices ";
  llvm::interleaveComma(indexTypes, p);
}

} // namespace t2s

#endif // T2S_COMMON_LANETYPES_H
