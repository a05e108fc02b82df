//! The first-lane select that starts a chain along a vectorized loop,
//! `select(j == first, X, read [.., 1, ..] delay 0)`: a propagation
//! (`vectorize/legal.rs`) and a lane reduction (`vectorize/reduce.rs`) both
//! begin with it.

use melior::ir::operation::OperationRef;
use t2s_ir::handle::{AsVal, Op, Val};
use t2s_ir::ir;
use t2s_ir::ir::{BlockAccess, OpAccess};
use t2s_ir::ods;

fn op_ref<'c, 'a>(op: Op) -> OperationRef<'c, 'a> {
    op.op()
}

fn owner(value: Val) -> Option<Op> {
    value.defining_op()
}

fn operand(op: Op, i: usize) -> Option<Val> {
    op_ref(op).operand_at(i).map(|v| v.val())
}

fn same(a: Option<Val>, b: Val) -> bool {
    a == Some(b)
}

/// The single user of `value`, if it has exactly one use.
pub fn single_user(value: Val) -> Option<Op> {
    match value.users().as_slice() {
        [one] => Some(*one),
        _ => None,
    }
}

/// The read's one use, `select(coordinate == first, X, read)` (or its
/// negation, the read in the true arm), along space loop `space`: the
/// select and the operand that holds `X`, what the first lane takes.
pub fn first_lane_select(
    array: &OperationRef<'_, '_>,
    read: &OperationRef<'_, '_>,
    space: usize,
) -> Option<(Op, usize)> {
    let boundary = t2s_ir::array::space_mins(array)[space];
    let value = read.result_at(0)?.val();
    let select = single_user(value)?;
    if ir::name(&op_ref(select)) != ods::arith::SelectOperation::name() {
        return None;
    }
    let cond = owner(operand(select, 0)?)?;
    let cond_ref = op_ref(cond);
    if !ods::is(&cond_ref, ods::arith::CmpIOperation::name()) {
        return None;
    }
    let (a, b) = (operand(cond, 0)?, operand(cond, 1)?);
    let fixes = (is_coordinate(array, space, a) && is_constant(b, boundary))
        || (is_coordinate(array, space, b) && is_constant(a, boundary));
    if !fixes {
        return None;
    }
    let x = match ir::int(&cond_ref, "predicate") {
        Some(0) if same(operand(select, 2), value) => 1,
        Some(1) if same(operand(select, 1), value) => 2,
        _ => return None,
    };
    Some((select, x))
}

/// `value` is the coordinate of space loop `space`: the block argument, or
/// the recovered index of the original loop of that name.
fn is_coordinate(array: &OperationRef<'_, '_>, space: usize, value: Val) -> bool {
    let time = t2s_ir::array::time_loops(array).len();
    let Some(body) = ir::body_block(array) else {
        return false;
    };
    if body
        .argument_at(time + space)
        .is_some_and(|a| a.val() == value)
    {
        return true;
    }
    let Some(l) = t2s_ir::array::recovered_loop(value) else {
        return false;
    };
    let loops = t2s_ir::ops::loop_bounds(array);
    let space_loops = t2s_ir::array::space_loops(array);
    loops.get(l).map(|b| &b.0) == space_loops.get(space)
}

fn is_constant(value: Val, expected: i64) -> bool {
    owner(value).is_some_and(|op| {
        let r = op_ref(op);
        ods::is(&r, ods::arith::ConstantOperation::name()) && ir::int(&r, "value") == Some(expected)
    })
}
