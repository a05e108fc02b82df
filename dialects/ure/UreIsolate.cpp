//===- UreIsolate.cpp - ure isolation directives --------------------------===//
//
// The verifiers of `ure.isolate_producer` and `ure.isolate_consumer`: what
// the directives name must exist in the program, and the kernels they
// create must have fresh names. What can be isolated is the `isolate`
// pass's question (it sees the array).
//
//===----------------------------------------------------------------------===//

#include "ure/UreDialect.h"

#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using namespace t2s::ure;

/// A kernel name must be new: the pass creates a symbol with it, and two
/// directives may not create the same kernel.
static LogicalResult verifyKernelName(Operation *op, StringAttr kernel) {
  Operation *program = op->getParentOp();
  if (Operation *other = SymbolTable::lookupSymbolIn(program, kernel)) {
    InFlightDiagnostic diag = op->emitOpError("kernel @")
                              << kernel.getValue()
                              << " would redefine a symbol of the program";
    diag.attachNote(other->getLoc()) << "defined here";
    return diag;
  }
  for (Operation &sibling : program->getRegion(0).front()) {
    if (&sibling == op)
      break;
    auto name = sibling.getAttrOfType<StringAttr>("kernel");
    if (isa<IsolateProducerOp, IsolateConsumerOp>(sibling) && name == kernel) {
      InFlightDiagnostic diag = op->emitOpError("kernel @")
                                << kernel.getValue()
                                << " is created by an earlier directive";
      diag.attachNote(sibling.getLoc()) << "the earlier directive";
      return diag;
    }
  }
  return success();
}

static LogicalResult verifyDepth(Operation *op, IntegerAttr depth) {
  if (depth.getInt() < 1)
    return op->emitOpError("depth must be at least 1, got ") << depth.getInt();
  return success();
}

LogicalResult IsolateProducerOp::verify() {
  if (failed(verifyDepth(*this, getDepthAttr())) ||
      failed(verifyKernelName(*this, getKernelAttr())))
    return failure();
  if (getInputs().empty())
    return emitOpError("names no input");
  Operation *program = (*this)->getParentOp();
  for (Attribute attr : getInputs()) {
    auto ref = cast<FlatSymbolRefAttr>(attr);
    if (!isa_and_nonnull<InputOp>(
            SymbolTable::lookupSymbolIn(program, ref.getAttr())))
      return emitOpError("isolates ") << ref << ", which is not a ure.input";
    // An input goes to one loader: its reads become one set of channels.
    for (Operation &sibling : program->getRegion(0).front()) {
      if (&sibling == getOperation())
        break;
      auto earlier = dyn_cast<IsolateProducerOp>(sibling);
      if (earlier && llvm::is_contained(earlier.getInputs(), attr)) {
        InFlightDiagnostic diag = emitOpError("isolates ")
                                  << ref << " again";
        diag.attachNote(earlier.getLoc()) << "first isolated here";
        return diag;
      }
    }
    if (llvm::count(getInputs(), attr) > 1)
      return emitOpError("names ") << ref << " twice";
  }
  return success();
}

LogicalResult IsolateConsumerOp::verify() {
  if (failed(verifyDepth(*this, getDepthAttr())) ||
      failed(verifyKernelName(*this, getKernelAttr())))
    return failure();
  Operation *program = (*this)->getParentOp();
  if (!isa_and_nonnull<FuncOp>(
          SymbolTable::lookupSymbolIn(program, getFuncAttr().getAttr())))
    return emitOpError("isolates ") << getFuncAttr()
                                    << ", which is not a ure.func";
  for (Operation &sibling : program->getRegion(0).front()) {
    if (&sibling == getOperation())
      break;
    if (isa<IsolateConsumerOp>(sibling)) {
      InFlightDiagnostic diag =
          emitOpError("is a second consumer isolation; the output goes to "
                      "one drainer");
      diag.attachNote(sibling.getLoc()) << "the first one";
      return diag;
    }
  }
  return success();
}
