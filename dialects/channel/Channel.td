//===- Channel.td - The channel dialect --------------------*- tablegen -*-===//
//
// FIFO channels between kernels and between PEs, as FPGA OpenCL has them.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_CHANNEL_TD
#define T2S_CHANNEL_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Channel_Dialect : Dialect {
  let name = "channel";
  let summary = "FIFO channels between kernels and processing elements";
  let description = [{
    A channel is a bounded first-in first-out queue with a static depth.
    The space-time transform uses one where a shift register would be
    wasteful (values produced irregularly); later passes use them between
    kernels (scattering, gathering, vectorization).
  }];
  let cppNamespace = "::t2s::channel";
}

class Channel_Op<string mnemonic, list<Trait> traits = []>
    : Op<Channel_Dialect, mnemonic, traits>;

def Channel_FifoOp : Channel_Op<"fifo", [Symbol]> {
  let summary = "Declares a FIFO channel with an element type and a depth";
  let description = [{
    ```mlir
    channel.fifo @chB : f32, depth 3
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name, TypeAttr:$element_type,
                       I64Attr:$depth);
  let assemblyFormat =
      "$sym_name `:` $element_type `,` `depth` $depth attr-dict";
  let hasVerifier = 1;
}

def Channel_WriteOp : Channel_Op<"write", [
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "Appends a value to a channel, blocking while it is full";
  let description = [{
    ```mlir
    channel.write @chB, %v : f32
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$channel, AnyType:$value);
  let assemblyFormat = "$channel `,` $value attr-dict `:` type($value)";
}

def Channel_ReadOp : Channel_Op<"read", [
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "Takes the oldest value from a channel, blocking while empty";
  let description = [{
    ```mlir
    %v = channel.read @chB : f32
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$channel);
  let results = (outs AnyType:$value);
  let assemblyFormat = "$channel attr-dict `:` type($value)";
}

#endif // T2S_CHANNEL_TD
