//===- SpacetimeOrder.cpp - PE order and explicit coordinates -------------===//
//
// The `descending` space loops of spacetime.array (the order of PEs inside a
// step) and the `at (...)` coordinates of spacetime.recover, scheduled and
// output (a PE computing on behalf of another one): what gathers and
// scatters need of the array.
//
//===----------------------------------------------------------------------===//

#include "spacetime/SpacetimeInternal.h"

using namespace mlir;
using namespace t2s::spacetime;

SmallVector<bool> ArrayOp::getDescendingSpace() {
  SmallVector<bool> descending(getNumSpace(), false);
  if (!getDescending())
    return descending;
  for (Attribute name : getDescendingAttr())
    for (unsigned s = 0; s < getNumSpace(); ++s)
      if (getSpaceLoops()[s] == name)
        descending[s] = true;
  return descending;
}

LogicalResult t2s::spacetime::verifyDescending(ArrayOp array) {
  if (!array.getDescending())
    return success();
  SmallVector<bool> vectorized = array.getVectorizedSpace();
  llvm::SmallDenseSet<Attribute> seen;
  for (Attribute name : array.getDescendingAttr()) {
    auto it = llvm::find(array.getSpaceLoops(), name);
    if (it == array.getSpaceLoops().end())
      return array.emitOpError("descending loop ")
             << name << " is not a space loop";
    if (!seen.insert(name).second)
      return array.emitOpError("descending loop ")
             << name << " is listed twice";
    if (vectorized[it - array.getSpaceLoops().begin()])
      return array.emitOpError("descending loop ")
             << name << " is vectorized: its lanes run at once";
  }
  return success();
}

LogicalResult t2s::spacetime::verifyInside(ArrayOp array) {
  if (!array.getInside())
    return success();
  llvm::SmallDenseSet<Attribute> seen;
  for (Attribute name : array.getInsideAttr()) {
    if (!llvm::is_contained(array.getSpaceLoops(), name))
      return array.emitOpError("loop ")
             << name << " inside the PE is not a space loop";
    if (!seen.insert(name).second)
      return array.emitOpError("loop ")
             << name << " inside the PE is listed twice";
  }
  return success();
}

LogicalResult t2s::spacetime::verifyAtCoordinates(Operation *op, ArrayOp array,
                                                  ValueRange at) {
  if (at.empty())
    return success();
  Block::BlockArgListType coordinates = array.getCoordinates();
  if (at.size() != coordinates.size())
    return op->emitOpError("has ")
           << at.size() << " coordinates for " << coordinates.size()
           << " time and space loops";
  for (auto [i, value] : llvm::enumerate(at))
    if (value.getType() != coordinates[i].getType())
      return op->emitOpError("coordinate #")
             << i << " is " << value.getType() << " where the array's is "
             << coordinates[i].getType();
  return success();
}
