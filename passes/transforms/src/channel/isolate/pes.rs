//! Which PEs an isolated access involves: the space coordinates that its
//! conditions fix to a constant (`j == 0` for GEMM's A, which enters at the
//! first column). The channel array of the access drops those dimensions,
//! and a kernel whose every access fixes a coordinate keeps only that PE
//! row (T2S's loaders feed the boundary PEs only).

use crate::channel::isolate::frame::{Access, Frame};
use crate::channel::isolate::slice::Condition;
use melior::ir::{attribute::IntegerAttribute, operation::OperationLike};
use t2s_ir::array::ArrayInfo;
use t2s_ir::handle::{AsVal, Op, Val};
use t2s_ir::ir::OpAccess;
use t2s_ir::ods;

/// A space coordinate (its position among the space loops) and its value.
pub type Fixed = (usize, i64);

fn op_of(v: Val) -> Option<Op> {
    v.defining_op()
}

fn constant(v: Val) -> Option<i64> {
    let op = op_of(v)?;
    let op = op.op();
    if !ods::is(&op, ods::arith::ConstantOperation::name()) {
        return None;
    }
    IntegerAttribute::try_from(op.attribute("value").ok()?)
        .ok()
        .map(|a| a.value())
}

/// The space coordinate `v` is, if any: a space argument of the body, or a
/// recovered index that the `recover` map takes from one space coordinate.
fn space_coordinate(frame: &Frame<'_, '_>, v: Val) -> Option<usize> {
    let coordinate = match v.defining_op() {
        None => {
            if v.owner_block() != Some(frame.body) {
                return None;
            }
            v.argument_number()?
        }
        Some(op) => {
            let op = op.op();
            if !ods::is(&op, ods::spacetime::RecoverOperation::name()) || op.operand_count() > 0 {
                return None;
            }
            let row = frame.info.recover.get(v.result_number()?)?;
            match (row.terms.as_slice(), row.constant) {
                ([(d, 1)], 0) => *d,
                _ => return None,
            }
        }
    };
    coordinate.checked_sub(frame.num_time())
}

/// `coordinate == constant`, when `condition` (holding) says so.
fn fixed_by(frame: &Frame<'_, '_>, (condition, holds): Condition) -> Option<Fixed> {
    if !holds {
        return None;
    }
    let op = op_of(condition)?;
    let op = op.op();
    let eq = ods::is(&op, ods::arith::CmpIOperation::name())
        && op
            .attribute("predicate")
            .ok()
            .and_then(|a| IntegerAttribute::try_from(a).ok())
            .is_some_and(|p| p.value() == 0);
    if !eq {
        return None;
    }
    let (a, b) = (op.operand_at(0)?.val(), op.operand_at(1)?.val());
    let (coordinate, value) = match (constant(a), constant(b)) {
        (None, Some(c)) => (space_coordinate(frame, a)?, c),
        (Some(c), None) => (space_coordinate(frame, b)?, c),
        _ => return None,
    };
    let bound = &frame.info.space[coordinate];
    (value >= bound.min && value < bound.min + bound.pe_extent()).then_some((coordinate, value))
}

/// The coordinates every execution of `access` has: those fixed by its
/// guards, and by its use condition when there is exactly one.
pub fn fixed_coordinates(frame: &Frame<'_, '_>, access: &Access) -> Vec<Fixed> {
    let uses = match access.uses.as_deref() {
        Some([one]) => vec![*one],
        _ => Vec::new(),
    };
    let mut holding = Vec::new();
    for condition in access.guards.iter().chain(&uses) {
        conjuncts(*condition, &mut holding);
    }
    let mut fixed: Vec<Fixed> = Vec::new();
    for found in holding.into_iter().filter_map(|c| fixed_by(frame, c)) {
        if !fixed.iter().any(|(c, _)| *c == found.0) {
            fixed.push(found);
        }
    }
    fixed.sort_unstable();
    fixed
}

/// The conditions that `condition` holding implies: itself and, through
/// `arith.andi`, each conjunct.
fn conjuncts(condition: Condition, out: &mut Vec<Condition>) {
    out.push(condition);
    let (value, holds) = condition;
    if !holds {
        return;
    }
    if let Some(op) = op_of(value) {
        let op = op.op();
        if ods::is(&op, ods::arith::AndIOperation::name()) {
            for i in 0..2 {
                if let Some(operand) = op.operand_at(i) {
                    conjuncts((operand.val(), true), out);
                }
            }
        }
    }
}

/// The coordinates that all `accesses` fix to the same value: the PEs the
/// kernel keeps.
pub fn common(fixed: &[Vec<Fixed>]) -> Vec<Fixed> {
    let Some((first, rest)) = fixed.split_first() else {
        return Vec::new();
    };
    first
        .iter()
        .filter(|f| rest.iter().all(|r| r.contains(f)))
        .copied()
        .collect()
}

/// The dimensions (of a channel array over the PEs) or the coordinates (of
/// an access) that are not fixed.
pub fn narrowed<T: Copy>(items: &[T], fixed: &[Fixed]) -> Vec<T> {
    items
        .iter()
        .enumerate()
        .filter(|(d, _)| !fixed.iter().any(|(c, _)| c == d))
        .map(|(_, s)| *s)
        .collect()
}

/// ` (PEs with j = 0)` for remarks.
pub fn describe(info: &ArrayInfo, fixed: &[Fixed]) -> String {
    if fixed.is_empty() {
        return String::new();
    }
    let parts: Vec<String> = fixed
        .iter()
        .map(|(c, v)| format!("{} = {v}", info.space[*c].name))
        .collect();
    format!(" (the PEs with {})", parts.join(", "))
}

#[cfg(test)]
mod tests {
    use crate::channel::isolate::pes::{common, describe, narrowed, Fixed};
    use t2s_ir::array::{ArrayInfo, Bound};
    use t2s_model::Linear;

    fn info(space: &[(&str, i64)]) -> ArrayInfo {
        ArrayInfo {
            loops: Vec::new(),
            time: Vec::new(),
            space: space
                .iter()
                .map(|(name, extent)| Bound {
                    name: name.to_string(),
                    min: 0,
                    extent: Linear::constant(*extent),
                    vectorized: false,
                    descending: false,
                    inside: false,
                })
                .collect(),
            recover: Vec::new(),
        }
    }

    #[test]
    fn a_kernel_keeps_the_pes_every_access_fixes_alike() {
        // Two accesses fixing j = 0 (coordinate 0); one also i = 3.
        let fixed = vec![vec![(0, 0), (1, 3)], vec![(0, 0)]];
        assert_eq!(common(&fixed), vec![(0, 0)]);
        // Different values of one coordinate: nothing in common.
        assert_eq!(common(&[vec![(0, 0)], vec![(0, 1)]]), Vec::<Fixed>::new());
        // An access that fixes nothing keeps every PE.
        assert_eq!(common(&[vec![(0, 0)], vec![]]), Vec::<Fixed>::new());
        assert_eq!(common(&[]), Vec::<Fixed>::new());
    }

    #[test]
    fn narrowing_drops_the_fixed_dimensions() {
        assert_eq!(narrowed(&[8, 6, 4], &[(1, 2)]), vec![8, 4]);
        assert_eq!(narrowed(&[8, 6], &[(0, 0), (1, 5)]), Vec::<i64>::new());
        assert_eq!(narrowed(&[8, 6], &[]), vec![8, 6]);
    }

    #[test]
    fn remarks_name_the_pes_kept() {
        let info = info(&[("j", 8), ("i", 6)]);
        assert_eq!(
            describe(&info, &[(0, 0), (1, 5)]),
            " (the PEs with j = 0, i = 5)"
        );
        assert_eq!(describe(&info, &[]), "");
    }
}
