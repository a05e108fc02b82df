//===- UreOps.cpp - ure dialect: parsing, printing, verification ----------===//
//
// The per-op verifiers check what one op can see (its symbols, its index
// expressions). The program verifier checks T2S's whole-program rules: use
// before define, the merge, the output Func, and initial values.
//
//===----------------------------------------------------------------------===//

#include "ure/UreDialect.h"

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
using t2s::printBounds;

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

/// Checks the bounds triple of `ure.set_bounds` and `ure.nest`: equal lengths,
/// distinct names, extents that are positive constants or `ure.param`s.
static LogicalResult verifyBounds(Operation *op, ArrayAttr vars,
                                  ArrayRef<int64_t> mins, ArrayAttr extents) {
  if (vars.size() != mins.size() || vars.size() != extents.size())
    return op->emitOpError("needs one min and one extent per loop variable");
  llvm::StringSet<> seen;
  for (auto [var, min, extent] : llvm::zip(vars, mins, extents)) {
    StringRef name = cast<StringAttr>(var).getValue();
    if (!seen.insert(name).second)
      return op->emitOpError("loop variable '") << name << "' appears twice";
    if (auto intAttr = dyn_cast<IntegerAttr>(extent)) {
      if (intAttr.getInt() <= 0)
        return op->emitOpError("extent of '")
               << name << "' must be positive, got " << intAttr.getInt();
      int64_t end;
      if (llvm::AddOverflow(min, intAttr.getInt(), end))
        return op->emitOpError("bounds of '")
               << name << "' overflow 64-bit integers: min " << min
               << " + extent " << intAttr.getInt();
      continue;
    }
    auto sym = dyn_cast<FlatSymbolRefAttr>(extent);
    if (!sym)
      return op->emitOpError("extent of '")
             << name << "' must be an integer or a ure.param";
    if (!SymbolTable::lookupNearestSymbolFrom<ParamOp>(op, sym.getAttr()))
      return op->emitOpError("extent of '")
             << name << "' refers to " << sym << ", which is not a ure.param";
  }
  return success();
}

static LogicalResult verifyDistinctNames(Operation *op, ArrayAttr vars,
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
// Symbol helpers
//===----------------------------------------------------------------------===//

static ProgramOp getProgram(Operation *op) {
  return op->getParentOfType<ProgramOp>();
}

/// The definition of `func` in its program, or null.
static DefOp findDef(ProgramOp program, StringRef func) {
  DefOp found;
  program.walk([&](DefOp def) {
    if (def.getFunc() == func) {
      found = def;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return found;
}

/// The left-hand-side loop variables of a Func: declared, else its URE's.
static std::optional<SmallVector<StringRef>> getLhsVars(FuncOp func,
                                                        DefOp def) {
  SmallVector<StringRef> names;
  if (func.isDeclared()) {
    for (Attribute a : func.getVarsAttr())
      names.push_back(cast<StringAttr>(a).getValue());
    return names;
  }
  if (!def)
    return std::nullopt;
  for (Attribute a : def.getVars().getValue().take_front(def.getNumLhs()))
    names.push_back(cast<StringAttr>(a).getValue());
  return names;
}

/// The result types of a Func: declared, else its URE's.
static std::optional<SmallVector<Type>> getFuncResultTypes(FuncOp func,
                                                           DefOp def) {
  if (func.isDeclared())
    return llvm::to_vector(
        llvm::map_range(func.getResultTypesAttr(), [](Attribute a) -> Type {
          return cast<TypeAttr>(a).getValue();
        }));
  if (!def || !def.getYield())
    return std::nullopt;
  return def.getResultTypes();
}

//===----------------------------------------------------------------------===//
// ProgramOp
//===----------------------------------------------------------------------===//

namespace {
/// A clause of the initial-value CNF: the Funcs of which at least one must
/// have an initial value. The empty set never occurs: a constant makes the
/// whole disjunction true, and a true clause is dropped.
using Clause = std::set<std::string>;
/// A formula in conjunctive normal form; the empty conjunction is `true`.
using Cnf = std::set<Clause>;

/// Removes clauses that contain another clause: (a) makes (a | b) redundant.
Cnf dropSubsumed(const Cnf &cnf) {
  Cnf result;
  for (const Clause &c : cnf) {
    bool subsumed = llvm::any_of(cnf, [&](const Clause &d) {
      return &d != &c && d.size() < c.size() &&
             std::includes(c.begin(), c.end(), d.begin(), d.end());
    });
    if (!subsumed)
      result.insert(c);
  }
  return result;
}

Cnf cnfAnd(const Cnf &a, const Cnf &b) {
  Cnf result = a;
  result.insert(b.begin(), b.end());
  return dropSubsumed(result);
}

/// (a1 & a2) | (b1 & b2) = (a1|b1) & (a1|b2) & (a2|b1) & (a2|b2); `true`
/// (the empty conjunction) on either side makes the disjunction true.
Cnf cnfOr(const Cnf &a, const Cnf &b) {
  if (a.empty() || b.empty())
    return {};
  Cnf result;
  for (const Clause &x : a)
    for (const Clause &y : b) {
      Clause c = x;
      c.insert(y.begin(), y.end());
      result.insert(c);
    }
  return dropSubsumed(result);
}

/// Builds the CNF saying when a value has an initial value, as merge-ures.md
/// describes: a Func read is a variable, constants, inputs and loop variables
/// are true, `select` is a disjunction of its two values (its condition does
/// not matter) and every other operation a conjunction of its operands.
class InitialValueBuilder {
public:
  Cnf build(Value value) {
    auto it = memo.find(value);
    if (it != memo.end())
      return it->second;
    Cnf result = compute(value);
    memo[value] = result;
    return result;
  }

private:
  Cnf compute(Value value) {
    Operation *op = value.getDefiningOp();
    if (!op || isa<LoadOp>(op))
      return {};
    if (auto at = dyn_cast<AtOp>(op))
      return Cnf{Clause{at.getFunc().str()}};
    if (op->getName().getStringRef() == "arith.select")
      return cnfOr(build(op->getOperand(1)), build(op->getOperand(2)));
    if (auto select = dyn_cast<SelectOp>(op))
      return build(select.getValue());
    Cnf result;
    for (Value operand : op->getOperands())
      result = cnfAnd(result, build(operand));
    return result;
  }

  llvm::DenseMap<Value, Cnf> memo;
};

std::string printClause(const Clause &clause) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "(";
  llvm::interleave(
      clause, os, [&](const std::string &f) { os << "@" << f; }, " or ");
  os << ")";
  return text;
}
} // namespace

/// Every Func must have an initial value: a least fixpoint over the CNFs,
/// adding a Func to the true set once each of its clauses holds a true Func.
static LogicalResult verifyInitialValues(ArrayRef<DefOp> defs) {
  std::vector<std::pair<DefOp, Cnf>> formulas;
  for (DefOp def : defs) {
    InitialValueBuilder builder;
    Cnf cnf;
    if (YieldOp yield = def.getYield())
      for (Value v : yield.getValues())
        cnf = cnfAnd(cnf, builder.build(v));
    formulas.emplace_back(def, std::move(cnf));
  }
  llvm::StringSet<> hasInitial;
  auto clauseHolds = [&](const Clause &c) {
    return llvm::any_of(c, [&](const std::string &f) {
      return hasInitial.contains(f);
    });
  };
  bool changed = true;
  while (changed) {
    changed = false;
    for (auto &[def, cnf] : formulas) {
      if (hasInitial.contains(def.getFunc()))
        continue;
      if (llvm::all_of(cnf, clauseHolds)) {
        hasInitial.insert(def.getFunc());
        changed = true;
      }
    }
  }
  for (auto &[def, cnf] : formulas) {
    if (hasInitial.contains(def.getFunc()))
      continue;
    InFlightDiagnostic diag = def.emitOpError("Func @")
                              << def.getFunc()
                              << " has no initial value: no path of its "
                                 "recursive references ends in a value";
    std::string unmet;
    for (const Clause &c : cnf)
      if (!clauseHolds(c))
        unmet += (unmet.empty() ? "" : " and ") + printClause(c);
    diag.attachNote(def.getLoc()) << "unsatisfied clauses: " << unmet;
    return failure();
  }
  return success();
}

namespace {
/// The realization order and the roles the merge gives to UREs.
struct MergeInfo {
  SmallVector<DefOp> order;
  DenseMap<Operation *, unsigned> position;
  DefOp output;
};
} // namespace

/// The merge of the program: its `ure.merge_ures`, or a `ure.nest` after the
/// merge-ures pass, or the single URE of a program without a merge.
static FailureOr<std::optional<MergeInfo>>
collectMerge(ProgramOp program, ArrayRef<DefOp> defs) {
  SmallVector<MergeUresOp> merges =
      llvm::to_vector(program.getBodyBlock().getOps<MergeUresOp>());
  MergeInfo info;
  if (merges.size() > 1)
    return merges[1].emitOpError("a program has at most one merge_ures"),
           failure();
  if (merges.size() == 1) {
    MergeUresOp merge = merges.front();
    SmallVector<FlatSymbolRefAttr> names{merge.getRepresentativeAttr()};
    for (Attribute a : merge.getUres())
      names.push_back(cast<FlatSymbolRefAttr>(a));
    llvm::StringSet<> seen;
    for (FlatSymbolRefAttr name : names) {
      if (!seen.insert(name.getValue()).second)
        return merge.emitOpError("merges ") << name << " twice", failure();
      DefOp def = findDef(program, name.getValue());
      if (!def)
        return merge.emitOpError("merges ")
                   << name << ", which has no URE definition",
               failure();
      info.order.push_back(def);
    }
  } else if (auto nests = llvm::to_vector(
                 program.getBodyBlock().getOps<NestOp>());
             !nests.empty()) {
    if (nests.size() > 1)
      return nests[1].emitOpError("a program has at most one nest"), failure();
    for (DefOp def : nests.front().getBodyBlock().getOps<DefOp>())
      info.order.push_back(def);
    if (info.order.empty())
      return nests.front().emitOpError("holds no URE"), failure();
  } else if (auto it = llvm::find_if(defs, [](DefOp d) {
               return !isa<ProgramOp>(d->getParentOp());
             });
             it != defs.end()) {
    // The merged loop nest after a later transform (e.g. spacetime.array).
    for (DefOp def : (*it)->getBlock()->getOps<DefOp>())
      info.order.push_back(def);
  } else if (defs.size() == 1) {
    info.order.push_back(defs.front());
  } else {
    return std::optional<MergeInfo>();
  }
  for (auto [index, def] : llvm::enumerate(info.order))
    info.position[def] = index;
  info.output = info.order.back();
  return std::optional<MergeInfo>(std::move(info));
}

/// Extended UREs only last; merged UREs share the representative's loop
/// variables; the output is never read; reads at distance zero only of Funcs
/// realized earlier.
static LogicalResult verifyMerge(MergeInfo &info) {
  DefOp rep = info.order.front();
  ArrayAttr repVars = rep.getVars();
  llvm::StringSet<> repVarSet;
  for (Attribute a : repVars)
    repVarSet.insert(cast<StringAttr>(a).getValue());
  for (auto [index, def] : llvm::enumerate(info.order)) {
    bool last = index + 1 == info.order.size();
    if (def.isExtended() && !last)
      return def.emitOpError("extended URE @")
             << def.getFunc()
             << " drops loop variables; only the last merged URE may";
    if (!def.isExtended() && def.getVars() != repVars)
      return def.emitOpError("URE @")
             << def.getFunc() << " has loop variables " << def.getVars()
             << " but the representative @" << rep.getFunc() << " has "
             << repVars << "; merged UREs share the representative's";
    for (Attribute a : def.getVars())
      if (!repVarSet.contains(cast<StringAttr>(a).getValue()))
        return def.emitOpError("loop variable ")
               << a << " is not a loop variable of the representative @"
               << rep.getFunc();
  }
  for (DefOp def : info.order) {
    WalkResult result = def.walk([&](AtOp at) {
      if (at.getFunc() == info.output.getFunc()) {
        at.emitOpError("reads the output Func @")
            << at.getFunc() << ", which may only be written";
        return WalkResult::interrupt();
      }
      DefOp callee;
      for (DefOp d : info.order)
        if (d.getFunc() == at.getFunc())
          callee = d;
      bool zeroDistance = llvm::all_of(at.getMap().getResults(), [](AffineExpr e) {
        return isa<AffineDimExpr>(e);
      });
      if (callee && zeroDistance &&
          info.position.lookup(callee) >= info.position.lookup(def)) {
        at.emitOpError("reads @")
            << at.getFunc()
            << " at the current iteration, but it is realized after @"
            << def.getFunc() << " there";
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      return failure();
  }
  return success();
}

/// A Func declared without loop variables and types may not be read before
/// its URE: its signature is not known there.
static LogicalResult verifyUseBeforeDefine(ArrayRef<DefOp> defs) {
  llvm::StringSet<> defined;
  for (DefOp def : defs) {
    defined.insert(def.getFunc());
    // A rule of the source order: merge-ures moves UREs into a nest in
    // realization order, which may read an undeclared Func defined later.
    if (isa<NestOp>(def->getParentOp()))
      continue;
    WalkResult result = def.walk([&](AtOp at) {
      if (defined.contains(at.getFunc()))
        return WalkResult::advance();
      auto func =
          SymbolTable::lookupNearestSymbolFrom<FuncOp>(at, at.getFuncAttr());
      if (func && !func.isDeclared()) {
        at.emitOpError("uses Func @")
            << at.getFunc()
            << " before its definition; only Funcs declared with loop "
               "variables and types may be used before they are defined";
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      return failure();
  }
  return success();
}

LogicalResult ProgramOp::verifyRegions() {
  SmallVector<DefOp> defs;
  llvm::StringMap<DefOp> byFunc;
  WalkResult dup = walk([&](DefOp def) {
    auto [it, inserted] = byFunc.try_emplace(def.getFunc(), def);
    if (!inserted) {
      InFlightDiagnostic diag = def.emitOpError("Func @")
                                << def.getFunc() << " is defined twice";
      diag.attachNote(it->second.getLoc()) << "first definition here";
      return WalkResult::interrupt();
    }
    defs.push_back(def);
    return WalkResult::advance();
  });
  if (dup.wasInterrupted())
    return failure();
  if (failed(verifyUseBeforeDefine(defs)))
    return failure();
  // Every read must reach a defined Func.
  for (DefOp def : defs) {
    WalkResult result = def.walk([&](AtOp at) {
      if (!byFunc.count(at.getFunc())) {
        at.emitOpError("reads Func @") << at.getFunc()
                                       << ", which has no URE definition";
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      return failure();
  }
  FailureOr<std::optional<MergeInfo>> merge = collectMerge(*this, defs);
  if (failed(merge))
    return failure();
  if (*merge && failed(verifyMerge(**merge)))
    return failure();
  return verifyInitialValues(defs);
}

//===----------------------------------------------------------------------===//
// InputOp
//===----------------------------------------------------------------------===//

LogicalResult InputOp::verify() {
  MemRefType type = getMemRefType();
  if (!isa<IntegerType, FloatType>(type.getElementType()) ||
      !isUreScalarType(type.getElementType()))
    return emitOpError("element type must be one of the ")
           << kScalarTypes << ", got " << type.getElementType();
  if (!type.getLayout().isIdentity())
    return emitOpError("input buffers have the identity (row-major) layout");
  if (type.getRank() == 0)
    return emitOpError("an input has at least one dimension");
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
    SmallVector<Attribute> vars;
    if (failed(parser.parseOptionalRParen())) {
      do {
        std::string var;
        if (parser.parseKeywordOrString(&var))
          return failure();
        vars.push_back(b.getStringAttr(var));
      } while (succeeded(parser.parseOptionalComma()));
      if (parser.parseRParen())
        return failure();
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
  return parser.parseOptionalAttrDict(result.attributes);
}

void FuncOp::print(OpAsmPrinter &p) {
  p << " ";
  p.printSymbolName(getSymName());
  if (isDeclared()) {
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
  p.printOptionalAttrDict((*this)->getAttrs(),
                          {getSymNameAttrName(), getVarsAttrName(),
                           getResultTypesAttrName(), getPlaceAttrName()});
}

LogicalResult FuncOp::verify() {
  if (getVars().has_value() != getResultTypes().has_value())
    return emitOpError("declares both loop variables and return types, "
                       "or neither");
  if (!isDeclared())
    return success();
  if (failed(verifyDistinctNames(*this, getVarsAttr(), "loop variable")))
    return failure();
  if (getResultTypes()->empty())
    return emitOpError("declares at least one return type");
  for (Attribute a : getResultTypesAttr())
    if (!isUreScalarType(cast<TypeAttr>(a).getValue()))
      return emitOpError("return types are ")
             << kScalarTypes << ", got " << cast<TypeAttr>(a).getValue();
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
  if (failed(verifyDistinctNames(*this, getVars(), "loop variable")))
    return failure();
  int64_t numVars = getVars().size();
  // The I64Attr getter is unsigned: read the attribute's signed value.
  int64_t numLhs = getNumLhsAttr().getInt();
  if (numLhs < 0 || numLhs > numVars)
    return emitOpError("num_lhs must be between 0 and the number of loop "
                       "variables");
  auto func = SymbolTable::lookupNearestSymbolFrom<FuncOp>(*this, getFuncAttr());
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

ParseResult LoadOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<Type> types;
  if (parseSymbolAccess(parser, result, getInputAttrName(result.name),
                        getMapAttrName(result.name), types))
    return failure();
  result.addTypes(types);
  return success();
}

void LoadOp::print(OpAsmPrinter &p) {
  printSymbolAccess(p, *this, getInputAttr(), getMap(), getIndices(),
                    getType(), {getInputAttrName(), getMapAttrName()});
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

/// T2S's argument rules for a read `f(i - 1, j)` from a URE with loop
/// variables `vars`: one loop variable per argument (simple form), the
/// callee's left-hand-side variable at that position (order), minus a
/// non-negative constant (distance).
static LogicalResult verifyUreArguments(AtOp at, ArrayRef<StringRef> calleeLhs,
                                        DefOp caller) {
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
    if (offset > 0)
      return at.emitOpError("argument ")
             << pos << " of @" << at.getFunc() << " is '" << var << " + "
             << offset
             << "': the dependence distance must be non-negative";
  }
  return success();
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

LogicalResult LoadOp::verify() {
  if (failed(verifyIndexOperands(*this, getMap(), getIndices())))
    return failure();
  auto input =
      SymbolTable::lookupNearestSymbolFrom<InputOp>(*this, getInputAttr());
  if (!input)
    return emitOpError("reads ")
           << getInputAttr() << ", which is not a ure.input";
  MemRefType type = input.getMemRefType();
  if (getMap().getNumResults() != type.getRank())
    return emitOpError("reads input @")
           << getInput() << " of rank " << type.getRank() << " with "
           << getMap().getNumResults() << " indices";
  if (getType() != type.getElementType())
    return emitOpError("result type must be the element type of @")
           << getInput() << ", " << type.getElementType();
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

/// A directive names a Func that has a URE.
static LogicalResult verifyDirectiveTarget(Operation *op,
                                           FlatSymbolRefAttr func) {
  if (!SymbolTable::lookupNearestSymbolFrom<FuncOp>(op, func.getAttr()))
    return op->emitOpError("names ")
           << func << ", which is not declared by a ure.func";
  return success();
}

LogicalResult SetBoundsOp::verify() {
  if (failed(verifyDirectiveTarget(*this, getFuncAttr())))
    return failure();
  return verifyBounds(*this, getVars(), getMins(), getExtents());
}

LogicalResult ReorderOp::verify() {
  if (failed(verifyDirectiveTarget(*this, getFuncAttr())))
    return failure();
  return verifyDistinctNames(*this, getVars(), "loop variable");
}

LogicalResult SpaceTimeTransformOp::verify() {
  if (failed(verifyDirectiveTarget(*this, getFuncAttr())) ||
      failed(verifyDistinctNames(*this, getSpace(), "space loop")))
    return failure();
  if (getSpace().empty())
    return emitOpError("needs at least one space loop");
  if (getVector() && getVector()->size() != getSpace().size())
    return emitOpError("has ")
           << getVector()->size() << " scheduling coefficients for "
           << getSpace().size() << " space loops";
  return success();
}

LogicalResult NestOp::verify() {
  return verifyBounds(*this, getLoops(), getMins(), getExtents());
}

#define GET_OP_CLASSES
#include "ure/UreOps.cpp.inc"
