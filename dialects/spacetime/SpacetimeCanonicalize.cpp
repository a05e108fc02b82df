//===- SpacetimeCanonicalize.cpp - folds and patterns of spacetime -------===//
//
// What canonicalize may simplify in a PE program: a schedule test of an
// array no PE of which is ever idle is true, and a register file nothing
// reads goes with its writes.
//
//===----------------------------------------------------------------------===//

#include "spacetime/SpacetimeDialect.h"
#include "spacetime/SpacetimeInternal.h"

#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace t2s::spacetime;

/// Whether every coordinate of the array's box recovers original indices
/// inside their bounds (all extents constant): then no PE is ever idle.
static bool neverIdle(ArrayOp array) {
  SmallVector<int64_t> lo, hi;
  auto addBox = [&](ArrayRef<int64_t> mins, ArrayAttr extents) {
    for (auto [i, min] : llvm::enumerate(mins)) {
      auto extent = dyn_cast<IntegerAttr>(extents[i]);
      if (!extent)
        return false;
      lo.push_back(min);
      hi.push_back(min + extent.getInt() - 1);
    }
    return true;
  };
  if (!addBox(array.getTimeMins(), array.getTimeExtents()) ||
      !addBox(array.getSpaceMins(), array.getSpaceExtents()))
    return false;
  AffineMap recover = array.getRecover();
  for (unsigned l = 0; l < recover.getNumResults(); ++l) {
    FailureOr<SmallVector<int64_t>> form =
        linearForm(recover.getResult(l), recover.getNumDims());
    auto extent = dyn_cast<IntegerAttr>(array.getExtents()[l]);
    if (failed(form) || !extent)
      return false;
    int64_t min = form->back(), max = form->back();
    for (unsigned d = 0; d < recover.getNumDims(); ++d) {
      int64_t a = (*form)[d] * lo[d], b = (*form)[d] * hi[d];
      min += std::min(a, b);
      max += std::max(a, b);
    }
    int64_t loopMin = array.getMins()[l];
    if (min < loopMin || max > loopMin + extent.getInt() - 1)
      return false;
  }
  return true;
}

OpFoldResult ScheduledOp::fold(FoldAdaptor) {
  auto array = (*this)->getParentOfType<ArrayOp>();
  if (!getAt().empty() || !array || !getType().isInteger(1) ||
      !neverIdle(array))
    return {};
  return IntegerAttr::get(getType(), 1);
}

/// A register file that nothing reads holds nothing anyone needs: its
/// writes and the file go.
LogicalResult ArrayOp::canonicalize(ArrayOp op, PatternRewriter &rewriter) {
  Block &body = op.getBodyBlock();
  unsigned first = op.getNumTime() + op.getNumSpace();
  for (unsigned i = 0, e = op.getRegisters().size(); i < e; ++i) {
    BlockArgument arg = body.getArgument(first + i);
    if (!llvm::all_of(arg.getUsers(), [](Operation *u) { return isa<WriteOp>(u); }))
      continue;
    for (Operation *user : llvm::make_early_inc_range(arg.getUsers()))
      rewriter.eraseOp(user);
    rewriter.modifyOpInPlace(op, [&] {
      op->eraseOperand(i);
      body.eraseArgument(first + i);
    });
    return success();
  }
  return failure();
}
