//! `scatter`: T2S's `F.scatter(A, i, ScatterStrategy)` (scattering.md) on
//! an array that reads `@A` (an input, or a channel a loader fills with it)
//! at indices that depend on loop `i`.
//!
//! `ure.scatter @F (@A, i, up)`: only the PE at the start of the chain (the
//! first along `i` for `up`, the last for `down`) reads `@A`, for every PE
//! along `i`; each PE keeps its own value and passes the others on through
//! a new FIFO array. At the top of the PE body, the document's loop:
//!
//! ```text
//! tmp = for t = i .. I-1 (up; down: t = 0 .. i) iter_args(acc):
//!   if f(t):                             // the read's conditions at PE t
//!     v = i is the start ? A(t) : read FIFO[i - 1]   (down: i + 1)
//!     if t != i: write FIFO[i], v
//!   acc = t == i ? v : acc
//! ```
//!
//! and every read of `@A` becomes `tmp`. Along a time loop of the array (a
//! serial loop) the FIFO links an iteration to the next one of the same
//! PE; serial loops run upwards, so only `up` is possible there.

use crate::channel::chain::{Chain, DATA_NOTE};
use crate::channel::isolate::build::{read, write};
use crate::channel::isolate::slice::{clone_op, combine, enclosing_conditions, Condition};
use melior::ir::operation::{OperationLike, OperationRef};
use std::collections::HashMap;
use t2s_ir::diag::{error, error_with_notes, remark};
use t2s_ir::emit::{Emitter, CMPI_EQ};
use t2s_ir::handle::{AsOp, AsVal, Op, Val};
use t2s_ir::ir;
use t2s_ir::ods;
use t2s_ir::pass::{Anchor, Failed, NoOptions};

t2s_ir::declare_pass! {
    /// Read an input at one end of a loop of PEs (or of a serial loop) and pass
    /// the values along it through FIFOs between neighbours (ure.scatter)
    pub static PASS = "scatter" (Scatter)
        on Anchor::Program, creates ["channel", "scf", "arith", "spacetime"],
        run scatter_program;
}

/// A FIFO may hold at most this many values (a serial scatter's depth grows
/// with the inner time loops).
const MAX_DEPTH: i64 = 1 << 24;

fn scatter_program(program: OperationRef<'_, '_>, _: &NoOptions) -> Result<(), Failed> {
    crate::channel::chain::run_all_directives(
        program,
        ods::ure::ScatterOperation::name(),
        scatter_all,
    )
}

/// The scatters along one loop of one array share the document's single
/// `t` loop, so they are analysed and rewritten together, group after
/// group in the directives' order.
fn scatter_all(chains: Vec<Result<Chain<'_, '_>, Failed>>) -> Result<(), Failed> {
    let mut result = Ok(());
    let mut groups: Vec<Vec<Chain>> = Vec::new();
    for chain in chains {
        let chain = match chain {
            Ok(chain) => chain,
            Err(failed) => {
                result = Err(failed);
                continue;
            }
        };
        let same = |g: &&mut Vec<Chain>| {
            g[0].array.handle() == chain.array.handle() && g[0].loop_name == chain.loop_name
        };
        match groups.iter_mut().find(same) {
            Some(group) => group.push(chain),
            None => groups.push(vec![chain]),
        }
    }
    for group in &groups {
        result = result.and(scatter(group));
    }
    result
}

/// One scatter: its chain, the loop it runs along, the reads of `@A` and
/// the conditions of each.
struct Scattered<'g, 'c, 'a> {
    chain: &'g Chain<'c, 'a>,
    along: Along,
    reads: Vec<Op>,
    conditions: Vec<Vec<Condition>>,
}

/// Where the chain runs: the coordinate, its bounds, the space loop of the
/// FIFOs' neighbour shift (none along a serial loop), the FIFO depth.
struct Along {
    coordinate: usize,
    min: i64,
    extent: i64,
    dim: Option<usize>,
    depth: i64,
}

/// The scatters of `group` (one array, one loop): every one is checked
/// (all errors reported) before the shared loop is built.
fn scatter<'c>(group: &[Chain<'c, '_>]) -> Result<(), Failed> {
    let mut scattered = Vec::new();
    let mut result = Ok(());
    for chain in group {
        match analyse(chain) {
            Ok(s) => scattered.push(s),
            Err(e) => result = Err(e),
        }
    }
    result?;
    let fifos = rewrite(&scattered)?;
    for (s, fifo) in scattered.iter().zip(fifos) {
        let (chain, along) = (s.chain, &s.along);
        let start = if chain.down {
            along.min + along.extent - 1
        } else {
            along.min
        };
        remark(
            chain.location,
            format!(
                "scattered @{} along '{}' ({}): only {} = {start} reads it, for the {} {} along '{}', and passes the values on through @{fifo}",
                chain.source,
                chain.loop_name,
                chain.strategy(),
                chain.loop_name,
                along.extent,
                if along.dim.is_some() { "PEs" } else { "iterations" },
                chain.loop_name
            ),
        );
    }
    Ok(())
}

fn analyse<'g, 'c, 'a>(chain: &'g Chain<'c, 'a>) -> Result<Scattered<'g, 'c, 'a>, Failed> {
    let along = along(chain)?;
    let reads = find_reads(chain)?;
    if along.dim.is_none() {
        serial_reads_memory(chain, &reads)?;
    }
    let mut conditions = Vec::new();
    for r in &reads {
        conditions.push(read_conditions(chain, *r)?);
    }
    if let Some(dim) = along.dim {
        chain.set_order(dim)?;
    }
    Ok(Scattered {
        chain,
        along,
        reads,
        conditions,
    })
}

/// The loop of the directive: a space loop, or a time loop (serial).
fn along(chain: &Chain<'_, '_>) -> Result<Along, Failed> {
    let info = &chain.info;
    if let Some(dim) = chain.space_dim() {
        let s = &info.space[dim];
        if s.vectorized {
            return Err(error(
                chain.location,
                format!("cannot scatter along '{}': it is vectorized, its PEs are the lanes of one vector (scatter along an unrolled or serial loop)", chain.loop_name),
            ));
        }
        return Ok(Along {
            coordinate: info.time.len() + dim,
            min: s.min,
            extent: s.pe_extent(),
            dim: Some(dim),
            depth: s.pe_extent(),
        });
    }
    let Some(c) = info.time.iter().position(|t| t.name == chain.loop_name) else {
        return Err(error(
            chain.location,
            format!(
                "cannot scatter along '{}': it is neither a space loop of @{} ({}) nor one of its time loops",
                chain.loop_name,
                chain.name,
                chain.space_names()
            ),
        ));
    };
    if chain.down {
        return Err(error(
            chain.location,
            format!("cannot scatter along the serial loop '{}' down: a serial loop runs its iterations in increasing order, so its values can only be passed up (use 'up')", chain.loop_name),
        ));
    }
    let constant = |t: &t2s_ir::array::Bound| t.extent.as_const();
    let extent = constant(&info.time[c]);
    let inner: Option<i64> = info.time[c + 1..]
        .iter()
        .try_fold(1i64, |acc, t| acc.checked_mul(constant(t)?));
    let depth = extent
        .zip(inner)
        .and_then(|(x, i)| (x - 1).max(1).checked_mul(i));
    match (extent, depth) {
        (Some(extent), Some(depth)) if depth <= MAX_DEPTH => Ok(Along {
            coordinate: c,
            min: info.time[c].min,
            extent,
            dim: None,
            depth,
        }),
        _ => Err(error(
            chain.location,
            format!("cannot scatter along the serial loop '{}': its FIFO must hold the values of one iteration for the next ({}), which needs constant time extents and at most {MAX_DEPTH} values", chain.loop_name,
                "extent - 1 times the steps of the inner time loops"),
        )),
    }
}

/// The ops of the array that read `@A`: `ure.load @A`, a read of the
/// channel `@A`, or a read of a channel that another kernel writes with
/// values it loads from `@A` (lane-wise too, in vectorized arrays). All
/// must read the same element.
fn find_reads(chain: &Chain<'_, '_>) -> Result<Vec<Op>, Failed> {
    let fed = fed_channels(chain);
    let channel_reads = [
        ods::channel::ReadOperation::name(),
        ods::channel::ReadLanesOperation::name(),
    ]
    .into_iter()
    .flat_map(|name| ir::collect(chain.array, name))
    .filter(|r| {
        let channel = t2s_ir::ops::channel::channel_of(r).unwrap_or_default();
        channel == chain.source || fed.contains(&channel)
    });
    let reads: Vec<OperationRef> = ir::collect(chain.array, ods::ure::LoadOperation::name())
        .into_iter()
        .filter(|l| t2s_ir::ops::ure::input_of(l) == chain.source)
        .chain(channel_reads)
        .collect();
    let Some(first) = reads.first() else {
        return Err(error(
            chain.location,
            format!(
                "@{} does not read @{}: nothing to scatter",
                chain.name, chain.source
            ),
        ));
    };
    for other in &reads[1..] {
        if !same_read(first, other) {
            return Err(error_with_notes(
                chain.location,
                format!(
                    "@{} reads @{} with different arguments; scattering passes one value per PE along '{}'",
                    chain.name, chain.source, chain.loop_name
                ),
                &[
                    (first.location(), "one read".to_string()),
                    (other.location(), "another read".to_string()),
                ],
            ));
        }
    }
    Ok(reads.iter().map(|r| r.handle()).collect())
}

/// Along a serial loop the first iteration reads the values of all later
/// ones: from memory that is fine, but a channel delivers them in the
/// order of the steps, after this iteration's (the loader would block and
/// the design deadlock).
fn serial_reads_memory(chain: &Chain<'_, '_>, reads: &[Op]) -> Result<(), Failed> {
    for r in reads {
        let r = r.op();
        if ir::name(&r).starts_with(ods::channel::ReadOperation::name()) {
            return Err(error(
                r.location(),
                format!(
                    "cannot scatter @{} along the serial loop '{}': here it is read from a channel, which delivers the values of later iterations only after this one; scatter the input itself (leave it out of ure.isolate_producer)",
                    chain.source, chain.loop_name
                ),
            ));
        }
    }
    Ok(())
}

/// Whether two reads read the same element: the same op on the same
/// symbol at indices computed the same way.
fn same_read(a: &OperationRef<'_, '_>, b: &OperationRef<'_, '_>) -> bool {
    same_op(a.handle(), b.handle())
}

fn same_op(a: Op, b: Op) -> bool {
    let (ra, rb) = (a.op(), b.op());
    let (xa, xb) = (ir::attributes_of(&ra), ir::attributes_of(&rb));
    ir::name(&ra) == ir::name(&rb)
        && a.num_operands() == b.num_operands()
        && a.num_regions() == 0
        && xa.len() == xb.len()
        && xa
            .iter()
            .all(|(n, x)| rb.attribute(n).is_ok_and(|y| y == *x))
        && a.operands()
            .into_iter()
            .zip(b.operands())
            .all(|(x, y)| same_value(x, y))
}

fn same_value(a: Val, b: Val) -> bool {
    a == b
        || match (a.defining_op(), b.defining_op()) {
            (Some(x), Some(y)) => a.result_number() == b.result_number() && same_op(x, y),
            _ => false,
        }
}

/// The channels of the program written with values loaded from `@A`.
fn fed_channels(chain: &Chain<'_, '_>) -> Vec<String> {
    let written = |w: &OperationRef<'_, '_>| -> Option<Val> {
        if let Some(access) = t2s_ir::ops::channel::lane_access(w) {
            return Some(access.value);
        }
        Some(w.operand(w.operand_count().checked_sub(1)?).ok()?.val())
    };
    [
        ods::channel::WriteOperation::name(),
        ods::channel::WriteLanesOperation::name(),
    ]
    .into_iter()
    .flat_map(|name| ir::collect(chain.program, name))
    .filter(|w| {
        written(w).is_some_and(|v| {
            v.defining_op().is_some_and(|op| {
                let op = op.op();
                ods::is(&op, ods::ure::LoadOperation::name())
                    && t2s_ir::ops::ure::input_of(&op) == chain.source
            })
        })
    })
    .map(|w| t2s_ir::ops::channel::channel_of(&w).unwrap_or_default())
    .collect()
}

/// The conditions a read runs under, which every PE along the chain
/// recomputes for the PE it serves: `scf.if`s only, on scalar conditions
/// computed from the coordinates.
fn read_conditions(chain: &Chain<'_, '_>, access: Op) -> Result<Vec<Condition>, Failed> {
    let at = access.location();
    let what = format!("the read of @{} in @{}", chain.source, chain.name);
    let conditions = enclosing_conditions(access, chain.body).map_err(|why| {
        chain.directive_error(
            at,
            format!("cannot scatter {what}: it is inside a region that is not an scf.if, so the other PEs cannot tell when it happens"),
            why,
            DATA_NOTE,
        )
    })?;
    let mut needed: Vec<Val> = conditions.iter().map(|(c, _)| *c).collect();
    needed.extend(access.operands());
    for v in needed {
        crate::channel::isolate::slice::add_to_slice(v, chain.body, &mut Default::default()).map_err(|why| {
            chain.not_computable(
                at,
                format!("cannot scatter {what}: its condition or index is computed from data, so the PE at the start of the chain cannot recompute it for the others"),
                why,
            )
        })?;
    }
    if conditions.iter().any(|(c, _)| t2s_ir::lanes::is_vector(*c)) {
        return Err(error(
            at,
            format!("cannot scatter {what}: it runs under a lane-wise (vector) condition"),
        ));
    }
    Ok(conditions)
}

/// The mask of a `channel.read_lanes`, if `read` is one with a mask.
fn lane_mask(read: Op) -> Option<Val> {
    let access = t2s_ir::ops::channel::lane_access(&read.op())?;
    if !access.is_read {
        return None;
    }
    access.mask
}

/// Inserts the shared loop at the top of the PE body, one chain step per
/// scatter in each iteration (the document's `A.temp`, `B.temp`), and
/// replaces each scatter's reads by its loop result; returns the FIFOs'
/// names.
fn rewrite(scattered: &[Scattered<'_, '_, '_>]) -> Result<Vec<String>, Failed> {
    let (chain, along) = (scattered[0].chain, &scattered[0].along);
    let mut types = Vec::new();
    let mut fifos = Vec::new();
    for s in scattered {
        let value = s.reads[0].result(0).expect("a result");
        let ty = t2s_ir::lanes::type_of(value);
        fifos.push(s.chain.declare_fifo("scatter", ty, s.along.depth)?);
        types.push(ty);
    }
    let first = scattered[0].reads[0].op();
    // The body holds at least the reads' ancestors.
    let top = chain.body.ops()[0];
    let e = Emitter::new(chain.context, first.location(), chain.body).before_op(top);
    let me = chain.coordinate(along.coordinate);
    let last = along.min + along.extent - 1;
    let (start, lb, ub) = if chain.down {
        (last, e.index(along.min), e.add(me, e.index(1)))
    } else {
        (along.min, me, e.index(last + 1))
    };
    let is_start = e.cmpi(CMPI_EQ, me, e.index(start));
    let zeros: Vec<Val> = types.iter().map(|ty| e.zero(*ty)).collect();
    let (body, t, accs, results) = e.for_iter(lb, ub, &zeros);
    let inner = e.at(body);
    let step = Step {
        inner,
        t,
        me,
        is_start,
    };
    let mut kept = Vec::new();
    for (k, s) in scattered.iter().enumerate() {
        kept.push(chain_step(s, &step, accs[k], types[k], &fifos[k])?);
    }
    inner.yield_values(&kept);
    for (s, result) in scattered.iter().zip(results) {
        for r in &s.reads {
            r.result(0).expect("a result").replace_all_uses_with(result);
            // SAFETY: the op has no uses left, and nothing refers to it after this.
            unsafe { r.erase() };
        }
    }
    Ok(fifos)
}

/// An iteration `t` of the shared loop on the PE (or iteration) `me`.
struct Step<'c> {
    inner: Emitter<'c>,
    t: Val,
    me: Val,
    is_start: Val,
}

/// One scatter's part of iteration `t`: under the read's conditions at `t`,
/// the value from `@A` (at the start) or the neighbour's FIFO, passed on
/// when `t != me`; returns the value kept (`t == me`) or `acc`.
fn chain_step<'c>(
    s: &Scattered<'_, 'c, '_>,
    step: &Step<'c>,
    acc: Val,
    ty: melior::ir::Type<'c>,
    fifo: &str,
) -> Result<Val, Failed> {
    let (chain, along, reads) = (s.chain, &s.along, &s.reads);
    let (inner, t, me) = (step.inner, step.t, step.me);
    let first = reads[0].op();
    let at = chain.coordinates_with(along.coordinate, t);
    let mut map = HashMap::new();
    let mut needed: Vec<Val> = s.conditions.iter().flatten().map(|(c, _)| *c).collect();
    needed.extend(first.operands().map(|o| o.val()));
    chain
        .clone_at(&inner, &needed, &at, &mut map)
        .map_err(|why| {
            chain.not_computable(first.location(), "cannot scatter this read".into(), why)
        })?;
    // Needed when any read runs: the disjunction of their conjunctions.
    let any = s
        .conditions
        .iter()
        .map(|c| combine(&inner, c, &map, true))
        .collect::<Option<Vec<_>>>()
        .and_then(|all| all.into_iter().reduce(|a, b| inner.ori(a, b)));
    // A lane-wise read moves a vector only when any lane of row t reads.
    let any = match (
        any,
        lane_mask(reads[0]).map(|m| map.get(&{ m.key() }).copied().unwrap_or(m)),
    ) {
        (Some(c), Some(m)) => Some(inner.andi(c, t2s_ir::lanes::any_lane(&inner, m))),
        (None, Some(m)) => Some(t2s_ir::lanes::any_lane(&inner, m)),
        (c, None) => c,
    };
    let (work, guard) = match any {
        Some(cond) => {
            let (then, other, r) = inner.if_else(cond, &[ty]);
            inner.at(other).yield_values(&[acc]);
            (inner.at(then), Some(r[0]))
        }
        None => (inner, None),
    };
    let (from_a, from_fifo, v) = work.if_else(step.is_start, &[ty]);
    let v = v[0];
    let loaded = clone_op(&work.at(from_a), reads[0], &map);
    let loaded = loaded.result(0).expect("a result");
    work.at(from_a).yield_values(&[loaded]);
    let shift = if chain.down { 1 } else { -1 };
    let neighbour = chain.fifo_index(&work.at(from_fifo), along.dim, shift);
    let received = read(&work.at(from_fifo), fifo, &neighbour, ty);
    work.at(from_fifo).yield_values(&[received]);
    let others = work.cmpi(1, t, me); // ne
    let pass = work.if_then(others);
    write(
        &work.at(pass),
        fifo,
        &chain.fifo_index(&work.at(pass), along.dim, 0),
        v,
    );
    work.finish_scf_block(pass);
    let new = match guard {
        Some(r) => {
            work.yield_values(&[v]);
            r
        }
        None => v,
    };
    let mine = inner.cmpi(CMPI_EQ, t, me);
    Ok(inner.select(mine, new, acc))
}
