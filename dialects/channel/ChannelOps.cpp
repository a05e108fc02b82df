//===- ChannelOps.cpp - channel dialect -----------------------------------===//

#include "channel/ChannelDialect.h"
#include "common/LaneTypes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace t2s::channel;

/// `[4, 8] :`, or `:` for one channel (the colon is printed here so that
/// one channel prints without a double space).
static ParseResult parseDims(OpAsmParser &parser, DenseI64ArrayAttr &shape) {
  if (failed(parser.parseOptionalLSquare()))
    return parser.parseColon();
  SmallVector<int64_t> dims;
  if (parser.parseCommaSeparatedList([&]() -> ParseResult {
        return parser.parseInteger(dims.emplace_back());
      }) ||
      parser.parseRSquare() || parser.parseColon())
    return failure();
  shape = parser.getBuilder().getDenseI64ArrayAttr(dims);
  return success();
}

static void printDims(OpAsmPrinter &printer, Operation *,
                      DenseI64ArrayAttr shape) {
  if (shape) {
    printer << "[";
    llvm::interleaveComma(shape.asArrayRef(), printer);
    printer << "] ";
  }
  printer << ":";
}

/// ` indices index, vector<8xindex>` when an index is a vector (all
/// `index` otherwise); the mask has the value's lane shape.
static ParseResult
parseLaneTypes(OpAsmParser &parser,
               ArrayRef<OpAsmParser::UnresolvedOperand> indices,
               SmallVectorImpl<Type> &indexTypes, Type valueType,
               std::optional<OpAsmParser::UnresolvedOperand> mask,
               Type &maskType) {
  return t2s::parseLaneIndexTypes(parser, indices, indexTypes, valueType,
                                  mask.has_value(), maskType,
                                  "a mask ('if') needs a vector value");
}

static void printLaneTypes(OpAsmPrinter &p, Operation *, OperandRange,
                           TypeRange indexTypes, Type, Value, Type) {
  t2s::printLaneIndexTypes(p, indexTypes);
}

#include "channel/ChannelDialect.cpp.inc"

void ChannelDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "channel/ChannelOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// FifoOp
//===----------------------------------------------------------------------===//

/// The values a channel carries, as the runtime lays them out: integers
/// of 1 to 64 bits, f16, bf16, f32, f64, index.
static bool isChannelScalar(Type type) {
  if (auto integer = dyn_cast<IntegerType>(type))
    return integer.getWidth() >= 1 && integer.getWidth() <= 64;
  return isa<IndexType, Float16Type, BFloat16Type, Float32Type, Float64Type>(
      type);
}

LogicalResult FifoOp::verify() {
  // I64Attr's getter is unsigned: read the signed value to reject negatives.
  int64_t depth = getDepthAttr().getInt();
  if (depth < 1)
    return emitOpError("depth must be at least 1, got ") << depth;
  Type type = getElementType();
  auto vector = dyn_cast<VectorType>(type);
  if (!isChannelScalar(type) &&
      !(vector && !vector.isScalable() &&
        isChannelScalar(vector.getElementType())))
    return emitOpError("carries integers of 1 to 64 bits, f16, bf16, f32, "
                       "f64, index or fixed vectors of them, got ")
           << type;
  int64_t count = 1;
  for (int64_t dim : getDims()) {
    if (dim < 1)
      return emitOpError("dimensions must be at least 1, got ") << dim;
    if (__builtin_mul_overflow(count, dim, &count) || count > (1LL << 32))
      return emitOpError("declares more than 2^32 channels");
  }
  return success();
}

/// The kernel a channel op runs in: its `channel.kernel`, or else the op
/// beside the channel's declaration that holds it (a function, the
/// program's own array).
static Operation *kernelOf(Operation *user, Operation *scope) {
  if (auto kernel = user->getParentOfType<KernelOp>())
    return kernel;
  Operation *op = user;
  while (op->getParentOp() && op->getParentOp() != scope)
    op = op->getParentOp();
  return op;
}

static std::string kernelName(Operation *kernel) {
  if (auto name = kernel->getAttrOfType<StringAttr>(
          SymbolTable::getSymbolAttrName()))
    return ("@" + name.getValue()).str();
  return ("'" + kernel->getName().getStringRef() + "'").str();
}

/// One kernel on each side: report the first user of a second kernel.
static LogicalResult checkOneKernel(FifoOp fifo, StringRef role,
                                    ArrayRef<Operation *> users,
                                    Operation *scope) {
  llvm::SetVector<Operation *> kernels;
  for (Operation *user : users) {
    Operation *kernel = kernelOf(user, scope);
    if (kernels.insert(kernel) && kernels.size() == 2) {
      InFlightDiagnostic diag =
          fifo.emitOpError("is ")
          << role << " by two kernels, " << kernelName(kernels[0]) << " and "
          << kernelName(kernel) << "; a channel has one writer and one reader";
      diag.attachNote(user->getLoc()) << "the second kernel's use";
      return diag;
    }
  }
  return success();
}

/// Whether `user` runs only where a branch of its kernel takes it (an
/// `scf.if` around it, not a loop): canonicalization may then have erased
/// the other end's accesses, proven never to run, while this one, not
/// provably dead, stays.
static bool underBranch(Operation *user, Operation *scope) {
  Operation *kernel = kernelOf(user, scope);
  for (Operation *p = user->getParentOp(); p && p != kernel && p != scope;
       p = p->getParentOp())
    if (isa<RegionBranchOpInterface>(p) && !isa<LoopLikeOpInterface>(p))
      return true;
  return false;
}

LogicalResult FifoOp::verifySymbolUses(SymbolTableCollection &) {
  Operation *scope = (*this)->getParentOp();
  if (!scope)
    return success();
  // In program order, so that the diagnostics name kernels in that order.
  SmallVector<Operation *> writers, readers;
  StringAttr name = getSymNameAttr();
  scope->walk<WalkOrder::PreOrder>([&](Operation *op) {
    auto channel = op->getAttrOfType<FlatSymbolRefAttr>("channel");
    if (!channel || channel.getAttr() != name)
      return;
    if (isa<WriteOp, WriteLanesOp>(op))
      writers.push_back(op);
    else if (isa<ReadOp, ReadLanesOp>(op))
      readers.push_back(op);
  });
  if (writers.empty() && readers.empty())
    return success();
  // One end only, every access under a branch: the other end's were dead
  // code (the runtime reports any value written and never read, or a read
  // that waits forever).
  ArrayRef<Operation *> alone = writers.empty() ? readers : writers;
  if ((writers.empty() || readers.empty()) &&
      llvm::all_of(alone, [&](Operation *u) { return underBranch(u, scope); }))
    return success();
  if (writers.empty())
    return emitOpError("is read by ")
           << kernelName(kernelOf(readers.front(), scope))
           << " but written by no kernel";
  if (readers.empty())
    return emitOpError("is written by ")
           << kernelName(kernelOf(writers.front(), scope))
           << " but read by no kernel";
  if (failed(checkOneKernel(*this, "written", writers, scope)))
    return failure();
  return checkOneKernel(*this, "read", readers, scope);
}

//===----------------------------------------------------------------------===//
// ReadOp, WriteOp
//===----------------------------------------------------------------------===//

/// The element type and lanes of a scalar (one lane) or a 1-D vector.
static std::optional<std::pair<Type, int64_t>> getLanes(Type type) {
  if (auto vector = dyn_cast<VectorType>(type)) {
    if (vector.getRank() != 1)
      return std::nullopt;
    return std::make_pair(vector.getElementType(), vector.getDimSize(0));
  }
  return std::make_pair(type, int64_t(1));
}

/// A read may take more or fewer lanes than the channel's values
/// (vectorization.md's lane matching), a write a divisor of them (the
/// slices of a value in turn; the value is sent with its last slice): the
/// same element type, and one lane count a multiple of the other.
static LogicalResult verifyLanes(Operation *op, FlatSymbolRefAttr channel,
                                 Type channelType, Type type) {
  auto have = getLanes(channelType);
  auto want = getLanes(type);
  if (!have || !want || have->first != want->first)
    return op->emitOpError("uses channel ")
           << channel << " of " << channelType << " with " << type;
  if (isa<WriteOp>(op)) {
    if (want->second < have->second && have->second % want->second == 0)
      return success();
    return op->emitOpError("writes ")
           << want->second << " lanes into channel " << channel << " of "
           << have->second
           << "-lane values: a write carries a value of the channel's type "
              "or a divisor of its lanes";
  }
  if (want->second % have->second != 0 && have->second % want->second != 0)
    return op->emitOpError("reads ")
           << want->second << " lanes from channel " << channel << " of "
           << have->second << "-lane values: neither count is a multiple of "
                              "the other, so the lanes cannot be matched";
  return success();
}

/// One index per dimension of the channel array; a constant index inside it.
static LogicalResult verifyIndices(Operation *op, FlatSymbolRefAttr channel,
                                   ArrayRef<int64_t> dims, ValueRange indices) {
  if (indices.size() != dims.size())
    return op->emitOpError("indexes channel ")
           << channel << " with " << indices.size() << " indices; it has "
           << dims.size() << " dimensions";
  for (auto [d, index] : llvm::enumerate(indices)) {
    APInt value;
    if (!matchPattern(index, m_ConstantInt(&value)))
      continue;
    int64_t v = value.getSExtValue();
    if (v < 0 || v >= dims[d])
      return op->emitOpError("index ")
             << v << " of dimension " << d << " is outside channel "
             << channel << " [0, " << dims[d] << ")";
  }
  return success();
}

/// Reads and writes name a declared channel of the value's type (a read may
/// match lanes, a write fill a divisor of them), with one index per
/// dimension, constant indices inside the array.
static LogicalResult verifyChannelUse(Operation *op, FlatSymbolRefAttr channel,
                                      ValueRange indices, Type type,
                                      SymbolTableCollection &symbolTable) {
  auto fifo = symbolTable.lookupNearestSymbolFrom<FifoOp>(op, channel.getAttr());
  if (!fifo)
    return op->emitOpError("uses ")
           << channel << ", which is not a channel.fifo";
  if (fifo.getElementType() != type &&
      failed(verifyLanes(op, channel, fifo.getElementType(), type)))
    return failure();
  return verifyIndices(op, channel, fifo.getDims(), indices);
}

LogicalResult WriteOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  return verifyChannelUse(*this, getChannelAttr(), getIndices(),
                          getValue().getType(), symbolTable);
}

LogicalResult ReadOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  return verifyChannelUse(*this, getChannelAttr(), getIndices(),
                          getValue().getType(), symbolTable);
}

//===----------------------------------------------------------------------===//
// DesignOp
//===----------------------------------------------------------------------===//

LogicalResult DesignOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  if (getKernels().empty())
    return emitOpError("has no kernel");
  for (Attribute kernel : getKernels()) {
    auto ref = cast<FlatSymbolRefAttr>(kernel);
    Operation *op = symbolTable.lookupNearestSymbolFrom(*this, ref.getAttr());
    if (!op || !isa<FunctionOpInterface>(op))
      return emitOpError("kernel ") << ref << " is not a function";
  }
  for (Attribute channel : getChannels()) {
    auto ref = cast<FlatSymbolRefAttr>(channel);
    if (!symbolTable.lookupNearestSymbolFrom<FifoOp>(*this, ref.getAttr()))
      return emitOpError("channel ") << ref << " is not a channel.fifo";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// ReadLanesOp, WriteLanesOp
//===----------------------------------------------------------------------===//

/// The lanes are those of the value: vector indices and the mask have its
/// shape, and the accesses belong to a vectorized PE array.
static LogicalResult verifyLaneShapes(Operation *op, ValueRange indices,
                                      VectorType value, Value mask) {
  for (auto [d, index] : llvm::enumerate(indices)) {
    auto vector = dyn_cast<VectorType>(index.getType());
    if (vector && vector.getShape() != value.getShape())
      return op->emitOpError("index ")
             << d << " has " << vector << " but the lanes are those of "
             << value;
  }
  if (mask &&
      cast<VectorType>(mask.getType()).getShape() != value.getShape())
    return op->emitOpError("mask ")
           << mask.getType() << " does not have the lanes of " << value;
  if (value.isScalable())
    return op->emitOpError("needs fixed lanes, got ") << value;
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp())
    if (parent->getName().getStringRef() == "spacetime.array")
      return success();
  return op->emitOpError("belongs to a vectorized spacetime.array: its "
                         "lanes are the array's PEs");
}

LogicalResult ReadLanesOp::verify() {
  return verifyLaneShapes(*this, getIndices(),
                          cast<VectorType>(getValue().getType()), getMask());
}

LogicalResult WriteLanesOp::verify() {
  return verifyLaneShapes(*this, getIndices(),
                          cast<VectorType>(getValue().getType()), getMask());
}

/// Each lane accesses one element of a channel of scalars: the value's
/// elements are the channel's type.
static LogicalResult verifyLaneChannel(Operation *op, FlatSymbolRefAttr channel,
                                       ValueRange indices, VectorType value,
                                       SymbolTableCollection &symbolTable) {
  auto fifo = symbolTable.lookupNearestSymbolFrom<FifoOp>(op, channel.getAttr());
  if (!fifo)
    return op->emitOpError("uses ")
           << channel << ", which is not a channel.fifo";
  if (fifo.getElementType() != value.getElementType())
    return op->emitOpError("accesses channel ")
           << channel << " of " << fifo.getElementType()
           << " lane by lane with " << value
           << ": each lane carries one value of the channel's type";
  return verifyIndices(op, channel, fifo.getDims(), indices);
}

LogicalResult
ReadLanesOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  return verifyLaneChannel(*this, getChannelAttr(), getIndices(),
                           cast<VectorType>(getValue().getType()), symbolTable);
}

LogicalResult
WriteLanesOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  return verifyLaneChannel(*this, getChannelAttr(), getIndices(),
                           cast<VectorType>(getValue().getType()), symbolTable);
}

#define GET_OP_CLASSES
#include "channel/ChannelOps.cpp.inc"
