//===- UreSymbols.cpp - how ure ops find each other ----------------------===//
//
// A Func's program, its definition, and what a declaration or, without
// one, the definition says about its loop variables and result types.
//
//===----------------------------------------------------------------------===//

#include "ure/UreDialect.h"
#include "ure/UreInternal.h"

using namespace mlir;
using namespace t2s::ure;

ProgramOp t2s::ure::detail::getProgram(Operation *op) {
  return op->getParentOfType<ProgramOp>();
}

/// The definition of `func` in its program, or null.
DefOp t2s::ure::detail::findDef(ProgramOp program, StringRef func) {
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
std::optional<SmallVector<StringRef>>
t2s::ure::detail::getLhsVars(FuncOp func, DefOp def) {
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
std::optional<SmallVector<Type>>
t2s::ure::detail::getFuncResultTypes(FuncOp func, DefOp def) {
  if (func.isDeclared())
    return llvm::to_vector(
        llvm::map_range(func.getResultTypesAttr(), [](Attribute a) -> Type {
          return cast<TypeAttr>(a).getValue();
        }));
  if (!def || !def.getYield())
    return std::nullopt;
  return def.getResultTypes();
}

/// The representative names a Func of the program: the directives that
/// target the merged nest name it.
LogicalResult NestOp::verifySymbolUses(SymbolTableCollection &symbols) {
  ProgramOp program = detail::getProgram(*this);
  if (!symbols.lookupSymbolIn<FuncOp>(program, getRepresentativeAttr()))
    return emitOpError("represents ")
           << getRepresentativeAttr() << ", which is not a ure.func of @"
           << program.getSymName();
  return success();
}
