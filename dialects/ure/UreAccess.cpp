//===- UreAccess.cpp - ure dialect: ure.at and ure.load -------------------===//
//
// Parsing, printing and verification of the two accesses of a URE: a Func
// at a dependence offset (`ure.at`) and an input at affine indices
// (`ure.load`).
//
//===----------------------------------------------------------------------===//

#include "ure/UreDialect.h"
#include "ure/UreInternal.h"

#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace t2s::ure;
using namespace t2s::ure::detail;

//===----------------------------------------------------------------------===//
// AtOp and LoadOp
//===----------------------------------------------------------------------===//

/// `@sym(<affine expressions of SSA ids>) attr-dict : types`
static ParseResult parseSymbolAccess(OpAsmParser &parser,
                                     OperationState &result,
                                     StringRef symAttrName,
                                     StringRef mapAttrName,
                                     SmallVectorImpl<Type> &types) {
  FlatSymbolRefAttr sym;
  SmallVector<OpAsmParser::UnresolvedOperand> operands;
  AffineMapAttr map;
  if (parser.parseAttribute(sym, symAttrName, result.attributes) ||
      parser.parseAffineMapOfSSAIds(operands, map, mapAttrName,
                                    result.attributes,
                                    OpAsmParser::Delimiter::Paren) ||
      parser.parseOptionalAttrDict(result.attributes) ||
      parser.parseColonTypeList(types))
    return failure();
  return parser.resolveOperands(operands, parser.getBuilder().getIndexType(),
                                result.operands);
}

static void printSymbolAccess(OpAsmPrinter &p, Operation *op,
                              FlatSymbolRefAttr sym, AffineMap map,
                              ValueRange indices, TypeRange types,
                              ArrayRef<StringRef> elided) {
  p << " ";
  p.printAttributeWithoutType(sym);
  p << "(";
  p.printAffineMapOfSSAIds(AffineMapAttr::get(map), indices);
  p << ")";
  p.printOptionalAttrDict(op->getAttrs(), elided);
  p << " : ";
  llvm::interleaveComma(types, p);
}

ParseResult AtOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<Type> types;
  if (parseSymbolAccess(parser, result, getFuncAttrName(result.name),
                        getMapAttrName(result.name), types))
    return failure();
  result.addTypes(types);
  return success();
}

void AtOp::print(OpAsmPrinter &p) {
  printSymbolAccess(p, *this, getFuncAttr(), getMap(), getIndices(),
                    getResultTypes(), {getFuncAttrName(), getMapAttrName()});
}

/// `@A(<affine expressions>) attr-dict : T`, and, in a vectorized array,
/// ` indices t1, t2` when an index is a vector of lanes.
ParseResult LoadOp::parse(OpAsmParser &parser, OperationState &result) {
  FlatSymbolRefAttr sym;
  SmallVector<OpAsmParser::UnresolvedOperand> operands;
  AffineMapAttr map;
  Type type;
  if (parser.parseAttribute(sym, getInputAttrName(result.name),
                            result.attributes) ||
      parser.parseAffineMapOfSSAIds(operands, map,
                                    getMapAttrName(result.name),
                                    result.attributes,
                                    OpAsmParser::Delimiter::Paren) ||
      parser.parseOptionalAttrDict(result.attributes) ||
      parser.parseColonType(type))
    return failure();
  result.addTypes(type);
  SmallVector<Type> indexTypes;
  if (succeeded(parser.parseOptionalKeyword("indices"))) {
    llvm::SMLoc loc = parser.getCurrentLocation();
    if (parser.parseTypeList(indexTypes))
      return failure();
    return parser.resolveOperands(operands, indexTypes, loc, result.operands);
  }
  return parser.resolveOperands(operands, parser.getBuilder().getIndexType(),
                                result.operands);
}

void LoadOp::print(OpAsmPrinter &p) {
  printSymbolAccess(p, *this, getInputAttr(), getMap(), getIndices(),
                    getType(), {getInputAttrName(), getMapAttrName()});
  if (llvm::all_of(getIndices().getTypes(),
                   [](Type t) { return t.isIndex(); }))
    return;
  p << " indices ";
  llvm::interleaveComma(getIndices().getTypes(), p);
}

/// Index expressions range over the loop variables of the enclosing URE.
static LogicalResult verifyIndexOperands(Operation *op, AffineMap map,
                                         ValueRange indices) {
  if (map.getNumSymbols() != 0)
    return op->emitOpError("index expressions use loop variables, "
                           "not symbols");
  if (map.getNumDims() != indices.size())
    return op->emitOpError("index map has ")
           << map.getNumDims() << " dimensions but " << indices.size()
           << " operands";
  // The custom form prints the index expressions only: an operand they do
  // not use would not be printed, and the op would not parse back.
  for (unsigned d = 0, e = map.getNumDims(); d < e; ++d)
    if (!map.isFunctionOfDim(d))
      return op->emitOpError("index operand #")
             << d << " is not used by the index map (its coefficient is 0): "
             << "the indices would not print back; drop the operand";
  auto def = op->getParentOfType<DefOp>();
  if (!def) {
    // In the PE body of a spacetime.array the indices are recovered ones:
    // any index values will do there. A ure.at always needs the loop
    // variables of its URE.
    if (isa<LoadOp>(op))
      for (Operation *p = op->getParentOp(); p; p = p->getParentOp())
        if (p->getName().getStringRef() == "spacetime.array")
          return success();
    return op->emitOpError(isa<LoadOp>(op)
                               ? "must be inside a ure.def or a spacetime.array"
                               : "must be inside a ure.def");
  }
  for (Value v : indices) {
    auto arg = dyn_cast<BlockArgument>(v);
    if (arg && arg.getOwner() == &def.getBodyBlock())
      continue;
    // An input may also be indexed by parameters (ure.param_value).
    if (isa<LoadOp>(op) && v.getDefiningOp<ParamValueOp>())
      continue;
    return op->emitOpError(isa<LoadOp>(op)
                               ? "indices must be loop variables of the "
                                 "enclosing ure.def or ure.param_value "
                                 "results (optionally scaled and offset by "
                                 "constants)"
                               : "indices must be loop variables of the "
                                 "enclosing ure.def (optionally scaled and "
                                 "offset by constants)");
  }
  return success();
}

/// The loops of `caller`'s nest, outermost first: those of the `ure.nest`
/// it is in, else its loop variables (innermost first) as the program's
/// `ure.reorder` of it, or of the representative it is merged into, lists
/// them.
/// Halide's reorder of `loops` (innermost first): the listed variables take
/// the positions they occupy among themselves, in the order given; the
/// others stay where they are. A variable that is not a loop leaves the
/// order alone (merge-ures reports it).
static void applyReorder(SmallVectorImpl<StringRef> &loops, ArrayAttr listed) {
  SmallVector<size_t> positions;
  for (Attribute a : listed) {
    auto it = llvm::find(loops, cast<StringAttr>(a).getValue());
    if (it == loops.end())
      return;
    positions.push_back(it - loops.begin());
  }
  llvm::sort(positions);
  for (auto [slot, a] : llvm::zip(positions, listed))
    loops[slot] = cast<StringAttr>(a).getValue();
}

/// The loop order of the nest `caller` is (or will be) merged into,
/// outermost first: the `ure.nest`'s, or the representative's variables
/// with every `ure.reorder` of the representative applied in turn, as
/// merge-ures builds the nest.
static SmallVector<StringRef> nestOrder(DefOp caller) {
  SmallVector<StringRef> order;
  if (auto nest = dyn_cast_or_null<NestOp>(caller->getParentOp())) {
    for (Attribute a : nest.getLoops())
      order.push_back(cast<StringAttr>(a).getValue());
    return order;
  }
  SmallVector<StringRef> loops;
  for (Attribute a : caller.getVars())
    loops.push_back(cast<StringAttr>(a).getValue());
  if (ProgramOp program = getProgram(caller)) {
    StringRef rep = caller.getFunc();
    program.walk([&](MergeUresOp merge) {
      for (Attribute u : merge.getUres())
        if (cast<FlatSymbolRefAttr>(u).getValue() == caller.getFunc())
          rep = merge.getRepresentative();
    });
    if (DefOp repDef = findDef(program, rep)) {
      loops.clear();
      for (Attribute a : repDef.getVars())
        loops.push_back(cast<StringAttr>(a).getValue());
    }
    program.walk([&](ReorderOp reorder) {
      if (reorder.getFunc() == rep)
        applyReorder(loops, reorder.getVars());
    });
  }
  for (StringRef loop : llvm::reverse(loops))
    order.push_back(loop);
  return order;
}

/// T2S's argument rules for a read `f(i - 1, j)` from a URE with loop
/// variables `vars`: one loop variable per argument (simple form), the
/// callee's left-hand-side variable at that position (order), minus a
/// constant, the distances lexicographically positive in the nest's loop
/// order, outermost first (T2S's rule, which a split reduction such as
/// `c(kkk + 15, kk - 1)` needs; a zero distance is the merge's business).
static LogicalResult verifyUreArguments(AtOp at, ArrayRef<StringRef> calleeLhs,
                                        DefOp caller) {
  llvm::StringMap<int64_t> distance;
  SmallVector<std::string> written;
  AffineMap map = at.getMap();
  if (map.getNumResults() != calleeLhs.size())
    return at.emitOpError("reads @")
           << at.getFunc() << " with " << map.getNumResults()
           << " arguments, but its left-hand side has " << calleeLhs.size()
           << " (" << llvm::join(calleeLhs, ", ")
           << "); both sides take the same arguments in the same order";
  for (auto [pos, expr] : llvm::enumerate(map.getResults())) {
    AffineExpr varPart = expr;
    int64_t offset = 0;
    if (auto bin = dyn_cast<AffineBinaryOpExpr>(expr);
        bin && bin.getKind() == AffineExprKind::Add) {
      if (auto c = dyn_cast<AffineConstantExpr>(bin.getRHS())) {
        varPart = bin.getLHS();
        offset = c.getValue();
      }
    }
    auto dim = dyn_cast<AffineDimExpr>(varPart);
    if (!dim)
      return at.emitOpError("argument ")
             << pos << " of @" << at.getFunc()
             << " is not in the simple form 'var' or 'var - constant'";
    auto arg = cast<BlockArgument>(at.getIndices()[dim.getPosition()]);
    StringRef var =
        cast<StringAttr>(caller.getVars()[arg.getArgNumber()]).getValue();
    if (var != calleeLhs[pos])
      return at.emitOpError("argument ")
             << pos << " of @" << at.getFunc() << " uses loop variable '"
             << var << "' where the left-hand side has '" << calleeLhs[pos]
             << "'; both sides take the same arguments in the same order";
    distance[var] = -offset;
    written.push_back(offset > 0   ? (var + " + " + Twine(offset)).str()
                      : offset < 0 ? (var + " - " + Twine(-offset)).str()
                                   : var.str());
  }
  if (llvm::all_of(distance, [](const auto &d) { return d.second >= 0; }))
    return success();
  SmallVector<StringRef> order = nestOrder(caller);
  for (StringRef loop : order) {
    int64_t d = distance.lookup(loop);
    if (d > 0)
      return success();
    if (d < 0)
      break;
  }
  return at.emitOpError("reads @")
         << at.getFunc() << "(" << llvm::join(written, ", ")
         << "), a point that is not before the current one: the "
            "dependence distance must be lexicographically positive in "
            "the loop order, outermost first ("
         << llvm::join(order, ", ") << ")";
}

LogicalResult AtOp::verify() {
  if (failed(verifyIndexOperands(*this, getMap(), getIndices())))
    return failure();
  auto func = SymbolTable::lookupNearestSymbolFrom<FuncOp>(*this, getFuncAttr());
  if (!func)
    return emitOpError("reads ")
           << getFuncAttr() << ", which is not declared by a ure.func";
  ProgramOp program = getProgram(*this);
  DefOp calleeDef = program ? findDef(program, getFunc()) : DefOp();
  std::optional<SmallVector<StringRef>> lhs = getLhsVars(func, calleeDef);
  if (lhs && failed(verifyUreArguments(*this, *lhs,
                                       (*this)->getParentOfType<DefOp>())))
    return failure();
  std::optional<SmallVector<Type>> types = getFuncResultTypes(func, calleeDef);
  if (types && SmallVector<Type>(getResultTypes()) != *types) {
    std::string expected;
    llvm::raw_string_ostream os(expected);
    llvm::interleaveComma(*types, os);
    return emitOpError("result types must be the types of @")
           << getFunc() << ": (" << expected << ")";
  }
  return success();
}

/// The divisors of `mod`, `floordiv` and `ceildiv` in an input's indices
/// are positive constants (the interpreter and the lowerings round toward
/// negative infinity, as MLIR's affine ops do, which needs a positive
/// divisor).
static LogicalResult verifyDivisors(Operation *op, AffineMap map) {
  for (auto [i, result] : llvm::enumerate(map.getResults())) {
    WalkResult walk = result.walk([&](AffineExpr e) {
      auto binary = dyn_cast<AffineBinaryOpExpr>(e);
      if (!binary || e.getKind() == AffineExprKind::Add ||
          e.getKind() == AffineExprKind::Mul)
        return WalkResult::advance();
      auto divisor = dyn_cast<AffineConstantExpr>(binary.getRHS());
      if (divisor && divisor.getValue() > 0)
        return WalkResult::advance();
      std::string text, rhs;
      llvm::raw_string_ostream(text) << result;
      llvm::raw_string_ostream(rhs) << binary.getRHS();
      op->emitOpError("index ")
          << i << " (" << text << ") divides by " << rhs
          << ": the divisor of mod, floordiv and ceildiv is a positive "
             "constant";
      return WalkResult::interrupt();
    });
    if (walk.wasInterrupted())
      return failure();
  }
  return success();
}

LogicalResult LoadOp::verify() {
  if (failed(verifyIndexOperands(*this, getMap(), getIndices())) ||
      failed(verifyDivisors(*this, getMap())))
    return failure();
  auto input =
      SymbolTable::lookupNearestSymbolFrom<InputOp>(*this, getInputAttr());
  // A name shared with a Func is the error, not the kind found first.
  if (!input && failed(detail::verifyUniqueSymbol(*this, getInputAttr())))
    return failure();
  if (!input)
    return emitOpError("reads ")
           << getInputAttr() << ", which is not a ure.input";
  MemRefType type = input.getMemRefType();
  if (getMap().getNumResults() != type.getRank())
    return emitOpError("reads input @")
           << getInput() << " of rank " << type.getRank() << " with "
           << getMap().getNumResults() << " indices";
  // In a vectorized array: a vector of lanes, whose indices are scalars or
  // vectors of the same lanes.
  auto lanes = dyn_cast<VectorType>(getType());
  if ((lanes ? lanes.getElementType() : getType()) != type.getElementType())
    return emitOpError("result type must be the element type of @")
           << getInput() << ", " << type.getElementType()
           << (lanes ? ", in vector lanes" : "");
  for (Type t : getIndices().getTypes()) {
    if (t.isIndex())
      continue;
    auto v = dyn_cast<VectorType>(t);
    if (!lanes || !v || v.getShape() != lanes.getShape())
      return emitOpError("index of type ")
             << t << " needs a result of the same vector lanes";
  }
  return success();
}


std::string t2s::ure::detail::permutationExample(int64_t rank) {
  std::string dims, reversed;
  for (int64_t d = 0; d < rank; ++d) {
    dims += (d ? ", d" : "d") + std::to_string(d);
    reversed += (d ? ", d" : "d") + std::to_string(rank - 1 - d);
  }
  return "affine_map<(" + dims + ") -> (" + reversed + ")>";
}
