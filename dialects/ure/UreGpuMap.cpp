//===- UreGpuMap.cpp - ure.gpu_map, ure.parallel, ure.split ---------------===//
//
// The verifiers of the directives that map or split loops: what they can
// check without the array (distinct loops of the Func, at most three blocks
// and three threads). Whether the loops are the outermost time loops, carry
// no dependence and fit the device is the passes' question
// (space-time-transform, spacetime-to-scf). A split loop's two loops are
// loops of the Func for the other directives.
//
//===----------------------------------------------------------------------===//

#include "ure/UreDialect.h"
#include "ure/UreInternal.h"

#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace t2s::ure;

SmallVector<StringRef> t2s::ure::detail::loopNames(FuncOp func) {
  SmallVector<StringRef> names;
  Operation *program = func->getParentOp();
  if (func.isDeclared()) {
    for (Attribute a : func.getVarsAttr())
      names.push_back(cast<StringAttr>(a).getValue());
  } else if (program) {
    // A Func declared without loops (`ure.func @A`) takes its definition's.
    for (Operation &op : program->getRegion(0).front()) {
      auto def = dyn_cast<DefOp>(op);
      if (!def || def.getFunc() != func.getSymName())
        continue;
      for (Attribute a : def.getVars())
        names.push_back(cast<StringAttr>(a).getValue());
      break;
    }
  }
  if (!program || names.empty())
    return names;
  // Directives are the program's top-level ops: no walk into the UREs.
  for (Operation &op : program->getRegion(0).front()) {
    auto split = dyn_cast<SplitOp>(op);
    if (!split || split.getLoop().size() != 1 || split.getInto().size() != 2)
      continue;
    StringRef loop = cast<StringAttr>(split.getLoop()[0]).getValue();
    auto *at = llvm::find(names, loop);
    if (at == names.end())
      continue;
    *at = cast<StringAttr>(split.getInto()[0]).getValue();
    names.push_back(cast<StringAttr>(split.getInto()[1]).getValue());
  }
  return names;
}

LogicalResult SplitOp::verify() {
  if (!SymbolTable::lookupNearestSymbolFrom<FuncOp>(*this, getFuncAttr().getAttr()))
    return emitOpError("names ")
           << getFuncAttr() << ", which is not declared by a ure.func";
  if (getLoop().size() != 1)
    return emitOpError("splits one loop, not ") << getLoop().size();
  if (getInto().size() != 2)
    return emitOpError("splits into an outer and an inner loop, not ")
           << getInto().size() << " loops";
  StringRef outer = cast<StringAttr>(getInto()[0]).getValue();
  StringRef inner = cast<StringAttr>(getInto()[1]).getValue();
  if (outer == inner)
    return emitOpError("splits into two loops named '") << outer << "'";
  if (getFactor() < 1)
    return emitOpError("factor must be positive, not ") << getFactor();
  return success();
}

LogicalResult ParallelOp::verify() {
  llvm::StringSet<> seen;
  for (Attribute a : getLoops())
    if (!seen.insert(cast<StringAttr>(a).getValue()).second)
      return emitOpError("runs loop '")
             << cast<StringAttr>(a).getValue() << "' in parallel twice";
  if (getLoops().empty() || getLoops().size() > 3)
    return emitOpError("runs 1 to 3 loops in parallel, not ")
           << getLoops().size();
  // A Func's loops are known here.
  auto func = dyn_cast_or_null<FuncOp>(SymbolTable::lookupSymbolIn(
      (*this)->getParentOp(), getFuncAttr().getAttr()));
  if (!func)
    return emitOpError("names ") << getFuncAttr() << ", which is no ure.func";
  if (!func.isDeclared())
    return success();
  SmallVector<StringRef> vars = t2s::ure::detail::loopNames(func);
  for (Attribute a : getLoops()) {
    StringRef loop = cast<StringAttr>(a).getValue();
    if (!llvm::is_contained(vars, loop))
      return emitOpError("runs loop '")
             << loop << "' in parallel, which is not a loop of "
             << getFuncAttr() << " (its loops: " << llvm::join(vars, ", ")
             << ")";
  }
  return success();
}

LogicalResult GpuMapOp::verify() {
  SmallVector<Attribute> all(getBlocks().begin(), getBlocks().end());
  all.append(getThreads().begin(), getThreads().end());
  llvm::StringSet<> seen;
  for (Attribute a : all)
    if (!seen.insert(cast<StringAttr>(a).getValue()).second)
      return emitOpError("maps loop '")
             << cast<StringAttr>(a).getValue() << "' twice";
  if (getBlocks().size() > 3 || getThreads().size() > 3)
    return emitOpError("maps at most 3 loops to blocks and 3 to threads "
                       "(x, y, z), not ")
           << getBlocks().size() << " and " << getThreads().size();
  if (all.empty())
    return emitOpError("maps no loop: name the loops of the blocks, the "
                       "threads or both");
  if (getShared().has_value() != getScope().has_value())
    return emitOpError("names shared inputs and their scope loop together");
  if (getDoubleBuffered() && !getShared())
    return emitOpError("double-buffers no tile: name the shared inputs and "
                       "their scope loop");
  if (auto scope = getScope()) {
    if (scope->size() != 1)
      return emitOpError("stages its shared inputs in one scope loop, not ")
             << scope->size();
    if (seen.contains(cast<StringAttr>((*scope)[0]).getValue()))
      return emitOpError("scope loop '")
             << cast<StringAttr>((*scope)[0]).getValue()
             << "' runs on blocks or threads: the scope is a loop of each "
                "thread";
  }
  if (auto shared = getShared()) {
    llvm::StringSet<> inputs;
    for (Attribute a : *shared) {
      auto ref = cast<FlatSymbolRefAttr>(a);
      if (!inputs.insert(ref.getValue()).second)
        return emitOpError("shares input ") << ref << " twice";
      if (!isa_and_nonnull<InputOp>(SymbolTable::lookupSymbolIn(
              (*this)->getParentOp(), ref.getAttr())))
        return emitOpError("shares ")
               << ref << ", which is not a ure.input of the program";
    }
  }
  auto func = dyn_cast_or_null<FuncOp>(SymbolTable::lookupSymbolIn(
      (*this)->getParentOp(), getFuncAttr().getAttr()));
  if (!func)
    return emitOpError("maps ")
           << getFuncAttr() << ", which is not a ure.func of the program";
  if (!func.isDeclared())
    return success();
  SmallVector<StringRef> vars = t2s::ure::detail::loopNames(func);
  if (auto scope = getScope())
    all.push_back((*scope)[0]);
  for (Attribute a : all) {
    StringRef loop = cast<StringAttr>(a).getValue();
    if (!llvm::is_contained(vars, loop))
      return emitOpError("maps loop '")
             << loop << "', which is not a loop of " << getFuncAttr()
             << " (its loops: " << llvm::join(vars, ", ") << ")";
  }
  return success();
}
