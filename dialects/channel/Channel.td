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
    A channel is a bounded first-in first-out queue with a static depth,
    read by one kernel and written by one kernel, as Intel's FPGA OpenCL
    channels are. A `channel.fifo` may declare an array of channels
    (`[4, 4]`), indexed by PE coordinates. Kernels (`channel.kernel`) run
    concurrently; a read blocks while its channel is empty and a write while
    it is full, so a design is a Kahn process network: its results do not
    depend on how the kernels are scheduled.
  }];
  let cppNamespace = "::t2s::channel";
}

class Channel_Op<string mnemonic, list<Trait> traits = []>
    : Op<Channel_Dialect, mnemonic, traits>;

def Channel_FifoOp : Channel_Op<"fifo", [Symbol,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "Declares a FIFO channel, or an array of them, with a depth";
  let description = [{
    A channel of `element_type` values holding at most `depth` of them, or,
    with a shape, an array of independent such channels (`FIFO[i][j]`).

    ```mlir
    channel.fifo @chB : f32, depth 3
    channel.fifo @chA [4, 8] : vector<4xf32>, depth 2
    ```

    The verifier checks the declaration (depth and dimensions at least 1,
    element type an integer, float, index or vector of them) and its uses:
    a channel that is used is written by exactly one kernel and read by
    exactly one kernel (possibly the same one: a PE-to-PE channel inside
    an array). Which elements each kernel uses is checked when the design
    runs: a read of an element no one writes is a deadlock that the
    dataflow runner reports.
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       OptionalAttr<DenseI64ArrayAttr>:$shape,
                       TypeAttr:$element_type, I64Attr:$depth);
  let assemblyFormat =
      "$sym_name custom<Dims>($shape) $element_type `,` `depth` $depth "
      "attr-dict";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The dimensions of the channel array (empty for one channel).
    ::llvm::ArrayRef<int64_t> getDims() {
      if (auto shape = getShapeAttr())
        return shape.asArrayRef();
      return {};
    }
  }];
}

def Channel_KernelOp : Channel_Op<"kernel", [
    Symbol, IsolatedFromAbove, NoTerminator, SingleBlock, NoRegionArguments,
    RecursiveMemoryEffects]> {
  let summary = "A kernel: code that runs concurrently with the others";
  let description = [{
    The unit of concurrency of a dataflow design: a loader, a feeder, a
    drainer, or a systolic array. Kernels run at the same time and talk
    only through channels; each has its own loop nest. In a `ure.program`,
    a kernel holds the register files and the one `spacetime.array` it
    runs (this is what `spacetime-to-scf` lowers, to a function
    `@<program>.<kernel>`); the program's own array, outside any kernel, is
    a kernel too, named after the program.

    ```mlir
    channel.kernel @A_loader {
      spacetime.array @A_loader loops (...) time (...) space (...) ... {
        ...
        channel.write @chA[%i], %a : f32
      }
    }
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$sym_name attr-dict-with-keyword $body";
  let extraClassDeclaration = [{
    ::mlir::Block &getBodyBlock() { return getBody().front(); }
  }];
}

def Channel_DesignOp : Channel_Op<"design", [
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "The kernels and channels of a lowered dataflow design";
  let description = [{
    What runs when a program's design runs, written by `spacetime-to-scf`
    where it turns a program's arrays and kernels into functions: the
    kernel functions, which run concurrently on the program's arguments
    (the first is the program's own array, named after the program), and
    the channels between them, in order. A runner takes the design from here, not from symbol names it
    would have to guess (as CIRCT's ESI manifest does). `lower-channels`
    lowers the channels and erases the design: after it, the module holds
    only upstream ops.

    ```mlir
    channel.design kernels [@gemm, @gemm.loader, @gemm.drainer]
        channels [@gemm.chA, @gemm.chB]
    ```
  }];
  let arguments = (ins FlatSymbolRefArrayAttr:$kernels,
                       FlatSymbolRefArrayAttr:$channels);
  let assemblyFormat = "`kernels` $kernels `channels` $channels attr-dict";
}

def Channel_WriteOp : Channel_Op<"write", [
    MemoryEffects<[MemRead, MemWrite]>,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "Appends a value to a channel, blocking while it is full";
  let description = [{
    ```mlir
    channel.write @chB, %v : f32
    channel.write @chA[%i, %j], %w : vector<4xf32>
    channel.write @chV[%i], %x : f32
    ```
    One index per dimension of the channel array; a constant index must
    be within the array. A write carries a value of the channel's type or
    a divisor of its lanes of the same element type: then the writes to an
    element fill the slices of one value in turn (a scalar is one lane),
    and the value is sent with its last slice (`%x` above fills one lane
    of a `vector<16xf32>` of `@chV`; every 16th write sends it).
    `pack-inner-lanes` makes such writes.
  }];
  let arguments = (ins FlatSymbolRefAttr:$channel, Variadic<Index>:$indices,
                       AnyType:$value);
  let assemblyFormat = [{
    $channel (`[` $indices^ `]`)? `,` $value attr-dict `:` type($value)
  }];
}

def Channel_ReadOp : Channel_Op<"read", [
    MemoryEffects<[MemRead, MemWrite]>,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "Takes the oldest value from a channel, blocking while empty";
  let description = [{
    ```mlir
    %v = channel.read @chB : f32
    %w = channel.read @chA[%i, %j] : vector<4xf32>
    %x = channel.read @chA[%i, %j] : vector<8xf32>
    ```
    A read may match lanes (vectorization.md): with the channel's element
    type, it may take a multiple of the channel's lanes (the values are
    concatenated: two `vector<4xf32>` make a `vector<8xf32>`; a scalar
    channel counts one lane) or a divisor of them (the slices of each
    value are taken in turn, none dropped). Other lane counts are an
    error. Writes carry the channel's own type.
  }];
  let arguments = (ins FlatSymbolRefAttr:$channel, Variadic<Index>:$indices);
  let results = (outs AnyType:$value);
  let assemblyFormat = [{
    $channel (`[` $indices^ `]`)? attr-dict `:` type($value)
  }];
}

def Channel_ReadLanesOp : Channel_Op<"read_lanes", [
    MemoryEffects<[MemRead, MemWrite]>, AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "The lanes of a vectorized PE array each read a channel";
  let description = [{
    In a vectorized `spacetime.array` every lane is a PE, and every PE
    performs its own channel accesses. `channel.read_lanes` is the read of
    all of them: the lanes, in row-major order, each read the channel
    element at their indices (an index is the same for every lane, or a
    vector with one per lane); with `if %mask`, only the lanes of the mask
    read, and the others' lanes of the result are undefined. The result is
    a vector of the lane shape of the channel's (scalar) element type.

    ```mlir
    %v = channel.read_lanes @c[%j, %i] : vector<8xf32> indices index, vector<8xindex>
    %w = channel.read_lanes @a[%i] if %m : vector<8xf32>
    ```

    `spacetime-to-scf` unrolls it into one `channel.read` per lane; the
    `vectorize` pass makes it from the PEs' reads.
  }];
  let arguments = (ins FlatSymbolRefAttr:$channel,
                       Variadic<AnyTypeOf<[Index, VectorOfAnyRankOf<[Index]>]>>:$indices,
                       Optional<VectorOfAnyRankOf<[I1]>>:$mask);
  let results = (outs AnyVectorOfNonZeroRank:$value);
  let assemblyFormat = [{
    $channel (`[` $indices^ `]`)? (`if` $mask^)? attr-dict `:` type($value) ``
    custom<LaneTypes>(ref($indices), type($indices), ref(type($value)),
                      ref($mask), type($mask))
  }];
  let hasVerifier = 1;
}

def Channel_WriteLanesOp : Channel_Op<"write_lanes", [
    MemoryEffects<[MemRead, MemWrite]>, AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "The lanes of a vectorized PE array each write a channel";
  let description = [{
    The write of every lane (PE) of a vectorized `spacetime.array`: the
    lanes, in row-major order, each write their lane of `value` to the
    channel element at their indices; with `if %mask`, only the lanes of
    the mask write.

    ```mlir
    channel.write_lanes @c[%j, %i], %v : vector<8xf32> indices index, vector<8xindex>
    channel.write_lanes @d[%i], %v if %m : vector<8xf32>
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$channel,
                       Variadic<AnyTypeOf<[Index, VectorOfAnyRankOf<[Index]>]>>:$indices,
                       AnyVectorOfNonZeroRank:$value,
                       Optional<VectorOfAnyRankOf<[I1]>>:$mask);
  let assemblyFormat = [{
    $channel (`[` $indices^ `]`)? `,` $value (`if` $mask^)? attr-dict `:`
    type($value) `` custom<LaneTypes>(ref($indices), type($indices),
                                   ref(type($value)), ref($mask), type($mask))
  }];
  let hasVerifier = 1;
}

#endif // T2S_CHANNEL_TD
