//! The rewriting half of `spacetime-to-scf`: clones the PE body of a
//! `spacetime.array` into the time loops and rewrites only `spacetime` and
//! `ure` ops; every other op (arith, math, scf, ...) is cloned unchanged.
//!
//! - `spacetime.recover` -> the `recover` map over the coordinates;
//! - `spacetime.scheduled` -> the recovered indices within the loop bounds;
//! - `spacetime.read`/`write` -> loads/stores of the register file's buffer:
//!   a rotating slot `(step - delay) mod slots`, or, for shifted files of
//!   unrolled PEs, slot `delay` with a shift of every slot after each step;
//! - `spacetime.output` -> a store into the output buffer, keeping the point
//!   last in loop order when the output drops loops;
//! - `ure.load` -> `memref.load` of the input, clamped unless the enclosing
//!   `spacetime.scheduled` guard proves the indices in bounds
//!   (`spacetime_loads`);
//! - `ure.param_value` -> the parameter's function argument.

use crate::spacetime_to_scf::lowered::{in_range, recover_at, Lowered, PeFrame};
use crate::spacetime_to_scf::registers::FileStorage;
use melior::ir::{
    attribute::IntegerAttribute,
    block::BlockLike,
    operation::{OperationLike, OperationRef},
    r#type::IntegerType,
    Attribute, BlockRef, Type, ValueLike,
};
use std::collections::HashMap;
use t2s_ir::diag::error;
use t2s_ir::diag::OrInternal;
use t2s_ir::emit::Emitter;
use t2s_ir::handle::{AsOp, AsVal, Op, Val};
use t2s_ir::ir;
use t2s_ir::ods;
use t2s_ir::pass::Failed;

use t2s_ir::array::{ArrayInfo, Bound};

/// Clones the ops of `body` at `e`, with the block arguments mapped to
/// `coords` and the buffer arguments to their storage; returns the clones.
/// Register-file operands keep pointing to the array's arguments: the
/// rewrite looks them up in its files.
pub fn clone_body(
    e: &Emitter<'_>,
    body: BlockRef<'_, '_>,
    coords: &[Val],
    buffers: &[crate::spacetime_to_scf::buffers::BufferStorage],
) -> Result<Vec<Op>, Failed> {
    let mut map: HashMap<usize, Val> = HashMap::new();
    for (i, c) in coords.iter().enumerate() {
        let arg = body.argument(i).or_internal("a block argument")?;
        map.insert(arg.val().key(), *c);
    }
    for b in buffers {
        map.insert(b.arg.key(), b.memref);
    }
    let mut clones = Vec::new();
    for op in ir::ops(body) {
        let op = op.handle();
        let clone = e.clone_op(op, |v| map.get(&v.key()).copied());
        for (old, new) in op.results().into_iter().zip(clone.results()) {
            map.insert(old.key(), new);
        }
        clones.push(clone);
    }
    Ok(clones)
}

/// Every op nested in `ops` (pre-order), collected before rewriting.
fn nested_ops(ops: &[Op]) -> Vec<Op> {
    let mut all = Vec::new();
    for op in ops {
        op.op()
            .walk(melior::ir::operation::WalkOrder::PreOrder, |nested| {
                all.push(nested.handle());
                melior::ir::operation::WalkResult::Advance
            });
    }
    all
}

/// Rewrites the `spacetime` and `ure` ops of one cloned PE body.
pub fn rewrite_pe(
    e: &Emitter<'_>,
    cloned: &[Op],
    info: &ArrayInfo,
    frame: &PeFrame<'_>,
    files: &HashMap<usize, FileStorage>,
    lowered: &Lowered<'_>,
    stamps: Option<Val>,
) -> Result<(), Failed> {
    let Some(&first) = cloned.first() else {
        return Ok(());
    };
    // The original indices, computed once at the top of the PE.
    let top = e.before_op(first);
    let recovered: Vec<Val> = info
        .recover
        .iter()
        .map(|row| crate::spacetime_to_scf::vector::affine_lanes(&top, row, frame.coords))
        .collect();
    let ops = nested_ops(cloned);
    let guarded = crate::spacetime_to_scf::loads::proven_loads(&ops, info);
    let pe = Pe {
        info,
        frame,
        files,
        lowered,
        stamps,
        recovered: &recovered,
        vector_loads: crate::spacetime_to_scf::vector::vector_loads(&ops, info, &guarded),
        vector_stores: crate::spacetime_to_scf::vector_output::vector_stores(
            &ops,
            info,
            lowered,
            frame.coords,
        ),
        guarded,
    };
    for op in ops {
        let op_ref = op.op();
        let here = e.before_op(op).located(op_ref.location());
        let values = match rewrite_op(&here, op, &pe)? {
            Rewritten::Kept => continue,
            Rewritten::Emitted => Vec::new(),
            Rewritten::Values(values) => values,
        };
        for (r, value) in values.into_iter().enumerate() {
            replace_result(&op_ref, r, value)?;
        }
        // SAFETY: the op has no uses left, and nothing refers to it after this.
        unsafe { ir::erase(op_ref) };
    }
    Ok(())
}

/// What one PE's rewrite reads.
struct Pe<'p, 'c> {
    info: &'p ArrayInfo,
    frame: &'p PeFrame<'p>,
    files: &'p HashMap<usize, FileStorage>,
    lowered: &'p Lowered<'c>,
    stamps: Option<Val>,
    /// The original indices of the PE's point.
    recovered: &'p [Val],
    /// The loads whose indices the `spacetime.scheduled` guards prove
    /// inside, with the ranges proven.
    guarded: HashMap<usize, Vec<Option<(i64, i64)>>>,
    vector_loads: HashMap<usize, crate::spacetime_to_scf::vector::VectorLoad>,
    vector_stores: HashMap<usize, crate::spacetime_to_scf::vector_output::VectorStore>,
}

/// What replaces one op of the PE body.
enum Rewritten {
    /// Its results are these values; the op goes.
    Values(Vec<Val>),
    /// What it does is emitted before it; the op goes.
    Emitted,
    /// The op stays (maybe with its fastmath flags set).
    Kept,
}

/// The rewrite of `op`, emitted at `here` (before it).
fn rewrite_op(here: &Emitter<'_>, op: Op, pe: &Pe<'_, '_>) -> Result<Rewritten, Failed> {
    let op_ref = op.op();
    let (info, lowered) = (pe.info, pe.lowered);
    let one = |v: Val| Ok(Rewritten::Values(vec![v]));
    t2s_ir::op_match!(ir::name(&op_ref), {
        ods::spacetime::RecoverOperation if op_ref.operand_count() > 0 => {
            let at: Vec<Val> = op_ref.operands().map(|v| v.val()).collect();
            Ok(Rewritten::Values(recover_at(here, info, &at)))
        },
        ods::spacetime::ScheduledOperation if op_ref.operand_count() > 0 => {
            let at: Vec<Val> = op_ref.operands().map(|v| v.val()).collect();
            let rec = recover_at(here, info, &at);
            let valid = in_box(here, &rec, &info.loops, &lowered.loop_extents);
            one(lanes_like(here, &op_ref, valid)?)
        },
        ods::spacetime::RecoverOperation => Ok(Rewritten::Values(pe.recovered.to_vec())),
        ods::spacetime::ScheduledOperation => {
            let valid = in_box(here, pe.recovered, &info.loops, &lowered.loop_extents);
            one(lanes_like(here, &op_ref, valid)?)
        },
        ods::spacetime::ReadOperation => one(crate::spacetime_to_scf::registers::read(
            here, &op_ref, info, pe.frame, pe.files,
        )?),
        ods::spacetime::WriteOperation => {
            crate::spacetime_to_scf::registers::write(here, &op_ref, info, pe.frame, pe.files)?;
            Ok(Rewritten::Emitted)
        },
        ods::spacetime::OutputOperation if pe.vector_stores.contains_key(&{ op.key() }) => {
            let store = &pe.vector_stores[&{ op.key() }];
            crate::spacetime_to_scf::vector_output::store_rows(
                here, &op_ref, store, info, pe.recovered, lowered, pe.stamps,
            )?;
            Ok(Rewritten::Emitted)
        },
        ods::spacetime::OutputOperation => {
            crate::spacetime_to_scf::output::output(
                here, &op_ref, info, pe.recovered, lowered, pe.stamps,
            )?;
            Ok(Rewritten::Emitted)
        },
        ods::ure::LoadOperation if pe.vector_loads.contains_key(&{ op.key() }) => {
            let load = &pe.vector_loads[&{ op.key() }];
            let inside =
                crate::spacetime_to_scf::vector::proven_inside(&op_ref, lowered, &load.ranges);
            one(crate::spacetime_to_scf::vector::load_lanes(
                here,
                &op_ref,
                lowered,
                load.strides.as_ref(),
                inside,
            )?)
        },
        ods::ure::LoadOperation => {
            let ranges = pe.guarded.get(&{ op.key() }).cloned();
            one(crate::spacetime_to_scf::loads::load(here, &op_ref, lowered, ranges)?)
        },
        ods::channel::ReadLanesOperation | ods::channel::WriteLanesOperation => {
            t2s_transforms::channel::lanes::unroll(here, &op_ref)?;
            Ok(Rewritten::Emitted)
        },
        ods::ure::ParamValueOperation => {
            let name = t2s_ir::ops::ure::param_of(&op_ref).unwrap_or_default();
            let value = *lowered
                .params
                .get(&name)
                .ok_or_else(|| error(op_ref.location(), format!("no ure.param @{name}")))?;
            one(value)
        },
        _ => {
            set_fastmath(here, &op_ref, lowered);
            Ok(Rewritten::Kept)
        },
    })
}

/// `valid` (a scalar or lanes) with the lanes of the result of `op` (a
/// `spacetime.scheduled` of a vectorized PE).
fn lanes_like(here: &Emitter<'_>, op: &OperationRef<'_, '_>, valid: Val) -> Result<Val, Failed> {
    let ty = op.result(0).or_internal("a result of the op")?.r#type();
    Ok(match t2s_ir::lanes::shape_of(ty) {
        Some(shape) => t2s_ir::lanes::splat(here, valid, &shape),
        None => valid,
    })
}

/// The op's own fastmath property (arith and math ops that take one),
/// which LLVM's lowering reads, set to the pass's `fastmath`.
fn set_fastmath(e: &Emitter<'_>, op: &OperationRef<'_, '_>, lowered: &Lowered<'_>) {
    if lowered.fastmath.is_empty() || !ir::has_inherent(op, "fastmath") {
        return;
    }
    if let Some(flags) =
        Attribute::parse(e.context, &format!("#arith.fastmath<{}>", lowered.fastmath))
    {
        ir::set_inherent(*op, "fastmath", flags);
    }
}

fn replace_result(op: &OperationRef<'_, '_>, index: usize, with: Val) -> Result<(), Failed> {
    let old = op.result(index).or_internal("a result of the op")?.val();
    old.replace_all_uses_with(with);
    Ok(())
}

/// `min <= v < min + extent` for every (value, loop); lane-wise where a
/// value is a vector.
fn in_box(e: &Emitter<'_>, values: &[Val], loops: &[Bound], extents: &[Val]) -> Val {
    let i1: Type = IntegerType::new(e.context, 1).into();
    let mut all = None;
    for ((v, l), extent) in values.iter().zip(loops).zip(extents) {
        let ok = in_range(e, *v, l.min, *extent);
        all = Some(match all {
            None => ok,
            Some(a) => t2s_ir::lanes::and_lanes(e, a, ok),
        });
    }
    all.unwrap_or_else(|| {
        let attr = IntegerAttribute::new(i1, 1).into();
        e.constant_attribute(attr)
    })
}
