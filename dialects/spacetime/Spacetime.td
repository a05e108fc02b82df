//===- Spacetime.td - The spacetime dialect ----------------*- tablegen -*-===//
//
// Systolic arrays after the space-time transform: PEs (unrolled space loops),
// time loops, and the shift registers that carry values between time steps.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_SPACETIME_TD
#define T2S_SPACETIME_TD

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Spacetime_Dialect : Dialect {
  let name = "spacetime";
  let summary = "Processing-element arrays, time loops and shift registers";
  let description = [{
    The `spacetime` dialect expresses the result of `space-time-transform`:
    a loop nest whose space loops are unrolled into processing elements (PEs)
    and whose time loops run sequentially, with each value that crosses time
    steps kept in a per-PE shift register sized by its time distance.
  }];
  let cppNamespace = "::t2s::spacetime";
}

class Spacetime_Op<string mnemonic, list<Trait> traits = []>
    : Op<Spacetime_Dialect, mnemonic, traits>;

def Spacetime_ShiftRegOp : Spacetime_Op<"shift_reg", [
    MemoryEffects<[MemAlloc]>]> {
  let summary = "Allocates a shift register file, one register chain per PE";
  let description = [{
    The result is a static memref `PExDEPTHxT`-shaped: the leading dimensions
    index the PEs, the last one the register slots. Slot 0 holds the value
    produced at the current time step; slot `d` the value produced `d` shifts
    ago. `name` records the Func the registers hold.

    ```mlir
    %srA = spacetime.shift_reg "A" : memref<10x59xf32>
    ```
  }];
  let arguments = (ins StrAttr:$name);
  let results = (outs AnyStaticShapeMemRef:$registers);
  let assemblyFormat = "$name attr-dict `:` type($registers)";
  let hasVerifier = 1;
}

def Spacetime_ShiftOp : Spacetime_Op<"shift", [
    MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "Shifts every register chain of a file by one slot";
  let description = [{
    For every PE, slot `d` takes the value of slot `d - 1`, from the last slot
    down to slot 1; slot 0 keeps its value until it is written again.

    ```mlir
    spacetime.shift %srA : memref<10x59xf32>
    ```
  }];
  let arguments = (ins AnyStaticShapeMemRef:$registers);
  let assemblyFormat = "$registers attr-dict `:` type($registers)";
}

#endif // T2S_SPACETIME_TD
