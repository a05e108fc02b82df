//===- UreOps.td - ure dialect operations ------------------*- tablegen -*-===//

#ifndef T2S_URE_OPS_TD
#define T2S_URE_OPS_TD

include "ure/UreDialect.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/IR/RegionKindInterface.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"

//===----------------------------------------------------------------------===//
// Program structure
//===----------------------------------------------------------------------===//

def Ure_ProgramOp : Ure_Op<"program", [
    Symbol, SymbolTable, IsolatedFromAbove, NoTerminator, SingleBlock,
    NoRegionArguments]> {
  let summary = "A T2S program: inputs, Funcs, UREs and schedule directives";
  let description = [{
    The unit of compilation. Its body declares parameters (`ure.param`),
    inputs (`ure.input`) and Funcs (`ure.func`), defines the Funcs with UREs
    (`ure.def`) and records the schedule (`ure.merge_ures`, `ure.set_bounds`,
    `ure.reorder`, `ure.space_time_transform`). The Funcs are computed in the
    order the merge gives; the last merged URE is the output.

    ```mlir
    ure.program @gemm {
      ure.input @A : memref<4x4xf32>
      ...
    }
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$sym_name attr-dict-with-keyword $body";
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    ::mlir::Block &getBodyBlock() { return getBody().front(); }
  }];
}

def Ure_ParamOp : Ure_Op<"param", [Symbol, HasParent<"ProgramOp">]> {
  let summary = "A symbolic extent, given a value when the program runs";
  let description = [{
    Declares an `index`-typed parameter that `ure.set_bounds` may use as a
    symbolic extent. The compiled program takes it as an argument; `t2s-run`
    takes it as `--param NAME=VALUE`.

    `max` declares the largest value the program accepts. The space-time
    transform needs it where hardware is sized by the parameter: a space
    loop of extent `@K` becomes `max` PEs (those past the run-time value
    idle), and a register file whose delay spans a time loop whose extent
    depends on `@K` gets the slots of the largest delay. Every execution
    mode rejects a larger value.

    ```mlir
    ure.param @K
    ure.param @N max 64
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name, OptionalAttr<I64Attr>:$max);
  let assemblyFormat = "$sym_name (`max` $max^)? attr-dict";
  let hasVerifier = 1;
}

def Ure_InputOp : Ure_Op<"input", [Symbol, HasParent<"ProgramOp">]> {
  let summary = "An input buffer (the ImageParam role)";
  let description = [{
    A typed input buffer that UREs read with `ure.load` at affine indices of
    their loop variables. Static sizes are checked when the program runs;
    dynamic sizes (`?`) take the size of the buffer given.

    ```mlir
    ure.input @A : memref<8x?xf32>
    ```

    The memref's layout says which index is contiguous in memory: the
    identity (row-major, the last index contiguous) or a permutation map
    whose results list the dimensions from the slowest to the fastest.
    Halide's (and T2S's) `A(total_k, total_i)` stores its first index
    contiguously:

    ```mlir
    ure.input @A : memref<8x4xf32, affine_map<(k, i) -> (i, k)>>
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name, TypeAttrOf<AnyMemRef>:$type);
  let assemblyFormat = "$sym_name `:` $type attr-dict";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::mlir::MemRefType getMemRefType() {
      return ::llvm::cast<::mlir::MemRefType>(getType());
    }
  }];
}

def Ure_FuncOp : Ure_Op<"func", [Symbol, HasParent<"ProgramOp">,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "Declares a Func, with or without its loop variables and types";
  let description = [{
    A Func declared with its loop variables and return type(s), as
    `Func f(Int(32), {i, j}, Place::Device)` declares it, may be used before
    its URE is defined, and its URE must respect the declared types:

    ```mlir
    ure.func @f(i, j) -> i32 on device
    ure.func @g(i, j) -> (f32, i32)
    ```

    A Func declared without them (`Func h;`) takes its loop variables and
    types from its definition and may not be used before it:

    ```mlir
    ure.func @h
    ```

    The loop variables may carry bounds: the index space of the Func's
    elements. `space-time-transform` gives the output Func its bounds (the
    bounds of its loops), so that the output buffer of the systolic array is
    declared in the IR: element `(i, j)` is at `(i - min_i, j - min_j)` of a
    buffer of the extents' shape (a `ure.param` extent is the parameter's
    value). Nothing else links the output to the array's loops.

    ```mlir
    ure.func @out(i = 0 extent 8, j = 0 extent @N) -> f32 on device
    ```

    The output Func may give its buffer a layout, as an input's memref type
    does: a permutation map of its left-hand-side loop variables, slowest
    first. Halide's `C(total_j, total_i)`, the first index contiguous:

    ```mlir
    ure.func @out(j, i) -> f32 on device layout affine_map<(j, i) -> (i, j)>
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       OptionalAttr<StrArrayAttr>:$vars,
                       OptionalAttr<DenseI64ArrayAttr>:$mins,
                       OptionalAttr<ArrayAttr>:$extents,
                       OptionalAttr<TypeArrayAttr>:$result_types,
                       DefaultValuedAttr<Ure_Place, "::t2s::ure::Place::Host">:$place,
                       OptionalAttr<AffineMapAttr>:$layout);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// True when declared with loop variables and return types.
    bool isDeclared() { return getVars().has_value(); }
    /// True when the loop variables carry bounds (the element space).
    bool hasBounds() { return getMins().has_value(); }
  }];
}

def Ure_DefOp : Ure_Op<"def", [
    SingleBlock,
    IsolatedFromAbove,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmBlockArgumentNames"]>]> {
  let summary = "A URE: the value of a Func at the current iteration point";
  let description = [{
    Defines `@f(i, j, ...)` as the value its body yields. The block arguments
    are the loop variables (all `index`); the left-hand side lists them in
    order. An extended URE (allowed only as the last merged URE) drops loop
    variables from its left-hand side and names them after `with`:

    ```mlir
    ure.def @c(%i, %j, %k) {
      ...
      ure.yield %v : f32
    }
    ure.def @out(%i, %j) with (%k) {
      %last = arith.cmpi eq, %k, %c3 : index
      %v = ure.at @c(%i, %j, %k) : f32
      %w = ure.select %last, %v : f32
      ure.yield %w : f32
    }
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$func, StrArrayAttr:$vars,
                       I64Attr:$num_lhs);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    ::mlir::Block &getBodyBlock() { return getBody().front(); }
    /// True when the left-hand side drops loop variables.
    bool isExtended() {
      return getNumLhs() != static_cast<int64_t>(getVars().size());
    }
    /// The yield that ends the body.
    YieldOp getYield();
    /// Result types of the URE (the types its body yields).
    ::llvm::SmallVector<::mlir::Type> getResultTypes();
  }];
}

def Ure_YieldOp : Ure_Op<"yield", [Pure, Terminator, HasParent<"DefOp">,
                                   ReturnLike]> {
  let summary = "The value(s) of a URE at the current point";
  let arguments = (ins Variadic<AnyType>:$values);
  let assemblyFormat = "($values^ `:` type($values))? attr-dict";
}

//===----------------------------------------------------------------------===//
// Expressions inside a URE
//===----------------------------------------------------------------------===//

def Ure_AtOp : Ure_Op<"at", [Pure]> {
  let summary = "Reads a Func at a constant dependence offset";
  let description = [{
    The value(s) of Func `@f` at the point given by affine expressions of the
    enclosing URE's loop variables. T2S's rules require the simple form
    `f(i - 1, j)`: one loop variable per argument, in the order of the
    left-hand side, minus a non-negative constant; the verifier of the
    enclosing program checks them.

    ```mlir
    %p = ure.at @a(%i, %j - 1, %k) : f32
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$func, AffineMapAttr:$map,
                       Variadic<Index>:$indices);
  let results = (outs Variadic<AnyType>:$results);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def Ure_LoadOp : Ure_Op<"load", [Pure]> {
  let summary = "Reads an input at (quasi-)affine indices of the loop variables";
  let description = [{
    ```mlir
    %a = ure.load @A(%i, %k) : f32
    ```
    Reads outside the input's bounds give an undefined value that a
    `select` may discard; storing one into the output is an error.

    The indices are affine in the loop variables and parameters, or
    quasi-affine: `mod`, `floordiv` and `ceildiv` by positive constants,
    rounding toward negative infinity as MLIR's affine ops do.

    ```mlir
    %p = ure.load @P((%i - 4) floordiv 3 + %k mod 2, (%i - 1) ceildiv 2) : f32
    ```

    In a vectorized PE array (`spacetime.array`), indices may be vectors of
    the lanes and the result is then a vector: one element per lane.

    ```mlir
    %b = ure.load @B(%k, %jj * 16 + %jjj) : vector<16xf32> indices index, index, vector<16xindex>
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$input, AffineMapAttr:$map,
                       Variadic<AnyTypeOf<[Index, VectorOfAnyRankOf<[Index]>]>>:$indices);
  let results = (outs AnyType:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def Ure_SelectOp : Ure_Op<"select", [Pure,
    AllTypesMatch<["value", "result"]>]> {
  let summary = "`select(cond, value)` without an else value";
  let description = [{
    Defines the URE only where `cond` holds, as T2S's `select` without a false
    value does (it becomes an `if` without `else`). Its result may only be
    yielded: elsewhere in an expression it would have no value.

    ```mlir
    %w = ure.select %last, %v : f32
    ```
  }];
  let arguments = (ins I1:$condition, AnyType:$value);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$condition `,` $value attr-dict `:` type($value)";
  let hasVerifier = 1;
  // select(true, v) is v.
  let hasFolder = 1;
}

def Ure_ParamValueOp : Ure_Op<"param_value", [Pure]> {
  let summary = "The value of a symbolic extent inside a URE";
  let description = [{
    ```mlir
    %K = ure.param_value @K
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$param);
  let results = (outs Index:$result);
  let assemblyFormat = "$param attr-dict";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// After merge-ures
//===----------------------------------------------------------------------===//

def Ure_NestOp : Ure_Op<"nest", [HasParent<"ProgramOp">, NoTerminator,
                                 SingleBlock, NoRegionArguments,
                                 DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "The merged UREs under one perfect loop nest";
  let description = [{
    The result of `merge-ures`: the loops (outermost first) with their bounds,
    and the UREs in realization order, computed at every iteration point.
    The last URE is the output.

    ```mlir
    ure.nest @a (k = 0 extent 4, j = 0 extent 4, i = 0 extent 4) {
      ure.def @a(%i, %j, %k) { ... }
      ...
    }
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$representative, StrArrayAttr:$loops,
                       DenseI64ArrayAttr:$mins, ArrayAttr:$extents);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$representative custom<Bounds>($loops, $mins, $extents)"
                       " attr-dict-with-keyword $body";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::mlir::Block &getBodyBlock() { return getBody().front(); }
  }];
}

#endif // T2S_URE_OPS_TD
