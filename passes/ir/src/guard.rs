//! What the conditions around an op in a `spacetime.array` body say about
//! the points where it runs: the loops they fix to one value (`loop == c`),
//! whether `spacetime.scheduled` is among them, and whether anything else
//! restricts the points. The lowering's output stores
//! (docs/passes/spacetime-to-scf.md, "Output stores") and the report's DRAM
//! traffic (docs/report.md) read it.

use crate::array::{recovered_loop, ArrayInfo};
use crate::handle::{AsVal, Val};
use crate::ir;
use crate::ods;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{block::BlockLike, RegionLike};

/// The value a condition fixes a loop to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Key {
    Constant(i64),
    /// `@P - 1`, the last value of a loop `0 extent @P`.
    LastOf(String),
}

/// What the conditions around an op say about the points where it runs.
#[derive(Debug, Default)]
pub struct Guard {
    /// Loops a condition fixes to one value of their bounds.
    pub fixed: Vec<(usize, Key)>,
    /// Some condition says more than that.
    pub restricts_more: bool,
    /// `spacetime.scheduled` is one of the conditions.
    pub scheduled: bool,
}

impl Guard {
    /// The loops fixed, each once; `None` when a loop is fixed to two
    /// values (no point runs).
    pub fn fixed_loops(&self) -> Option<Vec<usize>> {
        let mut loops: Vec<(usize, &Key)> = Vec::new();
        for (l, key) in &self.fixed {
            match loops.iter().find(|(m, _)| m == l) {
                Some((_, k)) if *k != key => return None,
                Some(_) => {}
                None => loops.push((*l, key)),
            }
        }
        Some(loops.into_iter().map(|(l, _)| l).collect())
    }
}

/// The conditions around `op`, which runs for the point `at` (the
/// coordinates of a `spacetime.output ... at (...)`; empty: its own
/// point). `None` when it sits in an `else` region or under another op
/// than `scf.if`, except the count loop of a gather (docs/passes/gather.md):
/// a `scf.for` over a space coordinate that `at` takes from it, from the
/// PE's own coordinate to the last (or from the first to its own), in the
/// end PE of that coordinate: over the array's PEs, `at` takes every PE.
pub fn guard_of(op: OperationRef<'_, '_>, info: &ArrayInfo, at: &[Val]) -> Option<Guard> {
    let mut walk = Walk {
        info,
        at,
        guard: Guard::default(),
        end_pes: Vec::new(),
        counts: Vec::new(),
        own_fixed: Vec::new(),
        own_scheduled: false,
    };
    let mut child = op;
    let mut parent = op.parent_operation();
    while let Some(p) = parent {
        if ods::is(&p, ods::spacetime::ArrayOperation::name()) {
            let body = child.block()?;
            return walk.finish(crate::handle::AsBlk::blk(&body));
        }
        if ods::is(&p, ods::scf::IfOperation::name()) && in_then_region(&p, &child) {
            walk.add(p.operand(0).ok()?.val());
        } else if ods::is(&p, ods::scf::ForOperation::name()) && !at.is_empty() {
            walk.counts.push(p);
        } else {
            return None;
        }
        child = p;
        parent = p.parent_operation();
    }
    None
}

/// The walk up from an op: its guard so far, and what a gather's count
/// loop needs checked once the array's body is reached.
struct Walk<'i, 'v, 'c, 'a> {
    info: &'i ArrayInfo,
    at: &'v [Val],
    guard: Guard,
    /// `coordinate == c` on a space coordinate of the body (the end PE).
    end_pes: Vec<(Val, i64)>,
    counts: Vec<OperationRef<'c, 'a>>,
    /// Under `at`: loops fixed through the PE's own recovered indices, and
    /// the PE's own `spacetime.scheduled`, which say something of the
    /// point `at` only where it shares the PE's coordinates.
    own_fixed: Vec<(usize, Key)>,
    own_scheduled: bool,
}

impl Walk<'_, '_, '_, '_> {
    /// Adds the conjuncts of `condition`.
    fn add(&mut self, condition: Val) {
        conjuncts(condition, &mut |atom| {
            if self.is_scheduled(atom) {
                self.guard.scheduled = true;
            } else if !self.at.is_empty() && is_scheduled_at(atom, &[]) {
                self.own_scheduled = true;
            } else if let Some(fixed) = fixes(atom, self.info, self.at) {
                self.guard.fixed.push(fixed);
            } else if let Some(fixed) = (!self.at.is_empty())
                .then(|| fixes(atom, self.info, &[]))
                .flatten()
            {
                self.own_fixed.push(fixed);
            } else if let Some(end) = end_pe(atom) {
                self.end_pes.push(end);
            } else {
                self.guard.restricts_more = true;
            }
        });
    }

    fn is_scheduled(&self, atom: Val) -> bool {
        is_scheduled_at(atom, self.at)
    }

    /// Checks each coordinate of `at` against the body and the count
    /// loops: the body's own coordinate, or a count loop's variable.
    fn finish(mut self, body: crate::handle::Blk) -> Option<Guard> {
        let mut used_ends = vec![false; self.end_pes.len()];
        for (d, coordinate) in self.at.iter().enumerate() {
            if is_body_arg(*coordinate, body, d) {
                continue;
            }
            let space = d.checked_sub(self.info.time.len())?;
            let bound = self.info.space.get(space)?;
            let count = self.counts.iter().position(|f| {
                f.region(0)
                    .ok()
                    .and_then(|r| r.first_block())
                    .and_then(|b| b.argument(0).ok())
                    .is_some_and(|iv| iv.val() == *coordinate)
            })?;
            let count = self.counts.remove(count);
            let end = counts_every_pe(&count, body, d, bound)?;
            let which = self
                .end_pes
                .iter()
                .position(|(v, c)| is_body_arg(*v, body, d) && *c == end)?;
            used_ends[which] = true;
        }
        if !self.counts.is_empty() {
            return None;
        }
        // The PE's own index of a loop is the point's where the loop's
        // recover row reads only coordinates `at` shares with the PE.
        let shared = |d: usize| self.at.get(d).is_some_and(|a| is_body_arg(*a, body, d));
        for (l, key) in std::mem::take(&mut self.own_fixed) {
            let row = self.info.recover.get(l)?;
            if row.terms.iter().all(|(d, _)| shared(*d)) {
                self.guard.fixed.push((l, key));
            } else {
                self.guard.restricts_more = true;
            }
        }
        // The PE's own point is valid at every step of a dense array.
        if self.own_scheduled && !is_dense(self.info) {
            self.guard.restricts_more = true;
        }
        // Other conditions on a PE coordinate restrict the points.
        if used_ends.iter().any(|u| !u) {
            self.guard.restricts_more = true;
        }
        Some(self.guard)
    }
}

/// The end PE the count loop `f` over coordinate `d` (space loop `bound`)
/// must run in so that it takes every PE: from the PE's own coordinate to
/// the last (the first PE), or from the first to its own (the last PE).
fn counts_every_pe(
    f: &OperationRef<'_, '_>,
    body: crate::handle::Blk,
    d: usize,
    bound: &crate::array::Bound,
) -> Option<i64> {
    let (lower, upper, step) = (
        f.operand(0).ok()?.val(),
        f.operand(1).ok()?.val(),
        f.operand(2).ok()?.val(),
    );
    if constant(step) != Some(1) {
        return None;
    }
    let (first, last) = (bound.min, bound.min + bound.pe_extent() - 1);
    if is_body_arg(lower, body, d) && constant(upper) == Some(last + 1) {
        return Some(first);
    }
    let upper_is_own_plus_one = upper.defining_op().is_some_and(|o| {
        let o = o.op();
        ods::is(&o, ods::arith::AddIOperation::name())
            && o.operand(0).is_ok_and(|x| is_body_arg(x.val(), body, d))
            && o.operand(1).is_ok_and(|y| constant(y.val()) == Some(1))
    });
    (constant(lower) == Some(first) && upper_is_own_plus_one).then_some(last)
}

/// `atom` is `spacetime.scheduled` at the point `at` (empty: the PE's own).
fn is_scheduled_at(atom: Val, at: &[Val]) -> bool {
    atom.defining_op().is_some_and(|d| {
        let d = d.op();
        ods::is(&d, ods::spacetime::ScheduledOperation::name()) && operands_are(&d, at)
    })
}

/// Every step of every PE is a point of the nest.
fn is_dense(info: &ArrayInfo) -> bool {
    let product = |bounds: &[crate::array::Bound]| -> Option<i64> {
        bounds
            .iter()
            .try_fold(1i64, |n, b| n.checked_mul(b.extent.as_const()?))
    };
    let steps = product(&info.time);
    let pes = info
        .space
        .iter()
        .try_fold(1i64, |n, b| n.checked_mul(b.pe_extent()));
    let points = product(&info.loops);
    matches!((steps, pes, points), (Some(s), Some(p), Some(n)) if s.checked_mul(p) == Some(n))
}

fn is_body_arg(v: Val, body: crate::handle::Blk, d: usize) -> bool {
    v.defining_op().is_none() && v.owner_block() == Some(body) && v.argument_number() == Some(d)
}

/// `coordinate == c` on a body argument.
fn end_pe(atom: Val) -> Option<(Val, i64)> {
    let op = atom.defining_op()?.op();
    if !ods::is(&op, ods::arith::CmpIOperation::name()) || ir::int(&op, "predicate") != Some(0) {
        return None;
    }
    let (a, b) = (op.operand(0).ok()?.val(), op.operand(1).ok()?.val());
    match (a.defining_op(), constant(b)) {
        (None, Some(c)) => Some((a, c)),
        _ => None,
    }
}

/// `op`'s operands are exactly `values`.
fn operands_are(op: &OperationRef<'_, '_>, values: &[Val]) -> bool {
    op.operand_count() == values.len()
        && values
            .iter()
            .enumerate()
            .all(|(i, v)| op.operand(i).is_ok_and(|o| o.val() == *v))
}

/// The conditions under which the value of `op` (one result) matters:
/// those around it and, when its one use is the true arm of an
/// `arith.select`, the select's condition (the other PEs and steps could
/// skip it, and unrolled code does).
pub fn use_guard_of(op: OperationRef<'_, '_>, info: &ArrayInfo) -> Option<Guard> {
    let mut guard = guard_of(op, info, &[])?;
    let Ok(result) = op.result(0) else {
        return Some(guard);
    };
    if let [(user, 1)] = result.val().uses().as_slice() {
        let user = user.op();
        if ods::is(&user, ods::arith::SelectOperation::name())
            && user.parent_operation() == op.parent_operation()
            && user.block() == op.block()
        {
            if let Ok(condition) = user.operand(0) {
                guard.and(condition.val(), info, &[]);
            }
        }
    }
    Some(guard)
}

impl Guard {
    /// Adds the conjuncts of `condition` (a select's, or a store's mask)
    /// for the point `at`.
    pub fn and(&mut self, condition: Val, info: &ArrayInfo, at: &[Val]) {
        let mut walk = Walk {
            info,
            at,
            guard: std::mem::take(self),
            end_pes: Vec::new(),
            counts: Vec::new(),
            own_fixed: Vec::new(),
            own_scheduled: false,
        };
        walk.add(condition);
        if !walk.end_pes.is_empty() || !walk.own_fixed.is_empty() || walk.own_scheduled {
            walk.guard.restricts_more = true;
        }
        *self = walk.guard;
    }
}

fn in_then_region(if_op: &OperationRef<'_, '_>, child: &OperationRef<'_, '_>) -> bool {
    if_op
        .region(0)
        .ok()
        .and_then(|r| r.first_block())
        .is_some_and(|b| child.block().is_some_and(|cb| cb == b))
}

/// Calls `f` on each conjunct of `value`: through `arith.andi`,
/// `vector.broadcast` (a condition every lane shares) and "any lane of `v`"
/// (`arith.ori` of `vector.extract`s of one vector `v`, which holds
/// wherever a lane of `v` does, so `v`'s conjuncts restrict the lanes that
/// run the op under it as much).
fn conjuncts(value: Val, f: &mut impl FnMut(Val)) {
    if let Some(op) = value.defining_op() {
        let op = op.op();
        if ods::is(&op, ods::arith::AndIOperation::name()) {
            for i in 0..2 {
                if let Ok(v) = op.operand(i) {
                    conjuncts(v.val(), f);
                }
            }
            return;
        }
        if ods::is(&op, ods::vector::BroadcastOperation::name()) {
            if let Ok(v) = op.operand(0) {
                conjuncts(v.val(), f);
            }
            return;
        }
        if let Some(lanes) = any_lane_of(value) {
            conjuncts(lanes, f);
            return;
        }
    }
    f(value);
}

/// `v` when `value` is `arith.ori` over `vector.extract`s of `v`.
fn any_lane_of(value: Val) -> Option<Val> {
    let op = value.defining_op()?.op();
    if ods::is(&op, ods::vector::ExtractOperation::name()) {
        return Some(op.operand(0).ok()?.val());
    }
    if !ods::is(&op, ods::arith::OrIOperation::name()) {
        return None;
    }
    let a = any_lane_of(op.operand(0).ok()?.val())?;
    let b = any_lane_of(op.operand(1).ok()?.val())?;
    (a == b).then_some(a)
}

/// The loop `atom` (`cmpi eq, loop, value`, the loop recovered at the
/// point `at`) fixes to a value of its bounds.
pub fn fixes(atom: Val, info: &ArrayInfo, at: &[Val]) -> Option<(usize, Key)> {
    let op = atom.defining_op()?.op();
    if !ods::is(&op, ods::arith::CmpIOperation::name()) || ir::int(&op, "predicate") != Some(0) {
        return None;
    }
    let (a, b) = (op.operand(0).ok()?.val(), op.operand(1).ok()?.val());
    let (l, value) = match (recovered_at(a, at), recovered_at(b, at)) {
        (Some(l), None) => (l, b),
        (None, Some(l)) => (l, a),
        _ => return None,
    };
    if crate::lanes::is_vector(a) || crate::lanes::is_vector(b) {
        return None;
    }
    let bound = &info.loops[l];
    match bound.extent.as_const() {
        Some(extent) => constant(value)
            .filter(|c| *c >= bound.min && *c < bound.min + extent)
            .map(|c| (l, Key::Constant(c))),
        // `@P - 1` on a loop `0 extent @P`: its last value.
        None => (bound.min == 0 && is_last_of(value, &bound.extent))
            .then(|| (l, Key::LastOf(bound.extent.terms[0].0.clone()))),
    }
}

/// The original loop whose index `value` is, recovered at the point `at`
/// (empty: the PE's own point).
pub fn recovered_at(value: Val, at: &[Val]) -> Option<usize> {
    if at.is_empty() {
        return recovered_loop(value);
    }
    let owner = value.defining_op()?.op();
    (ods::is(&owner, ods::spacetime::RecoverOperation::name()) && operands_are(&owner, at))
        .then(|| value.result_number())?
}

fn constant(value: Val) -> Option<i64> {
    ir::constant_index(value.value())
}

/// `value` is `@P - 1` (`arith.subi` of `ure.param_value @P` and 1, or
/// `arith.addi` with -1) for the extent `@P`.
fn is_last_of(value: Val, extent: &t2s_model::Linear) -> bool {
    let [(param, 1)] = extent.terms.as_slice() else {
        return false;
    };
    if extent.constant != 0 {
        return false;
    }
    let Some(op) = value.defining_op().map(|o| o.op()) else {
        return false;
    };
    let (base, offset) = match (op.operand(0), op.operand(1)) {
        (Ok(x), Ok(y)) => (x.val(), constant(y.val())),
        _ => return false,
    };
    let minus_one = (ods::is(&op, ods::arith::SubIOperation::name()) && offset == Some(1))
        || (ods::is(&op, ods::arith::AddIOperation::name()) && offset == Some(-1));
    minus_one
        && base.defining_op().is_some_and(|p| {
            let p = p.op();
            ods::is(&p, ods::ure::ParamValueOperation::name())
                && crate::ops::ure::param_of(&p).unwrap_or_default() == *param
        })
}

/// The `spacetime.array` an op is nested in.
pub fn enclosing_array<'c, 'a>(op: OperationRef<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    let mut current = op.parent_operation();
    while let Some(parent) = current {
        if ods::is(&parent, ods::spacetime::ArrayOperation::name()) {
            return Some(parent);
        }
        current = parent.parent_operation();
    }
    None
}
