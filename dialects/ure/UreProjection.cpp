//===- UreProjection.cpp - T2S's projection form of space_time_transform --===//
//
// The structural rules of `ure.space_time_transform ... -> (targets)
// projection MAP reverse MAP`: what can be checked without the loop nest.
// The space-time-transform pass checks the rest against the bounds and the
// dependences (the inverse, the time distances, one loop per PE).
//
//===----------------------------------------------------------------------===//

#include "ure/UreDialect.h"
#include "ure/UreInternal.h"

#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/AffineMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace t2s::ure;

static std::string text(AffineExpr e) {
  std::string out;
  llvm::raw_string_ostream os(out);
  e.print(os);
  return out;
}

/// A divisor of `floordiv`, `ceildiv` or `mod` that is not a positive
/// constant, if `expr` has one.
static std::optional<AffineExpr> badDivisor(AffineExpr expr) {
  std::optional<AffineExpr> bad;
  expr.walk([&](AffineExpr e) {
    auto binary = dyn_cast<AffineBinaryOpExpr>(e);
    if (!binary || bad)
      return;
    AffineExprKind kind = binary.getKind();
    if (kind != AffineExprKind::FloorDiv && kind != AffineExprKind::CeilDiv &&
        kind != AffineExprKind::Mod)
      return;
    auto divisor = dyn_cast<AffineConstantExpr>(binary.getRHS());
    if (!divisor || divisor.getValue() <= 0)
      bad = binary.getRHS();
  });
  return bad;
}

/// Sums of multiples of dimensions and constants: no `mod` or division.
static bool isLinear(AffineExpr expr) {
  bool linear = expr.isPureAffine();
  expr.walk([&](AffineExpr e) {
    AffineExprKind kind = e.getKind();
    if (kind == AffineExprKind::Mod || kind == AffineExprKind::FloorDiv ||
        kind == AffineExprKind::CeilDiv)
      linear = false;
  });
  return linear;
}

LogicalResult t2s::ure::detail::verifyProjection(SpaceTimeTransformOp op) {
  ArrayAttr targets = op.getTargetsAttr();
  AffineMap projection = *op.getProjection();
  std::optional<AffineMap> reverse = op.getReverse();
  if (!targets || !reverse)
    return op.emitOpError("a projection needs its destination coordinates "
                          "and its reverse map");
  if (op.getVector())
    return op.emitOpError("the time row of the projection is the schedule: "
                          "give no vector");
  if (targets.size() < 2)
    return op.emitOpError("a projection maps to at least one space "
                          "coordinate and the time coordinate (last), got ")
           << targets.size() << " destination coordinate(s)";
  llvm::StringSet<> names;
  for (Attribute a : targets)
    if (!names.insert(cast<StringAttr>(a).getValue()).second)
      return op.emitOpError("destination coordinate ")
             << a << " is listed twice";
  size_t sources = op.getSpace().size();
  if (projection.getNumDims() != sources ||
      projection.getNumResults() != targets.size() ||
      projection.getNumSymbols() != 0)
    return op.emitOpError("projection ")
           << AffineMapAttr::get(projection) << " must map the " << sources
           << " source loops to the " << targets.size()
           << " destination coordinates, without symbols";
  for (AffineExpr row : projection.getResults())
    if (!isLinear(row))
      return op.emitOpError("a row of the projection is a linear form of the "
                            "source loops (T2S's matrix), got ")
             << text(row);
  if (reverse->getNumDims() != targets.size() ||
      reverse->getNumResults() != sources || reverse->getNumSymbols() != 0)
    return op.emitOpError("reverse ")
           << AffineMapAttr::get(*reverse) << " must map the "
           << targets.size() << " destination coordinates back to the "
           << sources << " source loops, without symbols";
  for (AffineExpr e : reverse->getResults())
    if (std::optional<AffineExpr> bad = badDivisor(e))
      return op.emitOpError("reverse divides by ")
             << text(*bad) << ": divisors are positive constants";
  return success();
}
