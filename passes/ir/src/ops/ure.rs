//! Views of the `ure` ops.

use super::view;
use crate::ir;
use melior::ir::operation::OperationLike;
use t2s_dialects::ods::ure as ods;
use t2s_model::Linear;

mod accessors;
pub use accessors::{
    param_of, Bounds, ChainDirective, GatherOp, MergeUresOp, RemoveOp, ReorderOp, ScatterOp,
    UnrollOp,
};

view! {
    /// `ure.program`: the unit of compilation.
    ProgramOp = ods::ProgramOperation
}
view! {
    /// `ure.func`: a Func's declaration.
    FuncOp = ods::FuncOperation
}
view! {
    /// `ure.input`: an input buffer.
    InputOp = ods::InputOperation
}
view! {
    /// `ure.param`: a symbolic extent.
    ParamOp = ods::ParamOperation
}
view! {
    /// `ure.nest`: the merged UREs under one loop nest.
    NestOp = ods::NestOperation
}
view! {
    /// `ure.def`: a URE.
    DefOp = ods::DefOperation
}
view! {
    /// `ure.at`: a read of a Func at a dependence offset.
    AtOp = ods::AtOperation
}
view! {
    /// `ure.load`: a read of an input.
    LoadOp = ods::LoadOperation
}
view! {
    /// `ure.select`: a value defined only where a condition holds.
    SelectOp = ods::SelectOperation
}
view! {
    /// `ure.yield`: a URE's value(s).
    YieldOp = ods::YieldOperation
}
view! {
    /// `ure.param_value`: a parameter's value inside a URE.
    ParamValueOp = ods::ParamValueOperation
}
view! {
    /// `ure.space_time_transform`: the directive.
    SpaceTimeTransformOp = ods::SpaceTimeTransformOperation
}
view! {
    /// `ure.vectorize`: the directive.
    VectorizeOp = ods::VectorizeOperation
}

impl VectorizeOp<'_, '_> {
    /// The Func whose array it vectorizes, without the `@`.
    pub fn func(&self) -> String {
        directive_func(&self.0)
    }

    /// The loops it vectorizes.
    pub fn loops(&self) -> Vec<String> {
        ir::strings(&self.0, "loops")
    }
}
/// The input a `ure.load` reads (or an op with an `input` symbol names),
/// without the `@`.
pub fn input_of(op: &melior::ir::operation::OperationRef<'_, '_>) -> String {
    ir::symbol(op, "input")
}

view! {
    /// `ure.set_bounds`: bounds of a Func's loops.
    SetBoundsOp = ods::SetBoundsOperation
}

view! {
    /// `ure.split`: a loop split into an outer and an inner loop.
    SplitOp = ods::SplitOperation
}

impl<'c> SplitOp<'c, '_> {
    /// The loop split (empty when the op is malformed: the verifier refuses it).
    pub fn loop_name(&self) -> String {
        ir::strings(&self.0, "loop")
            .into_iter()
            .next()
            .unwrap_or_default()
    }

    /// The outer and the inner loop.
    pub fn into_loops(&self) -> (String, String) {
        let names = ir::strings(&self.0, "into");
        let name = |i: usize| names.get(i).cloned().unwrap_or_default();
        (name(0), name(1))
    }

    pub fn factor(&self) -> i64 {
        ir::int(&self.0, "factor").unwrap_or(1)
    }
}

/// The Func a directive acts on (its `func` symbol), without the `@`.
pub fn directive_func(op: &melior::ir::operation::OperationRef<'_, '_>) -> String {
    ir::symbol(op, "func")
}

view! {
    /// `ure.parallel`: the array's outermost time loops on the host's threads.
    ParallelOp = ods::ParallelOperation
}

impl<'c> ParallelOp<'c, '_> {
    /// The Func whose array it maps (the representative), without the `@`.
    pub fn target(&self) -> String {
        directive_func(&self.0)
    }

    /// The loops run in parallel, outermost first.
    pub fn loops(&self) -> Vec<String> {
        ir::strings(&self.0, "loops")
    }
}

view! {
    /// `ure.stream_input`: an input's loader and buffered feeder.
    StreamInputOp = ods::StreamInputOperation
}

impl<'c> StreamInputOp<'c, '_> {
    /// The input streamed, without the `@`.
    pub fn input(&self) -> String {
        ir::symbol(&self.0, "input")
    }

    /// The feeder's scope loop (one name; empty when none is written).
    pub fn scope(&self) -> Vec<String> {
        ir::strings(&self.0, "scope")
    }
}

view! {
    /// `ure.stream_output`: an output's collector and unloader.
    StreamOutputOp = ods::StreamOutputOperation
}

view! {
    /// `ure.gpu_map`: the directive.
    GpuMapOp = ods::GpuMapOperation
}

impl<'c> GpuMapOp<'c, '_> {
    /// The Func mapped (the representative of its merge), without the `@`.
    pub fn target(&self) -> String {
        directive_func(&self.0)
    }

    /// The loops on the blocks, x first.
    pub fn blocks(&self) -> Vec<String> {
        ir::strings(&self.0, "blocks")
    }

    /// The loops on the threads, x first.
    pub fn threads(&self) -> Vec<String> {
        ir::strings(&self.0, "threads")
    }

    /// The inputs staged in shared memory, without the `@`.
    pub fn shared(&self) -> Vec<String> {
        ir::symbols(&self.0, "shared")
    }

    /// The scope loop of the shared inputs' tiles.
    pub fn scope(&self) -> Option<String> {
        ir::strings(&self.0, "scope").into_iter().next()
    }

    /// Whether each tile has two slots (the next one filled while the PEs
    /// read the current one).
    pub fn double_buffered(&self) -> bool {
        self.0.has_attribute("double_buffered")
    }

    /// Whether each block collects its outputs in shared memory and writes
    /// them out together (coalesced).
    pub fn staged_output(&self) -> bool {
        self.0.has_attribute("staged_output")
    }
}

view! {
    /// `ure.isolate_producer`: inputs' reads moved into a loader kernel.
    IsolateProducerOp = ods::IsolateProducerOperation
}

impl IsolateProducerOp<'_, '_> {
    /// The inputs isolated, without the `@`.
    pub fn inputs(&self) -> Vec<String> {
        ir::symbols(&self.0, "inputs")
    }
}

view! {
    /// `ure.isolate_consumer`: an output's stores moved into a drainer.
    IsolateConsumerOp = ods::IsolateConsumerOperation
}

impl IsolateConsumerOp<'_, '_> {
    /// The output Func isolated, without the `@`.
    pub fn func(&self) -> String {
        directive_func(&self.0)
    }
}

view! {
    /// `ure.unload`: a collector's stores moved into an unloader.
    UnloadOp = ods::UnloadOperation
}

impl UnloadOp<'_, '_> {
    /// The output Func unloaded, without the `@`.
    pub fn func(&self) -> String {
        directive_func(&self.0)
    }

    /// The collector kernel it unloads, without the `@`.
    pub fn collector(&self) -> String {
        ir::symbol(&self.0, "collector")
    }
}

view! {
    /// `ure.buffer`: a feeder's on-chip buffer and its loader.
    BufferOp = ods::BufferOperation
}

impl BufferOp<'_, '_> {
    /// The feeder kernel that gets the buffer, without the `@`.
    pub fn feeder(&self) -> String {
        ir::string(&self.0, "feeder")
    }

    /// The input buffered, without the `@`.
    pub fn input(&self) -> String {
        ir::symbol(&self.0, "input")
    }

    /// The scope loop: a tile per iteration of the loops outside it.
    pub fn scope(&self) -> String {
        ir::strings(&self.0, "scope")
            .into_iter()
            .next()
            .unwrap_or_default()
    }

    /// The loader kernel it creates, without the `@`.
    pub fn loader(&self) -> String {
        ir::string(&self.0, "loader")
    }

    /// The loop the loader reads along, one vector per step, if any.
    pub fn out(&self) -> Option<String> {
        ir::strings(&self.0, "out").into_iter().next()
    }

    /// The depth of the loader's channel (2 when not written).
    pub fn depth(&self) -> i64 {
        ir::int(&self.0, "depth").unwrap_or(2)
    }
}

/// The kernel an isolating directive creates (`into @kernel`) and the depth
/// of its channels.
pub trait IntoKernel<'c: 'a, 'a>: super::View<'c, 'a> {
    /// The new kernel's name, without the `@`.
    fn kernel(&self) -> String {
        ir::string(&self.op(), "kernel")
    }

    /// The depth of its channels (2 when not written).
    fn depth(&self) -> i64 {
        ir::int(&self.op(), "depth").unwrap_or(2)
    }
}

impl<'c, 'a> IntoKernel<'c, 'a> for IsolateProducerOp<'c, 'a> {}
impl<'c, 'a> IntoKernel<'c, 'a> for IsolateConsumerOp<'c, 'a> {}
impl<'c, 'a> IntoKernel<'c, 'a> for UnloadOp<'c, 'a> {}

/// A bound of a Func's element space: `min` and an extent (an integer or a
/// `ure.param`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ElementBound {
    pub var: String,
    pub min: i64,
    pub extent: Linear,
}

impl<'c, 'a> ProgramOp<'c, 'a> {
    pub fn name(&self) -> String {
        ir::symbol_name(&self.0)
    }

    /// The program's `ure.func` named `name`.
    pub fn func(&self, name: &str) -> Option<FuncOp<'c, 'a>> {
        super::children::<FuncOp>(&self.0)
            .into_iter()
            .find(|f| f.name() == name)
    }

    /// The memory order of Func `name`'s buffer, as its `ure.func`
    /// declares it (row-major without a declaration or a layout).
    pub fn layout_of(&self, name: &str) -> t2s_model::Layout {
        self.func(name).map(|f| f.layout()).unwrap_or_default()
    }
}

impl<'c, 'a> FuncOp<'c, 'a> {
    pub fn name(&self) -> String {
        ir::symbol_name(&self.0)
    }

    /// Declared with loop variables and types.
    pub fn is_declared(&self) -> bool {
        self.0.has_attribute("vars")
    }

    pub fn vars(&self) -> Vec<String> {
        ir::strings(&self.0, "vars")
    }

    /// The bounds of the Func's elements, when declared (the output of a
    /// space-time transformed program has them).
    pub fn bounds(&self) -> Option<Vec<ElementBound>> {
        if !self.0.has_attribute("mins") {
            return None;
        }
        let mins = ir::i64s(&self.0, "mins");
        let extents = ir::extents(&self.0, "extents");
        Some(
            self.vars()
                .into_iter()
                .zip(mins)
                .zip(extents)
                .map(|((var, min), extent)| ElementBound {
                    var,
                    min,
                    extent: extent.linear(),
                })
                .collect(),
        )
    }

    /// The memory order of the Func's buffer (its `layout`; row-major
    /// without one).
    pub fn layout(&self) -> t2s_model::Layout {
        self.0
            .attribute("layout")
            .ok()
            .and_then(crate::types::permutation)
            .unwrap_or_default()
    }

    /// The declared result types.
    pub fn result_types(&self) -> Vec<melior::ir::Type<'c>> {
        ir::array(&self.0, "result_types")
            .into_iter()
            .filter_map(|a| melior::ir::attribute::TypeAttribute::try_from(a).ok())
            .map(|t| t.value())
            .collect()
    }
}
