//===- UreBounds.cpp - ure.set_bounds and ure.nest bounds -----------------===//
//
// The verifiers of loop bounds: ure.set_bounds (with T2S's triangular
// bounds, loops named in a min or extent) and the rectangular ure.nest.
//
//===----------------------------------------------------------------------===//

#include "ure/UreDialect.h"
#include "ure/UreInternal.h"

#include "common/Bounds.h"

#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace t2s::ure;

/// Checks the bounds triple of `ure.set_bounds` and `ure.nest`: equal lengths,
/// distinct names, extents that are positive constants or `ure.param`s.
static LogicalResult verifyBounds(Operation *op, ArrayAttr vars,
                                  ArrayRef<int64_t> mins, ArrayAttr extents,
                                  ArrayAttr loopTerms = {}) {
  SmallVector<t2s::LoopTerm> terms =
      t2s::getLoopTerms(loopTerms).value_or(SmallVector<t2s::LoopTerm>());
  if (vars.size() != mins.size() || vars.size() != extents.size())
    return op->emitOpError("needs one min and one extent per loop variable");
  llvm::StringSet<> seen;
  for (auto [var, min, extent] : llvm::zip(vars, mins, extents)) {
    StringRef name = cast<StringAttr>(var).getValue();
    if (!seen.insert(name).second)
      return op->emitOpError("loop variable '") << name << "' appears twice";
    // A triangular bound's parts need not be a bound alone: merge-ures
    // checks the box it computes around them.
    if (llvm::any_of(terms, [&](const t2s::LoopTerm &t) {
          return t.var == name && t.extentCoef != 0;
        })) {
      std::optional<t2s::LinearExtent> linear = t2s::getLinearExtent(extent);
      if (!linear)
        return op->emitOpError("extent of '")
               << name << "' must be an affine function of ure.params and "
                          "loops";
      for (auto [sym, coef] : linear->terms)
        if (!SymbolTable::lookupNearestSymbolFrom<ParamOp>(op, sym.getAttr()))
          return op->emitOpError("extent of '")
                 << name << "' refers to " << sym
                 << ", which is not a ure.param";
      continue;
    }
    if (auto intAttr = dyn_cast<IntegerAttr>(extent)) {
      if (intAttr.getInt() <= 0)
        return op->emitOpError("extent of '")
               << name << "' must be positive, got " << intAttr.getInt();
      int64_t end;
      if (llvm::AddOverflow(min, intAttr.getInt(), end))
        return op->emitOpError("bounds of '")
               << name << "' overflow 64-bit integers: min " << min
               << " + extent " << intAttr.getInt();
      continue;
    }
    auto sym = dyn_cast<FlatSymbolRefAttr>(extent);
    if (!sym)
      return op->emitOpError("extent of '")
             << name << "' must be an integer or a ure.param";
    if (!SymbolTable::lookupNearestSymbolFrom<ParamOp>(op, sym.getAttr()))
      return op->emitOpError("extent of '")
             << name << "' refers to " << sym << ", which is not a ure.param";
  }
  return success();
}

/// Checks `ure.set_bounds`'s loop terms: each names two loops of the
/// directive, the bound one after the loop it depends on, once.
static LogicalResult verifyLoopTerms(SetBoundsOp op) {
  if (!op.getLoopTermsAttr())
    return success();
  std::optional<SmallVector<t2s::LoopTerm>> terms =
      t2s::getLoopTerms(op.getLoopTermsAttr());
  if (!terms)
    return op.emitOpError("loop_terms must hold [var, loop, min coefficient, "
                          "extent coefficient] entries");
  auto position = [&](StringRef name) -> std::optional<unsigned> {
    for (auto [index, var] : llvm::enumerate(op.getVars()))
      if (cast<StringAttr>(var).getValue() == name)
        return index;
    return std::nullopt;
  };
  llvm::StringSet<> seen;
  for (const t2s::LoopTerm &term : *terms) {
    std::optional<unsigned> var = position(term.var);
    if (!var)
      return op.emitOpError("loop_terms bound '")
             << term.var << "', which the directive does not bound";
    if (term.var == term.loop)
      return op.emitOpError("the bounds of '")
             << term.var << "' name '" << term.var
             << "' itself; a bound may name only loops bounded before it";
    std::optional<unsigned> loop = position(term.loop);
    if (!loop || *loop > *var)
      return op.emitOpError("the bounds of '")
             << term.var << "' name loop '" << term.loop
             << "', which is not bounded before it in this ure.set_bounds; "
                "bound the loops a bound names first, in the same directive "
                "(T2S's set_bounds(k, 0, K, j, k, K - k))";
    if (!seen.insert((term.var + "/" + term.loop).str()).second ||
        (term.minCoef == 0 && term.extentCoef == 0))
      return op.emitOpError("loop_terms name '")
             << term.loop << "' in the bounds of '" << term.var
             << "' twice or with no coefficient";
  }
  return success();
}

LogicalResult SetBoundsOp::verify() {
  if (failed(detail::verifyDirectiveTarget(*this, getFuncAttr())) ||
      failed(verifyLoopTerms(*this)))
    return failure();
  return verifyBounds(*this, getVars(), getMins(), getExtents(),
                      getLoopTermsAttr());
}

LogicalResult NestOp::verify() {
  return verifyBounds(*this, getLoops(), getMins(), getExtents());
}
