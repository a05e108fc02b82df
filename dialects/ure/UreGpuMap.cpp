//===- UreGpuMap.cpp - ure.gpu_map ----------------------------------------===//
//
// The verifier of the GPU mapping directive: what it can check without the
// array (distinct loops of the Func, at most three blocks and three
// threads). Whether the loops are the outermost time loops, carry no
// dependence and fit the device is the passes' question
// (space-time-transform, spacetime-to-scf{gpu=true}).
//
//===----------------------------------------------------------------------===//

#include "ure/UreDialect.h"

#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace t2s::ure;

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
  SmallVector<StringRef> vars;
  for (Attribute a : func.getVarsAttr())
    vars.push_back(cast<StringAttr>(a).getValue());
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
  SmallVector<StringRef> vars;
  for (Attribute a : func.getVarsAttr())
    vars.push_back(cast<StringAttr>(a).getValue());
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
