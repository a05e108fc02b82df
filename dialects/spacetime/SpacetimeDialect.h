//===- SpacetimeDialect.h - The spacetime dialect ---------------*- C++ -*-===//

#ifndef T2S_SPACETIME_SPACETIMEDIALECT_H
#define T2S_SPACETIME_SPACETIMEDIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "spacetime/SpacetimeDialect.h.inc"

#define GET_OP_CLASSES
#include "spacetime/SpacetimeOps.h.inc"

#endif // T2S_SPACETIME_SPACETIMEDIALECT_H
