//===- SpacetimeOps.cpp - spacetime dialect -------------------------------===//

#include "spacetime/SpacetimeDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"

#include "common/Bounds.h"

using namespace mlir;
using namespace t2s::spacetime;
using t2s::parseBounds;
using t2s::printBounds;

#include "spacetime/SpacetimeDialect.cpp.inc"

void SpacetimeDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "spacetime/SpacetimeOps.cpp.inc"
      >();
}

/// Bounds of an array are constant: the transform needs them.
static LogicalResult verifyConstantBounds(Operation *op, StringRef what,
                                          ArrayAttr names,
                                          ArrayRef<int64_t> mins,
                                          ArrayAttr extents) {
  if (names.size() != mins.size() || names.size() != extents.size())
    return op->emitOpError("needs one min and one extent per ")
           << what << " loop";
  for (auto [name, extent] : llvm::zip(names, extents)) {
    auto value = dyn_cast<IntegerAttr>(extent);
    if (!value || value.getInt() <= 0)
      return op->emitOpError("extent of ")
             << what << " loop " << name << " must be a positive integer";
  }
  return success();
}

LogicalResult ArrayOp::verify() {
  if (failed(verifyConstantBounds(*this, "original", getLoops(), getMins(),
                                  getExtents())) ||
      failed(verifyConstantBounds(*this, "time", getTimeLoops(),
                                  getTimeMins(), getTimeExtents())) ||
      failed(verifyConstantBounds(*this, "space", getSpaceLoops(),
                                  getSpaceMins(), getSpaceExtents())))
    return failure();
  size_t numLoops = getLoops().size();
  size_t numCoords = getTimeLoops().size() + getSpaceLoops().size();
  if (numCoords != numLoops)
    return emitOpError("maps ") << numLoops << " loops to " << numCoords
                                << " time and space loops";
  if (getSchedule().getNumDims() != numLoops ||
      getSchedule().getNumResults() != getTimeLoops().size())
    return emitOpError("schedule must map the ")
           << numLoops << " original indices to the "
           << getTimeLoops().size() << " time loops";
  if (getRecover().getNumDims() != numCoords ||
      getRecover().getNumResults() != numLoops)
    return emitOpError("recover must map the ")
           << numCoords << " time and space loops to the " << numLoops
           << " original indices";
  return success();
}

LogicalResult ShiftRegOp::verify() {
  MemRefType type = getRegisters().getType();
  if (type.getRank() < 1)
    return emitOpError("a register file has at least the slot dimension");
  if (type.getShape().back() < 1)
    return emitOpError("a register chain has at least one slot");
  if (!type.getLayout().isIdentity())
    return emitOpError("register files have the identity layout");
  return success();
}

#define GET_OP_CLASSES
#include "spacetime/SpacetimeOps.cpp.inc"
