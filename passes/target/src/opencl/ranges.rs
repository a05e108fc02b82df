//! Indices in 32 bits where their values allow (issue 37's "scalars and
//! indices in 32 bits where the extents allow"). An `index` is 64 bits in
//! MLIR and a `long` in OpenCL C, which costs an FPGA twice the adders and
//! multipliers of an `int`. The translation follows each scalar index's
//! range from what fixes it, constants and loops of constant bounds,
//! through the arithmetic; a value whose range, and whose operands'
//! ranges, fit in 32 bits is an `int` computed in `int`. Anything else stays
//! a `long`, computed in `long` (an `int` operand promoted), so no
//! intermediate can leave its type's range.

use super::arith::Lane;
use super::body::{fail, key, literal_value, Body};
use super::types::Scalar;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::IntegerType;
use melior::ir::{TypeLike, ValueLike};
use t2s_ir::diag::Failed;
use t2s_ir::ods;

/// The smallest and largest value an index may take.
pub type Range = (i64, i64);

/// Whether every value of `r` is an `int`.
pub fn fits_int(r: Range) -> bool {
    r.0 >= i64::from(i32::MIN) && r.1 <= i64::from(i32::MAX)
}

/// The values an `scf.for` of constant bounds gives its variable.
pub fn loop_range(lb: i64, ub: i64, step: i64) -> Range {
    if ub <= lb || step <= 0 {
        return (lb, lb); // the body never runs
    }
    (lb, lb + (ub - 1 - lb) / step * step)
}

/// The range of the index result of `op` (named `name`) from its
/// operands' ranges (`None` where unknown); `None` where it has none that
/// this analysis follows.
pub fn result_range(
    op: &OperationRef<'_, '_>,
    name: &str,
    operands: &[Option<Range>],
) -> Option<Range> {
    let at = |i: usize| operands.get(i).copied().flatten();
    t2s_ir::op_match!(name, {
        ods::arith::AddIOperation => {
            let (a, b) = (at(0)?, at(1)?);
            Some((a.0.checked_add(b.0)?, a.1.checked_add(b.1)?))
        },
        ods::arith::SubIOperation => {
            let (a, b) = (at(0)?, at(1)?);
            Some((a.0.checked_sub(b.1)?, a.1.checked_sub(b.0)?))
        },
        ods::arith::MulIOperation => corners(at(0)?, at(1)?, i64::checked_mul),
        ods::arith::DivSIOperation => {
            let (a, b) = (at(0)?, at(1)?);
            (b.0 > 0).then_some(())?;
            corners(a, b, i64::checked_div)
        },
        ods::arith::DivUIOperation => {
            let (a, b) = (at(0)?, at(1)?);
            (a.0 >= 0 && b.0 > 0).then_some((a.0 / b.1, a.1 / b.0))
        },
        ods::arith::RemSIOperation => {
            let (a, b) = (at(0)?, at(1)?);
            (b.0 > 0).then_some(())?;
            let m = b.1 - 1;
            let low = if a.0 >= 0 { 0 } else { a.0.max(-m) };
            let high = if a.1 <= 0 { 0 } else { a.1.min(m) };
            Some((low, high))
        },
        ods::arith::RemUIOperation => {
            let (a, b) = (at(0)?, at(1)?);
            (a.0 >= 0 && b.0 > 0).then_some((0, a.1.min(b.1 - 1)))
        },
        ods::arith::MaxSIOperation => {
            let (a, b) = (at(0)?, at(1)?);
            Some((a.0.max(b.0), a.1.max(b.1)))
        },
        ods::arith::MinSIOperation => {
            let (a, b) = (at(0)?, at(1)?);
            Some((a.0.min(b.0), a.1.min(b.1)))
        },
        ods::arith::SelectOperation => {
            let (a, b) = (at(1)?, at(2)?);
            Some((a.0.min(b.0), a.1.max(b.1)))
        },
        ods::arith::IndexCastOperation => narrow_source(op),
        _ => None,
    })
}

/// The range of `f` over the corners of `a` x `b` (exact for `*` and for
/// `/` by a divisor of one sign).
fn corners(a: Range, b: Range, f: fn(i64, i64) -> Option<i64>) -> Option<Range> {
    let values = [f(a.0, b.0)?, f(a.0, b.1)?, f(a.1, b.0)?, f(a.1, b.1)?];
    Some((*values.iter().min()?, *values.iter().max()?))
}

/// `index_cast` of a narrower integer: that integer's signed range.
fn narrow_source(op: &OperationRef<'_, '_>) -> Option<Range> {
    let source = op.operand(0).ok()?.r#type();
    let width = IntegerType::try_from(source).ok()?.width();
    (1..=32)
        .contains(&width)
        .then(|| (-(1i64 << (width - 1)), (1i64 << (width - 1)) - 1))
}

/// The operands of an op computed in `int`: index literals without their
/// `L`.
fn int_args(names: &[String], operands: &[(bool, Option<Range>)]) -> Vec<String> {
    names
        .iter()
        .zip(operands)
        .map(|(n, (is_index, _))| match literal_value(n) {
            Some(v) if *is_index => super::arith::literal_int(Scalar::Int, v),
            _ => n.clone(),
        })
        .collect()
}

impl Body<'_> {
    /// An `scf.for` whose variable may count in an `int`: its range, and
    /// its bounds and step as `int` expressions. The bounds and the step
    /// (a positive constant) must be within 32 bits, and so must the last
    /// increment, which may pass the upper bound.
    pub(super) fn int_counter(&self, op: &OperationRef<'_, '_>) -> Option<(Range, [String; 3])> {
        let range = |i: usize| {
            let v = op.operand(i).ok()?;
            self.ranges.get(&key(v)).copied()
        };
        let (lb, ub, step) = (range(0)?, range(1)?, range(2)?);
        let end = ub.1.checked_add(step.1)?;
        let fits = step.0 == step.1 && step.0 > 0 && fits_int(lb) && fits_int((ub.0, end));
        if !fits {
            return None;
        }
        let text = |i: usize| -> Option<String> {
            let name = self.name(op, op.operand(i).ok()?).ok()?;
            Some(match literal_value(&name) {
                Some(v) => super::arith::literal_int(Scalar::Int, v),
                None => name,
            })
        };
        // A variable lower bound may start the steps anywhere below the end.
        let last = if lb.0 == lb.1 {
            loop_range(lb.0, ub.1, step.0).1
        } else {
            ub.1 - 1
        };
        Some(((lb.0, last.max(lb.0)), [text(0)?, text(1)?, text(2)?]))
    }

    /// Translates the scalar index op `op` (named `name`) in 32 bits where
    /// its range allows, else in 64 with its `int` operands promoted, and
    /// notes its range; `false` (nothing emitted) for another op.
    pub(super) fn index_arith(
        &mut self,
        op: &OperationRef<'_, '_>,
        name: &str,
        names: &[String],
        scalars: &[Scalar],
    ) -> Result<bool, Failed> {
        let result = op.result(0).map_err(|_| fail(op, "a missing result"))?;
        let compares_indices = name == ods::arith::CmpIOperation::name()
            && op.operand(0).is_ok_and(|v| v.r#type().is_index());
        if !result.r#type().is_index() && !compares_indices {
            return Ok(false);
        }
        let operands: Vec<(bool, Option<Range>)> = (0..op.operand_count())
            .map(|i| {
                let v = op.operand(i).ok();
                let is_index = v.is_some_and(|v| v.r#type().is_index());
                (is_index, v.and_then(|v| self.ranges.get(&key(v)).copied()))
            })
            .collect();
        let ranges: Vec<Option<Range>> = operands.iter().map(|(_, r)| *r).collect();
        let range = result_range(op, name, &ranges);
        let operands_int = operands
            .iter()
            .all(|(is_index, r)| !is_index || r.is_some_and(fits_int));
        if compares_indices {
            // A comparison of ints compares in int; its result is a bool.
            if !operands_int {
                return Ok(false);
            }
            let args = int_args(names, &operands);
            let types = vec![Scalar::Int; names.len()];
            let lane = Lane {
                args: &args,
                types: &types,
                result: Scalar::Bool,
            };
            let e = super::arith::expression(op, name, &lane).map_err(|m| fail(op, m))?;
            self.define_as(op, 0, "bool", e)?;
            return Ok(true);
        }
        let in_int = range.is_some_and(fits_int) && operands_int;
        let (args, types, result_scalar, type_name): (Vec<String>, Vec<Scalar>, Scalar, &str) =
            if in_int {
                let args = int_args(names, &operands);
                let types = scalars
                    .iter()
                    .zip(&operands)
                    .map(|(s, (is_index, _))| if *is_index { Scalar::Int } else { *s })
                    .collect();
                (args, types, Scalar::Int, "int")
            } else {
                let args = names
                    .iter()
                    .zip(&operands)
                    .map(|(n, (is_index, r))| {
                        let int_variable =
                            *is_index && r.is_some_and(fits_int) && literal_value(n).is_none();
                        if int_variable {
                            format!("(long){n}")
                        } else {
                            n.clone()
                        }
                    })
                    .collect();
                (args, scalars.to_vec(), Scalar::Long, "long")
            };
        let lane = Lane {
            args: &args,
            types: &types,
            result: result_scalar,
        };
        let e = super::arith::expression(op, name, &lane).map_err(|m| fail(op, m))?;
        self.define_as(op, 0, type_name, e)?;
        if let Some(r) = range {
            self.ranges.insert(key(result.into()), r);
        }
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_loop_ends_at_its_last_step() {
        assert_eq!(loop_range(0, 10, 3), (0, 9));
        assert_eq!(loop_range(0, 11, 3), (0, 9));
        assert_eq!(loop_range(5, 5, 1), (5, 5));
    }

    #[test]
    fn corners_take_the_extremes() {
        assert_eq!(corners((-2, 3), (4, 5), i64::checked_mul), Some((-10, 15)));
        assert_eq!(corners((-7, 9), (2, 4), i64::checked_div), Some((-3, 4)));
        assert_eq!(corners((0, i64::MAX), (2, 3), i64::checked_mul), None);
    }

    #[test]
    fn literals_are_read_back() {
        assert_eq!(literal_value("1025L"), Some(1025));
        assert_eq!(literal_value("(-3L)"), Some(-3));
        assert_eq!(literal_value("i3"), None);
        assert_eq!(literal_value("3"), None);
    }
}
