//===- UreOps.cpp - ure dialect: parsing, printing, verification ----------===//
//
// The per-op verifiers check what one op can see (its symbols, its index
// expressions). The program verifier checks T2S's whole-program rules: use
// before define, the merge, the output Func, and initial values.
//
//===----------------------------------------------------------------------===//

#include "ure/UreDialect.h"
#include "ure/UreInternal.h"

#include "common/Bounds.h"

#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

#include <set>

using namespace mlir;
using namespace t2s::ure;
using t2s::parseBounds;
using t2s::parseLoopBounds;
using namespace t2s::ure::detail;
using t2s::printBounds;
using t2s::printLoopBounds;

#include "ure/UreDialect.cpp.inc"
#include "ure/UreEnums.cpp.inc"

void UreDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "ure/UreOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Custom directives shared by several ops
//===----------------------------------------------------------------------===//

/// `(i, j, k)`: a list of loop variable names.
static ParseResult parseVarNames(OpAsmParser &parser, ArrayAttr &vars) {
  SmallVector<Attribute> names;
  if (parser.parseCommaSeparatedList(
          OpAsmParser::Delimiter::Paren, [&]() -> ParseResult {
            std::string name;
            if (parser.parseKeywordOrString(&name))
              return failure();
            names.push_back(parser.getBuilder().getStringAttr(name));
            return success();
          }))
    return failure();
  vars = parser.getBuilder().getArrayAttr(names);
  return success();
}

static void printVarNames(OpAsmPrinter &p, Operation *, ArrayAttr vars) {
  p << "(";
  llvm::interleaveComma(vars, p, [&](Attribute a) {
    p.printKeywordOrString(cast<StringAttr>(a).getValue());
  });
  p << ")";
}

/// `(@A, i, down)`: the Func or input, the loop and the strategy of
/// `ure.gather` and `ure.scatter`.
static ParseResult parseChainArgs(OpAsmParser &parser,
                                  FlatSymbolRefAttr &source, StringAttr &loop,
                                  BoolAttr &down) {
  std::string name;
  if (parser.parseLParen() || parser.parseAttribute(source) ||
      parser.parseComma() || parser.parseKeywordOrString(&name) ||
      parser.parseComma())
    return failure();
  loop = parser.getBuilder().getStringAttr(name);
  SMLoc at = parser.getCurrentLocation();
  StringRef strategy;
  if (parser.parseKeyword(&strategy))
    return failure();
  if (strategy != "up" && strategy != "down")
    return parser.emitError(at, "expected 'up' or 'down', got '")
           << strategy << "'";
  down = parser.getBuilder().getBoolAttr(strategy == "down");
  return parser.parseRParen();
}

static void printChainArgs(OpAsmPrinter &p, Operation *,
                           FlatSymbolRefAttr source, StringAttr loop,
                           BoolAttr down) {
  p << "(" << source << ", ";
  p.printKeywordOrString(loop.getValue());
  p << ", " << (down.getValue() ? "down" : "up") << ")";
}

LogicalResult t2s::ure::detail::verifyDistinctNames(Operation *op,
                                                   ArrayAttr vars,
                                                   StringRef what) {
  llvm::StringSet<> seen;
  for (Attribute var : vars) {
    StringRef name = cast<StringAttr>(var).getValue();
    if (!seen.insert(name).second)
      return op->emitOpError() << what << " '" << name << "' appears twice";
  }
  return success();
}

/// The scalar types every t2s mode supports end to end: integers of 1 to
/// 64 bits, f16, bf16, f32, f64 and index.
static bool isUreScalarType(Type type) {
  if (auto i = dyn_cast<IntegerType>(type))
    return i.getWidth() >= 1 && i.getWidth() <= 64;
  return isa<IndexType, Float16Type, BFloat16Type, Float32Type, Float64Type>(
      type);
}

static const char *kScalarTypes =
    "integers of 1 to 64 bits, f16, bf16, f32, f64 or index";

//===----------------------------------------------------------------------===//
// InputOp
//===----------------------------------------------------------------------===//

LogicalResult InputOp::verify() {
  MemRefType type = getMemRefType();
  if (!isa<IntegerType, FloatType>(type.getElementType()) ||
      !isUreScalarType(type.getElementType()))
    return emitOpError("element type must be one of the ")
           << kScalarTypes << ", got " << type.getElementType();
  if (type.getRank() == 0)
    return emitOpError("an input has at least one dimension");
  auto map = dyn_cast<AffineMapAttr>(type.getLayout());
  if (!map || !map.getValue().isPermutation())
    return emitOpError("the layout of an input is a permutation of its "
                       "dimensions, slowest first, e.g. ")
           << permutationExample(type.getRank()) << " (Halide's order), got "
           << type.getLayout();
  return success();
}

//===----------------------------------------------------------------------===//
// FuncOp
//===----------------------------------------------------------------------===//

/// `@f`, `@f on device`, `@f(i, j) -> f32`, `@f(i, j) -> (f32, i32) on host`.
ParseResult FuncOp::parse(OpAsmParser &parser, OperationState &result) {
  StringAttr name;
  Builder &b = parser.getBuilder();
  if (parser.parseSymbolName(name, getSymNameAttrName(result.name),
                             result.attributes))
    return failure();
  if (succeeded(parser.parseOptionalLParen())) {
    SmallVector<Attribute> vars, extents;
    SmallVector<int64_t> mins;
    SMLoc listLoc = parser.getCurrentLocation();
    if (failed(parser.parseOptionalRParen())) {
      do {
        std::string var;
        if (parser.parseKeywordOrString(&var))
          return failure();
        vars.push_back(b.getStringAttr(var));
        // `i = 0 extent 8`: the bounds of the Func's elements.
        if (succeeded(parser.parseOptionalEqual())) {
          int64_t min;
          Attribute extent;
          if (parser.parseInteger(min) || parser.parseKeyword("extent") ||
              t2s::parseExtent(parser, extent))
            return failure();
          mins.push_back(min);
          extents.push_back(extent);
        }
      } while (succeeded(parser.parseOptionalComma()));
      if (parser.parseRParen())
        return failure();
    }
    if (!mins.empty() && mins.size() != vars.size())
      return parser.emitError(listLoc,
                              "give bounds to every loop variable or to none");
    if (!mins.empty()) {
      result.addAttribute(getMinsAttrName(result.name),
                          b.getDenseI64ArrayAttr(mins));
      result.addAttribute(getExtentsAttrName(result.name),
                          b.getArrayAttr(extents));
    }
    SmallVector<Type> types;
    if (parser.parseArrow())
      return failure();
    if (succeeded(parser.parseOptionalLParen())) {
      if (parser.parseTypeList(types) || parser.parseRParen())
        return failure();
    } else if (parser.parseType(types.emplace_back())) {
      return failure();
    }
    result.addAttribute(getVarsAttrName(result.name), b.getArrayAttr(vars));
    result.addAttribute(getResultTypesAttrName(result.name),
                        b.getTypeArrayAttr(types));
  }
  if (succeeded(parser.parseOptionalKeyword("on"))) {
    std::string place;
    SMLoc loc = parser.getCurrentLocation();
    if (parser.parseKeywordOrString(&place))
      return failure();
    std::optional<Place> value = symbolizePlace(place);
    if (!value)
      return parser.emitError(loc, "expected 'host' or 'device', got '")
             << place << "'";
    result.addAttribute(getPlaceAttrName(result.name),
                        PlaceAttr::get(b.getContext(), *value));
  }
  if (succeeded(parser.parseOptionalKeyword("layout"))) {
    AffineMapAttr layout;
    if (parser.parseAttribute(layout, getLayoutAttrName(result.name),
                              result.attributes))
      return failure();
  }
  return parser.parseOptionalAttrDict(result.attributes);
}

void FuncOp::print(OpAsmPrinter &p) {
  p << " ";
  p.printSymbolName(getSymName());
  if (isDeclared()) {
    if (hasBounds() && getMinsAttr().size() == getVarsAttr().size() &&
        getExtentsAttr().size() == getVarsAttr().size())
      printBounds(p, *this, getVarsAttr(), getMinsAttr(), getExtentsAttr());
    else
      printVarNames(p, *this, getVarsAttr());
    p << " -> ";
    SmallVector<Type> types = llvm::to_vector(llvm::map_range(
        getResultTypesAttr(),
        [](Attribute a) -> Type { return cast<TypeAttr>(a).getValue(); }));
    if (types.size() == 1)
      p << types.front();
    else {
      p << "(";
      llvm::interleaveComma(types, p);
      p << ")";
    }
  }
  if (getPlace() != Place::Host)
    p << " on " << stringifyPlace(getPlace());
  if (getLayoutAttr()) {
    p << " layout ";
    p.printAttribute(getLayoutAttr());
  }
  p.printOptionalAttrDict((*this)->getAttrs(),
                          {getSymNameAttrName(), getVarsAttrName(),
                           getMinsAttrName(), getExtentsAttrName(),
                           getResultTypesAttrName(), getPlaceAttrName(),
                           getLayoutAttrName()});
}

LogicalResult FuncOp::verify() {
  if (getVars().has_value() != getResultTypes().has_value())
    return emitOpError("declares both loop variables and return types, "
                       "or neither");
  if (std::optional<AffineMap> layout = getLayout()) {
    if (!layout->isPermutation())
      return emitOpError("the layout of a Func's buffer is a permutation of "
                         "its loop variables, slowest first, e.g. ")
             << permutationExample(layout->getNumDims())
             << " (Halide's order), got " << AffineMapAttr::get(*layout);
    if (isDeclared() && layout->getNumDims() != getVarsAttr().size())
      return emitOpError("layout ")
             << AffineMapAttr::get(*layout) << " has " << layout->getNumDims()
             << " dimensions but the Func has " << getVarsAttr().size()
             << " loop variables";
  }
  if (!isDeclared())
    return success();
  if (failed(detail::verifyDistinctNames(*this, getVarsAttr(), "loop variable")))
    return failure();
  if (getMins().has_value() != getExtents().has_value() ||
      (hasBounds() && (getMinsAttr().size() != getVarsAttr().size() ||
                       getExtentsAttr().size() != getVarsAttr().size())))
    return emitOpError("needs one min and one extent per loop variable, or "
                       "no bounds");
  if (hasBounds())
    for (auto [var, extent] : llvm::zip(getVarsAttr(), getExtentsAttr())) {
      auto constant = dyn_cast<IntegerAttr>(extent);
      if ((constant && constant.getInt() <= 0) ||
          (!constant && !isa<FlatSymbolRefAttr>(extent)))
        return emitOpError("extent of ")
               << var << " must be a positive integer or a ure.param";
    }
  if (getResultTypes()->empty())
    return emitOpError("declares at least one return type");
  for (Attribute a : getResultTypesAttr())
    if (!isUreScalarType(cast<TypeAttr>(a).getValue()))
      return emitOpError("return types are ")
             << kScalarTypes << ", got " << cast<TypeAttr>(a).getValue();
  return success();
}

LogicalResult FuncOp::verifySymbolUses(SymbolTableCollection &symbols) {
  if (!hasBounds())
    return success();
  for (Attribute extent : getExtentsAttr())
    if (auto sym = dyn_cast<FlatSymbolRefAttr>(extent))
      if (!symbols.lookupNearestSymbolFrom<ParamOp>(*this, sym.getAttr()))
        return emitOpError("extent ")
               << sym << " is not a ure.param of the program";
  return success();
}

//===----------------------------------------------------------------------===//
// DefOp
//===----------------------------------------------------------------------===//

YieldOp DefOp::getYield() {
  if (getBody().empty() || getBodyBlock().empty())
    return {};
  return dyn_cast<YieldOp>(getBodyBlock().back());
}

SmallVector<Type> DefOp::getResultTypes() {
  if (YieldOp yield = getYield())
    return llvm::to_vector(yield.getValues().getTypes());
  return {};
}

/// `@f(%i, %j) with (%k) attr-dict region`
ParseResult DefOp::parse(OpAsmParser &parser, OperationState &result) {
  Builder &b = parser.getBuilder();
  FlatSymbolRefAttr func;
  if (parser.parseAttribute(func, getFuncAttrName(result.name),
                            result.attributes))
    return failure();
  SmallVector<OpAsmParser::Argument> args;
  if (parser.parseArgumentList(args, OpAsmParser::Delimiter::Paren))
    return failure();
  int64_t numLhs = args.size();
  if (succeeded(parser.parseOptionalKeyword("with")) &&
      parser.parseArgumentList(args, OpAsmParser::Delimiter::Paren))
    return failure();
  SmallVector<Attribute> vars;
  for (OpAsmParser::Argument &arg : args) {
    arg.type = b.getIndexType();
    vars.push_back(b.getStringAttr(arg.ssaName.name.drop_front()));
  }
  result.addAttribute(getVarsAttrName(result.name), b.getArrayAttr(vars));
  result.addAttribute(getNumLhsAttrName(result.name),
                      b.getI64IntegerAttr(numLhs));
  if (parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  Region *body = result.addRegion();
  return parser.parseRegion(*body, args);
}

void DefOp::print(OpAsmPrinter &p) {
  p << " ";
  p.printAttributeWithoutType(getFuncAttr());
  auto args = getBodyBlock().getArguments();
  auto printArgs = [&](ArrayRef<BlockArgument> list) {
    p << "(";
    llvm::interleaveComma(list, p,
                          [&](BlockArgument a) { p.printOperand(a); });
    p << ")";
  };
  int64_t numLhs = std::min<int64_t>(getNumLhs(), args.size());
  printArgs(args.take_front(numLhs));
  if (numLhs != static_cast<int64_t>(args.size())) {
    p << " with ";
    printArgs(args.drop_front(numLhs));
  }
  p.printOptionalAttrDictWithKeyword(
      (*this)->getAttrs(),
      {getFuncAttrName(), getVarsAttrName(), getNumLhsAttrName()});
  p << " ";
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false,
                /*printBlockTerminators=*/true);
}

void DefOp::getAsmBlockArgumentNames(Region &region,
                                     OpAsmSetValueNameFn setNameFn) {
  for (auto [arg, name] : llvm::zip(region.getArguments(), getVars()))
    setNameFn(arg, cast<StringAttr>(name).getValue());
}

LogicalResult DefOp::verify() {
  if (!(*this)->getParentOfType<ProgramOp>())
    return emitOpError("must be inside a ure.program");
  if (failed(detail::verifyDistinctNames(*this, getVars(), "loop variable")))
    return failure();
  int64_t numVars = getVars().size();
  // The I64Attr getter is unsigned: read the attribute's signed value.
  int64_t numLhs = getNumLhsAttr().getInt();
  if (numLhs < 0 || numLhs > numVars)
    return emitOpError("num_lhs must be between 0 and the number of loop "
                       "variables");
  auto func = SymbolTable::lookupNearestSymbolFrom<FuncOp>(*this, getFuncAttr());
  if (!func && failed(detail::verifyUniqueSymbol(*this, getFuncAttr())))
    return failure();
  if (!func)
    return emitOpError("defines ")
           << getFuncAttr() << ", which is not declared by a ure.func";
  if (!func.isDeclared())
    return success();
  SmallVector<StringRef> lhs;
  for (Attribute a : getVars().getValue().take_front(getNumLhs()))
    lhs.push_back(cast<StringAttr>(a).getValue());
  SmallVector<StringRef> declared = *getLhsVars(func, DefOp());
  if (lhs != ArrayRef<StringRef>(declared))
    return emitOpError("left-hand side (")
           << llvm::join(lhs, ", ") << ") must match the loop variables ("
           << llvm::join(declared, ", ") << ") declared for @"
           << func.getSymName();
  return success();
}

LogicalResult DefOp::verifyRegions() {
  Block &block = getBodyBlock();
  if (block.getNumArguments() != getVars().size())
    return emitOpError("has ") << block.getNumArguments()
                               << " block arguments but "
                               << getVars().size() << " loop variables";
  for (BlockArgument arg : block.getArguments())
    if (!arg.getType().isIndex())
      return emitOpError("loop variables are of type index");
  YieldOp yield = getYield();
  if (!yield)
    return emitOpError("body must end with ure.yield");
  if (yield.getValues().empty())
    return yield.emitOpError("yields at least one value");
  for (Type type : yield.getValues().getTypes())
    if (!isUreScalarType(type))
      return yield.emitOpError("yields ") << kScalarTypes << ", got " << type;
  // Every scalar value inside the URE: a wider integer (i65, i128) or an
  // exotic float has no interpreter or lowering.
  WalkResult wide = getBody().walk([&](Operation *op) {
    for (Type type : op->getResultTypes())
      if (isa<IntegerType, FloatType>(type) && !isUreScalarType(type)) {
        op->emitOpError("result type ")
            << type << " is not supported: values in a URE are "
            << kScalarTypes;
        return WalkResult::interrupt();
      }
    return WalkResult::advance();
  });
  if (wide.wasInterrupted())
    return failure();
  auto func = SymbolTable::lookupNearestSymbolFrom<FuncOp>(*this, getFuncAttr());
  if (func && func.isDeclared()) {
    SmallVector<Type> declared = *getFuncResultTypes(func, DefOp());
    SmallVector<Type> actual = getResultTypes();
    if (declared != actual) {
      std::string expected, got;
      llvm::raw_string_ostream e(expected), g(got);
      llvm::interleaveComma(declared, e);
      llvm::interleaveComma(actual, g);
      return yield.emitOpError("yields (")
             << got << ") but @" << func.getSymName() << " is declared to return ("
             << expected << ")";
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// SelectOp
//===----------------------------------------------------------------------===//

LogicalResult SelectOp::verify() {
  for (Operation *user : getResult().getUsers())
    if (!isa<YieldOp>(user))
      return emitOpError("a select without an else value may only be "
                         "yielded: elsewhere it would have no value");
  return success();
}

OpFoldResult SelectOp::fold(FoldAdaptor adaptor) {
  auto condition = dyn_cast_or_null<IntegerAttr>(adaptor.getCondition());
  if (condition && condition.getValue().isOne())
    return getValue();
  return {};
}

//===----------------------------------------------------------------------===//
// ParamValueOp
//===----------------------------------------------------------------------===//

LogicalResult ParamOp::verify() {
  if (std::optional<int64_t> max = getMax(); max && *max <= 0)
    return emitOpError("max must be positive, got ") << *max;
  return success();
}

LogicalResult ParamValueOp::verify() {
  if (!SymbolTable::lookupNearestSymbolFrom<ParamOp>(*this, getParamAttr()))
    return emitOpError("names ") << getParamAttr() << ", which is not a ure.param";
  return success();
}

//===----------------------------------------------------------------------===//
// Directives
//===----------------------------------------------------------------------===//

LogicalResult t2s::ure::detail::verifyUniqueSymbol(Operation *op,
                                                  FlatSymbolRefAttr name) {
  auto program = op->getParentOfType<ProgramOp>();
  if (!program)
    return success();
  SmallVector<StringRef> kinds;
  for (Operation &other : program->getRegion(0).front()) {
    auto sym = other.getAttrOfType<StringAttr>(
        SymbolTable::getSymbolAttrName());
    if (sym && sym.getValue() == name.getValue())
      kinds.push_back(other.getName().getStringRef());
  }
  if (kinds.size() < 2)
    return success();
  return op->emitOpError("names ")
         << name << ", which is defined " << kinds.size()
         << " times in the program (" << llvm::join(kinds, ", ")
         << "): inputs, Funcs and parameters share one namespace";
}

LogicalResult t2s::ure::detail::verifyDirectiveTarget(Operation *op,
                                                     FlatSymbolRefAttr func) {
  if (!SymbolTable::lookupNearestSymbolFrom<FuncOp>(op, func.getAttr()))
    return op->emitOpError("names ")
           << func << ", which is not declared by a ure.func";
  return success();
}

LogicalResult ReorderOp::verify() {
  if (failed(detail::verifyDirectiveTarget(*this, getFuncAttr())))
    return failure();
  return detail::verifyDistinctNames(*this, getVars(), "loop variable");
}

LogicalResult SpaceTimeTransformOp::verify() {
  if (failed(detail::verifyDirectiveTarget(*this, getFuncAttr())) ||
      failed(detail::verifyDistinctNames(*this, getSpace(), "space loop")))
    return failure();
  if (getSpace().empty())
    return emitOpError("needs at least one space loop");
  if (getProjection())
    return detail::verifyProjection(*this);
  if (getVector() && getVector()->size() != getSpace().size())
    return emitOpError("has ")
           << getVector()->size() << " scheduling coefficients for "
           << getSpace().size() << " space loops";
  return success();
}


#define GET_OP_CLASSES
#include "ure/UreOps.cpp.inc"
