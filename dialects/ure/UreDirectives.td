//===- UreDirectives.td - ure schedule directives ----------*- tablegen -*-===//
//
// The directives of a program: the merge, bounds and loop order, the
// space-time transform, and what builds the data paths around the array
// (isolation, streaming-tensor chains, buffers, unloaders, gathers and
// scatters). Each is applied by the pass named after it and then erased.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_URE_DIRECTIVES_TD
#define T2S_URE_DIRECTIVES_TD

include "ure/UreDialect.td"
include "ure/UreOps.td"

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

    **Triangular bounds** (T2S's `set_bounds(j, k, SIZE - k)`): a min and an
    extent may add multiples of loops bounded before them in the same
    directive. The domain is then the points where every loop lies in its
    bounds; `merge-ures` gives the nest the smallest box around it and
    stores the output only inside it (docs/ure.md, "Triangular bounds").

    ```mlir
    ure.set_bounds @a (k = 0 extent @N, j = k extent @N - k, i = 0 extent @N)
    ```

    `loop_terms` holds those multiples, one `[var, loop, min coefficient,
    extent coefficient]` per loop a bound names; `mins` and `extents` the
    rest.
  }];
  let arguments = (ins FlatSymbolRefAttr:$func, StrArrayAttr:$vars,
                       DenseI64ArrayAttr:$mins, ArrayAttr:$extents,
                       OptionalAttr<ArrayAttr>:$loop_terms);
  let assemblyFormat =
      "$func custom<LoopBounds>($vars, $mins, $extents, $loop_terms) attr-dict";
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

def Ure_SplitOp : Ure_Op<"split", [HasParent<"ProgramOp">]> {
  let summary = "Splits a loop into an outer and an inner loop";
  let description = [{
    Halide's and T2S's `split(k, kk, kkk, F)`: loop `k` of `@F`'s merged
    nest (the representative's merge: every URE that has `k`) becomes the
    outer loop `kk` and the inner loop `kkk` of extent `F`, with
    `k = min + F * kk + kkk`. `merge-ures` applies it first, so every route
    (the interpreter included) sees the split nest:

    - the bounds `ure.set_bounds` gives `k` (a constant extent that `F`
      divides) become `kkk = 0 extent F` and `kk = 0 extent E / F`;
    - each URE's `k` becomes `kkk, kk` (the inner loop innermost), and the
      output's left-hand side `kk, kkk` (its buffer keeps its memory order:
      row-major over `(kk, kkk)` is row-major over `k`);
    - a read `f(..., k - c, ...)` becomes a select on `kkk` between the two
      uniform reads it can be, `f(..., kkk - r, kk - q)` and
      `f(..., kkk - r + F, kk - q - 1)` (`c = q F + r`, `0 <= r < F`), as
      T2S writes a split reduction by hand; a read of an input at `k` reads
      it at `min + F * kk + kkk`; any other use of `k` takes that value.

    Later directives name `kk` and `kkk`, not `k`.

    ```mlir
    ure.split @c (k) into (kk, kkk) factor 4
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$func, StrArrayAttr:$loop,
                       StrArrayAttr:$into, I64Attr:$factor);
  let assemblyFormat = [{
    $func custom<VarNames>($loop) `into` custom<VarNames>($into)
    `factor` $factor attr-dict
  }];
  let hasVerifier = 1;
}

def Ure_SpaceTimeTransformOp : Ure_Op<"space_time_transform",
                                     [HasParent<"ProgramOp">]> {
  let summary = "Maps the innermost loops to space (PEs) and schedules time";
  let description = [{
    `A.space_time_transform({i, j}, {2, 3}, CheckTime)`: the listed loops
    (consecutive loops, one enclosing the next) become processing elements;
    the loop around them becomes the time loop `t = 2*i + 3*j + k`. Without
    `vector` the PEs run dataflow-style (the vector (0, ..., 0, 1)). Several
    directives form a chain, applied in order; each later set of space loops
    is a proper subset of the previous one.

    ```mlir
    ure.space_time_transform @a (i, j) vector [2, 3] check_time
    ure.space_time_transform @a (i) vector [2]
    ```

    **Loops inside the PE.** Loops inside the listed ones (T2S's
    `space_time_transform(jjj, iii)` with `kkk` innermost) run inside each
    PE, unrolled: every PE does all their iterations at each step. They
    take no scheduling coefficient, and a value may flow along them within
    a step from an iteration to a later one (`c(kkk - 1)`, a dot product);
    a same-step read of a later iteration is refused. The array lists them
    as its `inside` space loops; a later transform of a chain keeps them.

    ```mlir
    ure.set_bounds @c (kkk = 0 extent 16, jjj = 0 extent 8, iii = 0 extent 10, k = 0 extent 64)
    ure.space_time_transform @c (jjj, iii)
    ```

    T2S's projection form, `A.space_time_transform({i, j}, {s, t},
    {0, 1, 1, 1}, {j, s, i, t - j})`: the listed loops are the *source*
    loops, `projection` maps them to the destination coordinates (the space
    coordinates, then the time coordinate last: T2S's matrix, one result per
    row) and `reverse` maps the destination coordinates back to the source
    loops, in the order listed (T2S's reverse transform; `floordiv` and
    `mod` undo a flattened time). The pass checks that `reverse` inverts
    `projection` over the loops' bounds, that every dependence keeps a
    positive time distance, and that each space coordinate is one loop (the
    PEs of t2s are the values of loops); the time row then gives the
    scheduling vector.

    ```mlir
    ure.space_time_transform @a (i, j) -> (s, t)
        projection affine_map<(i, j) -> (j, i + j)>
        reverse affine_map<(s, t) -> (t - s, s)>
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$func, StrArrayAttr:$space,
                       OptionalAttr<DenseI64ArrayAttr>:$vector,
                       UnitAttr:$check_time,
                       OptionalAttr<StrArrayAttr>:$targets,
                       OptionalAttr<AffineMapAttr>:$projection,
                       OptionalAttr<AffineMapAttr>:$reverse);
  let assemblyFormat = "$func custom<VarNames>($space) "
                       "(`->` custom<VarNames>($targets)^ `projection` $projection "
                       "`reverse` $reverse)? (`vector` $vector^)? "
                       "(`check_time` $check_time^)? attr-dict";
  let hasVerifier = 1;
}

def Ure_VectorizeOp : Ure_Op<"vectorize", [HasParent<"ProgramOp">]> {
  let summary = "Runs the PEs along space loops as the lanes of vectors";
  let description = [{
    `F.vectorize(j)` (several loops: T2S's multi-dimensional
    vectorization). Each loop must be a space loop of the space-time
    transform of `@F`'s merged nest (the representative), a loop inside
    the PE included, of constant extent 2 to 32; the `vectorize` pass turns
    its PEs into the lanes of `vector<extents x T>` values. A loop whose
    lanes depend on each other in one step goes back to serial PEs (a
    remark says why), except a value copied unchanged along the loop from
    its first PE, which becomes a broadcast, and a running combination of
    which only the last lane is read (a dot product), which becomes an
    ordered `vector.reduction`. Without a `ure.space_time_transform`, the
    vectorized loops are the space loops. `@F` may also be a kernel that
    isolation creates.

    ```mlir
    ure.vectorize @c (jjj)
    ure.vectorize @c (iii, jjj)
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$func, StrArrayAttr:$loops);
  let assemblyFormat = "$func custom<VarNames>($loops) attr-dict";
  let hasVerifier = 1;
}

def Ure_UnrollOp : Ure_Op<"unroll", [HasParent<"ProgramOp">]> {
  let summary = "States that space loops are unrolled into PEs (T2S's unroll)";
  let description = [{
    `F.unroll(i)`: loop `i` is built as hardware, one copy per iteration.
    In t2s every space loop of the space-time transform of `@F`'s merged
    nest (the representative) is unrolled into PEs, and the loops inside
    the space loops are unrolled inside each PE, unless `ure.vectorize`
    makes a loop's PEs the lanes of vectors. `ure.unroll` states that for
    its loops, and `space-time-transform` checks it: each loop must be a
    space loop of the array (or a loop inside them), and no `ure.vectorize`
    of `@F` may name it. A time loop is not unrolled (it runs one iteration
    per step): the transform refuses to, with the reason. It changes no
    value, and the pass erases it once checked. Without a
    `ure.space_time_transform`, the unrolled loops (with the vectorized
    ones) are the space loops, every PE in one step. How the CPU runs the PEs
    (`spacetime-to-scf`'s `unroll-pes`) is the CPU's choice, not the
    design's.

    ```mlir
    ure.unroll @c (jjj, iii)
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$func, StrArrayAttr:$loops);
  let assemblyFormat = "$func custom<VarNames>($loops) attr-dict";
  let hasVerifier = 1;
}

def Ure_RemoveOp : Ure_Op<"remove", [HasParent<"ProgramOp">]> {
  let summary = "States that a loader has no iterations of loops its input does not need (T2S's remove)";
  let description = [{
    T2S's `loaderA.remove(jjj, jj)`: the loader of an input chain does not
    iterate loops that do not index the input, so that it loads each
    element of a tile once. A t2s loader that `ure.buffer` (or
    `ure.stream_input`) builds streams each tile of its input once, over
    the box of indices the loops inside the scope reach: the loops inside
    the scope that do not index the input are never its loops.
    `ure.remove` states that for its loops, and `buffer` checks it against
    the loader it builds: each loop must be a loop of the feeder's array,
    inside the scope (a loop up to the scope numbers the tiles, which the
    loader streams once per iteration), and must not index the input. It
    changes no value, and the pass erases it once checked; a `ure.remove`
    of a kernel that no buffer makes a loader is an error there.

    ```mlir
    ure.buffer @aFeeder (@A) scope (k) loader @aLoader out (kkk) depth 256
    ure.remove @aLoader (jjj, jj)
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$kernel, StrArrayAttr:$loops);
  let assemblyFormat = "$kernel custom<VarNames>($loops) attr-dict";
  let hasVerifier = 1;
}

def Ure_LateFuseOp : Ure_Op<"late_fuse", [HasParent<"ProgramOp">]> {
  let summary = "T2S's late_fuse, refused with the reason";
  let description = [{
    T2S's `AFeeder.late_fuse(vec_a, b, 4)` fuses an isolated kernel back
    into another one at loop `b`, its channel replaced by registers. t2s
    keeps every isolated kernel a kernel of its own, connected by channels:
    the design computes the same values without the fusion. The op parses,
    so that a port written line by line says where it differs, and its
    verifier refuses it with what to do (drop the line).

    ```mlir
    ure.late_fuse @AFeeder into @vec_a at (b) outs 4
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$kernel, FlatSymbolRefAttr:$into,
                       StrArrayAttr:$loop, DefaultValuedAttr<I64Attr, "1">:$outs);
  let assemblyFormat =
      "$kernel `into` $into `at` custom<VarNames>($loop) (`outs` $outs^)? attr-dict";
  let hasVerifier = 1;
}

def Ure_ParallelOp : Ure_Op<"parallel", [HasParent<"ProgramOp">]> {
  let summary = "Runs the array's outermost time loops on the host's threads";
  let description = [{
    The CPU's counterpart of `ure.gpu_map`'s blocks: the listed loops of
    the space-time transform of `@F`'s merged nest (the representative)
    are run in parallel, each iteration (a tile of the output) on one of
    the host's threads, with its own register files and packed tiles.
    `spacetime-to-scf` makes them one `scf.parallel`, which upstream
    `async-parallel-for` hands to MLIR's async runtime (the
    `t2s-lower-to-llvm` pipeline, so `t2s-run --mode systolic`). Checked,
    each as an error at this op: the loops are the outermost time loops of
    the array, in that order (`space-time-transform` and the lowering); no
    value flows from one of their iterations to another (no dependence
    along them: `space-time-transform`, where the distances are known, and
    the reads' delays again in the lowering); each is a loop of the output,
    so no two threads write one element. The other routes warn that the
    directive is not applied.

    ```mlir
    ure.parallel @a (jj)
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$func, StrArrayAttr:$loops);
  let assemblyFormat = "$func custom<VarNames>($loops) attr-dict";
  let hasVerifier = 1;
}

def Ure_GpuMapOp : Ure_Op<"gpu_map", [HasParent<"ProgramOp">]> {
  let summary = "Runs the array's outermost time loops as a GPU grid";
  let description = [{
    T2S's `gpu_blocks(j, i).gpu_threads(jj, ii)`: the listed loops of the
    space-time transform of `@F`'s merged nest (the representative) become
    the blocks and the threads of one kernel launch; the first loop of each
    list is `x`, the next `y`, then `z`. Each thread runs the rest of the
    array: the inner time loops around every PE (unrolled into its
    registers). Applied by `spacetime-to-scf{gpu=true}` (the
    `t2s-systolic-to-ptx` pipeline), which checks what the verifier cannot
    see yet, each as an error at this op: the loops are the outermost time
    loops, of constant extents, in that order; no value flows from one of
    their iterations to another (no dependence along them); each is a loop
    of the output, so no two threads write one element; the grid fits the
    device (at most 1024 threads a block, 65535 blocks along y and z); a
    thread's register files fit its 255 registers when the PEs are unrolled,
    and its 512 KiB of local memory in any case. The CPU routes run the
    array on one thread and warn that the directive is not applied.

    `shared [@A, @B] scope (kk)` stages the listed inputs in the block's
    shared memory, T2S's feeders on a GPU: at each iteration of the scope
    loop (a time loop inside the threads' loops), the block's threads copy
    together, coalesced, the tile of each input that the block reads during
    that iteration (the box of its indices that the loops inside the scope,
    the threads' loops and the PEs span), wait at a barrier, and read the
    tile from shared memory instead of global memory; a second barrier ends
    the iteration. Each element is loaded from global memory once per tile
    and read as often as the PEs read it: the reuse. The tiles must fit the
    48 KiB of static shared memory of a block.

    `double_buffered` gives each tile two slots, T2S's double-buffered
    feeder: the copy of the next iteration's tile goes into one slot while
    the PEs read the other, so that loading overlaps computing and one
    barrier per iteration suffices. On sm_80 and later the copies are
    asynchronous (`nvgpu.device_async_copy`, PTX `cp.async`) for elements
    of 4, 8 or 16 bytes; other elements are copied by loads and stores.
    The two slots must fit the 48 KiB.

    `staged_output` collects each block's outputs in shared memory, T2S's
    collector and unloader on a GPU: the PEs store into the block's box of
    the output (the elements the block writes, which must be exactly a box:
    each output index a dense mix of the threads' loops, the PEs and the
    threads' own time loops, as `ure.load`s' tiles are found), and after the
    last step the block's threads write the box to global memory together,
    consecutive threads to consecutive elements of the output's last
    dimension (coalesced). The output must be stored once per element; the
    box counts against the 48 KiB with the tiles.

    ```mlir
    ure.gpu_map @c blocks (j, i) threads (jj, ii)
    ure.gpu_map @c blocks (i) threads ()
    ure.gpu_map @c blocks (jb, ib) threads (jt, it) shared [@A, @B] scope (kk)
    ure.gpu_map @c blocks (jb, ib) threads (jt, it) shared [@A, @B] scope (kk) double_buffered
    ure.gpu_map @c blocks (jb, ib) threads (jt, it) staged_output
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$func, StrArrayAttr:$blocks,
                       StrArrayAttr:$threads,
                       OptionalAttr<FlatSymbolRefArrayAttr>:$shared,
                       OptionalAttr<StrArrayAttr>:$scope,
                       UnitAttr:$double_buffered, UnitAttr:$staged_output);
  let assemblyFormat = "$func `blocks` custom<VarNames>($blocks) `threads` "
                       "custom<VarNames>($threads) (`shared` $shared^ `scope` "
                       "custom<VarNames>($scope))? "
                       "(`double_buffered` $double_buffered^)? "
                       "(`staged_output` $staged_output^)? attr-dict";
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

def Ure_StreamOutputOp : Ure_Op<"stream_output", [HasParent<"ProgramOp">]> {
  let summary = "A streaming tensor: array -> collector -> unloader -> memory";
  let description = [{
    T2S's `Out >> RC.scope(iii).out(jjj) >> FIFO(d) >> DC >> C`: a chain of
    an on-chip collector and a DRAM unloader for the output Func `@out`.
    The collector receives the values the array stores, passes them along
    its `scope` loop (a space loop) to the loop's first PE (a gather
    `down`; `scope ()` gathers nothing) and sends them, vectors of the
    `out` loop's lanes (`out ()`: scalars), through a FIFO of depth `d` to
    the unloader, which stores them. The `expand-streams` pass writes it as
    the directives it stands for, which the later passes apply:

    ```mlir
    ure.stream_output @out collector @collector scope (iii) out (jjj)
                           depth 256 unloader @unloader
    // is
    ure.isolate_consumer @out into @collector depth 256
    ure.gather @collector (@out, iii, down)
    ure.vectorize @collector (jjj)
    ure.unload @out from @collector into @unloader depth 256
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$func, SymbolNameAttr:$collector,
                       StrArrayAttr:$scope, StrArrayAttr:$out,
                       DefaultValuedAttr<I64Attr, "2">:$depth,
                       SymbolNameAttr:$unloader);
  let assemblyFormat = [{
    $func `collector` $collector `scope` custom<VarNames>($scope)
    `out` custom<VarNames>($out) (`depth` $depth^)? `unloader` $unloader
    attr-dict
  }];
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

#endif // T2S_URE_DIRECTIVES_TD
