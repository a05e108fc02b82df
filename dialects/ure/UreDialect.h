//===- UreDialect.h - The ure dialect ---------------------------*- C++ -*-===//

#ifndef T2S_URE_UREDIALECT_H
#define T2S_URE_UREDIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/RegionKindInterface.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "ure/UreDialect.h.inc"
#include "ure/UreEnums.h.inc"

#define GET_OP_CLASSES
#include "ure/UreOps.h.inc"

#endif // T2S_URE_UREDIALECT_H
