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
#include "llvm/Support/MathExtras.h"
#include <optional>

namespace t2s {
using namespace mlir;

/// An extent as an affine function of parameters: `constant + sum(coef *
/// @param)`. Stored canonically: an IntegerAttr (no parameter), a
/// FlatSymbolRefAttr (one parameter, coefficient 1, constant 0), or an
/// ArrayAttr `[constant, @p1, coef1, @p2, coef2, ...]` (distinct parameters,
/// non-zero coefficients, in order of first appearance).
struct LinearExtent {
  int64_t constant = 0;
  SmallVector<std::pair<FlatSymbolRefAttr, int64_t>> terms;

  bool isConstant() const { return terms.empty(); }

  /// Adds `scale * other`; false on overflow.
  bool add(const LinearExtent &other, int64_t scale) {
    int64_t term;
    if (llvm::MulOverflow(other.constant, scale, term) ||
        llvm::AddOverflow(constant, term, constant))
      return false;
    for (auto [sym, coef] : other.terms) {
      if (llvm::MulOverflow(coef, scale, term))
        return false;
      auto it = llvm::find_if(terms, [&](auto &t) { return t.first == sym; });
      if (it == terms.end())
        terms.push_back({sym, term});
      else if (llvm::AddOverflow(it->second, term, it->second))
        return false;
    }
    llvm::erase_if(terms, [](auto &t) { return t.second == 0; });
    return true;
  }

  Attribute toAttr(Builder &b) const {
    if (terms.empty())
      return b.getI64IntegerAttr(constant);
    if (terms.size() == 1 && constant == 0 && terms[0].second == 1)
      return terms[0].first;
    SmallVector<Attribute> parts{b.getI64IntegerAttr(constant)};
    for (auto [sym, coef] : terms) {
      parts.push_back(sym);
      parts.push_back(b.getI64IntegerAttr(coef));
    }
    return b.getArrayAttr(parts);
  }

  /// `2 * @I + 3 * @J + @K - 5`.
  void print(llvm::raw_ostream &os) const {
    bool first = true;
    for (auto [sym, coef] : terms) {
      int64_t c = coef;
      if (!first) {
        os << (c < 0 ? " - " : " + ");
        if (c < 0 && c != INT64_MIN)
          c = -c;
      }
      if (c != 1)
        os << c << " * ";
      os << Attribute(sym);
      first = false;
    }
    if (first)
      os << constant;
    else if (constant > 0)
      os << " + " << constant;
    else if (constant < 0 && constant != INT64_MIN)
      os << " - " << -constant;
    else if (constant < 0)
      os << " + " << constant;
  }
};

/// The extent an attribute stores; nullopt for anything else.
inline std::optional<LinearExtent> getLinearExtent(Attribute attr) {
  LinearExtent e;
  if (auto i = dyn_cast<IntegerAttr>(attr)) {
    e.constant = i.getInt();
    return e;
  }
  if (auto sym = dyn_cast<FlatSymbolRefAttr>(attr)) {
    e.terms.push_back({sym, 1});
    return e;
  }
  auto parts = dyn_cast<ArrayAttr>(attr);
  if (!parts || parts.size() < 3 || parts.size() % 2 == 0)
    return std::nullopt;
  auto constant = dyn_cast<IntegerAttr>(parts[0]);
  if (!constant)
    return std::nullopt;
  e.constant = constant.getInt();
  for (unsigned i = 1; i < parts.size(); i += 2) {
    auto sym = dyn_cast<FlatSymbolRefAttr>(parts[i]);
    auto coef = dyn_cast<IntegerAttr>(parts[i + 1]);
    if (!sym || !coef || coef.getInt() == 0 ||
        llvm::any_of(e.terms, [&](auto &t) { return t.first == sym; }))
      return std::nullopt;
    e.terms.push_back({sym, coef.getInt()});
  }
  return e;
}

/// The extent at position `i` of an op's extents; an empty (zero) extent
/// for anything the verifiers reject.
inline LinearExtent linearExtentAt(ArrayAttr extents, unsigned i) {
  return getLinearExtent(extents[i]).value_or(LinearExtent());
}

/// The integer extent at position `i` (0 where it is not an integer).
inline int64_t constantExtentAt(ArrayAttr extents, unsigned i) {
  auto value = dyn_cast<IntegerAttr>(extents[i]);
  return value ? value.getInt() : 0;
}

/// One term of an extent: `5`, `@K`, `2 * @K` or `@K * 2`.
/// A bound that names a loop: T2S's triangular bounds
/// (`set_bounds(k, i, K - i)`), which t2s does not support, refused with
/// the way to write the same nest.
inline ParseResult refuseLoopBound(OpAsmParser &parser, StringRef what) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef loop;
  if (failed(parser.parseOptionalKeyword(&loop)))
    return success();
  return parser.emitError(loc)
         << "the " << what << " names loop '" << loop
         << "': triangular bounds (a loop's min or extent that depends on "
            "another loop) are not supported; give the loop its largest "
            "range and guard the URE's value with arith.select (the "
            "output's with ure.select)";
}

inline ParseResult parseExtentTerm(OpAsmParser &parser, LinearExtent &term) {
  if (failed(refuseLoopBound(parser, "extent")))
    return failure();
  FlatSymbolRefAttr sym;
  OptionalParseResult symResult = parser.parseOptionalAttribute(sym, Type());
  if (symResult.has_value()) {
    if (failed(*symResult))
      return failure();
    int64_t coef = 1;
    if (succeeded(parser.parseOptionalStar()) && parser.parseInteger(coef))
      return failure();
    term.terms.push_back({sym, coef});
    return success();
  }
  int64_t value;
  if (parser.parseInteger(value))
    return failure();
  if (failed(parser.parseOptionalStar())) {
    term.constant = value;
    return success();
  }
  OptionalParseResult symAfter = parser.parseOptionalAttribute(sym, Type());
  if (!symAfter.has_value() || failed(*symAfter))
    return parser.emitError(parser.getCurrentLocation(),
                            "expected a parameter (@name) after '*'");
  term.terms.push_back({sym, value});
  return success();
}

/// `2 * @I + 3 * @J + @K - 5`: an integer, a parameter, or an affine
/// function of parameters.
inline ParseResult parseExtent(OpAsmParser &parser, Attribute &extent) {
  LinearExtent total;
  int64_t sign = 1;
  while (true) {
    SMLoc loc = parser.getCurrentLocation();
    LinearExtent term;
    if (parseExtentTerm(parser, term))
      return failure();
    if (!total.add(term, sign))
      return parser.emitError(loc, "extent overflows 64-bit integers");
    if (succeeded(parser.parseOptionalPlus()))
      sign = 1;
    else if (succeeded(parser.parseOptionalMinus()))
      sign = -1;
    else
      break;
  }
  extent = total.toAttr(parser.getBuilder());
  return success();
}

/// `(i = 0 extent 8, k = 0 extent @K, t = 0 extent 2 * @K + 1)`: loop
/// bounds, constant or symbolic. Each op's verifier says which extents it
/// accepts.
inline ParseResult parseBounds(OpAsmParser &parser, ArrayAttr &vars,
                               DenseI64ArrayAttr &mins, ArrayAttr &extents) {
  SmallVector<Attribute> names, exts;
  SmallVector<int64_t> minValues;
  Builder &b = parser.getBuilder();
  if (parser.parseCommaSeparatedList(
          OpAsmParser::Delimiter::Paren, [&]() -> ParseResult {
            std::string name;
            int64_t min;
            Attribute extent;
            if (parser.parseKeywordOrString(&name) || parser.parseEqual() ||
                failed(refuseLoopBound(parser, "min")) ||
                parser.parseInteger(min) || parser.parseKeyword("extent") ||
                parseExtent(parser, extent))
              return failure();
            names.push_back(b.getStringAttr(name));
            minValues.push_back(min);
            exts.push_back(extent);
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
    if (std::optional<LinearExtent> linear = getLinearExtent(extent))
      linear->print(p.getStream());
    else
      p.printAttributeWithoutType(extent);
  }
  p << ")";
}

} // namespace t2s

#endif // T2S_COMMON_BOUNDS_H
