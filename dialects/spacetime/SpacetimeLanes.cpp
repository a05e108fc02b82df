//===- SpacetimeLanes.cpp - vectorized spacetime arrays -------------------===//
//
// A vectorized space loop runs its PEs as the lanes of one vector: its
// coordinate is a `vector<lanes x index>` and every value that differs
// between lanes is a vector of the lane shape. These checks keep such a body
// something a lowering can take at its word.
//
//===----------------------------------------------------------------------===//

#include "common/LaneTypes.h"
#include "spacetime/SpacetimeInternal.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;

namespace t2s::spacetime {

SmallVector<bool> ArrayOp::getVectorizedSpace() {
  SmallVector<bool> vectorized(getNumSpace(), false);
  Block &body = getBodyBlock();
  unsigned time = getNumTime();
  for (unsigned s = 0; s < getNumSpace(); ++s)
    if (time + s < body.getNumArguments())
      vectorized[s] = isa<VectorType>(body.getArgument(time + s).getType());
  return vectorized;
}

SmallVector<int64_t> ArrayOp::getLaneShape() {
  SmallVector<int64_t> lanes;
  SmallVector<int64_t> pes = getPeShape();
  for (auto [v, extent] : llvm::zip(getVectorizedSpace(), pes))
    if (v)
      lanes.push_back(extent);
  return lanes;
}

SmallVector<int64_t> ArrayOp::getFilePeShape() {
  SmallVector<int64_t> shape;
  SmallVector<int64_t> pes = getPeShape();
  for (auto [v, extent] : llvm::zip(getVectorizedSpace(), pes))
    if (!v)
      shape.push_back(extent);
  return shape;
}

VectorType ArrayOp::getLaneType(Type element) {
  SmallVector<int64_t> lanes = getLaneShape();
  if (lanes.empty())
    return nullptr;
  return VectorType::get(lanes, element);
}

ParseResult parseOptionalLaneType(OpAsmParser &parser, Type &type) {
  if (succeeded(parser.parseOptionalColon()))
    return parser.parseType(type);
  type = parser.getBuilder().getI1Type();
  return success();
}

void printOptionalLaneType(OpAsmPrinter &p, Operation *, Type type) {
  if (!type.isInteger(1))
    p << " : " << type;
}

ParseResult parseIndexTypes(OpAsmParser &parser,
                            ArrayRef<OpAsmParser::UnresolvedOperand> indices,
                            SmallVectorImpl<Type> &indexTypes,
                            ArrayRef<Type> valueTypes,
                            std::optional<OpAsmParser::UnresolvedOperand> mask,
                            Type &maskType) {
  return t2s::parseLaneIndexTypes(
      parser, indices, indexTypes,
      valueTypes.empty() ? Type() : valueTypes.front(), mask.has_value(),
      maskType, "a mask ('if') needs vector values");
}

void printIndexTypes(OpAsmPrinter &p, Operation *, OperandRange,
                     TypeRange indexTypes, TypeRange, Value, Type) {
  t2s::printLaneIndexTypes(p, indexTypes);
}

ParseResult parseWriteMask(OpAsmParser &parser, Type registers,
                           std::optional<OpAsmParser::UnresolvedOperand> mask,
                           Type &maskType) {
  if (!mask)
    return success();
  auto memref = dyn_cast<MemRefType>(registers);
  auto lanes = memref ? dyn_cast<VectorType>(memref.getElementType()) : nullptr;
  if (!lanes)
    return parser.emitError(parser.getCurrentLocation(),
                            "a mask ('if') needs a register file of vectors");
  maskType = VectorType::get(lanes.getShape(), parser.getBuilder().getI1Type());
  return success();
}

void printWriteMask(OpAsmPrinter &, Operation *, Type, Value, Type) {}

bool isLaneTypeOf(Type type, Type element, VectorType lanes) {
  if (type == element)
    return true;
  return lanes && type == VectorType::get(lanes.getShape(), element);
}

LogicalResult verifyCoordinates(ArrayOp array) {
  unsigned time = array.getNumTime();
  VectorType lanes = array.getLaneType(IndexType::get(array.getContext()));
  for (auto [i, arg] : llvm::enumerate(array.getCoordinates())) {
    Type t = arg.getType();
    if (t.isIndex())
      continue;
    auto vector = dyn_cast<VectorType>(t);
    if (i < time || !vector || !vector.getElementType().isIndex())
      return array.emitOpError("coordinates are of type index (or, for a "
                               "vectorized space loop, a vector of index)");
    if (t != lanes)
      return array.emitOpError("space coordinate ")
             << array.getSpaceLoops()[i - time] << " is " << t
             << "; a vectorized space loop's coordinate is " << lanes
             << " (the extents of the vectorized space loops)";
  }
  return success();
}

LogicalResult verifyFileElement(Operation *op, ArrayOp array, MemRefType type) {
  Type element = type.getElementType();
  auto vector = dyn_cast<VectorType>(element);
  if (!vector)
    return success();
  VectorType lanes = array.getLaneType(vector.getElementType());
  if (vector != lanes)
    return op->emitOpError("register file of ")
           << element << " in an array whose lanes are "
           << (lanes ? Type(lanes) : Type(NoneType::get(op->getContext())))
           << ": a file holds scalars or one vector of the lane shape";
  return success();
}

LogicalResult verifyLaneRead(ReadOp read, ArrayOp array) {
  if (!read.isSameStep() ||
      !isa<VectorType>(read.getRegisters().getType().getElementType()))
    return success();
  for (auto [v, o, name] : llvm::zip(array.getVectorizedSpace(),
                                     read.getOffset(), array.getSpaceLoops()))
    if (v && o != 0)
      return read.emitOpError("reads across the lanes of vectorized loop ")
             << name << " in the same step (delay 0): the lanes run at "
                "once, so the loop must run serially";
  return success();
}

LogicalResult verifyRecoverLanes(RecoverOp op, ArrayOp array) {
  // An index is a vector exactly when its row uses a vectorized coordinate.
  SmallVector<bool> vectorized = array.getVectorizedSpace();
  VectorType lanes = array.getLaneType(IndexType::get(op.getContext()));
  unsigned time = array.getNumTime();
  AffineMap recover = array.getRecover();
  for (unsigned l = 0; l < op.getNumResults(); ++l) {
    bool usesLanes = false;
    for (unsigned s = 0; s < vectorized.size(); ++s)
      usesLanes |= vectorized[s] &&
                   recover.getResult(l).isFunctionOfDim(time + s);
    Type expected = usesLanes ? Type(lanes) : IndexType::get(op.getContext());
    if (op.getResult(l).getType() != expected)
      return op.emitOpError("result ")
             << l << " (loop " << array.getLoops()[l] << ") must be "
             << expected;
  }
  return success();
}

LogicalResult verifyWriteMask(WriteOp op) {
  if (Value mask = op.getMask()) {
    auto element =
        dyn_cast<VectorType>(op.getRegisters().getType().getElementType());
    if (!element)
      return op.emitOpError("a mask ('if') needs a register file of vectors");
    if (mask.getType() != VectorType::get(element.getShape(),
                                          IntegerType::get(op.getContext(), 1)))
      return op.emitOpError("mask ")
             << mask.getType() << " does not have the lanes of " << element;
  }
  return success();
}

LogicalResult verifyOutputLanes(OutputOp op, ArrayOp array) {
  // Values: all scalars, or all vectors of the lane shape.
  VectorType lanes = array.getLaneType(IndexType::get(op.getContext()));
  bool vector = llvm::any_of(op.getValues().getTypes(),
                             [](Type t) { return isa<VectorType>(t); });
  for (Type t : op.getValues().getTypes()) {
    auto v = dyn_cast<VectorType>(t);
    if (vector && (!v || !lanes || v.getShape() != lanes.getShape()))
      return op.emitOpError("values must all be scalars or all vectors of the "
                         "lane shape")
             << (lanes ? "" : " (this array is not vectorized)");
  }
  for (Type t : op.getIndices().getTypes())
    if (!t.isIndex() && (!vector || t != lanes))
      return op.emitOpError("index of type ")
             << t << " needs vector values of the same lanes";
  if (op.getMask() && !vector)
    return op.emitOpError("a mask ('if') needs vector values");
  return success();
}

} // namespace t2s::spacetime
