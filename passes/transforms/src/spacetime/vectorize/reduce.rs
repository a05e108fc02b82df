//! Lane reductions (issue: a loop inside the PE, T2S's `kkk`): a running
//! combination along a vectorized loop,
//! `c = select(kk == first, X, read c [.., 1, ..] delay 0) op P`,
//! of which only the last lane is ever observed, becomes one ordered
//! `vector.reduction <op>, P, X`: lane by lane from `X`, in the order the
//! serial chain computes, so every mode keeps the interpreter's values.
//!
//! Only the last lane may be observed, and that is proved from the IR:
//! - the combination's other uses are output stores (or writes to a
//!   collector's channel) that a condition fixes to the last lane;
//! - every other read of the file reaches, from the lanes whose value of it
//!   matters (its use guard, `t2s_ir::guard::use_guard_of`), only the last
//!   lane or lanes outside the loop (undefined reads).
//!
//! The file then holds the last lane's value for every lane, a scalar per
//! remaining PE. Anything else (another write of the file, an observer of
//! other lanes, a combination T2S's `vectorize` would serialize) keeps the
//! serial loop.

use crate::spacetime::vectorize::chain::{first_lane_select, single_user};
use melior::ir::operation::{OperationLike, OperationRef};
use std::collections::HashSet;
use t2s_ir::array::ArrayInfo;
use t2s_ir::guard::{guard_of, use_guard_of, Guard, Key};
use t2s_ir::handle::{AsOp, AsVal, Op, Val};
use t2s_ir::ir;
use t2s_ir::ir::OpAccess;
use t2s_ir::ods;
use t2s_ir::ops::spacetime::{file_decl, ReadOp};
use t2s_ir::ops::View as _;

/// A running combination along a vectorized loop, observed at its last
/// lane only: it becomes a `vector.reduction`.
#[derive(Clone, Debug)]
pub struct Reduction {
    /// The loop (position among the space loops).
    pub space: usize,
    /// The same-step read of the previous lane, erased.
    pub read: Op,
    /// `select(first lane, X, read)`, erased.
    pub select: Op,
    /// The select's operand that holds `X`, the first lane's start (1 or 2).
    pub init: usize,
    /// `select op P`, replaced by the reduction.
    pub combine: Op,
    /// The combine's operand that holds `P`, the lanes combined (0 or 1).
    pub lanes: usize,
    /// `vector.kind` of the combination.
    pub kind: &'static str,
    pub file_name: String,
}

/// The `vector.kind` of a combining op; ops whose grouping does not
/// change the result for integers, and `addf`/`mulf`, which the ordered
/// reduction keeps in the serial order.
fn kind_of(op: &OperationRef<'_, '_>) -> Option<&'static str> {
    Some(t2s_ir::op_match!(ir::name(op), {
        ods::arith::AddFOperation | ods::arith::AddIOperation => "add",
        ods::arith::MulFOperation | ods::arith::MulIOperation => "mul",
        ods::arith::AndIOperation => "and",
        ods::arith::OrIOperation => "or",
        ods::arith::XOrIOperation => "xor",
        ods::arith::MaxSIOperation => "maxsi",
        ods::arith::MinSIOperation => "minsi",
        ods::arith::MaxUIOperation => "maxui",
        ods::arith::MinUIOperation => "minui",
        _ => return None,
    }))
}

/// Why a running combination is not a lane reduction (for the remark of
/// the serialized loop); `None` when the read starts no combination.
pub type NotReduced = Option<String>;

/// The reduction that `read` (a same-step read of `file` one lane back
/// along space loop `space` and no other) starts, if it is one.
pub fn match_reduction(
    array: &OperationRef<'_, '_>,
    read: &OperationRef<'_, '_>,
    space: usize,
    file: Val,
    file_name: &str,
) -> Result<Reduction, NotReduced> {
    let info = ArrayInfo::read(array).map_err(|_| None)?;
    let bound = info.space.get(space).ok_or(None)?;
    let (select, init) = first_lane_select(array, read, space).ok_or(None)?;
    let select_value = select.op().result_at(0).ok_or(None)?.val();
    let combine = single_user(select_value).ok_or(None)?;
    let combine_ref = combine.op();
    let kind = kind_of(&combine_ref).ok_or(None)?;
    if combine_ref.block() != select.op().block() || bound.descending {
        return Err(None);
    }
    let operands: Vec<Val> = combine_ref.operands().map(|v| v.val()).collect();
    let lanes = match operands.as_slice() {
        [a, b] if *a == select_value && *b != select_value => 1,
        [a, b] if *b == select_value && *a != select_value => 0,
        _ => return Err(None),
    };
    let chain = [read.result_at(0).ok_or(None)?.val(), select_value];
    let init_value = select.op().operand_at(init).ok_or(None)?.val();
    if depends_on(operands[lanes], &chain) || depends_on(init_value, &chain) {
        return Err(None);
    }
    let value = combine_ref.result_at(0).ok_or(None)?.val();
    let n = bound.pe_extent();
    let decl = file_decl(file).ok_or(None)?;
    let why = if decl.origin().is_some() || decl.on_write() {
        Some("its register file is not a plain shift register")
    } else if let Some(why) = single_write_of(array, file, value) {
        Some(why)
    } else if !others_observe_last(value, &info, space, n) {
        Some("a lane other than the last is used")
    } else if !reads_reach_last(array, read, file, &info, space, n) {
        Some("a read reaches a lane other than the last")
    } else {
        None
    };
    if let Some(why) = why {
        return Err(Some(format!("not a lane reduction ({why})")));
    }
    Ok(Reduction {
        space,
        read: read.handle(),
        select,
        init,
        combine,
        lanes,
        kind,
        file_name: file_name.to_string(),
    })
}

/// Why `file` is not written once, with `value`, in the combination's
/// block; `None` when it is.
fn single_write_of(array: &OperationRef<'_, '_>, file: Val, value: Val) -> Option<&'static str> {
    let writes: Vec<OperationRef> = ir::collect(*array, ods::spacetime::WriteOperation::name())
        .into_iter()
        .filter(|w| w.operand_at(1).is_some_and(|f| f.val() == file))
        .collect();
    let [write] = writes.as_slice() else {
        return Some("the register file has another write");
    };
    let same_block = value
        .defining_op()
        .is_some_and(|def| write.block() == def.op().block());
    if !write.operand_at(0).is_some_and(|v| v.val() == value) {
        return Some("the register file keeps another value than the combination");
    }
    (!same_block).then_some("the register file is written under another condition")
}

/// The combination's uses other than its write are output stores or
/// channel writes of the last lane.
fn others_observe_last(value: Val, info: &ArrayInfo, space: usize, n: i64) -> bool {
    value.users().into_iter().all(|user| {
        let user = user.op();
        if ods::is(&user, ods::spacetime::WriteOperation::name()) {
            return true;
        }
        // A store of the output, or a send to the kernel that collects it.
        let store = ods::is(&user, ods::spacetime::OutputOperation::name())
            && t2s_ir::ops::spacetime::output_parts(&user).at.is_empty();
        if !store && !ods::is(&user, ods::channel::WriteOperation::name()) {
            return false;
        }
        let lanes = observing_lanes(guard_of(user, info, &[]), info, space, n);
        lanes.is_none_or(|(lo, hi)| lo >= n - 1 || hi <= lo)
    })
}

/// Every read of `file` but the chain's reaches, from the lanes that use
/// it, only the last lane or no lane of the loop.
fn reads_reach_last(
    array: &OperationRef<'_, '_>,
    chain: &OperationRef<'_, '_>,
    file: Val,
    info: &ArrayInfo,
    space: usize,
    n: i64,
) -> bool {
    ir::collect(*array, ods::spacetime::ReadOperation::name())
        .into_iter()
        .filter(|r| r.handle() != chain.handle())
        .filter(|r| r.operand_at(0).is_some_and(|f| f.val() == file))
        .all(|r| {
            let Some(view) = ReadOp::cast(r) else {
                return false;
            };
            if view.writes().is_some() {
                return false;
            }
            let offset = view.offset().get(space).copied().unwrap_or(0);
            let Some((lo, hi)) = observing_lanes(use_guard_of(r, info), info, space, n) else {
                return true;
            };
            // Reader lane l reads producer lane l - offset.
            (lo..hi).all(|l| {
                let producer = l - offset;
                producer < 0 || producer >= n || producer == n - 1
            })
        })
}

/// The lanes (0-based, `lo..hi`) along space loop `space` where a value
/// guarded by `guard` matters; `None` when no point uses it. No guard
/// (a condition the analysis does not read) means every lane.
fn observing_lanes(
    guard: Option<Guard>,
    info: &ArrayInfo,
    space: usize,
    n: i64,
) -> Option<(i64, i64)> {
    let Some(guard) = guard else {
        return Some((0, n));
    };
    guard.fixed_loops()?;
    let name = &info.space[space].name;
    let (mut lo, mut hi) = (0, n);
    for (l, key) in &guard.fixed {
        let Key::Constant(c) = key else { continue };
        if info.loops.get(*l).is_some_and(|b| b.name == *name) {
            let lane = c - info.space[space].min;
            (lo, hi) = (lo.max(lane), hi.min(lane + 1));
        }
    }
    Some((lo, hi))
}

/// Whether `value` is computed (in this step) from one of `targets`: its
/// defining ops, their operands and the ops nested in them, walked back.
fn depends_on(value: Val, targets: &[Val]) -> bool {
    let mut seen: HashSet<usize> = HashSet::new();
    let mut work = vec![value];
    while let Some(v) = work.pop() {
        if targets.contains(&v) {
            return true;
        }
        if !seen.insert(v.key()) {
            continue;
        }
        let Some(def) = v.defining_op() else {
            continue;
        };
        let def = def.op();
        let mut push_operands = |op: &OperationRef<'_, '_>| {
            work.extend(op.operands().map(|o| o.val()));
        };
        push_operands(&def);
        def.walk(melior::ir::operation::WalkOrder::PreOrder, |inner| {
            push_operands(&inner);
            melior::ir::operation::WalkResult::Advance
        });
    }
    false
}
