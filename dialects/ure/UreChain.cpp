//===- UreChain.cpp - ure.gather and ure.scatter --------------------------===//
//
// The verifiers of the chain directives (gathering.md, scattering.md): what
// they name must exist, one gather per kernel, one strategy per scattered
// loop. Whether the kernel reads what they name, and along which loops, is
// the passes' question (they see the arrays).
//
//===----------------------------------------------------------------------===//

#include "ure/UreDialect.h"
#include "ure/UreInternal.h"

#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using namespace t2s::ure;

/// The target is a Func (the representative of an array) or a kernel that
/// an isolation directive creates.
LogicalResult t2s::ure::detail::verifyKernelOrFuncTarget(
    Operation *op, FlatSymbolRefAttr target) {
  Operation *program = op->getParentOp();
  Operation *symbol = SymbolTable::lookupSymbolIn(program, target.getAttr());
  // After isolation the kernel exists (and the directive that made it is
  // gone).
  if (isa_and_nonnull<FuncOp>(symbol) ||
      (symbol && symbol->getName().getStringRef() == "channel.kernel"))
    return success();
  for (Operation &sibling : program->getRegion(0).front()) {
    auto kernel = sibling.getAttrOfType<StringAttr>("kernel");
    if (isa<IsolateProducerOp, IsolateConsumerOp>(sibling) &&
        kernel == target.getAttr())
      return success();
    // A streaming tensor's feeder is the kernel its isolation creates.
    auto stream = dyn_cast<StreamInputOp>(sibling);
    if (stream && stream.getFeederAttr() == target.getAttr())
      return success();
    // And an output stream's collector.
    auto output = dyn_cast<StreamOutputOp>(sibling);
    if (output && output.getCollectorAttr() == target.getAttr())
      return success();
  }
  return op->emitOpError("names ")
         << target
         << ", which is neither a ure.func nor a kernel that a "
            "ure.isolate_producer or ure.isolate_consumer creates";
}

static LogicalResult verifyLoopName(Operation *op, StringAttr loop) {
  if (loop.getValue().empty())
    return op->emitOpError("needs a loop name");
  return success();
}

LogicalResult GatherOp::verify() {
  if (failed(detail::verifyKernelOrFuncTarget(*this, getTargetAttr())) ||
      failed(verifyLoopName(*this, getLoopAttr())))
    return failure();
  Operation *program = (*this)->getParentOp();
  if (!isa_and_nonnull<FuncOp>(
          SymbolTable::lookupSymbolIn(program, getSourceAttr().getAttr())))
    return emitOpError("gathers ")
           << getSourceAttr() << ", which is not a ure.func";
  // The PEs along a loop run in one order inside a step: every chain along
  // it must flow the same way.
  for (Operation &sibling : program->getRegion(0).front()) {
    auto scatter = dyn_cast<ScatterOp>(sibling);
    if (scatter && scatter.getTargetAttr() == getTargetAttr() &&
        scatter.getLoop() == getLoop() && scatter.getDown() != getDown()) {
      InFlightDiagnostic diag =
          emitOpError("gathers along '")
          << getLoop() << "' " << (getDown() ? "down" : "up")
          << ", but a scatter along it is " << (getDown() ? "up" : "down")
          << ": the PEs along a loop run in one order";
      diag.attachNote(scatter.getLoc()) << "the scatter";
      return diag;
    }
  }
  for (Operation &sibling : program->getRegion(0).front()) {
    if (&sibling == getOperation())
      break;
    auto earlier = dyn_cast<GatherOp>(sibling);
    if (earlier && earlier.getTargetAttr() == getTargetAttr()) {
      InFlightDiagnostic diag = emitOpError("is a second gather of ")
                                << getTargetAttr()
                                << ": a kernel gathers one Func";
      diag.attachNote(earlier.getLoc()) << "the first gather";
      return diag;
    }
  }
  return success();
}

LogicalResult ScatterOp::verify() {
  if (failed(detail::verifyKernelOrFuncTarget(*this, getTargetAttr())) ||
      failed(verifyLoopName(*this, getLoopAttr())))
    return failure();
  Operation *program = (*this)->getParentOp();
  if (!isa_and_nonnull<FuncOp, InputOp>(
          SymbolTable::lookupSymbolIn(program, getSourceAttr().getAttr())))
    return emitOpError("scatters ")
           << getSourceAttr() << ", which is neither a ure.input nor a ure.func";
  auto strategy = [](bool down) { return down ? "down" : "up"; };
  for (Operation &sibling : program->getRegion(0).front()) {
    if (&sibling == getOperation())
      break;
    auto earlier = dyn_cast<ScatterOp>(sibling);
    if (!earlier || earlier.getTargetAttr() != getTargetAttr() ||
        earlier.getLoop() != getLoop())
      continue;
    if (earlier.getSourceAttr() == getSourceAttr()) {
      InFlightDiagnostic diag = emitOpError("scatters ")
                                << getSourceAttr() << " along '" << getLoop()
                                << "' twice";
      diag.attachNote(earlier.getLoc()) << "the first scatter";
      return diag;
    }
    if (earlier.getDown() != getDown()) {
      InFlightDiagnostic diag =
          emitOpError("scatters along '")
          << getLoop() << "' " << strategy(getDown())
          << ", but an earlier scatter along it is "
          << strategy(earlier.getDown())
          << ": the values along one loop flow one way";
      diag.attachNote(earlier.getLoc()) << "the earlier scatter";
      return diag;
    }
  }
  return success();
}
