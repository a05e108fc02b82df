//===- SpacetimeOps.cpp - spacetime dialect -------------------------------===//

#include "spacetime/SpacetimeDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"

using namespace mlir;
using namespace t2s::spacetime;

#include "spacetime/SpacetimeDialect.cpp.inc"

void SpacetimeDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "spacetime/SpacetimeOps.cpp.inc"
      >();
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
