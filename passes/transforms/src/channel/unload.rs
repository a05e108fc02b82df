//! `unload`: the last link of T2S's output chain,
//! `Out >> collector >> FIFO >> unloader >> C`.
//!
//! `ure.unload @out from @collector into @unloader depth D` takes the
//! drainer `@collector` (made by `ure.isolate_consumer @out into
//! @collector`, gathered and vectorized as the chain says) and moves its
//! stores of `@out` into a new kernel: the collector writes each value it
//! stored to a FIFO where it stored it, and the unloader, a copy of the
//! collector's loops that keeps only what decides when and where a store
//! happens (the `scf.if`s and `scf.for`s around it, its indices and mask),
//! reads the FIFO at the same place and stores.
//!
//! Both kernels enumerate the collector's steps, PEs and count loops in
//! the same order, so each FIFO carries its values in the order they are
//! stored. There is one FIFO per PE that stores (the PEs the stores' guards
//! fix to one coordinate, `iii == 0` after a gather, drop out; a vectorized
//! loop's lanes travel as one vector). What the unloader cannot recompute
//! (a store whose guard, index or loop bound is data) is a located error.

use crate::channel::isolate::build::{
    argument_map, declare_channel, new_kernel, read, shape_text, space_coords, write,
};
use crate::channel::isolate::frame::{Access, Frame};
use crate::channel::isolate::pes::{common, describe, fixed_coordinates, Fixed};
use crate::channel::isolate::slice::{clone_op, is_pure_index_op, Condition};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{BlockLike, RegionLike};
use melior::Context;
use std::collections::{HashMap, HashSet};
use t2s_ir::array::ArrayInfo;
use t2s_ir::diag::OrInternal;
use t2s_ir::diag::{error, remark};
use t2s_ir::emit::Emitter;
use t2s_ir::handle::{AsBlk, AsOp, Blk, Op, Val};
use t2s_ir::ir;
use t2s_ir::ods;
use t2s_ir::ops::spacetime::output_parts;
use t2s_ir::ops::spacetime::stores_to;
use t2s_ir::ops::ure::{IntoKernel, UnloadOp};
use t2s_ir::ops::View;
use t2s_ir::pass::{Anchor, Failed, NoOptions};

t2s_ir::declare_pass! {
    /// Move a drainer's stores of the output into an unloader kernel, fed by
    /// FIFOs from the drainer (ure.unload)
    pub static PASS = "unload" (Unload)
        on Anchor::Program, creates ["channel", "scf", "arith"],
        run unload_program;
}

fn unload_program(program: OperationRef<'_, '_>, _: &NoOptions) -> Result<(), Failed> {
    let directives: Vec<_> = ir::body_ops(&program, 0)
        .into_iter()
        .filter(|op| ods::is(op, ods::ure::UnloadOperation::name()))
        .collect();
    let mut result = Ok(());
    for directive in &directives {
        result = result.and(unload(program, directive));
    }
    if result.is_ok() {
        for directive in directives {
            // SAFETY: the op has no uses left, and nothing refers to it after this.
            unsafe { ir::erase(directive) };
        }
    }
    result
}

/// The collector's array: the one of `channel.kernel @name`.
fn collector_array<'c, 'a>(
    program: OperationRef<'c, 'a>,
    directive: &OperationRef<'c, 'a>,
    name: &str,
) -> Result<OperationRef<'c, 'a>, Failed> {
    let Some(kernel) = ir::kernel(&program, name) else {
        return Err(error(
            directive.location(),
            format!("there is no kernel @{name} to unload: the isolate pass creates it from ure.isolate_consumer (t2s-isolate runs isolate, vectorize and gather before unload)"),
        ));
    };
    ir::array_in(&kernel).ok_or_else(|| {
        error(
            directive.location(),
            format!("kernel @{name} holds no spacetime.array to unload"),
        )
    })
}

fn unload(program: OperationRef<'_, '_>, directive: &OperationRef<'_, '_>) -> Result<(), Failed> {
    let view = UnloadOp::cast(*directive).or_internal("a ure.unload")?;
    let (func, collector) = (view.func(), view.collector());
    let (kernel, depth) = (view.kernel(), view.depth());
    let array = collector_array(program, directive, &collector)?;
    let context_ref = program.context();
    // SAFETY: the context outlives the pass run; `context_ref` this function.
    let context: &Context = unsafe { context_ref.to_ref() };
    let frame = Frame {
        context,
        program,
        array,
        body: ir::body_block(&array).or_internal("a body block")?.blk(),
        info: ArrayInfo::read(&array)?,
        kernels: HashSet::from([kernel.clone()]),
    };
    let stores: Vec<Op> = ir::collect(array, ods::spacetime::OutputOperation::name())
        .into_iter()
        .filter(|s| stores_to(s, &func))
        .map(|s| s.handle())
        .collect();
    if stores.is_empty() {
        return Err(error(
            directive.location(),
            format!("@{collector} does not store @{func}: there is nothing to unload"),
        ));
    }
    let accesses: Vec<Access> = stores
        .iter()
        .map(|s| store_access(&frame, *s, &collector, &kernel))
        .collect::<Result<_, _>>()?;
    let fixed: Vec<Vec<Fixed>> = accesses
        .iter()
        .map(|a| fixed_coordinates(&frame, a))
        .collect();
    let channels = declare_channels(&frame, &stores, &fixed, &kernel, &func, depth)?;
    // A PE the stores fix is the only one the unloader needs, unless the
    // collector evaluates other PEs along that coordinate (`at`, after a
    // gather): their schedule is the array's, which narrowing would change.
    let kept: Vec<Fixed> = common(&fixed)
        .into_iter()
        .filter(|(c, _)| !evaluates_elsewhere(&frame, frame.info.time.len() + c))
        .collect();
    build_unloader(&frame, directive, &kernel, &kept, &channels, &fixed)?;
    send_stores(&frame, &stores, &channels, &fixed);
    for (chans, f) in channels.iter().zip(&fixed) {
        let list: Vec<String> = chans.iter().map(|c| format!("@{c}")).collect();
        let shape: Vec<i64> = fifo_dims(&frame, f)
            .iter()
            .map(|c| frame.info.space[*c].pe_extent())
            .collect();
        remark(
            directive.location(),
            format!(
                "@{kernel} receives @{func} from @{collector}{} through {}{} and stores it, in @{collector}'s order",
                describe(&frame.info, f),
                list.join(", "),
                shape_text(&shape)
            ),
        );
    }
    Ok(())
}

/// One channel array per value of each store, over the PEs the store does
/// not fix.
fn declare_channels(
    frame: &Frame<'_, '_>,
    stores: &[Op],
    fixed: &[Vec<Fixed>],
    kernel: &str,
    func: &str,
    depth: i64,
) -> Result<Vec<Vec<String>>, Failed> {
    let mut names = HashSet::new();
    let mut channels = Vec::new();
    for (store, f) in stores.iter().zip(fixed) {
        let mut per_store = Vec::new();
        for value in output_parts(&store.op()).values {
            let shape: Vec<i64> = fifo_dims(frame, f)
                .iter()
                .map(|c| frame.info.space[*c].pe_extent())
                .collect();
            per_store.push(declare_channel(
                frame,
                kernel,
                func,
                value.r#type(),
                depth,
                &shape,
                &mut names,
            )?);
        }
        channels.push(per_store);
    }
    Ok(channels)
}

/// The collector sends what it stored, where it stored it, instead of
/// storing it.
fn send_stores(
    frame: &Frame<'_, '_>,
    stores: &[Op],
    channels: &[Vec<String>],
    fixed: &[Vec<Fixed>],
) {
    let coords = space_coords(frame, frame.body);
    for ((store, chans), f) in stores.iter().zip(channels).zip(fixed) {
        let at = Emitter::new(frame.context, store.location(), frame.body).before_op(*store);
        let index = fifo_index(&at, frame, &coords, f);
        let values = output_parts(&store.op()).values;
        for (value, channel) in values.iter().zip(chans) {
            write(&at, channel, &index, *value);
        }
        // SAFETY: the store has no results, and nothing refers to it after this.
        unsafe { store.erase() };
    }
}

/// A store and the `scf.if` conditions around it; the ops around it must
/// be `scf.if`s and `scf.for`s that yield nothing (the unloader runs them
/// too).
fn store_access(
    frame: &Frame<'_, '_>,
    store: Op,
    collector: &str,
    kernel: &str,
) -> Result<Access, Failed> {
    let mut guards: Vec<Condition> = Vec::new();
    let mut current = store;
    while let Some(block) = current.block() {
        if block == frame.body {
            return Ok(Access {
                op: store,
                guards,
                uses: None,
                slice: HashSet::new(),
                flag: None,
            });
        }
        let Some(parent) = block.parent_op() else {
            break;
        };
        let name = parent.name();
        let is_if = name == ods::scf::IfOperation::name();
        if !(is_if || name == ods::scf::ForOperation::name()) || parent.num_results() > 0 {
            return Err(error(
                store.location(),
                format!("cannot unload this store of @{collector} into @{kernel}: it sits in a region of '{name}' that the unloader cannot run (only scf.if and scf.for without results)"),
            ));
        }
        if is_if {
            if let Some(condition) = parent.operand(0) {
                guards.push((condition, block.region_number() == Some(0)));
            }
        }
        current = parent;
    }
    Err(error(
        store.location(),
        format!("cannot unload this store of @{collector} into @{kernel}: it is not inside the collector's array"),
    ))
}

/// Whether an op of the collector evaluates coordinate `position` at
/// another value than its own (`spacetime.recover at`, `scheduled at`,
/// `output ... at`).
fn evaluates_elsewhere(frame: &Frame<'_, '_>, position: usize) -> bool {
    let own = frame.body.argument(position);
    all_ops(frame.body).into_iter().any(|op| {
        let name = op.name();
        let at = if name == ods::spacetime::OutputOperation::name() {
            output_parts(&op.op()).at
        } else if t2s_ir::op_in!(
            name.as_str(),
            ods::spacetime::RecoverOperation | ods::spacetime::ScheduledOperation
        ) {
            op.operands()
        } else {
            return false;
        };
        at.get(position).is_some_and(|v| Some(*v) != own)
    })
}

/// The space coordinates that index an unloader's FIFO: those the stores
/// do not fix, that are not vector lanes and that take several values.
fn fifo_dims(frame: &Frame<'_, '_>, fixed: &[Fixed]) -> Vec<usize> {
    (0..frame.info.space.len())
        .filter(|c| {
            let bound = &frame.info.space[*c];
            !fixed.iter().any(|(f, _)| f == c) && !bound.vectorized && bound.pe_extent() != 1
        })
        .collect()
}

fn fifo_index(e: &Emitter<'_>, frame: &Frame<'_, '_>, coords: &[Val], fixed: &[Fixed]) -> Vec<Val> {
    fifo_dims(frame, fixed)
        .into_iter()
        .map(|c| {
            let min = frame.info.space[c].min;
            if min == 0 {
                coords[c]
            } else {
                e.sub(coords[c], e.index(min))
            }
        })
        .collect()
}

/// The unloader: a copy of the collector's array (the PEs of `kept`)
/// whose body keeps only the stores, what they need, and the reads of
/// the FIFOs that bring their values.
fn build_unloader(
    frame: &Frame<'_, '_>,
    directive: &OperationRef<'_, '_>,
    kernel: &str,
    kept: &[Fixed],
    channels: &[Vec<String>],
    fixed: &[Vec<Fixed>],
) -> Result<(), Failed> {
    let (body, coords) = new_kernel(frame, kernel, directive.location(), kept)?;
    let e = Emitter::new(frame.context, directive.location(), body);
    let mut map: HashMap<usize, Val> = argument_map(frame.body, body);
    for op in frame.body.ops() {
        let copy = clone_op(&e, op, &map);
        for (old, new) in op.results().into_iter().zip(copy.results()) {
            map.insert(old.key(), new);
        }
    }
    let func = UnloadOp::cast(*directive)
        .map(|u| u.func())
        .unwrap_or_default();
    let parent = body.parent_op().or_internal("a parent op")?;
    let copies: Vec<Op> = ir::collect(parent.op(), ods::spacetime::OutputOperation::name())
        .into_iter()
        .filter(|s| stores_to(s, &func))
        .map(|s| s.handle())
        .collect();
    let mut live = HashSet::new();
    let mut reads = HashSet::new();
    for ((copy, chans), f) in copies.iter().zip(channels).zip(fixed) {
        let at = Emitter::new(frame.context, copy.location(), body).before_op(*copy);
        let index = fifo_index(&at, frame, &coords, f);
        for (n, channel) in chans.iter().enumerate() {
            let value = copy.operand(n).or_internal("an operand of the op")?;
            let received = read(&at, channel, &index, value.r#type());
            copy.set_operand(n, received);
            if let Some(op) = received.defining_op() {
                reads.insert(op.key());
            }
        }
        mark_live(*copy, body, &mut live);
    }
    prune(body, &live);
    check_recomputable(body, &reads, kernel)
}

/// Marks `op`, the ops computing its operands, the ops around it up to
/// `body` and the terminators of their regions' blocks.
fn mark_live(op: Op, body: Blk, live: &mut HashSet<usize>) {
    if !live.insert(op.key()) {
        return;
    }
    for operand in op.operands() {
        if let Some(def) = operand.defining_op() {
            mark_live(def, body, live);
        }
    }
    // Every block of a kept region keeps its terminator (an scf.if's empty
    // else block too).
    for block in region_blocks(op) {
        if let Some(terminator) = block.terminator() {
            mark_live(terminator, body, live);
        }
    }
    if let Some(block) = op.block() {
        if block != body {
            if let Some(parent) = block.parent_op() {
                mark_live(parent, body, live);
            }
        }
    }
}

/// The blocks of `op`'s regions.
fn region_blocks(op: Op) -> Vec<Blk> {
    let op = op.op();
    let mut blocks = Vec::new();
    for index in 0..op.region_count() {
        let Ok(region) = op.region(index) else {
            continue;
        };
        let mut block = region.first_block();
        while let Some(b) = block {
            blocks.push(b.blk());
            block = b.next_in_region();
        }
    }
    blocks
}

/// Every op of `body` (nested ones after their parent).
fn all_ops(body: Blk) -> Vec<Op> {
    let mut ops = Vec::new();
    for op in body.ops() {
        op.op()
            .walk(melior::ir::operation::WalkOrder::PreOrder, |nested| {
                ops.push(nested.handle());
                melior::ir::operation::WalkResult::Advance
            });
    }
    ops
}

/// Erases the ops of `body` that are not `live`, users before what they
/// use and nested ops before their parents.
fn prune(body: Blk, live: &HashSet<usize>) {
    for op in all_ops(body).into_iter().rev() {
        if !live.contains(&op.key()) {
            // SAFETY: every user of a dead op is dead and comes later in
            // the walk, so it is erased already; nothing refers to it after.
            unsafe { op.erase() };
        }
    }
}

/// Fails at the first op the unloader kept that reads data: when or where
/// the collector stores would then depend on values only it has.
fn check_recomputable(body: Blk, reads: &HashSet<usize>, kernel: &str) -> Result<(), Failed> {
    for op in all_ops(body) {
        let name = op.name();
        let allowed = is_pure_index_op(&name) && op.num_regions() == 0
            || reads.contains(&op.key())
            || t2s_ir::op_in!(
                name.as_str(),
                ods::scf::IfOperation
                    | ods::scf::ForOperation
                    | ods::scf::YieldOperation
                    | ods::spacetime::OutputOperation
            );
        if !allowed {
            return Err(error(
                op.location(),
                format!("cannot unload into @{kernel}: when or where this store happens depends on a value of '{name}', which the unloader does not have"),
            ));
        }
    }
    Ok(())
}
