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

def Spacetime_ArrayOp : Spacetime_Op<"array", [NoTerminator, SingleBlock,
                                               NoRegionArguments]> {
  let summary = "A systolic array: time loops around unrolled space loops";
  let description = [{
    The result of `space-time-transform` on a merged loop nest. The original
    loops (`loops`, outermost first) are mapped to time loops (`time`,
    outermost first, with exact bounds) around space loops (`space`: the
    processing elements, unrolled). `schedule` gives the time coordinates as
    affine functions of the original indices (e.g. `t1 = 2*i + 3*j + k`);
    `recover` gives the original indices from the coordinates (time loops,
    then space loops), in the original loop order. With `check_time`, a PE
    computes only at the steps where the recovered indices lie inside the
    original bounds; otherwise it runs every step and only its stores to the
    output are guarded.

    The body declares one register file per Func read across time steps or
    PEs (`spacetime.shift_reg`), the shift of each file every flattened time
    step (`spacetime.shift`), and the UREs, computed in realization order at
    every step by every PE.
  }];
  let arguments = (ins FlatSymbolRefAttr:$representative,
                       StrArrayAttr:$loops, DenseI64ArrayAttr:$mins,
                       ArrayAttr:$extents,
                       StrArrayAttr:$time_loops, DenseI64ArrayAttr:$time_mins,
                       ArrayAttr:$time_extents,
                       StrArrayAttr:$space_loops, DenseI64ArrayAttr:$space_mins,
                       ArrayAttr:$space_extents,
                       AffineMapAttr:$schedule, AffineMapAttr:$recover,
                       UnitAttr:$check_time);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $representative `loops` custom<Bounds>($loops, $mins, $extents)
    `time` custom<Bounds>($time_loops, $time_mins, $time_extents)
    `space` custom<Bounds>($space_loops, $space_mins, $space_extents)
    `schedule` $schedule `recover` $recover (`check_time` $check_time^)?
    attr-dict-with-keyword $body
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::mlir::Block &getBodyBlock() { return getBody().front(); }
  }];
}

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
