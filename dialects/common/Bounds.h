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
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"
#include <optional>

namespace t2s {
using namespace mlir;

/// Prints `2 * a - b + c`: each term's name by `printName`, a sign before
/// each but a leading positive one (`first`: nothing printed before).
template <typename Terms, typename PrintName>
inline void printSignedTerms(llvm::raw_ostream &os, const Terms &terms,
                             bool first, PrintName printName) {
  for (const auto &[name, coef] : terms) {
    int64_t c = coef;
    if (!first) {
      os << (c < 0 ? " - " : " + ");
      if (c < 0 && c != INT64_MIN)
        c = -c;
    }
    if (c != 1)
      os << c << " * ";
    printName(name);
    first = false;
  }
}

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
    printSignedTerms(os, terms, true,
                     [&](FlatSymbolRefAttr sym) { os << Attribute(sym); });
    bool first = terms.empty();
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

/// The loops a bound names, with their coefficients: T2S's triangular
/// bounds (`set_bounds(j, k, SIZE - k)`), which only `ure.set_bounds` takes.
using LoopCoefs = SmallVector<std::pair<std::string, int64_t>>;

/// Adds `coef * loop` to `loops`; false on overflow.
inline bool addLoopTerm(LoopCoefs &loops, StringRef loop, int64_t coef) {
  auto it = llvm::find_if(loops, [&](auto &t) { return t.first == loop; });
  if (it == loops.end()) {
    loops.push_back({loop.str(), coef});
    return true;
  }
  return !llvm::AddOverflow(it->second, coef, it->second);
}

/// A bound that names a loop where loops are not taken (`ure.nest`,
/// `spacetime.array`: `merge-ures` has made their nests rectangular).
inline ParseResult refuseLoopBound(OpAsmParser &parser, SMLoc loc,
                                   StringRef what, StringRef loop) {
  return parser.emitError(loc)
         << "the " << what << " names loop '" << loop
         << "': only ure.set_bounds takes a bound that depends on another "
            "loop (merge-ures makes the nest rectangular)";
}

/// One term of a bound: `5`, `@K`, `2 * @K`, `@K * 2`, and where `loops`
/// is given, `k`, `2 * k`, `k * 2`. `params` is null for a min (a constant
/// plus loops).
inline ParseResult parseBoundTerm(OpAsmParser &parser, StringRef what,
                                  LinearExtent &term, LoopCoefs *loops,
                                  bool allowParams, int64_t sign) {
  SMLoc loc = parser.getCurrentLocation();
  auto parseCoefAfter = [&](int64_t &coef) -> ParseResult {
    coef = 1;
    if (succeeded(parser.parseOptionalStar()) && parser.parseInteger(coef))
      return failure();
    return success();
  };
  auto addLoop = [&](StringRef loop, int64_t coef) -> ParseResult {
    if (!loops)
      return refuseLoopBound(parser, loc, what, loop);
    int64_t signedCoef;
    if (llvm::MulOverflow(coef, sign, signedCoef) ||
        !addLoopTerm(*loops, loop, signedCoef))
      return parser.emitError(loc) << "the " << what
                                   << " overflows 64-bit integers";
    return success();
  };
  std::string quoted;
  StringRef loop;
  if (succeeded(parser.parseOptionalKeyword(&loop)) ||
      (succeeded(parser.parseOptionalString(&quoted)) && (loop = quoted, true))) {
    int64_t coef;
    if (parseCoefAfter(coef))
      return failure();
    return addLoop(loop, coef);
  }
  FlatSymbolRefAttr sym;
  OptionalParseResult symResult = parser.parseOptionalAttribute(sym, Type());
  if (symResult.has_value()) {
    if (failed(*symResult))
      return failure();
    if (!allowParams)
      return parser.emitError(loc)
             << "the " << what << " names " << sym
             << ": a min is a constant (or, in ure.set_bounds, a constant "
                "plus outer loops)";
    int64_t coef;
    if (parseCoefAfter(coef))
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
  if (succeeded(parser.parseOptionalKeyword(&loop)))
    return addLoop(loop, value);
  if (succeeded(parser.parseOptionalString(&quoted)))
    return addLoop(quoted, value);
  OptionalParseResult symAfter = parser.parseOptionalAttribute(sym, Type());
  if (!symAfter.has_value() || failed(*symAfter) || !allowParams)
    return parser.emitError(parser.getCurrentLocation(),
                            allowParams
                                ? "expected a parameter (@name) or a loop "
                                  "after '*'"
                                : "expected a loop after '*'");
  term.terms.push_back({sym, value});
  return success();
}

/// `2 * @I + 3 * @J + @K - 5`: an integer, a parameter, or an affine
/// function of parameters; in ure.set_bounds (`loops` given) also of loops.
/// A min (`allowParams` false) takes no parameters.
inline ParseResult parseBoundExpr(OpAsmParser &parser, StringRef what,
                                  LinearExtent &total, LoopCoefs *loops,
                                  bool allowParams) {
  int64_t sign = 1;
  while (true) {
    SMLoc loc = parser.getCurrentLocation();
    LinearExtent term;
    if (parseBoundTerm(parser, what, term, loops, allowParams, sign))
      return failure();
    if (!total.add(term, sign))
      return parser.emitError(loc) << "the " << what
                                   << " overflows 64-bit integers";
    if (succeeded(parser.parseOptionalPlus()))
      sign = 1;
    else if (succeeded(parser.parseOptionalMinus()))
      sign = -1;
    else
      break;
  }
  if (loops)
    llvm::erase_if(*loops, [](auto &t) { return t.second == 0; });
  return success();
}

/// `2 * @I + 3 * @J + @K - 5`: an integer, a parameter, or an affine
/// function of parameters.
inline ParseResult parseExtent(OpAsmParser &parser, Attribute &extent) {
  LinearExtent total;
  if (parseBoundExpr(parser, "extent", total, nullptr, true))
    return failure();
  extent = total.toAttr(parser.getBuilder());
  return success();
}

/// A loop's name as the bounds' parser reads it back: bare, or quoted
/// where it is not an identifier (`"x y"`).
inline void printLoopName(llvm::raw_ostream &os, StringRef name) {
  bool bare = !name.empty() && (llvm::isAlpha(name[0]) || name[0] == '_') &&
              llvm::all_of(name, [](char c) {
                return llvm::isAlnum(c) || c == '_' || c == '$' || c == '.';
              });
  if (bare) {
    os << name;
    return;
  }
  os << '"';
  llvm::printEscapedString(name, os);
  os << '"';
}

/// Prints `+ 2 * k - j` after a bound's other terms (`first`: nothing
/// printed before).
inline void printLoopCoefs(llvm::raw_ostream &os, const LoopCoefs &loops,
                           bool first) {
  printSignedTerms(os, loops, first,
                   [&](const std::string &loop) { printLoopName(os, loop); });
}

/// One entry of `ure.set_bounds`'s `loop_terms`: loop `var`'s min and
/// extent take `minCoef * loop` and `extentCoef * loop`.
struct LoopTerm {
  StringRef var, loop;
  int64_t minCoef = 0, extentCoef = 0;
};

/// The entries of a `loop_terms` attribute (`[var, loop, minCoef,
/// extentCoef]` each); nullopt if one is malformed.
inline std::optional<SmallVector<LoopTerm>> getLoopTerms(ArrayAttr terms) {
  SmallVector<LoopTerm> result;
  if (!terms)
    return result;
  for (Attribute entry : terms) {
    auto parts = dyn_cast<ArrayAttr>(entry);
    if (!parts || parts.size() != 4)
      return std::nullopt;
    auto var = dyn_cast<StringAttr>(parts[0]);
    auto loop = dyn_cast<StringAttr>(parts[1]);
    auto minCoef = dyn_cast<IntegerAttr>(parts[2]);
    auto extentCoef = dyn_cast<IntegerAttr>(parts[3]);
    if (!var || !loop || !minCoef || !extentCoef)
      return std::nullopt;
    result.push_back({var.getValue(), loop.getValue(), minCoef.getInt(),
                      extentCoef.getInt()});
  }
  return result;
}

/// Appends `var`'s loop terms to `entries`, one per loop named.
inline void appendLoopTerms(Builder &b, SmallVectorImpl<Attribute> &entries,
                            StringRef var, const LoopCoefs &minLoops,
                            const LoopCoefs &extentLoops) {
  LoopCoefs names;
  for (auto &t : minLoops)
    addLoopTerm(names, t.first, 0);
  for (auto &t : extentLoops)
    addLoopTerm(names, t.first, 0);
  auto coefOf = [](const LoopCoefs &loops, StringRef loop) -> int64_t {
    auto it = llvm::find_if(loops, [&](auto &t) { return t.first == loop; });
    return it == loops.end() ? 0 : it->second;
  };
  for (auto &name : names)
    entries.push_back(b.getArrayAttr(
        {b.getStringAttr(var), b.getStringAttr(name.first),
         b.getI64IntegerAttr(coefOf(minLoops, name.first)),
         b.getI64IntegerAttr(coefOf(extentLoops, name.first))}));
}

/// `(i = 0 extent 8, k = 0 extent @K, t = 0 extent 2 * @K + 1)`: loop
/// bounds, constant or symbolic. Each op's verifier says which extents it
/// accepts. Where `loopTerms` is given (`ure.set_bounds`), a min and an
/// extent may also name loops (`j = k extent @N - k`), which it collects;
/// elsewhere a loop name is an error.
inline ParseResult parseBounds(OpAsmParser &parser, ArrayAttr &vars,
                               DenseI64ArrayAttr &mins, ArrayAttr &extents,
                               ArrayAttr *loopTerms = nullptr) {
  SmallVector<Attribute> names, exts, terms;
  SmallVector<int64_t> minValues;
  Builder &b = parser.getBuilder();
  if (parser.parseCommaSeparatedList(
          OpAsmParser::Delimiter::Paren, [&]() -> ParseResult {
            std::string name;
            LinearExtent min, extent;
            LoopCoefs minLoops, extentLoops;
            if (parser.parseKeywordOrString(&name) || parser.parseEqual() ||
                parseBoundExpr(parser, "min", min,
                               loopTerms ? &minLoops : nullptr, false) ||
                parser.parseKeyword("extent") ||
                parseBoundExpr(parser, "extent", extent,
                               loopTerms ? &extentLoops : nullptr, true))
              return failure();
            names.push_back(b.getStringAttr(name));
            minValues.push_back(min.constant);
            exts.push_back(extent.toAttr(b));
            appendLoopTerms(b, terms, name, minLoops, extentLoops);
            return success();
          }))
    return failure();
  vars = b.getArrayAttr(names);
  mins = b.getDenseI64ArrayAttr(minValues);
  extents = b.getArrayAttr(exts);
  if (loopTerms && !terms.empty())
    *loopTerms = b.getArrayAttr(terms);
  return success();
}

/// `(j = k extent @N - k)`: `ure.set_bounds`'s bounds and loop terms.
inline ParseResult parseLoopBounds(OpAsmParser &parser, ArrayAttr &vars,
                                   DenseI64ArrayAttr &mins, ArrayAttr &extents,
                                   ArrayAttr &loopTerms) {
  return parseBounds(parser, vars, mins, extents, &loopTerms);
}

inline void printBounds(OpAsmPrinter &p, Operation *, ArrayAttr vars,
                        DenseI64ArrayAttr mins, ArrayAttr extents,
                        ArrayAttr loopTerms = {}) {
  SmallVector<LoopTerm> terms = getLoopTerms(loopTerms).value_or(
      SmallVector<LoopTerm>());
  auto loopsOf = [&](StringRef var, bool ofMin) {
    LoopCoefs loops;
    for (const LoopTerm &t : terms)
      if (t.var == var && (ofMin ? t.minCoef : t.extentCoef) != 0)
        loops.push_back({t.loop.str(), ofMin ? t.minCoef : t.extentCoef});
    return loops;
  };
  p << "(";
  for (auto [index, var] : llvm::enumerate(vars)) {
    if (index)
      p << ", ";
    StringRef name = cast<StringAttr>(var).getValue();
    p.printKeywordOrString(name);
    p << " = ";
    LoopCoefs minLoops = loopsOf(name, true);
    if (minLoops.empty() || mins[index] != 0) {
      // The constant first: a parsed min's leading term may be negative.
      p << mins[index];
      printLoopCoefs(p.getStream(), minLoops, false);
    } else {
      printLoopCoefs(p.getStream(), minLoops, true);
    }
    p << " extent ";
    Attribute extent = extents[index];
    LoopCoefs extentLoops = loopsOf(name, false);
    std::optional<LinearExtent> linear = getLinearExtent(extent);
    if (!linear) {
      p.printAttributeWithoutType(extent);
      continue;
    }
    if (extentLoops.empty() || !linear->isConstant()) {
      linear->print(p.getStream());
      printLoopCoefs(p.getStream(), extentLoops, false);
    } else {
      // `k + 1`, `2 - k`: the loops first unless the constant is needed to
      // carry a negative leading coefficient.
      if (extentLoops.front().second < 0) {
        p << linear->constant;
        printLoopCoefs(p.getStream(), extentLoops, false);
      } else {
        printLoopCoefs(p.getStream(), extentLoops, true);
        if (linear->constant > 0)
          p << " + " << linear->constant;
        else if (linear->constant < 0)
          p << " - " << -linear->constant;
      }
    }
  }
  p << ")";
}

inline void printLoopBounds(OpAsmPrinter &p, Operation *op, ArrayAttr vars,
                            DenseI64ArrayAttr mins, ArrayAttr extents,
                            ArrayAttr loopTerms) {
  printBounds(p, op, vars, mins, extents, loopTerms);
}

} // namespace t2s

#endif // T2S_COMMON_BOUNDS_H
