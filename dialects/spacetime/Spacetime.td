//===- Spacetime.td - The spacetime dialect ----------------*- tablegen -*-===//
//
// Systolic arrays after the space-time transform: the PE program as a region
// over time and space coordinates, register files, and explicit reads and
// writes of them.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_SPACETIME_TD
#define T2S_SPACETIME_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Spacetime_Dialect : Dialect {
  let name = "spacetime";
  let summary = "Processing-element arrays, time loops and register files";
  let description = [{
    The `spacetime` dialect expresses the result of `space-time-transform`
    as a program of its own: a `spacetime.array` whose body is the code of
    one processing element (PE) at one time step, with the time and space
    coordinates as block arguments; register files (`spacetime.shift_reg`)
    as SSA values; every value that crosses PEs or time steps read
    (`spacetime.read`) from the register file of a named producing PE at a
    delay in flattened time steps; every URE result written
    (`spacetime.write`); the output stored explicitly (`spacetime.output`).
    Everything a lowering needs is in these ops: no attribute is re-derived
    from the original equations.

    Canonicalization drops a register file nothing reads (its writes and
    the file go) and folds `spacetime.scheduled` to `true` where no point
    of the array's box is idle.
  }];
  let cppNamespace = "::t2s::spacetime";
  // Folded `spacetime.scheduled` values become `arith.constant`s.
  let hasConstantMaterializer = 1;
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

class Spacetime_Op<string mnemonic, list<Trait> traits = []>
    : Op<Spacetime_Dialect, mnemonic, traits>;

def Spacetime_ArrayOp : Spacetime_Op<"array", [
    IsolatedFromAbove, NoTerminator, SingleBlock, RecursiveMemoryEffects,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmBlockArgumentNames"]>]> {
  let summary = "A systolic array: the PE program over time and space";
  let description = [{
    The body is the program of one PE at one time step. Its block arguments
    are the coordinates: the time loops (`time`, outermost first) then the
    space loops (`space`, the PEs); then one per register file the array
    takes (`registers(...)`, each a `spacetime.shift_reg` beside the array).
    The body is isolated from above: it uses nothing defined outside it but
    these arguments (inputs, parameters, channels and the output are
    symbols), so any upstream pass may run on it and around it. The array
    runs the body for every time point in lexicographic order and, inside a
    time point, for every PE in lexicographic order of its coordinates (so
    a PE may read what a PE before it wrote in the same step: the dataflow
    form). With no time loop (every loop is a space loop) there is one time
    point, and every PE runs once.

    `loops` are the original loops (outermost first) with their bounds;
    `schedule` gives the time coordinates as affine functions of the
    original indices (`t1 = 2*i + 3*j + k`); `recover` gives the original
    indices from the coordinates (time, then space). The verifier checks
    that `recover` inverts (`schedule`, space indices), that the time bounds
    cover every scheduled point and that the space bounds are those of the
    space loops, so `spacetime.recover` and `spacetime.scheduled` mean what
    they say.

    The *flattened time step* numbers the time points in order, starting at
    0: with time extents `(T1, T2)`, step `(t1 - min1) * T2 + (t2 - min2)`.
    Register files shift once per flattened step.

    **Vectorized space loops.** A space loop whose coordinate (block
    argument) is a `vector<S x index>` is vectorized: its PEs run as the
    lanes of one vector. `S` is the *lane shape*: the extents of the
    vectorized space loops, in the order of `space`; every vectorized
    coordinate has that type and holds its loop's values along its own
    dimension (a ramp). Values of the body that differ between lanes are
    vectors of the lane shape; those that do not stay scalars. Register
    files then have the PE dimensions of the other space loops only, and
    hold either vectors (one lane per PE) or scalars (one value shared by
    the lanes). The `vectorize` pass writes this form.

    **Loops inside the PE.** The space loops listed in `inside` are the
    loops T2S runs inside each PE, unrolled (`space_time_transform(jjj,
    iii)` with `kkk` innermost): they have no scheduling coefficient, and a
    value may flow along them within a step, from an iteration to a later
    one. Their meaning is that of any space loop (the PEs of a step run in
    lexicographic order); `inside` says how to count and build them: one
    PE does all their iterations (the report counts them as lanes of the
    PE, the OpenCL loops over them inside the PE).

    **PE order.** The space loops listed in `descending` count down inside
    a step (from their last PE to their first): a PE chain whose values
    flow towards the first PE (`ure.gather ... down`, `ure.scatter ...
    down`) runs its producers first. A same-step read (delay 0) along such
    a loop reads a PE with a higher coordinate. Vectorized loops cannot be
    descending.

    Extents may be symbolic. An original loop's extent is an integer or a
    `ure.param` (`extent @K`); a time loop's extent an affine function of
    parameters (`extent 2 * @I + 3 * @J + @K - 5`), which must cover the
    scheduled times for every parameter value (a schedule coefficient on a
    loop of symbolic extent must be non-negative, so that time starts at a
    constant). Space extents are integers: the PEs. A space loop whose
    original extent is `@P` has the extent of `@P`'s declared `max`; the
    PEs past the run-time value of `@P` are not scheduled.

    ```mlir
    %regs_a = spacetime.shift_reg "a" : memref<4x4x2xf32>
    spacetime.array @a registers(%regs_a : memref<4x4x2xf32>)
        loops (k = 0 extent 4, j = 0 extent 4, i = 0 extent 4)
        time (t1 = 0 extent 10) space (i = 0 extent 4, j = 0 extent 4)
        schedule affine_map<(d0, d1, d2) -> (d0 + d1 + d2)>
        recover affine_map<(d0, d1, d2) -> (d0 - d1 - d2, d2, d1)> {
    ^bb0(%t1: index, %i: index, %j: index, %ra: memref<4x4x2xf32>):
      %k, %j_0, %i_1 = spacetime.recover : index, index, index
      %on = spacetime.scheduled
      scf.if %on {
        %left = spacetime.read %ra[0, 1] delay 1 : memref<4x4x2xf32>
        ...
        spacetime.write %a, %ra : memref<4x4x2xf32>
      }
    }
    ```
  }];
  let arguments = (ins Variadic<AnyStaticShapeMemRef>:$registers,
                       FlatSymbolRefAttr:$representative,
                       StrArrayAttr:$loops, DenseI64ArrayAttr:$mins,
                       ArrayAttr:$extents,
                       StrArrayAttr:$time_loops, DenseI64ArrayAttr:$time_mins,
                       ArrayAttr:$time_extents,
                       StrArrayAttr:$space_loops, DenseI64ArrayAttr:$space_mins,
                       ArrayAttr:$space_extents,
                       AffineMapAttr:$schedule, AffineMapAttr:$recover,
                       OptionalAttr<StrArrayAttr>:$descending,
                       OptionalAttr<StrArrayAttr>:$inside);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $representative (`registers` `(` $registers^ `:` type($registers) `)`)?
    `loops` custom<Bounds>($loops, $mins, $extents)
    `time` custom<Bounds>($time_loops, $time_mins, $time_extents)
    `space` custom<Bounds>($space_loops, $space_mins, $space_extents)
    (`descending` $descending^)?
    (`inside` $inside^)?
    `schedule` $schedule `recover` $recover
    attr-dict-with-keyword $body
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let hasCanonicalizeMethod = 1;
  let extraClassDeclaration = [{
    ::mlir::Block &getBodyBlock() { return getBody().front(); }
    /// Number of time coordinates and of space coordinates (PE dimensions).
    unsigned getNumTime() { return getTimeLoops().size(); }
    unsigned getNumSpace() { return getSpaceLoops().size(); }
    /// The body's coordinate arguments (time, then space).
    ::mlir::Block::BlockArgListType getCoordinates() {
      return getBodyBlock().getArguments().take_front(getNumTime() + getNumSpace());
    }
    /// The body's register-file arguments, one per operand.
    ::mlir::Block::BlockArgListType getFileArguments() {
      return getBodyBlock().getArguments().drop_front(getNumTime() + getNumSpace());
    }
    /// The register file a value of the body names: the shift_reg behind
    /// one of its register-file arguments; null for any other value.
    ::mlir::Operation *getFileDecl(::mlir::Value registers);
    /// Extents of the space loops: the PE shape.
    ::llvm::SmallVector<int64_t> getPeShape();
    /// Per space loop: whether it is vectorized (its coordinate is a vector).
    ::llvm::SmallVector<bool> getVectorizedSpace();
    /// Extents of the vectorized space loops; empty when none is.
    ::llvm::SmallVector<int64_t> getLaneShape();
    /// Extents of the space loops that are not vectorized: the PE
    /// dimensions of a register file.
    ::llvm::SmallVector<int64_t> getFilePeShape();
    /// `vector<lanes x element>`, or null when no loop is vectorized.
    ::mlir::VectorType getLaneType(::mlir::Type element);
    /// Per space loop: whether its PEs run in descending order.
    ::llvm::SmallVector<bool> getDescendingSpace();
  }];
}

def Spacetime_ShiftRegOp : Spacetime_Op<"shift_reg", [
    MemoryEffects<[MemAlloc]>,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "A register file: one shift-register chain per PE";
  let description = [{
    A static memref shaped `PEs x SLOTS x T`: the leading dimensions index
    the PEs (the space extents of the array that uses it), the last one the
    slots. `name` is a label for readers and generated code (the Func the
    file holds); nothing is linked by it. The array that uses it takes it as
    an operand (`registers(...)`) and its body as a block argument.

    By default the file shifts once per flattened step: slot 0 holds what
    the PE wrote in the current step, slot `d` what it held `d` steps ago;
    it is read with `spacetime.read ... delay d` (`d < SLOTS`).

    With `on_write` each PE's chain shifts when that PE writes: slot 0 holds
    its latest write, slot `n` the write `n` writes before. It is read with
    `spacetime.read ... writes n` (`n < SLOTS`), by its own PE only.
    `minimize-storage` makes such files where a PE writes once every `s`
    steps: `ceil`-sized instead of one register per step.

    With `origin [o1, ..., on]` the file holds a sub-box of the PEs: its PE
    dimensions are the PEs `o + p` for `p` in its shape, a box inside the
    array's (the PE indices count from 0 along each space loop). A PE
    outside the box keeps nothing: its writes are dropped, and a read of
    it gives an undefined value, as a read of a PE outside the array does.
    `split-register-files` makes such files: the long history that only a
    few PEs' values need (T2S's GEMM reads 1,024 steps back only from the
    last `kkk` lane) is kept by those PEs alone, as aoc builds it.

    ```mlir
    %srA = spacetime.shift_reg "A" : memref<10x59xf32>
    %srC = spacetime.shift_reg "C" on_write : memref<10x1xf32>
    %deep = spacetime.shift_reg "c" origin [0, 0, 15] : memref<10x8x1x1025xf32>
    ```
  }];
  let arguments = (ins StrAttr:$name, UnitAttr:$on_write,
                       OptionalAttr<DenseI64ArrayAttr>:$origin);
  let results = (outs AnyStaticShapeMemRef:$registers);
  let assemblyFormat =
      "$name (`on_write` $on_write^)? (`origin` $origin^)? attr-dict `:` type($registers)";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// Number of slots per PE (the last dimension).
    int64_t getSlots() { return getRegisters().getType().getShape().back(); }
  }];
}

def Spacetime_BufferOp : Spacetime_Op<"buffer", [
    MemoryEffects<[MemAlloc]>,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "A double buffer of one tile of an input, in on-chip memory";
  let description = [{
    A static memref shaped `2 x TILE x T`: two halves of a tile of an input
    (the box of its indices that a feeder replays during one iteration of its
    scope loop). The array that uses it takes it as an operand, beside its
    register files, and its body as a block argument that it reads and
    writes with `memref` and `vector` loads and stores. The halves alternate
    with the tile: while the PEs read half `n mod 2` for tile `n`, the feeder
    writes tile `n + 1` into the other half (the `buffer` pass writes this
    form). `banks` is the number of memory banks an FPGA build spreads the
    last dimension over (the PEs the feeder serves in one step); `name` is a
    label (the input).

    ```mlir
    %buf_A = spacetime.buffer "A" banks 1 : memref<2x8x8xf32>
    ```
  }];
  let arguments = (ins StrAttr:$name, DefaultValuedAttr<I64Attr, "1">:$banks);
  let results = (outs AnyStaticShapeMemRef:$buffer);
  let assemblyFormat =
      "$name (`banks` $banks^)? attr-dict `:` type($buffer)";
  let hasVerifier = 1;
}

def Spacetime_RecoverOp : Spacetime_Op<"recover", [Pure,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "The original loop indices at the current coordinates";
  let description = [{
    The `recover` map of the enclosing array applied to its coordinates:
    one index per original loop, outermost first. Outside the scheduled
    points (see `spacetime.scheduled`) they lie outside the original bounds.

    ```mlir
    %k, %j, %i = spacetime.recover : index, index, index
    ```

    In a vectorized array, an index whose `recover` row uses a vectorized
    coordinate is a vector of the lane shape (its value in each lane); the
    others are scalars.

    `at (%t1, %i)`: the same at other coordinates (one per block argument,
    of its type): a PE computing on behalf of another one, as the `t` loop
    of a gather or a scatter does.

    ```mlir
    %k2, %i2 = spacetime.recover at (%t1, %t : index, index) : index, index
    ```
  }];
  let arguments = (ins Variadic<AnyTypeOf<[Index, VectorOfAnyRankOf<[Index]>]>>:$at);
  let results = (outs Variadic<AnyTypeOf<[Index, VectorOfAnyRankOf<[Index]>]>>:$indices);
  let assemblyFormat =
      "(`at` `(` $at^ `:` type($at) `)`)? attr-dict `:` type($indices)";
  let hasVerifier = 1;
}

def Spacetime_ScheduledOp : Spacetime_Op<"scheduled", [Pure]> {
  let summary = "Whether the PE has an iteration at the current step";
  let description = [{
    True when the recovered indices lie inside the original loop bounds:
    T2S's CheckTime condition. The transform guards the whole PE with it
    (`check_time`) or only the output store. In a vectorized array it is a
    vector of the lane shape: one flag per lane.

    `at (...)`: the same at other coordinates, as for `spacetime.recover`.

    ```mlir
    %on = spacetime.scheduled
    %lanes_on = spacetime.scheduled : vector<16xi1>
    %other_on = spacetime.scheduled at (%t1, %t : index, index)
    ```

    It folds to `true` where the schedule leaves no idle point: when the
    `recover` map keeps every coordinate of the array's box inside the
    original bounds (a dataflow array, whose time loop is the loop around
    the PEs).
  }];
  let arguments = (ins Variadic<AnyTypeOf<[Index, VectorOfAnyRankOf<[Index]>]>>:$at);
  let results = (outs AnyTypeOf<[I1, VectorOfAnyRankOf<[I1]>]>:$result);
  let assemblyFormat = [{
    (`at` `(` $at^ `:` type($at) `)`)? attr-dict ``
    custom<OptionalLaneType>(type($result))
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Spacetime_ReadOp : Spacetime_Op<"read", [
    MemoryEffects<[MemRead]>,
    TypesMatchWith<"result is the element type of the register file",
                   "registers", "result",
                   "::llvm::cast<::mlir::MemRefType>($_self).getElementType()">]> {
  let summary = "Reads the value a PE wrote some steps (or writes) ago";
  let description = [{
    `delay d`: the value that the PE at `current PE - offset` wrote into
    `registers` `d` flattened steps ago (its slot `d`). With delay 0 it is
    the value written in the current step, which the producing PE must have
    written already: the offset is lexicographically non-negative, and a
    PE's own value (offset 0) is written earlier in the body. A read of a
    PE outside the array, or of a step where the producer wrote nothing,
    gives an undefined value that the program must not use.

    `delay [d1, ..., dn]`, one entry per time loop: the value written at
    the time point `(t1 - d1, ..., tn - dn)`, i.e. `sum(di * stride_i)`
    flattened steps ago with the strides of the run-time time extents. The
    transform writes this form when a time extent inside the outermost
    depends on parameters; the register file has the slots of the delay at
    the parameters' declared maxima.

    `writes n`, on an `on_write` file: the value this PE (offset 0) wrote
    `n` writes before its latest one (slot `n`).

    In a vectorized array the offset still has one entry per space loop:
    on a vectorized loop it shifts lanes (lane `l` gets the value of lane
    `l - o`; lanes shifted in from outside the array are undefined). A
    same-step read across lanes (delay 0, a non-zero offset on a vectorized
    loop) of a vector file is rejected: the lanes of one step run at once.

    ```mlir
    %left = spacetime.read %ra [0, 1] delay 1 : memref<4x4x2xf32>
    %up = spacetime.read %rb [1] delay [2, 2] : memref<8x59xf32>
    %prev = spacetime.read %rc [0, 0] writes 0 : memref<4x4x1xf32>
    ```
  }];
  let arguments = (ins AnyStaticShapeMemRef:$registers,
                       DenseI64ArrayAttr:$offset, OptionalAttr<I64Attr>:$delay,
                       OptionalAttr<DenseI64ArrayAttr>:$time_delay,
                       OptionalAttr<I64Attr>:$writes);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $registers $offset custom<Delay>($delay, $time_delay)
    (`writes` $writes^)? attr-dict `:` type($registers)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// A read of the value written in the current step (delay 0).
    bool isSameStep();
  }];
}

def Spacetime_WriteOp : Spacetime_Op<"write", [
    MemoryEffects<[MemWrite]>,
    TypesMatchWith<"value is the element type of the register file",
                   "registers", "value",
                   "::llvm::cast<::mlir::MemRefType>($_self).getElementType()">]> {
  let summary = "Writes the current PE's value of this step (slot 0)";
  let description = [{
    Each register file has exactly one writer in its array. On an
    `on_write` file the write first shifts the PE's chain by one slot.

    `if %mask` (vector files of a vectorized array): the lanes that write.
    On an `on_write` file only those lanes shift and take the value; on a
    file that shifts every step the other lanes' slot holds an undefined
    value, as a PE that writes nothing at a step does.

    ```mlir
    spacetime.write %a, %ra : memref<4x4x2xf32>
    spacetime.write %v, %rc if %on : memref<4x1xvector<16xf32>>
    ```
  }];
  let arguments = (ins AnyType:$value, AnyStaticShapeMemRef:$registers,
                       Optional<VectorOfAnyRankOf<[I1]>>:$mask);
  let assemblyFormat = [{
    $value `,` $registers (`if` $mask^)? attr-dict `:` type($registers) ``
    custom<WriteMask>(ref(type($registers)), ref($mask), type($mask))
  }];
  let hasVerifier = 1;
}

def Spacetime_OutputOp : Spacetime_Op<"output", [
    MemoryEffects<[MemWrite]>, AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "Stores the output Func's value(s) at an element";
  let description = [{
    Stores `values` (one per result of the output Func `func`, a `ure.func`
    declared with the bounds of its elements) at the element `indices` of
    the output: element `(i, j)` is at `(i - min_i, j - min_j)` of the
    output buffer. A store outside the declared bounds is dropped. An element stored
    at several points keeps the value of the point that comes last in the
    original loop order (T2S's extended UREs: "last write wins"), whatever
    the systolic order of the steps.

    In a vectorized array the values may be vectors of the lane shape (one
    point per lane), the indices vectors or scalars, and `if %mask` says
    which lanes store; lanes store in lane order.

    `at (...)`: the point that stores, given by its coordinates (one per
    block argument), when a PE stores on behalf of another one (the end of
    a gather chain); "last write wins" compares those points.

    ```mlir
    spacetime.output %c to @out[%i, %j] : f32
    spacetime.output %c to @out[%t, %j] at (%t1, %t, %j : index, index, index) : f32
    spacetime.output %v to @out[%i, %j] if %m : vector<16xf32>
        indices vector<16xindex>, index
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$values, FlatSymbolRefAttr:$func,
                       Variadic<AnyTypeOf<[Index, VectorOfAnyRankOf<[Index]>]>>:$indices,
                       Optional<VectorOfAnyRankOf<[I1]>>:$mask,
                       Variadic<AnyTypeOf<[Index, VectorOfAnyRankOf<[Index]>]>>:$at);
  let assemblyFormat = [{
    $values `to` $func `[` $indices `]` (`at` `(` $at^ `:` type($at) `)`)?
    (`if` $mask^)? attr-dict `:`
    type($values) `` custom<IndexTypes>(ref($indices), type($indices),
                                     ref(type($values)), ref($mask),
                                     type($mask))
  }];
  let hasVerifier = 1;
}

#endif // T2S_SPACETIME_TD
