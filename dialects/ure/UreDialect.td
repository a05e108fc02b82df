//===- UreDialect.td - The ure dialect ---------------------*- tablegen -*-===//
//
// Uniform recurrence equations as T2S writes them: Funcs over loop variables,
// inputs read at affine indices, and the schedule directives recorded before
// lowering (merge_ures, set_bounds, reorder, space_time_transform).
//
//===----------------------------------------------------------------------===//

#ifndef T2S_URE_DIALECT_TD
#define T2S_URE_DIALECT_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/EnumAttr.td"

def Ure_Dialect : Dialect {
  let name = "ure";
  let summary = "Uniform recurrence equations with T2S schedule directives";
  let description = [{
    The `ure` dialect holds a T2S program before any transform: the Funcs
    (declared with their loop variables and return types, or left undeclared),
    their URE definitions, the inputs they read, and the schedule directives
    that T2S records before lowering. A `ure.program` is the unit of
    compilation; `merge-ures` turns its merged UREs into one perfect loop nest
    (`ure.nest`), the input of `space-time-transform` and of the sequential
    lowering `ure-to-scf`.

    The reference interpreter (`t2s-run --mode=interpret`) gives the meaning
    of every program in this dialect; every lowering must agree with it.
  }];
  let cppNamespace = "::t2s::ure";
}

def Ure_PlaceHost : I32EnumAttrCase<"Host", 0, "host">;
def Ure_PlaceDevice : I32EnumAttrCase<"Device", 1, "device">;
def Ure_Place : I32EnumAttr<"Place", "where a Func is computed",
                            [Ure_PlaceHost, Ure_PlaceDevice]> {
  let cppNamespace = "::t2s::ure";
}

class Ure_Op<string mnemonic, list<Trait> traits = []>
    : Op<Ure_Dialect, mnemonic, traits>;

#endif // T2S_URE_DIALECT_TD
