//===- ChannelOps.cpp - channel dialect -----------------------------------===//

#include "channel/ChannelDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"

using namespace mlir;
using namespace t2s::channel;

#include "channel/ChannelDialect.cpp.inc"

void ChannelDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "channel/ChannelOps.cpp.inc"
      >();
}

LogicalResult FifoOp::verify() {
  // I64Attr's getter is unsigned: read the signed value to reject negatives.
  int64_t depth = getDepthAttr().getInt();
  if (depth < 1)
    return emitOpError("depth must be at least 1, got ") << depth;
  if (!isa<IntegerType, FloatType, IndexType, VectorType>(getElementType()))
    return emitOpError("carries integers, floats, index or vectors, got ")
           << getElementType();
  return success();
}

/// Reads and writes name a declared channel of the value's type.
static LogicalResult verifyChannelUse(Operation *op, FlatSymbolRefAttr channel,
                                      Type type,
                                      SymbolTableCollection &symbolTable) {
  auto fifo = symbolTable.lookupNearestSymbolFrom<FifoOp>(op, channel.getAttr());
  if (!fifo)
    return op->emitOpError("uses ")
           << channel << ", which is not a channel.fifo";
  if (fifo.getElementType() != type)
    return op->emitOpError("uses channel ")
           << channel << " of " << fifo.getElementType() << " with " << type;
  return success();
}

LogicalResult WriteOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  return verifyChannelUse(*this, getChannelAttr(), getValue().getType(),
                          symbolTable);
}

LogicalResult ReadOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  return verifyChannelUse(*this, getChannelAttr(), getValue().getType(),
                          symbolTable);
}

#define GET_OP_CLASSES
#include "channel/ChannelOps.cpp.inc"
