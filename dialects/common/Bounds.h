//===- Bounds.h - Loop-bounds syntax shared by t2s dialects ----*- C++ -*-===//
//
// `(i = 0 extent 8, k = 0 extent @K)`: the custom<Bounds> directive of
// ure.set_bounds, ure.nest and spacetime.array.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_COMMON_BOUNDS_H
#define T2S_COMMON_BOUNDS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpImplementation.h"

namespace t2s {
using namespace mlir;

/// `(i = 0 extent 8, k = 0 extent @K)`: loop bounds, constant or symbolic.
inline ParseResult parseBounds(OpAsmParser &parser, ArrayAttr &vars,
                               DenseI64ArrayAttr &mins, ArrayAttr &extents) {
  SmallVector<Attribute> names, exts;
  SmallVector<int64_t> minValues;
  Builder &b = parser.getBuilder();
  if (parser.parseCommaSeparatedList(
          OpAsmParser::Delimiter::Paren, [&]() -> ParseResult {
            std::string name;
            int64_t min;
            if (parser.parseKeywordOrString(&name) || parser.parseEqual() ||
                parser.parseInteger(min) || parser.parseKeyword("extent"))
              return failure();
            names.push_back(b.getStringAttr(name));
            minValues.push_back(min);
            FlatSymbolRefAttr sym;
            OptionalParseResult symResult =
                parser.parseOptionalAttribute(sym, Type());
            if (symResult.has_value()) {
              if (failed(*symResult))
                return failure();
              exts.push_back(sym);
              return success();
            }
            int64_t extent;
            if (parser.parseInteger(extent))
              return failure();
            exts.push_back(b.getI64IntegerAttr(extent));
            return success();
          }))
    return failure();
  vars = b.getArrayAttr(names);
  mins = b.getDenseI64ArrayAttr(minValues);
  extents = b.getArrayAttr(exts);
  return success();
}

inline void printBounds(OpAsmPrinter &p, Operation *, ArrayAttr vars,
                        DenseI64ArrayAttr mins, ArrayAttr extents) {
  p << "(";
  for (auto [index, var] : llvm::enumerate(vars)) {
    if (index)
      p << ", ";
    p.printKeywordOrString(cast<StringAttr>(var).getValue());
    p << " = " << mins[index] << " extent ";
    Attribute extent = extents[index];
    if (auto intAttr = dyn_cast<IntegerAttr>(extent))
      p << intAttr.getInt();
    else
      p.printAttributeWithoutType(extent);
  }
  p << ")";
}

} // namespace t2s

#endif // T2S_COMMON_BOUNDS_H
