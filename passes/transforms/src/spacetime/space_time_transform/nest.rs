//! The UREs of a merged nest as the space-time transform sees them.

use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{Type, ValueLike};
use t2s_ir::diag::error;
use t2s_ir::diag::OrInternal;
use t2s_ir::handle::{AsVal, Op, Val};
use t2s_ir::ir;
use t2s_ir::ods;
use t2s_ir::pass::Failed;

/// One URE of the nest, as the builder needs it.
pub(super) struct Ure<'c, 'a> {
    pub(super) op: OperationRef<'c, 'a>,
    pub(super) name: String,
    pub(super) vars: Vec<String>,
    pub(super) num_lhs: usize,
    /// Per result: the `ure.select` condition it is defined under, if any.
    pub(super) conditional: Vec<bool>,
}

pub(super) fn collect_ures<'c, 'a>(
    nest: &OperationRef<'c, 'a>,
) -> Result<Vec<Ure<'c, 'a>>, Failed> {
    let mut ures = Vec::new();
    for op in ir::body_ops(nest, 0) {
        if !ods::is(&op, ods::ure::DefOperation::name()) {
            continue;
        }
        let body = ir::body_block(&op).or_internal("a body block")?;
        let yield_op = body.terminator().or_internal("a terminator")?;
        let conditional = yield_op
            .operands()
            .map(|v| select_parts(v.val()).is_some())
            .collect();
        ures.push(Ure {
            name: def_view(op)?.func(),
            vars: def_view(op)?.vars(),
            num_lhs: def_view(op)?.num_lhs(),
            conditional,
            op,
        });
    }
    if ures.is_empty() {
        return Err(error(nest.location(), "the nest holds no URE"));
    }
    Ok(ures)
}

pub(super) fn result_type<'c>(ure: &Ure<'c, '_>, result: usize) -> Result<Type<'c>, Failed> {
    let body = ir::body_block(&ure.op).or_internal("a body block")?;
    let yield_op = body.terminator().or_internal("a terminator")?;
    Ok(yield_op
        .operand(result)
        .or_internal("an operand of the op")?
        .r#type())
}

/// `(select op, condition, value)` when `value` is a `ure.select` result.
pub(super) fn select_parts(value: Val) -> Option<(Op, Val, Val)> {
    let op = value.defining_op()?;
    if !ods::is(&op.op(), ods::ure::SelectOperation::name()) {
        return None;
    }
    Some((op, op.operand(0)?, op.operand(1)?))
}

/// `op` as the `ure.def` it is.
fn def_view<'c, 'a>(op: OperationRef<'c, 'a>) -> Result<t2s_ir::ops::ure::DefOp<'c, 'a>, Failed> {
    <t2s_ir::ops::ure::DefOp as t2s_ir::ops::View>::cast(op).or_internal("a ure.def")
}
