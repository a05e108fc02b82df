//===- SpacetimeArray.cpp - the verifier of spacetime.array --------------===//
//
// An array's loops, schedule and recovery, and the scoping of its body: the
// lowering takes every one at its word.
//
//===----------------------------------------------------------------------===//

#include "spacetime/SpacetimeDialect.h"
#include "spacetime/SpacetimeInternal.h"
#include "ure/UreDialect.h"

#include "mlir/IR/AffineExprVisitor.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseMap.h"
#include <functional>

#include "common/Bounds.h"

using namespace mlir;
using namespace t2s::spacetime;

//===----------------------------------------------------------------------===//
// ArrayOp
//===----------------------------------------------------------------------===//

/// Which extents a group of an array's loops may have.
enum class ExtentKind { Original, Time, Space };

/// Original loops: a positive integer or a parameter; time loops: an affine
/// function of parameters too; space loops (the PEs): a positive integer.
static LogicalResult verifyBounds(Operation *op, StringRef what,
                                  ExtentKind kind, ArrayAttr names,
                                  ArrayRef<int64_t> mins, ArrayAttr extents) {
  if (names.size() != mins.size() || names.size() != extents.size())
    return op->emitOpError("needs one min and one extent per ")
           << what << " loop";
  for (auto [name, extent] : llvm::zip(names, extents)) {
    std::optional<t2s::LinearExtent> linear = t2s::getLinearExtent(extent);
    if (linear && linear->isConstant()) {
      if (linear->constant <= 0)
        return op->emitOpError("extent of ")
               << what << " loop " << name << " must be positive";
      continue;
    }
    bool ok = linear && (kind == ExtentKind::Time ||
                         (kind == ExtentKind::Original &&
                          isa<FlatSymbolRefAttr>(extent)));
    if (!ok)
      return op->emitOpError("extent of ")
             << what << " loop " << name << " must be "
             << (kind == ExtentKind::Space
                     ? "a positive integer (space loops are the PEs)"
                 : kind == ExtentKind::Original
                     ? "a positive integer or a ure.param"
                     : "a positive integer or an affine function of "
                       "ure.params");
  }
  return success();
}

SmallVector<int64_t> ArrayOp::getPeShape() {
  SmallVector<int64_t> shape;
  for (unsigned i = 0, e = getNumSpace(); i < e; ++i)
    shape.push_back(t2s::constantExtentAt(getSpaceExtents(), i));
  return shape;
}

/// Coefficients of a linear expression over `numDims` dimensions, then its
/// constant; failure for a non-linear one (mod, floordiv, ...).
FailureOr<SmallVector<int64_t>> t2s::spacetime::linearForm(AffineExpr expr,
                                                  unsigned numDims) {
  SmallVector<int64_t> form(numDims + 1, 0);
  // Adds `scale * expr` to `form`; false when not linear or on overflow.
  std::function<bool(AffineExpr, int64_t)> add = [&](AffineExpr e,
                                                     int64_t scale) {
    if (auto dim = dyn_cast<AffineDimExpr>(e))
      return dim.getPosition() < numDims &&
             !llvm::AddOverflow(form[dim.getPosition()], scale,
                                form[dim.getPosition()]);
    if (auto c = dyn_cast<AffineConstantExpr>(e)) {
      int64_t term;
      return !llvm::MulOverflow(c.getValue(), scale, term) &&
             !llvm::AddOverflow(form.back(), term, form.back());
    }
    auto bin = dyn_cast<AffineBinaryOpExpr>(e);
    if (!bin)
      return false;
    if (e.getKind() == AffineExprKind::Add)
      return add(bin.getLHS(), scale) && add(bin.getRHS(), scale);
    if (e.getKind() == AffineExprKind::Mul) {
      auto c = dyn_cast<AffineConstantExpr>(bin.getRHS());
      int64_t factor;
      return c && !llvm::MulOverflow(scale, c.getValue(), factor) &&
             add(bin.getLHS(), factor);
    }
    return false;
  };
  if (!add(expr, 1))
    return failure();
  return form;
}

/// Smallest and largest value of a linear form over a box whose extents may
/// be symbolic. The smallest is a constant: a loop of symbolic extent needs
/// a non-negative coefficient (reported by its position as `badLoop`).
/// Failure on overflow or a negative coefficient on a symbolic extent.
static FailureOr<std::pair<int64_t, t2s::LinearExtent>>
rangeOverBox(ArrayRef<int64_t> form, ArrayRef<int64_t> mins,
             ArrayRef<t2s::LinearExtent> extents, int &badLoop) {
  int64_t lo = form.back();
  t2s::LinearExtent hi;
  hi.constant = form.back();
  for (unsigned d = 0; d < mins.size(); ++d) {
    int64_t c = form[d], first;
    if (llvm::MulOverflow(c, mins[d], first))
      return failure();
    // last = c * (min + (extent - 1)): in this order, which overflows only
    // when the last value itself does (min may be the smallest int64_t).
    t2s::LinearExtent last = extents[d];
    if (!last.add(t2s::LinearExtent{-1, {}}, 1) ||
        !last.add(t2s::LinearExtent{mins[d], {}}, 1))
      return failure();
    if (!extents[d].isConstant()) {
      if (c < 0) {
        badLoop = d;
        return failure();
      }
      if (llvm::AddOverflow(lo, first, lo) || !hi.add(last, c))
        return failure();
      continue;
    }
    int64_t lastValue;
    if (llvm::MulOverflow(c, last.constant, lastValue) ||
        llvm::AddOverflow(lo, std::min(first, lastValue), lo) ||
        llvm::AddOverflow(hi.constant, std::max(first, lastValue),
                          hi.constant))
      return failure();
  }
  return std::make_pair(lo, hi);
}

/// Whether an affine function of parameters is non-negative for every
/// parameter value >= 1: its coefficients are, and its value at all ones.
static bool nonNegativeForAllParams(const t2s::LinearExtent &e) {
  int64_t atOnes = e.constant;
  for (auto [sym, coef] : e.terms)
    if (coef < 0 || llvm::AddOverflow(atOnes, coef, atOnes))
      return false;
  return atOnes >= 0;
}

LogicalResult ArrayOp::verify() {
  if (failed(verifyBounds(*this, "original", ExtentKind::Original, getLoops(),
                          getMins(), getExtents())) ||
      failed(verifyBounds(*this, "time", ExtentKind::Time, getTimeLoops(),
                          getTimeMins(), getTimeExtents())) ||
      failed(verifyBounds(*this, "space", ExtentKind::Space, getSpaceLoops(),
                          getSpaceMins(), getSpaceExtents())))
    return failure();
  unsigned numLoops = getLoops().size();
  unsigned numTime = getNumTime();
  unsigned numCoords = numTime + getNumSpace();
  if (numCoords != numLoops)
    return emitOpError("maps ") << numLoops << " loops to " << numCoords
                                << " time and space loops";
  AffineMap schedule = getSchedule(), recover = getRecover();
  if (schedule.getNumSymbols() || recover.getNumSymbols())
    return emitOpError("schedule and recover use no symbols");
  if (schedule.getNumDims() != numLoops || schedule.getNumResults() != numTime)
    return emitOpError("schedule must map the ")
           << numLoops << " original indices to the " << numTime
           << " time loops";
  if (recover.getNumDims() != numCoords || recover.getNumResults() != numLoops)
    return emitOpError("recover must map the ")
           << numCoords << " time and space loops to the " << numLoops
           << " original indices";

  // Space loops are original loops with the same bounds.
  SmallVector<int64_t> loopMins(getMins());
  SmallVector<t2s::LinearExtent> loopExtents;
  llvm::StringMap<unsigned> loopIndex;
  for (auto [i, name] : llvm::enumerate(getLoops())) {
    loopIndex[cast<StringAttr>(name).getValue()] = i;
    loopExtents.push_back(t2s::linearExtentAt(getExtents(), i));
  }
  SmallVector<AffineExpr> coordinates(schedule.getResults());
  for (auto [s, name] : llvm::enumerate(getSpaceLoops())) {
    StringRef n = cast<StringAttr>(name).getValue();
    auto it = loopIndex.find(n);
    if (it == loopIndex.end())
      return emitOpError("space loop '") << n << "' is not an original loop";
    unsigned l = it->second;
    // A symbolic original extent: the PEs are its max (verifySymbolUses).
    if (getSpaceMins()[s] != loopMins[l] ||
        (loopExtents[l].isConstant() &&
         t2s::constantExtentAt(getSpaceExtents(), s) != loopExtents[l].constant))
      return emitOpError("space loop '")
             << n << "' must have the bounds of the original loop";
    coordinates.push_back(getAffineDimExpr(l, getContext()));
  }

  // The time bounds cover every scheduled point.
  for (unsigned t = 0; t < numTime; ++t) {
    FailureOr<SmallVector<int64_t>> form =
        linearForm(schedule.getResult(t), numLoops);
    if (failed(form))
      return emitOpError("schedule of time loop ")
             << getTimeLoops()[t] << " must be linear";
    int badLoop = -1;
    auto range = rangeOverBox(*form, loopMins, loopExtents, badLoop);
    if (failed(range) && badLoop >= 0)
      return emitOpError("schedule of time loop ")
             << getTimeLoops()[t] << " has the negative coefficient "
             << (*form)[badLoop] << " on loop " << getLoops()[badLoop]
             << ", whose extent is symbolic: time would start at a "
                "parameter-dependent point";
    if (failed(range))
      return emitOpError("schedule of time loop ")
             << getTimeLoops()[t] << " overflows 64-bit integers";
    int64_t lo = getTimeMins()[t];
    t2s::LinearExtent extent = t2s::linearExtentAt(getTimeExtents(), t);
    // extent - (hi - lo + 1) >= 0 for every parameter value; hi - lo first,
    // which does not overflow where both are near the smallest int64_t.
    t2s::LinearExtent slack = extent;
    t2s::LinearExtent needed = range->second;
    bool fits =
        !llvm::SubOverflow(needed.constant, lo, needed.constant) &&
        !llvm::AddOverflow(needed.constant, int64_t(1), needed.constant) &&
        slack.add(needed, -1);
    if (range->first < lo || !fits || !nonNegativeForAllParams(slack)) {
      InFlightDiagnostic d = emitOpError("time loop ")
                             << getTimeLoops()[t] << " = " << lo
                             << " extent ";
      std::string text;
      llvm::raw_string_ostream os(text);
      extent.print(os);
      os << " does not cover the scheduled times [" << range->first << ", ";
      range->second.print(os);
      os << "]";
      return d << text;
    }
  }
  // recover inverts (schedule, space indices).
  AffineMap forward = AffineMap::get(numLoops, 0, coordinates, getContext());
  AffineMap roundTrip = simplifyAffineMap(recover.compose(forward));
  for (unsigned l = 0; l < numLoops; ++l)
    if (roundTrip.getResult(l) != getAffineDimExpr(l, getContext()))
      return emitOpError("recover does not invert the schedule: original "
                         "index ")
             << getLoops()[l] << " comes back as "
             << AffineMapAttr::get(AffineMap::get(
                    numLoops, 0, roundTrip.getResult(l), getContext()));

  return success();
}

/// Position of `op`'s ancestor in `block`, for ordering ops of a PE body.
static Operation *ancestorIn(Block &block, Operation *op) {
  return block.findAncestorOpInBlock(*op);
}

Operation *ArrayOp::getFileDecl(Value registers) {
  auto arg = dyn_cast<BlockArgument>(registers);
  if (!arg || arg.getOwner() != &getBodyBlock())
    return nullptr;
  unsigned numCoords = getNumTime() + getNumSpace();
  if (arg.getArgNumber() < numCoords ||
      arg.getArgNumber() - numCoords >= getRegisters().size())
    return nullptr;
  return getRegisters()[arg.getArgNumber() - numCoords]
      .getDefiningOp<ShiftRegOp>();
}

LogicalResult ArrayOp::verifyRegions() {
  Block &body = getBodyBlock();
  unsigned numCoords = getNumTime() + getNumSpace();
  unsigned numFiles = getRegisters().size();
  if (body.getNumArguments() != numCoords + numFiles)
    return emitOpError("body has ")
           << body.getNumArguments() << " arguments for " << numCoords
           << " time and space coordinates and " << numFiles
           << " register files";
  // Each register file is a spacetime.shift_reg (or a spacetime.buffer)
  // beside the array, taken once, and its argument has its type.
  llvm::SmallPtrSet<Value, 8> seenFiles;
  for (auto [i, file] : llvm::enumerate(getRegisters())) {
    Operation *decl = file.getDefiningOp();
    if (!decl || !isa<ShiftRegOp, BufferOp>(decl) ||
        decl->getBlock() != (*this)->getBlock())
      return emitOpError("register file #")
             << i
             << " is not a spacetime.shift_reg (or spacetime.buffer) beside "
                "the array";
    if (!seenFiles.insert(file).second)
      return emitOpError("takes register file #") << i << " twice";
    if (body.getArgument(numCoords + i).getType() != file.getType())
      return emitOpError("register-file argument #")
             << i << " is " << body.getArgument(numCoords + i).getType()
             << " where the file is " << file.getType();
  }
  if (failed(verifyCoordinates(*this)) || failed(verifyDescending(*this)) ||
      failed(verifyInside(*this)))
    return failure();

  // One writer per register file; every file read is written.
  llvm::DenseMap<Value, WriteOp> writers;
  WalkResult walk = this->walk([&](WriteOp write) {
    auto [it, inserted] = writers.try_emplace(write.getRegisters(), write);
    if (!inserted) {
      InFlightDiagnostic d = write.emitOpError(
          "is a second writer of a register file: each has one writer");
      d.attachNote(it->second.getLoc()) << "first writer here";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  walk = this->walk([&](ReadOp read) {
    auto it = writers.find(read.getRegisters());
    if (it == writers.end()) {
      read.emitOpError("reads a register file that nothing in the array "
                       "writes");
      return WalkResult::interrupt();
    }
    // A same-step read of the own PE needs the write to come first.
    if (read.isSameStep() &&
        llvm::all_of(read.getOffset(), [](int64_t o) { return o == 0; })) {
      Operation *w = ancestorIn(body, it->second);
      Operation *r = ancestorIn(body, read);
      bool writeFirst = true;
      if (w && r && w != r)
        writeFirst = w->isBeforeInBlock(r);
      else if (w && r && it->second->getBlock() == read->getBlock())
        writeFirst = it->second->isBeforeInBlock(read);
      if (!writeFirst) {
        InFlightDiagnostic d = read.emitOpError(
            "reads this PE's value of the current step (delay 0) before it "
            "is written");
        d.attachNote(it->second.getLoc()) << "written here";
        return WalkResult::interrupt();
      }
    }
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

void ArrayOp::getAsmBlockArgumentNames(Region &region,
                                       OpAsmSetValueNameFn setNameFn) {
  if (region.empty())
    return;
  Block &block = region.front();
  unsigned i = 0;
  for (ArrayAttr names : {getTimeLoops(), getSpaceLoops()})
    for (Attribute name : names)
      if (i < block.getNumArguments())
        setNameFn(block.getArgument(i++), cast<StringAttr>(name).getValue());
  for (Value file : getRegisters()) {
    if (i >= block.getNumArguments())
      break;
    if (auto buffer = file.getDefiningOp<BufferOp>()) {
      setNameFn(block.getArgument(i++), ("buf_" + buffer.getName()).str());
      continue;
    }
    auto decl = file.getDefiningOp<ShiftRegOp>();
    setNameFn(block.getArgument(i++),
              decl ? ("regs_" + decl.getName()).str() : "regs");
  }
}
