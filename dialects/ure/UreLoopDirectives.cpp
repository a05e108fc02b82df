//===- UreLoopDirectives.cpp - ure.vectorize, ure.unroll, ure.late_fuse ---===//
//
// The verifiers of the directives that name loops of a Func's array: what
// they name must be a loop of the Func (a kernel's loops are known only to
// the passes). Whether a loop is a space loop is the passes' question (they
// see the arrays). T2S's late_fuse is refused with what to do.
//
//===----------------------------------------------------------------------===//

#include "ure/UreDialect.h"
#include "ure/UreInternal.h"

#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace t2s::ure;

/// Each of `loops` is a loop of `target` when it is a Func (its declared
/// loops, or its definition's; a kernel's loops are known only to the
/// passes); `verb` says what the directive does to it.
static LogicalResult verifyLoopsOf(Operation *op, FlatSymbolRefAttr target,
                                   ArrayAttr loops, StringRef verb) {
  auto func = dyn_cast_or_null<FuncOp>(
      SymbolTable::lookupSymbolIn(op->getParentOp(), target.getAttr()));
  if (!func)
    return success();
  SmallVector<StringRef> vars = t2s::ure::detail::loopNames(func);
  // A Func with neither declared loops nor a definition: the verifier of
  // the program says so.
  if (vars.empty())
    return success();
  for (Attribute a : loops) {
    StringRef loop = cast<StringAttr>(a).getValue();
    if (!llvm::is_contained(vars, loop))
      return op->emitOpError()
             << verb << " loop '" << loop << "', which is not a loop of "
             << target << " (its loops: " << llvm::join(vars, ", ") << ")";
  }
  return success();
}

/// `target` is not merged into another Func's nest: directives on the
/// merged UREs go to the representative (`ure.merge_ures`).
static LogicalResult verifyNotMerged(Operation *op, FlatSymbolRefAttr target) {
  Operation *program = op->getParentOp();
  if (!program)
    return success();
  for (Operation &other : program->getRegion(0).front()) {
    auto merge = dyn_cast<MergeUresOp>(other);
    if (!merge)
      continue;
    for (Attribute a : merge.getUres())
      if (cast<FlatSymbolRefAttr>(a).getValue() == target.getValue())
        return op->emitOpError()
               << "names " << target << ", which ure.merge_ures merges into "
               << merge.getRepresentativeAttr()
               << "'s nest: give the directive to "
               << merge.getRepresentativeAttr();
  }
  return success();
}

LogicalResult VectorizeOp::verify() {
  if (failed(detail::verifyKernelOrFuncTarget(*this, getFuncAttr())) ||
      failed(detail::verifyDistinctNames(*this, getLoops(), "vectorized loop")))
    return failure();
  if (getLoops().empty() || getLoops().size() > 3)
    return emitOpError("vectorizes 1 to 3 loops (vectors of rank 1 to 3), "
                       "not ")
           << getLoops().size();
  if (failed(verifyNotMerged(*this, getFuncAttr())))
    return failure();
  return verifyLoopsOf(*this, getFuncAttr(), getLoops(), "vectorizes");
}

LogicalResult UnrollOp::verify() {
  if (failed(detail::verifyKernelOrFuncTarget(*this, getFuncAttr())) ||
      failed(detail::verifyDistinctNames(*this, getLoops(), "unrolled loop")))
    return failure();
  if (getLoops().empty())
    return emitOpError("unrolls at least one loop");
  if (failed(verifyNotMerged(*this, getFuncAttr())))
    return failure();
  return verifyLoopsOf(*this, getFuncAttr(), getLoops(), "unrolls");
}

LogicalResult RemoveOp::verify() {
  if (failed(detail::verifyDistinctNames(*this, getLoops(), "removed loop")))
    return failure();
  if (getLoops().empty())
    return emitOpError("removes at least one loop");
  return success();
}

LogicalResult LateFuseOp::verify() {
  return emitOpError("is not supported: t2s keeps ")
         << getKernelAttr()
         << " a kernel of its own, connected to " << getIntoAttr()
         << " by channels, and the design computes the same values without "
            "the fusion; drop the directive";
}
