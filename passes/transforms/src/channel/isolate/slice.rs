//! What a loader or drainer must recompute of the systolic array: the
//! conditions under which the array reads an input or stores the output, and
//! the indices of the access, as functions of the array's coordinates only.
//!
//! A value is *computable* when it depends on nothing but the coordinates
//! (the body's block arguments), `spacetime.recover`, `spacetime.scheduled`,
//! parameters and constants, through region-free `arith`/`index`/`math`
//! ops: another kernel with the same coordinates computes the same value.
//! Anything read from memory, a register file or a channel is *data*.

use melior::ir::{operation::OperationLike, BlockRef};
use std::collections::{HashMap, HashSet};
use t2s_ir::emit::Emitter;
use t2s_ir::handle::{AsOp, Blk, Op, Val};
use t2s_ir::ods;

/// A condition and whether the access runs when it holds (`true`) or when
/// it does not (`false`, the else-region of an `scf.if`).
pub type Condition = (Val, bool);

/// Where the analysis stopped: a value that is data, or an op around the
/// access that a kernel cannot follow.
#[derive(Clone, Copy, Debug)]
pub enum NotComputable {
    /// A value computed from data (or a loop inside the PE body).
    Data(Val),
    /// The access sits in a region of this op, which is not an `scf.if`.
    Region(Op),
}

fn key(v: Val) -> usize {
    v.key()
}

fn op_key(op: Op) -> usize {
    op.key()
}

fn op_name(op: Op) -> String {
    let op = op.op();
    t2s_ir::ir::name(&op)
}

/// Whether an op computes its results from its operands alone.
pub fn is_pure_index_op(name: &str) -> bool {
    name.starts_with("arith.")
        || name.starts_with("index.")
        || name.starts_with("math.")
        || t2s_ir::op_in!(
            name,
            ods::affine::AffineApplyOperation
                | ods::spacetime::RecoverOperation
                | ods::spacetime::ScheduledOperation
                | ods::ure::ParamValueOperation
                | ods::vector::BroadcastOperation
                | ods::vector::ShuffleOperation
                | ods::vector::ExtractOperation
                | ods::vector::InsertOperation
                | ods::vector::FromElementsOperation
                | ods::vector::ShapeCastOperation
                | ods::vector::TransposeOperation
        )
}

/// Adds the ops that compute `v` to `slice`; fails on the first value that
/// is not a function of the coordinates of `body`.
pub fn add_to_slice(v: Val, body: Blk, slice: &mut HashSet<usize>) -> Result<(), NotComputable> {
    let Some(op) = v.defining_op() else {
        return if v.owner_block() == Some(body) {
            Ok(())
        } else {
            Err(NotComputable::Data(v))
        };
    };
    if slice.contains(&op_key(op)) {
        return Ok(());
    }
    if !is_pure_index_op(&op_name(op)) || op.num_regions() > 0 {
        return Err(NotComputable::Data(v));
    }
    for operand in op.operands() {
        add_to_slice(operand, body, slice)?;
    }
    slice.insert(op_key(op));
    Ok(())
}

/// The conditions of the `scf.if`s between `op` and the array `body`,
/// outermost last.
pub fn enclosing_conditions(op: Op, body: Blk) -> Result<Vec<Condition>, NotComputable> {
    let mut conditions = Vec::new();
    let mut current = op;
    loop {
        let block = current.block().ok_or(NotComputable::Region(current))?;
        if block == body {
            return Ok(conditions);
        }
        let parent = block.parent_op().ok_or(NotComputable::Region(current))?;
        if op_name(parent) != ods::scf::IfOperation::name() {
            return Err(NotComputable::Region(parent));
        }
        let condition = parent.operand(0).ok_or(NotComputable::Region(parent))?;
        conditions.push((condition, block.region_number() == Some(0)));
        current = parent;
    }
}

/// When the value of `access` (its only result) is used: `Some(conditions)`
/// when every use is a branch of an `arith.select` in the same block whose
/// condition is computable (the value is needed when any of them picks
/// it), `None` when some use needs it unconditionally.
pub fn use_conditions(access: Op, body: Blk) -> Option<Vec<Condition>> {
    let mut conditions = Vec::new();
    let value = access.result(0)?;
    let block = access.block();
    for (user, number) in value.uses() {
        if op_name(user) != ods::arith::SelectOperation::name()
            || number == 0
            || user.block() != block
        {
            return None;
        }
        let condition = user.operand(0)?;
        let ty = condition.r#type();
        if !melior::ir::r#type::IntegerType::try_from(ty).is_ok_and(|i| i.width() == 1) {
            // A vector condition picks lanes: the value is needed.
            return None;
        }
        if add_to_slice(condition, body, &mut HashSet::new()).is_err() {
            return None;
        }
        conditions.push((condition, number == 1));
    }
    (!conditions.is_empty()).then_some(conditions)
}

/// Clones the ops of `slice` (in the body's order) at `e`, extending `map`
/// from original values to their clones.
pub fn clone_slice(
    e: &Emitter<'_>,
    body: BlockRef<'_, '_>,
    slice: &HashSet<usize>,
    map: &mut HashMap<usize, Val>,
) {
    let mut ops = Vec::new();
    for op in t2s_ir::ir::ops(body) {
        op.walk(melior::ir::operation::WalkOrder::PreOrder, |nested| {
            if slice.contains(&op_key(nested.handle())) {
                ops.push(nested.handle());
            }
            melior::ir::operation::WalkResult::Advance
        });
    }
    for op in ops {
        let clone = clone_op(e, op, map);
        for (old, new) in op.results().into_iter().zip(clone.results()) {
            map.insert(key(old), new);
        }
    }
}

/// Clones one op (with its regions) at `e`, its operands mapped by `map`.
pub fn clone_op(e: &Emitter<'_>, op: Op, map: &HashMap<usize, Val>) -> Op {
    e.clone_op(op, |v| map.get(&key(v)).copied())
}

/// `true` as an `i1` constant.
pub fn true_value(e: &Emitter<'_>) -> Val {
    let ty = melior::ir::r#type::IntegerType::new(e.context, 1).into();
    let attr = melior::ir::attribute::IntegerAttribute::new(ty, 1).into();
    e.constant_attribute(attr)
}

/// One condition of `conditions`, mapped, with its polarity applied.
fn literal(e: &Emitter<'_>, (c, polarity): Condition, map: &HashMap<usize, Val>) -> Val {
    let c = map.get(&key(c)).copied().unwrap_or(c);
    if polarity {
        return c;
    }
    e.xori(c, true_value(e))
}

/// The conjunction (`and`) or disjunction of `conditions`, mapped by `map`;
/// `None` when there are none.
pub fn combine(
    e: &Emitter<'_>,
    conditions: &[Condition],
    map: &HashMap<usize, Val>,
    and: bool,
) -> Option<Val> {
    let op = if and { Emitter::andi } else { Emitter::ori };
    conditions
        .iter()
        .map(|c| literal(e, *c, map))
        .reduce(|a, b| op(e, a, b))
}
