//! `isolate`: T2S's `isolate_producer_chain` / `isolate_consumer_chain` on
//! the space-time transformed program.
//!
//! For `ure.isolate_producer [@A] into @loader`, every `ure.load @A` of the
//! systolic array moves into a new `channel.kernel @loader`: a copy of the
//! array's time and space loops (the same `spacetime.array` bounds, maps
//! and check) whose PE body computes only when the array would read `@A`
//! and at which element, loads it, and writes it to a channel array indexed
//! by the PE coordinates. The array reads that channel where it loaded.
//! `ure.isolate_consumer @out into @drainer` does the converse with the
//! output's `spacetime.output`: the array writes the values to channels and
//! the drainer, with the same loops, reads them and stores them.
//!
//! Both kernels enumerate the array's steps and PEs in the array's order, so
//! every channel carries its values in the order they are consumed: a depth
//! of 1 never deadlocks, whatever the schedule. What a kernel cannot
//! recompute (a condition or an index computed from data, a loop inside the
//! PE body) is a located error: the channel could not match the array's
//! accesses one to one.

use crate::channel::isolate::access::{analyse, operands, start_kernel};
use crate::channel::isolate::build::{
    channel_index, declare_channel, guarded, read_in_place, result_type, shape_text, write,
};
use crate::channel::isolate::frame::Frame;
use crate::channel::isolate::pes::{common, describe, fixed_coordinates, narrowed, Fixed};
use crate::channel::isolate::slice::clone_op;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::Context;
use std::collections::HashSet;
use t2s_ir::array::ArrayInfo;
use t2s_ir::diag::error;
use t2s_ir::diag::OrInternal;
use t2s_ir::handle::{AsBlk, AsOp};
use t2s_ir::ir;
use t2s_ir::ods;
use t2s_ir::ops::ure::{IntoKernel, IsolateProducerOp};
use t2s_ir::ops::View;
use t2s_ir::pass::{Anchor, Failed, NoOptions};

t2s_ir::declare_pass! {
    /// Outline the isolated inputs' reads into loader kernels and the output's
    /// stores into a drainer kernel, connected to the systolic array by
    /// channels
    pub static PASS = "isolate" (Isolate)
        on Anchor::Program, creates ["channel", "scf", "arith"],
        run isolate_program_pass;
}

fn isolate_program_pass(program: OperationRef<'_, '_>, _: &NoOptions) -> Result<(), Failed> {
    isolate_program(program)
}

fn isolate_program(program: OperationRef<'_, '_>) -> Result<(), Failed> {
    let ops = ir::body_ops(&program, 0);
    let directives: Vec<_> = ops
        .iter()
        .filter(|op| {
            t2s_ir::op_in!(
                ir::name(op),
                ods::ure::IsolateProducerOperation | ods::ure::IsolateConsumerOperation
            )
        })
        .copied()
        .collect();
    let Some(first) = directives.first() else {
        return Ok(());
    };
    let Some(array) = ops
        .iter()
        .find(|op| ods::is(op, ods::spacetime::ArrayOperation::name()))
        .copied()
    else {
        return Err(error(
            first.location(),
            "isolation applies to the systolic array: run space-time-transform first (t2s-dataflow-to-llvm runs merge-ures, space-time-transform, isolate in this order)",
        ));
    };
    let info = ArrayInfo::read(&array)?;
    let context_ref = program.context();
    // SAFETY: the context outlives the pass run; `context_ref` this function.
    let context: &Context = unsafe { context_ref.to_ref() };
    let frame = Frame {
        context,
        program,
        array,
        body: ir::body_block(&array).or_internal("a body block")?.blk(),
        info,
        kernels: directives.iter().map(|d| ir::string(d, "kernel")).collect(),
    };
    let mut result = Ok(());
    for directive in &directives {
        let isolated = if ods::is(directive, ods::ure::IsolateProducerOperation::name()) {
            isolate_producer(&frame, directive)
        } else {
            consumer::isolate_consumer(&frame, directive)
        };
        result = result.and(isolated);
    }
    if result.is_ok() {
        for directive in directives {
            // SAFETY: the op has no uses left, and nothing refers to it after this.
            unsafe { ir::erase(directive) };
        }
    }
    result
}

fn isolate_producer(frame: &Frame<'_, '_>, directive: &OperationRef<'_, '_>) -> Result<(), Failed> {
    let view = IsolateProducerOp::cast(*directive).or_internal("a ure.isolate_producer")?;
    let (kernel, depth, inputs) = (view.kernel(), view.depth(), view.inputs());
    let loads = loads_of(frame, directive, &inputs, &kernel)?;
    let mut accesses = Vec::new();
    for load in &loads {
        let what = format!("read of @{}", t2s_ir::ops::ure::input_of(load));
        accesses.push(analyse(
            frame,
            load.handle(),
            &operands(load.handle()),
            true,
            false,
            &what,
            &kernel,
        )?);
    }
    let fixed: Vec<Vec<Fixed>> = accesses
        .iter()
        .map(|a| fixed_coordinates(frame, a))
        .collect();
    let mut names = HashSet::new();
    let channels: Vec<String> = loads
        .iter()
        .zip(&fixed)
        .map(|(l, f)| {
            declare_channel(
                frame,
                &kernel,
                &t2s_ir::ops::ure::input_of(l),
                result_type(l.handle()),
                depth,
                &narrowed(&frame.shape(), f),
                &mut names,
            )
        })
        .collect::<Result<_, _>>()?;
    let (e, coords, map) = start_kernel(
        frame,
        &kernel,
        directive,
        &common(&fixed),
        &accesses.iter().collect::<Vec<_>>(),
    )?;
    for ((access, channel), f) in accesses.iter().zip(&channels).zip(&fixed) {
        let (at, then) = guarded(&e, access, &map);
        let value = clone_op(&at, access.op, &map)
            .result(0)
            .expect("an access has one result");
        write(&at, channel, &channel_index(&at, frame, &coords, f), value);
        if let Some(block) = then {
            e.finish_scf_block(block);
        }
    }
    let remarks: Vec<String> = loads
        .iter()
        .zip(&channels)
        .zip(&fixed)
        .map(|((l, c), f)| sends(frame, &kernel, l, c, f))
        .collect();
    for ((access, channel), f) in accesses.iter().zip(&channels).zip(&fixed) {
        read_in_place(frame, access, channel, f);
    }
    for text in remarks {
        t2s_ir::diag::remark(directive.location(), text);
    }
    Ok(())
}

/// The array's reads of `inputs`; an error at the directive for an input
/// it does not read.
fn loads_of<'c, 'a>(
    frame: &Frame<'c, 'a>,
    directive: &OperationRef<'_, '_>,
    inputs: &[String],
    kernel: &str,
) -> Result<Vec<OperationRef<'c, 'a>>, Failed> {
    let loads: Vec<_> = ir::collect(frame.array, ods::ure::LoadOperation::name())
        .into_iter()
        .filter(|l| inputs.contains(&t2s_ir::ops::ure::input_of(l)))
        .collect();
    if let Some(unread) = inputs
        .iter()
        .find(|i| !loads.iter().any(|l| t2s_ir::ops::ure::input_of(l) == **i))
    {
        return Err(error(
            directive.location(),
            format!(
                "@{unread} is not read by the array: there is nothing to isolate into @{kernel}"
            ),
        ));
    }
    Ok(loads)
}

/// The remark of a load's channel: which PEs it feeds, in what order.
fn sends(
    frame: &Frame<'_, '_>,
    kernel: &str,
    load: &OperationRef<'_, '_>,
    channel: &str,
    f: &[Fixed],
) -> String {
    format!(
        "@{kernel} sends @{} to the array{} through @{channel}{}, in the array's order of steps and PEs",
        t2s_ir::ops::ure::input_of(load),
        describe(&frame.info, f),
        shape_text(&narrowed(&frame.shape(), f))
    )
}

mod access;
pub mod build;
mod consumer;
pub mod frame;
pub mod pes;
pub mod slice;
