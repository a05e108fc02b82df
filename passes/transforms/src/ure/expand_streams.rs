//! `expand-streams`: writes each streaming-tensor chain as T2S's older
//! spelling, the directives the later passes apply. An input chain
//! (`ure.stream_input`) is `ure.isolate_producer [@A] into @feeder` (the
//! `isolate` pass: the feeder sends the array what it reads of `@A`, in
//! its order) and `ure.buffer @feeder (@A) scope (k) loader @loader out
//! (...)` (the `buffer` pass: the feeder replays a double-buffered tile
//! that the loader streams from memory). An output chain
//! (`ure.stream_output`) is `ure.isolate_consumer` into the collector,
//! `ure.gather` along its scope, `ure.vectorize` of its `out` lanes and
//! `ure.unload` into the unloader. T2S's Stensor chains lower the same way
//! (docs/streaming-tensors.md).

use melior::ir::attribute::{
    ArrayAttribute, BoolAttribute, FlatSymbolRefAttribute, IntegerAttribute, StringAttribute,
};
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::IntegerType;
use melior::ir::Attribute;
use melior::Context;
use t2s_ir::diag::OrInternal;
use t2s_ir::ir;
use t2s_ir::ods;
use t2s_ir::ops::ure::{StreamInputOp, StreamOutputOp};
use t2s_ir::ops::View;
use t2s_ir::pass::{Anchor, Failed, NoOptions};

t2s_ir::declare_pass! {
    /// Write each streaming-tensor chain as the directives it stands for:
    /// ure.stream_input as ure.isolate_producer into its feeder and
    /// ure.buffer of the feeder, filled by its loader; ure.stream_output as
    /// ure.isolate_consumer into its collector, ure.gather and
    /// ure.vectorize of the collector, and ure.unload into its unloader
    pub static PASS = "expand-streams" (ExpandStreams)
        on Anchor::Program, creates ["ure"],
        run expand;
}

fn expand(program: OperationRef<'_, '_>, _: &NoOptions) -> Result<(), Failed> {
    let context_ref = program.context();
    // SAFETY: the context outlives the pass run.
    let context: &Context = unsafe { context_ref.to_ref() };
    for view in t2s_ir::ops::children::<StreamInputOp>(&program) {
        let (stream, parts) = (view.op(), Parts::read(&view));
        let block = stream.block().or_internal("a parent block")?;
        let isolate = isolate_producer(context, &parts, stream.location());
        let buffer = buffer(context, &parts, stream.location());
        block.insert_operation_before(stream, isolate);
        block.insert_operation_before(stream, buffer);
        // SAFETY: a directive has no results; nothing refers to it.
        unsafe { ir::erase(stream) };
    }
    for view in t2s_ir::ops::children::<StreamOutputOp>(&program) {
        let stream = view.op();
        let block = stream.block().or_internal("a parent block")?;
        for op in output_chain(context, &OutputParts::read(&view), stream.location()) {
            block.insert_operation_before(stream, op);
        }
        // SAFETY: a directive has no results; nothing refers to it.
        unsafe { ir::erase(stream) };
    }
    Ok(())
}

/// What a `ure.stream_output` says.
struct OutputParts {
    func: String,
    collector: String,
    scope: Vec<String>,
    out: Vec<String>,
    depth: i64,
    unloader: String,
}

impl OutputParts {
    fn read(op: &StreamOutputOp<'_, '_>) -> OutputParts {
        OutputParts {
            func: op.func(),
            collector: op.collector(),
            scope: op.scope(),
            out: op.out(),
            depth: op.depth(),
            unloader: op.unloader(),
        }
    }
}

/// `ure.isolate_consumer @out into @collector depth d`, `ure.gather
/// @collector (@out, scope, down)` (with a scope), `ure.vectorize
/// @collector (out)` (with lanes) and `ure.unload @out from @collector
/// into @unloader depth d`.
fn output_chain<'c>(
    context: &'c Context,
    parts: &OutputParts,
    location: melior::ir::Location<'c>,
) -> Vec<melior::ir::Operation<'c>> {
    let func = FlatSymbolRefAttribute::new(context, &parts.func);
    let collector_ref = FlatSymbolRefAttribute::new(context, &parts.collector);
    let depth = int(context, parts.depth);
    let mut ops: Vec<melior::ir::Operation<'c>> = vec![
        ods::ure::IsolateConsumerOperation::builder(context, location)
            .func(func)
            .kernel(StringAttribute::new(context, &parts.collector))
            .depth(depth)
            .build()
            .into(),
    ];
    if let Some(scope) = parts.scope.first() {
        ops.push(
            ods::ure::GatherOperation::builder(context, location)
                .target(collector_ref)
                .source(func)
                .r#loop(StringAttribute::new(context, scope))
                .down(BoolAttribute::new(context, true).into())
                .build()
                .into(),
        );
    }
    if !parts.out.is_empty() {
        ops.push(
            ods::ure::VectorizeOperation::builder(context, location)
                .func(collector_ref)
                .loops(names(context, &parts.out))
                .build()
                .into(),
        );
    }
    ops.push(
        ods::ure::UnloadOperation::builder(context, location)
            .func(func)
            .collector(collector_ref)
            .kernel(StringAttribute::new(context, &parts.unloader))
            .depth(depth)
            .build()
            .into(),
    );
    ops
}

/// What a `ure.stream_input` says.
struct Parts {
    input: String,
    loader: String,
    out: Vec<String>,
    loader_depth: i64,
    feeder: String,
    scope: Vec<String>,
    feeder_depth: i64,
}

impl Parts {
    fn read(op: &StreamInputOp<'_, '_>) -> Parts {
        Parts {
            input: op.input(),
            loader: op.loader(),
            out: op.out(),
            loader_depth: op.loader_depth(),
            feeder: op.feeder(),
            scope: op.scope(),
            feeder_depth: op.feeder_depth(),
        }
    }
}

fn names<'c>(context: &'c Context, names: &[String]) -> ArrayAttribute<'c> {
    let items: Vec<Attribute> = names
        .iter()
        .map(|n| StringAttribute::new(context, n).into())
        .collect();
    ArrayAttribute::new(context, &items)
}

fn int(context: &Context, value: i64) -> IntegerAttribute<'_> {
    IntegerAttribute::new(IntegerType::new(context, 64).into(), value)
}

/// `ure.isolate_producer [@A] into @feeder depth d`.
fn isolate_producer<'c>(
    context: &'c Context,
    parts: &Parts,
    location: melior::ir::Location<'c>,
) -> melior::ir::Operation<'c> {
    let inputs = ArrayAttribute::new(
        context,
        &[FlatSymbolRefAttribute::new(context, &parts.input).into()],
    );
    ods::ure::IsolateProducerOperation::builder(context, location)
        .inputs(inputs)
        .kernel(StringAttribute::new(context, &parts.feeder))
        .depth(int(context, parts.feeder_depth))
        .build()
        .into()
}

/// `ure.buffer @feeder (@A) scope (k) loader @loader out (...) depth d`.
fn buffer<'c>(
    context: &'c Context,
    parts: &Parts,
    location: melior::ir::Location<'c>,
) -> melior::ir::Operation<'c> {
    ods::ure::BufferOperation::builder(context, location)
        .feeder(StringAttribute::new(context, &parts.feeder))
        .input(FlatSymbolRefAttribute::new(context, &parts.input))
        .scope(names(context, &parts.scope))
        .loader(StringAttribute::new(context, &parts.loader))
        .out(names(context, &parts.out))
        .depth(int(context, parts.loader_depth))
        .build()
        .into()
}
