//! What a loader or drainer must recompute of the systolic array: the
//! conditions under which the array reads an input or stores the output, and
//! the indices of the access, as functions of the array's coordinates only.
//!
//! A value is *computable* when it depends on nothing but the coordinates
//! (the body's block arguments), `spacetime.recover`, `spacetime.scheduled`,
//! parameters and constants, through region-free `arith`/`index`/`math`
//! ops: another kernel with the same coordinates computes the same value.
//! Anything read from memory, a register file or a channel is *data*.

use melior::ir::{
    operation::{OperationLike, OperationRef},
    BlockRef, ValueLike,
};
use mlir_sys::{MlirBlock, MlirOperation, MlirValue};
use std::collections::{HashMap, HashSet};
use t2s_ir::emit::Emitter;
use t2s_ir::ods;

/// A condition and whether the access runs when it holds (`true`) or when
/// it does not (`false`, the else-region of an `scf.if`).
pub type Condition = (MlirValue, bool);

/// Where the analysis stopped: a value that is data, or an op around the
/// access that a kernel cannot follow.
#[derive(Clone, Copy, Debug)]
pub enum NotComputable {
    /// A value computed from data (or a loop inside the PE body).
    Data(MlirValue),
    /// The access sits in a region of this op, which is not an `scf.if`.
    Region(MlirOperation),
}

fn key(v: MlirValue) -> usize {
    v.ptr as usize
}

fn op_key(op: MlirOperation) -> usize {
    op.ptr as usize
}

fn op_name(op: MlirOperation) -> String {
    // SAFETY: a live op.
    let op = unsafe { OperationRef::from_raw(op) };
    t2s_ir::ir::name(&op)
}

/// Whether an op computes its results from its operands alone.
fn is_pure_index_op(name: &str) -> bool {
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
pub fn add_to_slice(
    v: MlirValue,
    body: MlirBlock,
    slice: &mut HashSet<usize>,
) -> Result<(), NotComputable> {
    // SAFETY: `v` is a live value; the queries do not mutate.
    unsafe {
        if mlir_sys::mlirValueIsABlockArgument(v) {
            return if mlir_sys::mlirBlockArgumentGetOwner(v).ptr == body.ptr {
                Ok(())
            } else {
                Err(NotComputable::Data(v))
            };
        }
        let op = mlir_sys::mlirOpResultGetOwner(v);
        if slice.contains(&op_key(op)) {
            return Ok(());
        }
        if !is_pure_index_op(&op_name(op)) || mlir_sys::mlirOperationGetNumRegions(op) > 0 {
            return Err(NotComputable::Data(v));
        }
        for i in 0..mlir_sys::mlirOperationGetNumOperands(op) {
            add_to_slice(mlir_sys::mlirOperationGetOperand(op, i), body, slice)?;
        }
        slice.insert(op_key(op));
    }
    Ok(())
}

/// The conditions of the `scf.if`s between `op` and the array `body`,
/// outermost last.
pub fn enclosing_conditions(
    op: MlirOperation,
    body: MlirBlock,
) -> Result<Vec<Condition>, NotComputable> {
    let mut conditions = Vec::new();
    let mut current = op;
    // SAFETY: live ops and blocks; only queries.
    unsafe {
        loop {
            let block = mlir_sys::mlirOperationGetBlock(current);
            if block.ptr == body.ptr {
                return Ok(conditions);
            }
            let parent = mlir_sys::mlirBlockGetParentOperation(block);
            if parent.ptr.is_null() || op_name(parent) != ods::scf::IfOperation::name() {
                return Err(NotComputable::Region(parent));
            }
            let region = mlir_sys::mlirBlockGetParentRegion(block);
            let then = mlir_sys::mlirOperationGetRegion(parent, 0);
            conditions.push((
                mlir_sys::mlirOperationGetOperand(parent, 0),
                region.ptr == then.ptr,
            ));
            current = parent;
        }
    }
}

/// When the value of `access` (its only result) is used: `Some(conditions)`
/// when every use is a branch of an `arith.select` in the same block whose
/// condition is computable (the value is needed when any of them picks
/// it), `None` when some use needs it unconditionally.
pub fn use_conditions(access: MlirOperation, body: MlirBlock) -> Option<Vec<Condition>> {
    let mut conditions = Vec::new();
    // SAFETY: a live op with one result; only queries.
    unsafe {
        let value = mlir_sys::mlirOperationGetResult(access, 0);
        let block = mlir_sys::mlirOperationGetBlock(access);
        let mut use_ = mlir_sys::mlirValueGetFirstUse(value);
        while !use_.ptr.is_null() {
            let user = mlir_sys::mlirOpOperandGetOwner(use_);
            let number = mlir_sys::mlirOpOperandGetOperandNumber(use_);
            if op_name(user) != ods::arith::SelectOperation::name()
                || number == 0
                || mlir_sys::mlirOperationGetBlock(user).ptr != block.ptr
            {
                return None;
            }
            let condition = mlir_sys::mlirOperationGetOperand(user, 0);
            if mlir_sys::mlirValueGetType(condition).ptr
                != mlir_sys::mlirIntegerTypeGet(
                    mlir_sys::mlirTypeGetContext(mlir_sys::mlirValueGetType(condition)),
                    1,
                )
                .ptr
            {
                // A vector condition picks lanes: the value is needed.
                return None;
            }
            if add_to_slice(condition, body, &mut HashSet::new()).is_err() {
                return None;
            }
            conditions.push((condition, number == 1));
            use_ = mlir_sys::mlirOpOperandGetNextUse(use_);
        }
    }
    (!conditions.is_empty()).then_some(conditions)
}

/// Clones the ops of `slice` (in the body's order) at `e`, extending `map`
/// from original values to their clones.
pub fn clone_slice(
    e: &Emitter<'_>,
    body: BlockRef<'_, '_>,
    slice: &HashSet<usize>,
    map: &mut HashMap<usize, MlirValue>,
) {
    let mut ops = Vec::new();
    for op in t2s_ir::ir::ops(body) {
        op.walk(melior::ir::operation::WalkOrder::PreOrder, |nested| {
            if slice.contains(&op_key(nested.to_raw())) {
                ops.push(nested.to_raw());
            }
            melior::ir::operation::WalkResult::Advance
        });
    }
    for op in ops {
        let clone = clone_op(e, op, map);
        // SAFETY: both ops are live and have the same results.
        unsafe {
            for r in 0..mlir_sys::mlirOperationGetNumResults(op) {
                map.insert(
                    key(mlir_sys::mlirOperationGetResult(op, r)),
                    mlir_sys::mlirOperationGetResult(clone, r),
                );
            }
        }
    }
}

/// Clones one op (with its regions) at `e`, its operands mapped by `map`.
pub fn clone_op(
    e: &Emitter<'_>,
    op: MlirOperation,
    map: &HashMap<usize, MlirValue>,
) -> MlirOperation {
    // SAFETY: a live op; the clone is detached until the block owns it.
    unsafe {
        let clone = mlir_sys::mlirOperationClone(op);
        let clone_ref = OperationRef::from_raw(clone);
        clone_ref.walk(melior::ir::operation::WalkOrder::PreOrder, |nested| {
            for i in 0..nested.operand_count() {
                let Ok(v) = nested.operand(i) else { continue };
                if let Some(new) = map.get(&key(v.to_raw())) {
                    mlir_sys::mlirOperationSetOperand(nested.to_raw(), i as isize, *new);
                }
            }
            melior::ir::operation::WalkResult::Advance
        });
        match e.before {
            Some(anchor) => mlir_sys::mlirBlockInsertOwnedOperationBefore(e.block, anchor, clone),
            None => mlir_sys::mlirBlockAppendOwnedOperation(e.block, clone),
        }
        clone
    }
}

/// `true` as an `i1` constant.
pub fn true_value(e: &Emitter<'_>) -> MlirValue {
    let ty = melior::ir::r#type::IntegerType::new(e.context, 1).into();
    let attr = melior::ir::attribute::IntegerAttribute::new(ty, 1).into();
    e.op(
        ods::arith::ConstantOperation::name(),
        &[],
        &[ty],
        &[("value", attr)],
    )[0]
}

/// One condition of `conditions`, mapped, with its polarity applied.
fn literal(
    e: &Emitter<'_>,
    (c, polarity): Condition,
    map: &HashMap<usize, MlirValue>,
) -> MlirValue {
    let c = map.get(&key(c)).copied().unwrap_or(c);
    if polarity {
        return c;
    }
    let ty = melior::ir::r#type::IntegerType::new(e.context, 1).into();
    e.op1(ods::arith::XOrIOperation::name(), &[c, true_value(e)], ty)
}

/// The conjunction (`and`) or disjunction of `conditions`, mapped by `map`;
/// `None` when there are none.
pub fn combine(
    e: &Emitter<'_>,
    conditions: &[Condition],
    map: &HashMap<usize, MlirValue>,
    and: bool,
) -> Option<MlirValue> {
    let ty = melior::ir::r#type::IntegerType::new(e.context, 1).into();
    let op = if and {
        ods::arith::AndIOperation::name()
    } else {
        ods::arith::OrIOperation::name()
    };
    conditions
        .iter()
        .map(|c| literal(e, *c, map))
        .reduce(|a, b| e.op1(op, &[a, b], ty))
}
