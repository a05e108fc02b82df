//===- SpacetimeOps.cpp - spacetime dialect -------------------------------===//
//
// The verifiers make the explicit systolic IR trustworthy: a lowering may
// take every op at its word. An edit that breaks the schedule, a register
// file too short for a read, a second writer, or a same-step read of a PE
// that has not run yet is rejected here, at the op.
//
//===----------------------------------------------------------------------===//

#include "spacetime/SpacetimeDialect.h"
#include "spacetime/SpacetimeInternal.h"
#include "ure/UreDialect.h"

#include "mlir/IR/AffineExprVisitor.h"
#include <functional>
#include "mlir/IR/Builders.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "llvm/ADT/DenseMap.h"

#include "common/Bounds.h"

using namespace mlir;
using namespace t2s::spacetime;
using t2s::parseBounds;
using t2s::printBounds;

#include "spacetime/SpacetimeDialect.cpp.inc"

void SpacetimeDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "spacetime/SpacetimeOps.cpp.inc"
      >();
}

Operation *SpacetimeDialect::materializeConstant(OpBuilder &builder,
                                                 Attribute value, Type type,
                                                 Location loc) {
  auto typed = dyn_cast<TypedAttr>(value);
  if (!typed || typed.getType() != type)
    return nullptr;
  return builder.create<arith::ConstantOp>(loc, typed);
}

/// The array an op of a PE body belongs to.
static FailureOr<ArrayOp> enclosingArray(Operation *op) {
  auto array = op->getParentOfType<ArrayOp>();
  if (!array)
    return op->emitOpError("must be inside a spacetime.array"), failure();
  return array;
}

//===----------------------------------------------------------------------===//
// ShiftRegOp
//===----------------------------------------------------------------------===//

LogicalResult ShiftRegOp::verify() {
  MemRefType type = getRegisters().getType();
  if (type.getRank() < 1)
    return emitOpError("a register file has at least the slot dimension");
  if (type.getShape().back() < 1)
    return emitOpError("a register chain has at least one slot");
  if (!type.getLayout().isIdentity())
    return emitOpError("register files have the identity layout");
  if (std::optional<ArrayRef<int64_t>> origin = getOrigin()) {
    if (int64_t(origin->size()) != type.getRank() - 1)
      return emitOpError("origin has ")
             << origin->size() << " entries for " << type.getRank() - 1
             << " PE dimensions";
    if (llvm::any_of(*origin, [](int64_t o) { return o < 0; }))
      return emitOpError("origin must be non-negative (a PE index)");
    if (getOnWrite())
      return emitOpError("an on_write register file holds every PE (no "
                         "origin)");
  }
  return success();
}

void ShiftRegOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getRegisters(), ("file_" + getName()).str());
}

LogicalResult BufferOp::verify() {
  MemRefType type = getBuffer().getType();
  if (type.getRank() < 2 || type.getShape().front() != 2)
    return emitOpError("a double buffer is shaped 2 x TILE (two halves), got ")
           << type;
  if (!type.getLayout().isIdentity())
    return emitOpError("buffers have the identity layout");
  if (getBanks() < 1)
    return emitOpError("has ") << getBanks() << " banks; at least 1";
  return success();
}

void BufferOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getBuffer(), ("buf_" + getName()).str());
}

//===----------------------------------------------------------------------===//
// RecoverOp, ScheduledOp
//===----------------------------------------------------------------------===//

LogicalResult RecoverOp::verify() {
  FailureOr<ArrayOp> array = enclosingArray(*this);
  if (failed(array))
    return failure();
  if (getNumResults() != array->getLoops().size())
    return emitOpError("has ") << getNumResults() << " results for "
                               << array->getLoops().size()
                               << " original loops";
  if (failed(verifyAtCoordinates(*this, *array, getAt())))
    return failure();
  return verifyRecoverLanes(*this, *array);
}

void RecoverOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  auto array = (*this)->getParentOfType<ArrayOp>();
  if (!array || array.getLoops().size() != getNumResults())
    return;
  for (auto [value, name] : llvm::zip(getIndices(), array.getLoops()))
    setNameFn(value, cast<StringAttr>(name).getValue());
}

LogicalResult ScheduledOp::verify() {
  FailureOr<ArrayOp> array = enclosingArray(*this);
  if (failed(array))
    return failure();
  Type i1 = IntegerType::get(getContext(), 1);
  VectorType lanes = array->getLaneType(i1);
  Type expected = lanes ? Type(lanes) : i1;
  if (getType() != expected)
    return emitOpError("is ") << expected << " in this array";
  return verifyAtCoordinates(*this, *array, getAt());
}

//===----------------------------------------------------------------------===//
// ReadOp, WriteOp
//===----------------------------------------------------------------------===//

/// The register file's PE dimensions are the array's PE shape, or with an
/// origin a box inside it.
static LogicalResult verifyFileShape(Operation *op, ArrayOp array,
                                     MemRefType type, Value registers) {
  SmallVector<int64_t> pes = array.getFilePeShape();
  ArrayRef<int64_t> shape = type.getShape();
  auto decl = dyn_cast_or_null<ShiftRegOp>(array.getFileDecl(registers));
  std::optional<ArrayRef<int64_t>> origin =
      decl ? decl.getOrigin() : std::nullopt;
  if (origin && shape.size() == pes.size() + 1 &&
      origin->size() == pes.size()) {
    for (auto [o, n, full] : llvm::zip(*origin, shape.drop_back(), pes))
      if (o + n > full) {
        InFlightDiagnostic d = op->emitOpError("register file ")
                               << type << " at origin [";
        llvm::interleaveComma(*origin, d);
        d << "] reaches past the PE array (";
        llvm::interleaveComma(pes, d);
        return d << ")";
      }
    return verifyFileElement(op, array, type);
  }
  if (shape.size() != pes.size() + 1 ||
      !llvm::equal(shape.drop_back(), pes)) {
    InFlightDiagnostic d = op->emitOpError("register file ")
                           << type << " does not match the PE array (";
    llvm::interleaveComma(pes, d);
    return d << ") plus a slot dimension";
  }
  return verifyFileElement(op, array, type);
}

LogicalResult ReadOp::verify() {
  FailureOr<ArrayOp> array = enclosingArray(*this);
  if (failed(array) ||
      failed(verifyFileShape(*this, *array, getRegisters().getType(),
                                 getRegisters())))
    return failure();
  ArrayRef<int64_t> offset = getOffset();
  if (offset.size() != array->getNumSpace())
    return emitOpError("offset has ")
           << offset.size() << " entries for " << array->getNumSpace()
           << " space loops";
  int64_t slots = getRegisters().getType().getShape().back();
  auto file = dyn_cast_or_null<ShiftRegOp>(array->getFileDecl(getRegisters()));
  if (!file)
    return emitOpError("reads a register file that is not one of the "
                       "array's (a register-file argument of its body)");
  if (int(bool(getDelayAttr())) + int(bool(getTimeDelayAttr())) +
          int(bool(getWritesAttr())) !=
      1)
    return emitOpError("needs exactly one of 'delay' (steps ago) and "
                       "'writes' (writes ago)");
  auto plural = [](int64_t n) { return n == 1 ? " slot" : " slots"; };
  if (getWritesAttr()) {
    int64_t writes = getWritesAttr().getInt();
    if (!file.getOnWrite())
      return emitOpError("'writes' reads need an on_write register file; "
                         "this one shifts every step: use 'delay'");
    if (llvm::any_of(offset, [](int64_t o) { return o != 0; }))
      return emitOpError("an on_write register file is read by its own PE "
                         "only (offset 0)");
    if (writes < 0)
      return emitOpError("writes must be non-negative");
    if (writes >= slots)
      return emitOpError("writes ")
             << writes << " does not fit a register file of " << slots
             << plural(slots);
    return success();
  }
  if (file.getOnWrite())
    return emitOpError("an on_write register file shifts on writes, not "
                       "steps: read it with 'writes'");
  if (std::optional<ArrayRef<int64_t>> delays = getTimeDelay()) {
    if (delays->size() != array->getNumTime())
      return emitOpError("delay has ")
             << delays->size() << " entries for " << array->getNumTime()
             << " time loops";
    // Lexicographically non-negative: a time point not after this one. Whether
    // it fits the file depends on the time extents (verifySymbolUses).
    for (int64_t d : *delays) {
      if (d > 0)
        break;
      if (d < 0)
        return emitOpError("delay must be lexicographically non-negative "
                           "(a time point not after the current one)");
    }
  } else {
    int64_t delay = getDelayAttr().getInt();
    if (delay < 0)
      return emitOpError("delay must be non-negative");
    if (delay >= slots)
      return emitOpError("delay ")
             << delay << " does not fit a register file of " << slots
             << plural(slots);
  }
  if (failed(verifyLaneRead(*this, *array)))
    return failure();
  if (isSameStep()) {
    // Lexicographically non-negative in the PE order (a descending loop
    // counts down): the producer runs before, or is, us.
    SmallVector<bool> descending = array->getDescendingSpace();
    for (auto [s, o] : llvm::enumerate(offset)) {
      int64_t ordered = s < descending.size() && descending[s] ? -o : o;
      if (ordered > 0)
        break;
      if (ordered < 0)
        return emitOpError("reads a PE that runs later in the same step "
                           "(delay 0 needs a lexicographically "
                           "non-negative offset)");
    }
  }
  return success();
}

bool ReadOp::isSameStep() {
  if (std::optional<ArrayRef<int64_t>> delays = getTimeDelay())
    return llvm::all_of(*delays, [](int64_t d) { return d == 0; });
  return getDelayAttr() && getDelayAttr().getInt() == 0;
}

/// `delay 3` or `delay [1, 0]`.
static ParseResult parseDelay(OpAsmParser &parser, IntegerAttr &delay,
                              DenseI64ArrayAttr &timeDelay) {
  if (failed(parser.parseOptionalKeyword("delay")))
    return success();
  Builder &b = parser.getBuilder();
  if (succeeded(parser.parseOptionalLSquare())) {
    SmallVector<int64_t> values;
    if (failed(parser.parseOptionalRSquare())) {
      if (parser.parseCommaSeparatedList([&]() -> ParseResult {
            int64_t v;
            if (parser.parseInteger(v))
              return failure();
            values.push_back(v);
            return success();
          }) ||
          parser.parseRSquare())
        return failure();
    }
    timeDelay = b.getDenseI64ArrayAttr(values);
    return success();
  }
  int64_t value;
  if (parser.parseInteger(value))
    return failure();
  delay = b.getI64IntegerAttr(value);
  return success();
}

static void printDelay(OpAsmPrinter &p, ReadOp, IntegerAttr delay,
                       DenseI64ArrayAttr timeDelay) {
  if (delay)
    p << "delay " << delay.getInt();
  if (timeDelay) {
    p << "delay [";
    llvm::interleaveComma(timeDelay.asArrayRef(), p);
    p << "]";
  }
}

LogicalResult WriteOp::verify() {
  FailureOr<ArrayOp> array = enclosingArray(*this);
  if (failed(array) ||
      failed(verifyFileShape(*this, *array, getRegisters().getType(),
                                 getRegisters())))
    return failure();
  if (!array->getFileDecl(getRegisters()))
    return emitOpError("writes a register file that is not one of the "
                       "array's (a register-file argument of its body)");
  return verifyWriteMask(*this);
}

//===----------------------------------------------------------------------===//
// OutputOp
//===----------------------------------------------------------------------===//

LogicalResult OutputOp::verify() {
  FailureOr<ArrayOp> array = enclosingArray(*this);
  if (failed(array))
    return failure();
  if (failed(verifyAtCoordinates(*this, *array, getAt())))
    return failure();
  return verifyOutputLanes(*this, *array);
}

LogicalResult OutputOp::verifySymbolUses(SymbolTableCollection &symbols) {
  auto func = symbols.lookupNearestSymbolFrom<t2s::ure::FuncOp>(
      *this, getFuncAttr());
  if (!func)
    return emitOpError("stores to ")
           << getFuncAttr() << ", which is not a ure.func";
  if (!func.isDeclared())
    return emitOpError("stores to @")
           << getFunc()
           << ", which must be declared with its loop variables and types";
  ArrayAttr vars = *func.getVars();
  if (getIndices().size() != vars.size())
    return emitOpError("stores @")
           << getFunc() << " of " << vars.size() << " dimensions at "
           << getIndices().size() << " indices";
  ArrayAttr types = *func.getResultTypes();
  if (getValues().size() != types.size() ||
      !llvm::all_of(llvm::zip(getValues().getTypes(), types), [](auto p) {
        return mlir::getElementTypeOrSelf(std::get<0>(p)) ==
               cast<TypeAttr>(std::get<1>(p)).getValue();
      }))
    return emitOpError("values must have the result types of @")
           << getFunc();
  return success();
}

#define GET_OP_CLASSES
#include "spacetime/SpacetimeOps.cpp.inc"
