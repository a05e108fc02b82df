//===- SpacetimeSymbols.cpp - spacetime.array's symbolic extents ----------===//
//
// The checks of a spacetime.array that need its parameters' declarations
// (ure.param and its max): every symbol is a parameter, a space loop of
// symbolic extent has the PEs of its max, and each per-time-loop delay fits
// its register file at the parameters' maxima (docs/symbolic-extents.md).
//
//===----------------------------------------------------------------------===//

#include "spacetime/SpacetimeDialect.h"
#include "ure/UreDialect.h"

#include "common/Bounds.h"

using namespace mlir;
using namespace t2s::spacetime;

static std::string extentText(const t2s::LinearExtent &e) {
  std::string text;
  llvm::raw_string_ostream os(text);
  e.print(os);
  return text;
}

LogicalResult ArrayOp::verifySymbolUses(SymbolTableCollection &symbols) {
  // The representative names the Func the array was built from, which the
  // directives acting on the array (vectorize, isolation, buffers) name.
  if (auto program = (*this)->getParentOfType<t2s::ure::ProgramOp>())
    if (!symbols.lookupSymbolIn<t2s::ure::FuncOp>(program,
                                                  getRepresentativeAttr()))
      return emitOpError("represents ")
             << getRepresentativeAttr() << ", which is not a ure.func of @"
             << program.getSymName();
  auto lookup = [&](FlatSymbolRefAttr sym) {
    return symbols.lookupNearestSymbolFrom<t2s::ure::ParamOp>(*this,
                                                              sym.getAttr());
  };
  for (ArrayAttr extents : {getExtents(), getTimeExtents()})
    for (Attribute extent : extents)
      for (auto [sym, coef] :
           t2s::getLinearExtent(extent).value_or(t2s::LinearExtent()).terms)
        if (!lookup(sym))
          return emitOpError("an extent refers to ")
                 << sym << ", which is not a ure.param";

  // A space loop of symbolic extent is unrolled to its parameter's max.
  for (auto [s, name] : llvm::enumerate(getSpaceLoops())) {
    auto l = llvm::find(getLoops(), name) - getLoops().begin();
    if (l >= static_cast<long>(getLoops().size()))
      continue;
    t2s::LinearExtent extent = t2s::linearExtentAt(getExtents(), l);
    if (extent.isConstant())
      continue;
    FlatSymbolRefAttr sym = extent.terms.front().first;
    std::optional<int64_t> max = lookup(sym).getMax();
    if (!max)
      return emitOpError("space loop ")
             << name << " has the symbolic extent " << sym
             << ": space loops are unrolled into PEs, so " << sym
             << " needs a declared max (ure.param " << sym << " max N)";
    if (*max != t2s::constantExtentAt(getSpaceExtents(), s))
      return emitOpError("space loop ")
             << name << " has " << t2s::constantExtentAt(getSpaceExtents(), s)
             << " PEs, but its extent " << sym << " has the max " << *max
             << ": the PEs are the max";
  }

  // Time extents at the parameters' maxima; the parameter without a max
  // where there is none.
  unsigned numTime = getNumTime();
  SmallVector<std::optional<int64_t>> maxExtents;
  SmallVector<FlatSymbolRefAttr> unbounded;
  for (unsigned t = 0; t < numTime; ++t) {
    t2s::LinearExtent extent = t2s::linearExtentAt(getTimeExtents(), t);
    int64_t value = extent.constant, term;
    FlatSymbolRefAttr missing;
    bool overflow = false;
    for (auto [sym, coef] : extent.terms) {
      std::optional<int64_t> max = lookup(sym).getMax();
      if (!max) {
        missing = sym;
        continue;
      }
      overflow |= llvm::MulOverflow(coef, *max, term) ||
                  llvm::AddOverflow(value, term, value);
    }
    if (overflow)
      return emitOpError("time loop ")
             << getTimeLoops()[t]
             << " overflows 64-bit integers at the parameters' maxima";
    maxExtents.push_back(missing ? std::nullopt : std::optional(value));
    unbounded.push_back(missing);
  }

  // A per-time-loop delay fits its register file at the maxima.
  WalkResult walk = this->walk([&](ReadOp read) {
    std::optional<ArrayRef<int64_t>> delays = read.getTimeDelay();
    if (!delays || delays->size() != numTime)
      return WalkResult::advance();
    int64_t flat = 0, stride = 1;
    bool overflow = false;
    for (int t = numTime - 1; t >= 0; --t) {
      int64_t d = (*delays)[t], term;
      overflow |= llvm::MulOverflow(d, stride, term) ||
                  llvm::AddOverflow(flat, term, flat);
      if (t == 0)
        break;
      bool spanned = llvm::any_of(delays->take_front(t),
                                  [](int64_t x) { return x != 0; });
      if (!spanned)
        break;
      if (!maxExtents[t]) {
        InFlightDiagnostic diag = read.emitOpError("delay spans time loop ")
                                  << getTimeLoops()[t] << " of extent "
                                  << extentText(t2s::linearExtentAt(getTimeExtents(), t))
                                  << ", and " << unbounded[t]
                                  << " has no declared max: the register "
                                     "file cannot be sized";
        return WalkResult::interrupt();
      }
      overflow |= llvm::MulOverflow(stride, *maxExtents[t], stride);
    }
    int64_t slots = read.getRegisters().getType().getShape().back();
    if (overflow || flat >= slots) {
      InFlightDiagnostic diag = read.emitOpError("delay [");
      llvm::interleaveComma(*delays, diag);
      diag << "] is ";
      if (overflow)
        diag << "more than 64-bit integers hold";
      else
        diag << flat;
      diag << " flattened steps at the parameters' maxima, which does not "
              "fit a register file of "
           << slots << (slots == 1 ? " slot" : " slots");
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

