//! `gather`: T2S's `F.gather(A, i, GatherStrategy)` (gathering.md) on a
//! kernel whose PEs each receive values of `@A` through a channel read.
//!
//! `ure.gather @K (@A, i, down)`: instead of every PE along the space loop
//! `i` storing what it reads, the PEs pass the values along the loop
//! through a new FIFO array, one FIFO per PE, and the PE at the end of the
//! chain (the first along `i` for `down`, the last for `up`) stores all of
//! them. Each PE runs the count loop of the document's Code 2:
//!
//! ```text
//! for t = i .. I-1 (down; up: t = 0 .. i)
//!   tmp = t == i ? <the PE's own read> : read FIFO[i + 1]   (up: i - 1)
//!   if i is the end: store tmp as the PE t would (`spacetime.output ... at`)
//!   else:            write FIFO[i], tmp
//! ```
//!
//! The read's conditions must be computed from the coordinates. When they
//! are the same on every PE along `i`, the loop replaces the store where it
//! is; when they differ along `i` (a skewed array's CheckTime), the loop
//! runs at the end of the PE body with each iteration under PE `t`'s
//! conditions (`rewrite_guarded`). The PEs of a step run in the chain's
//! order (`descending` for `down`), so the kernel runs on one thread.

use crate::channel::chain::{Chain, DATA_NOTE};
use crate::channel::gather::access::{find_read, op_location, the_store};
use crate::channel::isolate::build::{read, write};
use crate::channel::isolate::slice::{
    add_to_slice, clone_op, combine, enclosing_conditions, Condition, NotComputable,
};
use melior::ir::{
    block::BlockLike,
    operation::{OperationLike, OperationRef},
    RegionLike, ValueLike,
};
use std::collections::{HashMap, HashSet};
use t2s_ir::diag::OrInternal;
use t2s_ir::diag::{error, remark};
use t2s_ir::emit::{Emitter, CMPI_EQ};
use t2s_ir::handle::{AsOp, AsVal, Blk, Op, Val};
use t2s_ir::ir;
use t2s_ir::ods;
use t2s_ir::ops::spacetime::{output_parts, OutputParts};
use t2s_ir::pass::{Anchor, Failed, NoOptions};

t2s_ir::declare_pass! {
    /// Pass the values that the PEs along a space loop receive to one PE at the
    /// end of the loop, through FIFOs between neighbours (ure.gather)
    pub static PASS = "gather" (Gather)
        on Anchor::Program, creates ["channel", "scf", "arith", "spacetime"],
        run gather_program;
}

fn gather_program(program: OperationRef<'_, '_>, _: &NoOptions) -> Result<(), Failed> {
    crate::channel::chain::run_directives(program, ods::ure::GatherOperation::name(), |chain| {
        gather(&chain)
    })
}

fn gather(chain: &Chain<'_, '_>) -> Result<(), Failed> {
    let Some(dim) = chain.space_dim() else {
        return Err(error(
            chain.location,
            format!(
                "cannot gather along '{}': it is not a space loop of @{} (its space loops: {})",
                chain.loop_name,
                chain.name,
                chain.space_names()
            ),
        ));
    };
    if chain.info.space[dim].vectorized {
        return crate::channel::gather::lanes::gather_lanes(chain, dim);
    }
    // Vectorized along other loops: the PEs along `i` read and pass whole
    // vectors, each lane under its mask, which differs along `i` in
    // general; the guarded chain carries them.
    let lanes = chain.info.space.iter().any(|s| s.vectorized);
    let op_name = if lanes {
        ods::channel::ReadLanesOperation::name()
    } else {
        ods::channel::ReadOperation::name()
    };
    let access = find_read(chain, op_name)?;
    let (conditions, varies) = check_conditions(chain, access, dim)?;
    let store = the_store(chain, access, lanes)?;
    chain.set_order(dim)?;
    // The guarded chain recomputes the read's conditions (and a lane-wise
    // read's mask) for each PE it counts; the plain one stays where the
    // store is, under the conditions, which are every PE's.
    let fifo = if varies || lanes {
        rewrite_guarded(chain, dim, access, store, &conditions)?
    } else {
        rewrite(chain, dim, access, store)?
    };
    let s = &chain.info.space[dim];
    let end = if chain.down {
        s.min
    } else {
        s.min + s.pe_extent() - 1
    };
    remark(
        chain.location,
        format!(
            "gathered @{} along '{}' ({}): the PE at {} = {end} stores the values of the {} PEs along it, passed from PE to PE through @{fifo}",
            chain.source,
            chain.loop_name,
            chain.strategy(),
            chain.loop_name,
            s.pe_extent()
        ),
    );
    Ok(())
}

/// The read must run under `scf.if`s only, on conditions computed from the
/// coordinates, so that every PE can tell at which steps the others send.
/// Returns the conditions, and whether they differ along the loop (the
/// chain is then guarded by them, `rewrite_guarded`).
fn check_conditions(
    chain: &Chain<'_, '_>,
    access: Op,
    dim: usize,
) -> Result<(Vec<Condition>, bool), Failed> {
    let at = op_location(access);
    let what = format!("the read of @{} in @{}", chain.source, chain.name);
    let conditions = enclosing_conditions(access, chain.body).map_err(|why| {
        chain.directive_error(
            at,
            format!("cannot gather {what}: it is inside a region that is not an scf.if; the PEs along the chain must all send at the same steps"),
            why,
            DATA_NOTE,
        )
    })?;
    let coordinate = chain.info.time.len() + dim;
    let mut varies = false;
    for (condition, _) in &conditions {
        add_to_slice(*condition, chain.body, &mut HashSet::new()).map_err(|why| {
            chain.directive_error(
                at,
                format!("cannot gather {what}: it runs under a condition computed from data, so the PEs along '{}' cannot tell when the others send", chain.loop_name),
                why,
                DATA_NOTE,
            )
        })?;
        varies |= chain.varies_along(*condition, coordinate).is_some();
    }
    // Along a loop of symbolic extent the PEs past the run-time extent
    // idle: the chain counts only the PEs whose conditions hold (whether
    // a PE is scheduled varies along the loop).
    let name = &chain.info.space[dim].name;
    let symbolic = chain
        .info
        .loops
        .iter()
        .any(|l| &l.name == name && !l.extent.is_const());
    Ok((conditions, varies || symbolic))
}

/// Replaces the store by the count loop of the chain; returns the FIFOs'
/// name.
fn rewrite<'c>(chain: &Chain<'c, '_>, dim: usize, access: Op, store: Op) -> Result<String, Failed> {
    let (value, store_ref) = (access.result(0).expect("a result"), store.op());
    let ty = t2s_ir::lanes::type_of(value);
    let s = &chain.info.space[dim];
    let (min, extent) = (s.min, s.pe_extent());
    // A PE passes on at most `extent - 1` values per step, and its reader
    // runs after it in the step.
    let fifo = chain.declare_fifo("gather", ty, extent)?;
    let block = store.block().expect("an op in a block");
    let e = Emitter::new(chain.context, store_ref.location(), block).before_op(store);
    let (c, me, is_end, body, t) = count_loop(chain, &e, dim, min, extent);
    let inner = e.at(body);
    let mine = inner.cmpi(CMPI_EQ, t, me);
    let (then, other, passed) = inner.if_else(mine, &[ty]);
    let passed = passed[0];
    inner.at(then).yield_values(&[value]);
    let step = Step {
        dim,
        fifo: &fifo,
        is_end,
        c,
        t,
    };
    pass_or_store(chain, &inner, &step, other, passed, store_ref)?;
    e.finish_scf_block(body);
    // SAFETY: the op has no uses left, and nothing refers to it after this.
    unsafe { ir::erase(store_ref) };
    Ok(fifo)
}

/// The chain when the read's conditions `f` differ along the loop (a
/// skewed array's CheckTime): PE `t` sends only at the steps where `f(t)`
/// holds, which every PE recomputes, so the count loop runs at the end of
/// the PE body, outside the read's conditions, each iteration under
/// `f(t)`. PE `i`'s own read moves into its turn (`t == i`, where
/// `f(t) = f(i)`: it runs exactly when it did).
fn rewrite_guarded<'c>(
    chain: &Chain<'c, '_>,
    dim: usize,
    access: Op,
    store: Op,
    conditions: &[Condition],
) -> Result<String, Failed> {
    let (access_ref, store_ref) = (access.op(), store.op());
    let ty = access_ref
        .result(0)
        .or_internal("a result of the op")?
        .r#type();
    let s = &chain.info.space[dim];
    let (min, extent) = (s.min, s.pe_extent());
    let fifo = chain.declare_fifo("gather", ty, extent)?;
    let e = Emitter::new(chain.context, store_ref.location(), chain.body);
    let (c, me, is_end, body, t) = count_loop(chain, &e, dim, min, extent);
    let inner = e.at(body);
    let cannot = |why| {
        chain.directive_error(
            access_ref.location(),
            format!(
                "cannot gather the read of @{} in @{}: its condition (or its lanes' mask) is computed from data, so the PEs along '{}' cannot recompute when the others send",
                chain.source, chain.name, chain.loop_name
            ),
            why,
            DATA_NOTE,
        )
    };
    let when = turn_condition(chain, &inner, access_ref, conditions, (c, t)).map_err(cannot)?;
    // Without conditions or a mask the chain runs at every step.
    let active = when.map(|when| inner.if_then(when));
    let work = active.map_or(inner.at(body), |a| inner.at(a));
    let mine = work.cmpi(CMPI_EQ, t, me);
    let (then, other, passed) = work.if_else(mine, &[ty]);
    let passed = passed[0];
    let own = work.at(then);
    let mut at_me = HashMap::new();
    let operands: Vec<Val> = access_ref.operands().map(|o| o.val()).collect();
    chain
        .clone_at(&own, &operands, &chain.coordinates(), &mut at_me)
        .map_err(cannot)?;
    let read_own = clone_op(&own, access, &at_me);
    let read_own = read_own.result(0).expect("a result");
    own.yield_values(&[read_own]);
    let step = Step {
        dim,
        fifo: &fifo,
        is_end,
        c,
        t,
    };
    pass_or_store(chain, &work, &step, other, passed, store_ref)?;
    if let Some(active) = active {
        work.finish_scf_block(active);
    }
    e.finish_scf_block(body);
    let parent = access.parent();
    // SAFETY: the op has no uses left, and nothing refers to it after this.
    unsafe { ir::erase(store_ref) };
    // SAFETY: the op has no uses left, and nothing refers to it after this.
    unsafe { ir::erase(access_ref) };
    if let Some(parent) = parent {
        erase_empty_ifs(parent, chain.array.handle());
    }
    Ok(fifo)
}

/// When PE `t` (count `c`) of the count loop has something to send: the
/// read's conditions and, for a lane-wise read, any lane of its mask, all
/// computed at PE `t`; none when it always has.
fn turn_condition<'c>(
    chain: &Chain<'c, '_>,
    inner: &Emitter<'c>,
    access_ref: OperationRef<'_, '_>,
    conditions: &[Condition],
    (c, t): (usize, Val),
) -> Result<Option<Val>, NotComputable> {
    let mut at_t = HashMap::new();
    // A lane-wise read's mask: PE t sends when any of its lanes read.
    let mask: Vec<Val> = t2s_ir::ops::channel::lane_access(&access_ref)
        .and_then(|a| a.mask)
        .into_iter()
        .collect();
    let needed: Vec<Val> = conditions
        .iter()
        .map(|(v, _)| *v)
        .chain(mask.clone())
        .collect();
    chain.clone_at(inner, &needed, &chain.coordinates_with(c, t), &mut at_t)?;
    let any = mask
        .first()
        .map(|m| t2s_ir::lanes::any_lane(inner, at_t.get(&{ m.key() }).copied().unwrap_or(*m)));
    Ok(match (combine(inner, conditions, &at_t, true), any) {
        (Some(a), Some(b)) => Some(inner.andi(a, b)),
        (a, b) => a.or(b),
    })
}

/// The count loop `t` over the PEs from this one to the chain's start
/// (down: `t = i .. end`; up: `t = min .. i`): the coordinate's position,
/// this PE's coordinate, whether this PE is the end, the body and `t`.
fn count_loop(
    chain: &Chain<'_, '_>,
    e: &Emitter<'_>,
    dim: usize,
    min: i64,
    extent: i64,
) -> (usize, Val, Val, Blk, Val) {
    let c = chain.info.time.len() + dim;
    let me = chain.coordinate(c);
    let (end, lb, ub) = if chain.down {
        (min, me, e.index(min + extent))
    } else {
        (min + extent - 1, e.index(min), e.add(me, e.index(1)))
    };
    let is_end = e.cmpi(CMPI_EQ, me, e.index(end));
    let (body, t) = e.for_loop(lb, ub);
    (c, me, is_end, body, t)
}

/// Where an iteration of the count loop is: the chain's loop and FIFOs,
/// whether this PE is the end, the coordinate and its value `t`.
struct Step<'f> {
    dim: usize,
    fifo: &'f str,
    is_end: Val,
    c: usize,
    t: Val,
}

/// The rest of an iteration once PE t's own value is yielded in `mine`'s
/// then-block: the neighbour's value in `other`; then the end PE stores
/// `passed` as PE t would, and the others pass it on.
fn pass_or_store<'c>(
    chain: &Chain<'c, '_>,
    work: &Emitter<'c>,
    step: &Step<'_>,
    other: Blk,
    passed: Val,
    store: OperationRef<'c, '_>,
) -> Result<(), Failed> {
    let ty = t2s_ir::lanes::type_of(passed);
    let shift = if chain.down { 1 } else { -1 };
    let from = read(
        &work.at(other),
        step.fifo,
        &chain.fifo_index(&work.at(other), Some(step.dim), shift),
        ty,
    );
    work.at(other).yield_values(&[from]);
    let (stores, passes, _) = work.if_else(step.is_end, &[]);
    store_at(chain, &work.at(stores), store, passed, step.c, step.t)?;
    work.at(stores).yield_values(&[]);
    let to = work.at(passes);
    write(
        &to,
        step.fifo,
        &chain.fifo_index(&to, Some(step.dim), 0),
        passed,
    );
    to.yield_values(&[]);
    Ok(())
}

/// Erases the `scf.if`s, from `op` outwards up to `stop`, that the moved
/// read and store leave with nothing but their terminators.
fn erase_empty_ifs(mut op: Op, stop: Op) {
    while op != stop {
        let op_ref = op.op();
        let empty = ods::is(&op_ref, ods::scf::IfOperation::name())
            && op_ref.result_count() == 0
            && op_ref.regions().all(|r| {
                r.first_block().is_none_or(|b| {
                    b.first_operation()
                        .is_none_or(|o| ods::is(&o, ods::scf::YieldOperation::name()))
                })
            });
        if !empty {
            return;
        }
        let Some(parent) = op.parent() else { return };
        // SAFETY: an `scf.if` without results whose regions hold nothing
        // but `scf.yield`: nothing uses or refers to it.
        unsafe { op.erase() };
        op = parent;
    }
}

/// `spacetime.output %value to @A[indices at PE t] at (coordinates, t)`.
fn store_at<'c>(
    chain: &Chain<'c, '_>,
    e: &Emitter<'c>,
    store: OperationRef<'c, '_>,
    value: Val,
    c: usize,
    t: Val,
) -> Result<(), Failed> {
    let OutputParts { indices, mask, .. } = output_parts(&store);
    let at = chain.coordinates_with(c, t);
    let mut map = HashMap::new();
    let needed: Vec<Val> = indices.iter().chain(&mask).copied().collect();
    chain.clone_at(e, &needed, &at, &mut map).map_err(|why| {
        chain.not_computable(
            store.location(),
            format!("cannot gather this store of @{}: its indices or mask are not computed from the PE's coordinates alone", chain.source),
            why,
        )
    })?;
    let cloned = |v: &Val| map.get(&{ v.key() }).copied().unwrap_or(*v);
    let parts = OutputParts {
        values: vec![value],
        indices: indices.iter().map(cloned).collect(),
        mask: mask.as_ref().map(cloned),
        at,
    };
    t2s_ir::ops::spacetime::build_output(e, &chain.source, &parts);
    Ok(())
}

pub mod access;
pub mod lanes;
