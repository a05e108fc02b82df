//===- ChannelDialect.h - The channel dialect -------------------*- C++ -*-===//

#ifndef T2S_CHANNEL_CHANNELDIALECT_H
#define T2S_CHANNEL_CHANNELDIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "channel/ChannelDialect.h.inc"

#define GET_OP_CLASSES
#include "channel/ChannelOps.h.inc"

#endif // T2S_CHANNEL_CHANNELDIALECT_H
