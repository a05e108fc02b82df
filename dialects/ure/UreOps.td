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
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       OptionalAttr<StrArrayAttr>:$vars,
                       OptionalAttr<DenseI64ArrayAttr>:$mins,
                       OptionalAttr<ArrayAttr>:$extents,
                       OptionalAttr<TypeArrayAttr>:$result_types,
                       DefaultValuedAttr<Ure_Place, "::t2s::ure::Place::Host">:$place);
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
  let summary = "Reads an input at affine indices of the loop variables";
  let description = [{
    ```mlir
    %a = ure.load @A(%i, %k) : f32
    ```
    Reads outside the input's bounds give an undefined value that a
    `select` may discard; storing one into the output is an error.

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
// Schedule directives
//===----------------------------------------------------------------------===//

def Ure_MergeUresOp : Ure_Op<"merge_ures", [HasParent<"ProgramOp">]> {
  let summary = "Merges UREs under the representative's loop nest";
  let description = [{
    `A.merge_ures(B, C, D)`: the UREs are computed under the innermost loop of
    the representative `@a`, in the order representative, then the list.
    Directives given to the representative apply to every merged URE.

    ```mlir
    ure.merge_ures @a [@b, @c, @out]
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$representative,
                       TypedArrayAttrBase<FlatSymbolRefAttr,
                                          "list of Funcs">:$ures);
  let assemblyFormat = "$representative $ures attr-dict";
}

def Ure_SetBoundsOp : Ure_Op<"set_bounds", [HasParent<"ProgramOp">]> {
  let summary = "Sets the min and extent of loop variables";
  let description = [{
    Each loop variable gets a constant min and a constant or symbolic
    (`ure.param`) extent:

    ```mlir
    ure.set_bounds @a (i = 0 extent 8, j = 0 extent 8, k = 0 extent @K)
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$func, StrArrayAttr:$vars,
                       DenseI64ArrayAttr:$mins, ArrayAttr:$extents);
  let assemblyFormat =
      "$func custom<Bounds>($vars, $mins, $extents) attr-dict";
  let hasVerifier = 1;
}

def Ure_ReorderOp : Ure_Op<"reorder", [HasParent<"ProgramOp">]> {
  let summary = "Reorders the loops of a Func, innermost first";
  let description = [{
    As Halide's `reorder`: the first variable becomes the innermost loop.
    After a merge, the merged UREs move with the representative.

    ```mlir
    ure.reorder @a (k, j, i)
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$func, StrArrayAttr:$vars);
  let assemblyFormat = "$func custom<VarNames>($vars) attr-dict";
  let hasVerifier = 1;
}

def Ure_SpaceTimeTransformOp : Ure_Op<"space_time_transform",
                                     [HasParent<"ProgramOp">]> {
  let summary = "Maps the innermost loops to space (PEs) and schedules time";
  let description = [{
    `A.space_time_transform({i, j}, {2, 3}, CheckTime)`: the listed loops
    (the innermost ones) become processing elements; the loop around them
    becomes the time loop `t = 2*i + 3*j + k`. Without `vector` the PEs run
    dataflow-style (the vector (0, ..., 0, 1)). Several directives form a
    chain, applied in order; each later set of space loops is a proper subset
    of the previous one.

    ```mlir
    ure.space_time_transform @a (i, j) vector [2, 3] check_time
    ure.space_time_transform @a (i) vector [2]
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$func, StrArrayAttr:$space,
                       OptionalAttr<DenseI64ArrayAttr>:$vector,
                       UnitAttr:$check_time);
  let assemblyFormat = "$func custom<VarNames>($space) (`vector` $vector^)? "
                       "(`check_time` $check_time^)? attr-dict";
  let hasVerifier = 1;
}

def Ure_VectorizeOp : Ure_Op<"vectorize", [HasParent<"ProgramOp">]> {
  let summary = "Runs the PEs along space loops as the lanes of vectors";
  let description = [{
    `F.vectorize(j)` (several loops: T2S's multi-dimensional
    vectorization). Each loop must be a space loop of the space-time
    transform of `@F`'s merged nest (the representative), of constant
    extent 2 to 32; the `vectorize` pass turns its PEs into the lanes of
    `vector<extents x T>` values. A loop whose lanes depend on each other in
    one step goes back to serial PEs (a remark says so), except a value
    copied unchanged along the loop from its first PE, which becomes a
    broadcast. Without a `ure.space_time_transform`, the vectorized loops
    are the space loops.

    ```mlir
    ure.vectorize @c (jjj)
    ure.vectorize @c (iii, jjj)
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$func, StrArrayAttr:$loops);
  let assemblyFormat = "$func custom<VarNames>($loops) attr-dict";
  let hasVerifier = 1;
}

def Ure_IsolateProducerOp : Ure_Op<"isolate_producer",
                                   [HasParent<"ProgramOp">]> {
  let summary = "Moves the reads of inputs into a loader kernel";
  let description = [{
    T2S's `isolate_producer_chain`: the `isolate` pass moves every read of
    the listed inputs out of the systolic array into a new kernel, the
    loader, which reads memory in the array's order and sends the values
    through channels of the given depth (one channel array per read,
    indexed by the PE coordinates). The array reads the channels where it
    read memory.

    ```mlir
    ure.isolate_producer [@A, @B] into @loader depth 2
    ```
  }];
  let arguments = (ins FlatSymbolRefArrayAttr:$inputs, SymbolNameAttr:$kernel,
                       DefaultValuedAttr<I64Attr, "2">:$depth);
  let assemblyFormat = "$inputs `into` $kernel (`depth` $depth^)? attr-dict";
  let hasVerifier = 1;
}

def Ure_IsolateConsumerOp : Ure_Op<"isolate_consumer",
                                   [HasParent<"ProgramOp">]> {
  let summary = "Moves the stores of the output into a drainer kernel";
  let description = [{
    T2S's `isolate_consumer_chain`: the `isolate` pass makes the systolic
    array send the output Func's values through channels (one per result,
    indexed by the PE coordinates) instead of storing them; a new kernel,
    the drainer, receives them in the array's order and stores them.

    ```mlir
    ure.isolate_consumer @out into @drainer depth 2
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$func, SymbolNameAttr:$kernel,
                       DefaultValuedAttr<I64Attr, "2">:$depth);
  let assemblyFormat = "$func `into` $kernel (`depth` $depth^)? attr-dict";
  let hasVerifier = 1;
}

def Ure_BufferOp : Ure_Op<"buffer", [HasParent<"ProgramOp">]> {
  let summary = "A feeder's double buffer of one tile, filled by a loader";
  let description = [{
    T2S's `F.buffer(L, k, BufferStrategy::Double)` with the loader `L` made
    for it. `@F` is the kernel that `ure.isolate_producer [@A] into @F`
    makes: it sends the array what the array reads of `@A`, in the array's
    order. The `buffer` pass makes it read a double buffer instead of
    memory: the buffer holds the *tile* of `@A` that the array reads during
    one iteration of the scope loop `k` (the box of `@A`'s indices that the
    loops inside `k` span); a new kernel, the loader `@L`, streams each tile
    from memory once, row by row, in vectors of the lanes of the `out` loop
    (the loop that indexes `@A`'s last dimension; `out ()` sends scalars),
    through a channel of the given depth. While the array consumes tile `n`
    from one half, the feeder fills the other with tile `n + 1`. Each element
    is loaded from memory once per tile and sent as often as the array reads
    it: the reuse.

    ```mlir
    ure.isolate_producer [@A] into @aFeeder depth 256
    ure.buffer @aFeeder (@A) scope (k) loader @aLoader out (kkk) depth 256
    ```
  }];
  let arguments = (ins SymbolNameAttr:$feeder, FlatSymbolRefAttr:$input,
                       StrArrayAttr:$scope, SymbolNameAttr:$loader,
                       StrArrayAttr:$out,
                       DefaultValuedAttr<I64Attr, "2">:$depth);
  let assemblyFormat = [{
    $feeder ` ` `(` $input `)` `scope` custom<VarNames>($scope)
    `loader` $loader `out` custom<VarNames>($out)
    (`depth` $depth^)? attr-dict
  }];
  let hasVerifier = 1;
}

def Ure_StreamInputOp : Ure_Op<"stream_input", [HasParent<"ProgramOp">]> {
  let summary = "A streaming tensor: memory -> loader -> buffered feeder -> array";
  let description = [{
    T2S's `A >> DA.out(kkk) >> FIFO(d1) >> SA.scope(k) >> FIFO(d2)`: a chain
    of a DRAM loader and an on-chip feeder for input `@A`. The
    `expand-streams` pass writes it as T2S's older spelling, which the
    later passes apply:

    ```mlir
    ure.stream_input @A loader @aLoader out (kkk) depth 256
                        feeder @aFeeder scope (k) depth 256
    // is
    ure.isolate_producer [@A] into @aFeeder depth 256
    ure.buffer @aFeeder (@A) scope (k) loader @aLoader out (kkk) depth 256
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$input, SymbolNameAttr:$loader,
                       StrArrayAttr:$out,
                       DefaultValuedAttr<I64Attr, "2">:$loader_depth,
                       SymbolNameAttr:$feeder, StrArrayAttr:$scope,
                       DefaultValuedAttr<I64Attr, "2">:$feeder_depth);
  let assemblyFormat = [{
    $input `loader` $loader `out` custom<VarNames>($out)
    (`depth` $loader_depth^)?
    `feeder` $feeder `scope` custom<VarNames>($scope)
    (`depth` $feeder_depth^)? attr-dict
  }];
  let hasVerifier = 1;
}

def Ure_UnloadOp : Ure_Op<"unload", [HasParent<"ProgramOp">]> {
  let summary = "Moves a drainer's stores into an unloader kernel";
  let description = [{
    The last link of T2S's output chain,
    `Out >> RC.scope(iii).out(jjj) >> FIFO(d) >> DC >> C`: `@collector` is
    the drainer an earlier `ure.isolate_consumer @out into @collector`
    makes (gathered and vectorized as the chain says); the `unload` pass
    makes it send the values it stored through a FIFO of depth `d` (one
    per PE that stores, a vector per value where the collector is
    vectorized), and a new kernel, the unloader `@unloader`, receives them
    in the collector's order and stores them to memory. The collector then
    only narrows and widens the stream; the unloader only writes memory.

    ```mlir
    ure.isolate_consumer @out into @collector depth 256
    ure.gather @collector (@out, iii, down)
    ure.vectorize @collector (jjj)
    ure.unload @out from @collector into @unloader depth 256
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$func, FlatSymbolRefAttr:$collector,
                       SymbolNameAttr:$kernel,
                       DefaultValuedAttr<I64Attr, "2">:$depth);
  let assemblyFormat =
      "$func `from` $collector `into` $kernel (`depth` $depth^)? attr-dict";
  let hasVerifier = 1;
}

def Ure_GatherOp : Ure_Op<"gather", [HasParent<"ProgramOp">]> {
  let summary = "Gathers the values a kernel receives along a PE chain";
  let description = [{
    T2S's `F.gather(A, i, GatherStrategy::Down)`. `@F` is the kernel that
    receives `@A`'s values through a channel read by each of its PEs (a
    drainer made by `ure.isolate_consumer ... into @F`, or a Func whose
    array reads them); `i` is one of its space loops. The `gather` pass
    makes the PEs along `i` pass the values from PE to PE through new
    FIFOs, so that one PE at the end of the chain (the first PE for
    `down`, the last for `up`) hands all of them to the consumer. One
    gather per kernel.

    ```mlir
    ure.gather @drainer (@out, i, down)
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$target, FlatSymbolRefAttr:$source,
                       StrAttr:$loop, BoolAttr:$down);
  let assemblyFormat =
      "$target custom<ChainArgs>($source, $loop, $down) attr-dict";
  let hasVerifier = 1;
}

def Ure_ScatterOp : Ure_Op<"scatter", [HasParent<"ProgramOp">]> {
  let summary = "Scatters the values a kernel reads along a PE chain";
  let description = [{
    T2S's `F.scatter(A, i, ScatterStrategy::Up)`. `@F` is the kernel (or
    the Func whose array) reads `@A` (an input, or values that a loader
    sends through a channel) at indices that depend on loop `i`; the
    `scatter` pass makes only the PE at one end of the chain (the first PE
    for `up`, the last for `down`) read `@A`, for every PE along `i`, and
    pass the values on through new FIFOs. `i` is a space loop, or a time
    loop of the array (a serial loop: `up` only). Several Funcs may be
    scattered, along one loop with one strategy.

    ```mlir
    ure.scatter @c (@x, j, up)
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$target, FlatSymbolRefAttr:$source,
                       StrAttr:$loop, BoolAttr:$down);
  let assemblyFormat =
      "$target custom<ChainArgs>($source, $loop, $down) attr-dict";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// After merge-ures
//===----------------------------------------------------------------------===//

def Ure_NestOp : Ure_Op<"nest", [HasParent<"ProgramOp">, NoTerminator,
                                 SingleBlock, NoRegionArguments]> {
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
