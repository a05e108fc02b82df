//! Whether the output's stores are a bijection onto its elements, so that
//! the lowering needs neither the last-write stamps nor the zero fill
//! (docs/passes/spacetime-to-scf.md, "Output stores").
//!
//! One `spacetime.output` whose indices are recovered loop indices, each a
//! different loop spanning exactly the output's dimension, and every other
//! loop of the array fixed to one value by the `scf.if` conditions around
//! the store, which say nothing else (each conjunct is `loop == c`, `c` a
//! constant inside the loop's bounds or the last value `@P - 1` of a loop
//! `0 extent @P`, or `spacetime.scheduled`): every point that stores
//! stores a different element, and every element of the output's box is
//! stored once (each point of the nest runs once). A GEMM storing
//! `c(i, j)` where `k == K - 1` is one.

use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::RegionLike;
use t2s_ir::array::{recovered_loop, ArrayInfo};
use t2s_ir::handle::{AsVal, Val};
use t2s_ir::ir;
use t2s_ir::ods;
use t2s_ir::ops::spacetime::{OutputOp, OutputParts};
use t2s_ir::ops::ure::ElementBound;
use t2s_ir::ops::View;

/// How the output's elements are stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stores {
    /// Each element at most once, and every element of the box.
    Bijection,
    /// Each element at most once (the store's indices are all the loops).
    AtMostOnce,
    /// Possibly several times: "last write wins" needs stamps.
    Several,
}

/// `bounds` are the output's element bounds (its Func's declaration).
pub fn stores(stores: &[OutputOp<'_, '_>], bounds: &[ElementBound]) -> Stores {
    let [store] = stores else {
        return Stores::Several;
    };
    let OutputParts { indices, at, .. } = store.parts();
    if !at.is_empty() {
        return Stores::Several;
    }
    let Some(array) = enclosing_array(store.op()) else {
        return Stores::Several;
    };
    let Ok(info) = ArrayInfo::read(&array) else {
        return Stores::Several;
    };
    let mut loops: Vec<usize> = Vec::new();
    for index in &indices {
        match recovered_loop(*index) {
            Some(l) if !loops.contains(&l) => loops.push(l),
            _ => return Stores::Several,
        }
    }
    let spans_box = loops.len() == bounds.len()
        && loops.iter().zip(bounds).all(|(&l, b)| {
            let lp = &info.loops[l];
            lp.min == b.min && lp.extent == b.extent
        });
    let Some(guard) = guard_of(store.op(), &info) else {
        return Stores::Several;
    };
    let times_fixed = |l: usize| guard.fixed.iter().filter(|&&f| f == l).count();
    // A loop that does not index the output is fixed, so no two points
    // store one element.
    let at_most_once = (0..info.loops.len()).all(|l| loops.contains(&l) || times_fixed(l) > 0);
    // And every element is stored when nothing else restricts the points:
    // each loop fixed once (two conditions could contradict each other),
    // none that indexes the output.
    let every_element = spans_box
        && !guard.restricts_more
        && (0..info.loops.len()).all(|l| times_fixed(l) == usize::from(!loops.contains(&l)));
    match (at_most_once, every_element) {
        (true, true) => Stores::Bijection,
        (true, false) => Stores::AtMostOnce,
        (false, _) => Stores::Several,
    }
}

/// What the `scf.if`s around a store say about the points that store.
struct Guard {
    /// Loops a condition fixes to one value of their bounds (a loop fixed
    /// twice is listed twice).
    fixed: Vec<usize>,
    /// Some condition says more than that.
    restricts_more: bool,
}

/// The conditions around `op` (`None` when it is in an `else` region or
/// another op than `scf.if` encloses it inside the array).
fn guard_of(op: OperationRef<'_, '_>, info: &ArrayInfo) -> Option<Guard> {
    let mut guard = Guard {
        fixed: Vec::new(),
        restricts_more: false,
    };
    let mut child = op;
    let mut parent = op.parent_operation();
    while let Some(p) = parent {
        if ods::is(&p, ods::spacetime::ArrayOperation::name()) {
            return Some(guard);
        }
        if !ods::is(&p, ods::scf::IfOperation::name()) || !in_then_region(&p, &child) {
            return None;
        }
        conjuncts(p.operand(0).ok()?.val(), &mut |atom| {
            if is_scheduled(atom) {
                return;
            }
            match fixes(atom, info) {
                Some(l) => guard.fixed.push(l),
                None => guard.restricts_more = true,
            }
        });
        child = p;
        parent = p.parent_operation();
    }
    None
}

fn in_then_region(if_op: &OperationRef<'_, '_>, child: &OperationRef<'_, '_>) -> bool {
    if_op
        .region(0)
        .ok()
        .and_then(|r| r.first_block())
        .is_some_and(|b| child.block().is_some_and(|cb| cb == b))
}

/// The point is one of the nest's (the array's own guard).
fn is_scheduled(atom: Val) -> bool {
    atom.defining_op()
        .is_some_and(|d| ods::is(&d.op(), ods::spacetime::ScheduledOperation::name()))
}

/// Calls `f` on each conjunct of `value` (through `arith.andi`).
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
    }
    f(value);
}

/// The loop `atom` (`cmpi eq, loop, value`) fixes to a value of its bounds.
fn fixes(atom: Val, info: &ArrayInfo) -> Option<usize> {
    let op = atom.defining_op()?.op();
    if !ods::is(&op, ods::arith::CmpIOperation::name()) || ir::int(&op, "predicate") != Some(0) {
        return None;
    }
    let (a, b) = (op.operand(0).ok()?.val(), op.operand(1).ok()?.val());
    let (l, value) = match (recovered_loop(a), recovered_loop(b)) {
        (Some(l), None) => (l, b),
        (None, Some(l)) => (l, a),
        _ => return None,
    };
    if t2s_ir::lanes::is_vector(a) || t2s_ir::lanes::is_vector(b) {
        return None;
    }
    let bound = &info.loops[l];
    let inside = match bound.extent.as_const() {
        Some(extent) => constant(value).is_some_and(|c| c >= bound.min && c < bound.min + extent),
        // `@P - 1` on a loop `0 extent @P`: its last value.
        None => bound.min == 0 && is_last_of(value, &bound.extent),
    };
    inside.then_some(l)
}

fn constant(value: Val) -> Option<i64> {
    let op = value.defining_op()?.op();
    ods::is(&op, ods::arith::ConstantOperation::name())
        .then(|| ir::int(&op, "value"))
        .flatten()
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
            ods::is(&p, ods::ure::ParamValueOperation::name()) && ir::symbol(&p, "param") == *param
        })
}

/// The `spacetime.array` an op is nested in.
fn enclosing_array<'c, 'a>(op: OperationRef<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    let mut current = op.parent_operation();
    while let Some(parent) = current {
        if ods::is(&parent, ods::spacetime::ArrayOperation::name()) {
            return Some(parent);
        }
        current = parent.parent_operation();
    }
    None
}
