//===- UreProgram.cpp - ure dialect: the whole-program verifier -----------===//
//
// T2S's whole-program rules, checked by ProgramOp::verifyRegions: use before
// define, the merge, the output Func, and initial values (merge-ures.md).
//
//===----------------------------------------------------------------------===//

#include "ure/UreDialect.h"
#include "ure/UreInternal.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

#include <set>

using namespace mlir;
using namespace t2s::ure;
using namespace t2s::ure::detail;

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

/// Only the output has a buffer, so only the output Func may lay one out,
/// over its left-hand side.
static LogicalResult verifyLayouts(MergeInfo &info) {
  auto program = cast<ProgramOp>(info.output->getParentOfType<ProgramOp>());
  for (FuncOp func : program.getBodyBlock().getOps<FuncOp>()) {
    std::optional<AffineMap> layout = func.getLayout();
    if (!layout)
      continue;
    if (func.getSymName() != info.output.getFunc())
      return func.emitOpError("gives @")
                 << func.getSymName()
                 << " a layout, but only the output Func (@"
                 << info.output.getFunc() << ") has a buffer",
             failure();
    size_t lhs = info.output.getNumLhs();
    if (layout->getNumDims() != lhs)
      return func.emitOpError("layout ")
                 << AffineMapAttr::get(*layout) << " has " << layout->getNumDims()
                 << " dimensions but the output @" << func.getSymName()
                 << " has " << lhs << " (its left-hand side)",
             failure();
  }
  return success();
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
  if (failed(verifyLayouts(info)))
    return failure();
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
