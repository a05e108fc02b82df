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

/// The kernels a directive creates.
static SmallVector<StringAttr> createdKernels(Operation &op) {
  if (auto producer = dyn_cast<IsolateProducerOp>(op))
    return {producer.getKernelAttr()};
  if (auto consumer = dyn_cast<IsolateConsumerOp>(op))
    return {consumer.getKernelAttr()};
  if (auto buffer = dyn_cast<BufferOp>(op))
    return {buffer.getLoaderAttr()};
  if (auto stream = dyn_cast<StreamInputOp>(op))
    return {stream.getLoaderAttr(), stream.getFeederAttr()};
  if (auto unload = dyn_cast<UnloadOp>(op))
    return {unload.getKernelAttr()};
  if (auto stream = dyn_cast<StreamOutputOp>(op))
    return {stream.getCollectorAttr(), stream.getUnloaderAttr()};
  return {};
}

/// The inputs a directive isolates (into a loader or a feeder).
static SmallVector<Attribute> isolatedInputs(Operation &op) {
  if (auto producer = dyn_cast<IsolateProducerOp>(op))
    return llvm::to_vector(producer.getInputs());
  if (auto stream = dyn_cast<StreamInputOp>(op))
    return {stream.getInputAttr()};
  return {};
}

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
    if (llvm::is_contained(createdKernels(sibling), kernel)) {
      InFlightDiagnostic diag = op->emitOpError("kernel @")
                                << kernel.getValue()
                                << " is created by an earlier directive";
      diag.attachNote(sibling.getLoc()) << "the earlier directive";
      return diag;
    }
  }
  return success();
}

/// The two kernels a chain directive names must differ.
static LogicalResult verifyTwoKernels(Operation *op, StringRef first,
                                      StringRef second, StringRef roles) {
  if (first != second)
    return success();
  return op->emitOpError("the ") << roles << " are one kernel @" << first;
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
    Operation *target = SymbolTable::lookupSymbolIn(program, ref.getAttr());
    if (isa_and_nonnull<FuncOp>(target))
      return emitOpError("isolates ")
             << ref
             << ", which is not a ure.input: t2s isolates the loads of "
                "inputs; a Func's values stay in the array (T2S's "
                "isolation of a Func or an expression is not built)";
    if (!isa_and_nonnull<InputOp>(target))
      return emitOpError("isolates ") << ref << ", which is not a ure.input";
    // An input goes to one loader: its reads become one set of channels.
    for (Operation &sibling : program->getRegion(0).front()) {
      if (&sibling == getOperation())
        break;
      if (llvm::is_contained(isolatedInputs(sibling), attr)) {
        InFlightDiagnostic diag = emitOpError("isolates ")
                                  << ref << " again";
        diag.attachNote(sibling.getLoc()) << "first isolated here";
        return diag;
      }
    }
    if (llvm::count(getInputs(), attr) > 1)
      return emitOpError("names ") << ref << " twice";
  }
  return success();
}

/// The output goes to one drainer: `op` may not follow another consumer
/// isolation (`ure.isolate_consumer`, or the collector of a
/// `ure.stream_output`).
static LogicalResult verifyFirstConsumer(Operation *op, Operation &sibling) {
  if (!isa<IsolateConsumerOp, StreamOutputOp>(sibling))
    return success();
  InFlightDiagnostic diag =
      op->emitOpError("is a second consumer isolation; the output goes to "
                      "one drainer");
  diag.attachNote(sibling.getLoc()) << "the first one";
  return diag;
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
    if (failed(verifyFirstConsumer(*this, sibling)))
      return failure();
  }
  return success();
}

/// `out (...)` names at most one loop: the loader's vector lanes.
static LogicalResult verifyOut(Operation *op, ArrayAttr out) {
  if (out.size() > 1)
    return op->emitOpError("'out' names at most one loop (the vector lanes "
                           "along the input's last dimension), got ")
           << out.size();
  return success();
}

static LogicalResult verifyScope(Operation *op, ArrayAttr scope) {
  if (scope.size() != 1)
    return op->emitOpError("'scope' names one loop, got ") << scope.size();
  return success();
}

static LogicalResult verifyInput(Operation *op, FlatSymbolRefAttr input) {
  Operation *program = op->getParentOp();
  if (!isa_and_nonnull<InputOp>(
          SymbolTable::lookupSymbolIn(program, input.getAttr())))
    return op->emitOpError("streams ") << input << ", which is not a ure.input";
  return success();
}

LogicalResult BufferOp::verify() {
  if (failed(verifyTwoKernels(*this, getLoader(), getFeeder(),
                              "loader and the feeder")))
    return failure();
  if (failed(verifyDepth(*this, getDepthAttr())) ||
      failed(verifyKernelName(*this, getLoaderAttr())) ||
      failed(verifyInput(*this, getInputAttr())) ||
      failed(verifyScope(*this, getScope())) ||
      failed(verifyOut(*this, getOut())))
    return failure();
  Operation *program = (*this)->getParentOp();
  // The feeder: a kernel already isolated, or one an earlier directive
  // isolates @input into.
  Operation *existing = SymbolTable::lookupSymbolIn(program, getFeederAttr());
  bool isolated =
      existing && existing->getName().getStringRef() == "channel.kernel";
  for (Operation &sibling : program->getRegion(0).front()) {
    if (&sibling == getOperation())
      break;
    auto producer = dyn_cast<IsolateProducerOp>(sibling);
    if (producer && producer.getKernelAttr() == getFeederAttr() &&
        llvm::is_contained(producer.getInputs(), getInputAttr()))
      isolated = true;
    auto earlier = dyn_cast<BufferOp>(sibling);
    if (earlier && earlier.getFeederAttr() == getFeederAttr() &&
        earlier.getInputAttr() == getInputAttr()) {
      InFlightDiagnostic diag = emitOpError("buffers ")
                                << getInputAttr() << " in @" << getFeeder()
                                << " again";
      diag.attachNote(earlier.getLoc()) << "first buffered here";
      return diag;
    }
  }
  if (!isolated)
    return emitOpError("@")
           << getFeeder() << " is not a feeder of " << getInputAttr()
           << ": isolate it first (ure.isolate_producer [" << getInputAttr()
           << "] into @" << getFeeder() << ")";
  return success();
}

LogicalResult StreamInputOp::verify() {
  if (failed(verifyTwoKernels(*this, getLoader(), getFeeder(),
                              "loader and the feeder")))
    return failure();
  if (failed(verifyDepth(*this, getLoaderDepthAttr())) ||
      failed(verifyDepth(*this, getFeederDepthAttr())) ||
      failed(verifyKernelName(*this, getLoaderAttr())) ||
      failed(verifyKernelName(*this, getFeederAttr())) ||
      failed(verifyInput(*this, getInputAttr())) ||
      failed(verifyScope(*this, getScope())) ||
      failed(verifyOut(*this, getOut())))
    return failure();
  Operation *program = (*this)->getParentOp();
  for (Operation &sibling : program->getRegion(0).front()) {
    if (&sibling == getOperation())
      break;
    if (llvm::is_contained(isolatedInputs(sibling), Attribute(getInputAttr()))) {
      InFlightDiagnostic diag = emitOpError("streams ")
                                << getInputAttr()
                                << ", which an earlier directive isolates";
      diag.attachNote(sibling.getLoc()) << "isolated here";
      return diag;
    }
  }
  return success();
}

LogicalResult UnloadOp::verify() {
  if (failed(verifyTwoKernels(*this, getCollector(), getKernel(),
                              "collector and the unloader")))
    return failure();
  if (failed(verifyDepth(*this, getDepthAttr())) ||
      failed(verifyKernelName(*this, getKernelAttr())))
    return failure();
  Operation *program = (*this)->getParentOp();
  if (!isa_and_nonnull<FuncOp>(
          SymbolTable::lookupSymbolIn(program, getFuncAttr().getAttr())))
    return emitOpError("unloads ") << getFuncAttr()
                                   << ", which is not a ure.func";
  // The collector: the drainer of an earlier consumer isolation of @func,
  // or a kernel already isolated (a program printed after `isolate`).
  Operation *existing =
      SymbolTable::lookupSymbolIn(program, getCollectorAttr().getAttr());
  bool isolated =
      existing && existing->getName().getStringRef() == "channel.kernel";
  for (Operation &sibling : program->getRegion(0).front()) {
    if (&sibling == getOperation())
      break;
    auto consumer = dyn_cast<IsolateConsumerOp>(sibling);
    if (consumer && consumer.getKernel() == getCollector() &&
        consumer.getFuncAttr() == getFuncAttr())
      isolated = true;
    auto earlier = dyn_cast<UnloadOp>(sibling);
    auto stream = dyn_cast<StreamOutputOp>(sibling);
    if ((earlier && earlier.getFuncAttr() == getFuncAttr()) ||
        (stream && stream.getFuncAttr() == getFuncAttr())) {
      InFlightDiagnostic diag = emitOpError("unloads ")
                                << getFuncAttr() << " again";
      diag.attachNote(sibling.getLoc()) << "first unloaded here";
      return diag;
    }
  }
  if (!isolated)
    return emitOpError("@")
           << getCollector() << " is not a drainer of " << getFuncAttr()
           << ": isolate it first (ure.isolate_consumer " << getFuncAttr()
           << " into @" << getCollector() << ")";
  return success();
}

LogicalResult StreamOutputOp::verify() {
  if (failed(verifyTwoKernels(*this, getCollector(), getUnloader(),
                              "collector and the unloader")))
    return failure();
  if (failed(verifyDepth(*this, getDepthAttr())) ||
      failed(verifyKernelName(*this, getCollectorAttr())) ||
      failed(verifyKernelName(*this, getUnloaderAttr())))
    return failure();
  if (getScope().size() > 1)
    return emitOpError("'scope' names at most one loop (the space loop the "
                       "collector gathers along), got ")
           << getScope().size();
  if (getOut().size() > 1)
    return emitOpError("'out' names at most one loop (the collector's "
                       "vector lanes), got ")
           << getOut().size();
  Operation *program = (*this)->getParentOp();
  if (!isa_and_nonnull<FuncOp>(
          SymbolTable::lookupSymbolIn(program, getFuncAttr().getAttr())))
    return emitOpError("streams ") << getFuncAttr()
                                   << ", which is not a ure.func";
  for (Operation &sibling : program->getRegion(0).front()) {
    if (&sibling == getOperation())
      break;
    if (failed(verifyFirstConsumer(*this, sibling)))
      return failure();
  }
  return success();
}
