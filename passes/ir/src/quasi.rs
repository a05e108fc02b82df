//! Quasi-affine input indices in the IR: a `ure.load`'s map read as
//! [`QuasiAffine`] forms (sums, multiples by constants, and `mod`,
//! `floordiv`, `ceildiv` by positive constants), and their values emitted
//! with `arith` ops that round as MLIR's affine ops do (toward negative
//! infinity), so that every route computes what the interpreter computes.

use crate::diag::error;
use crate::emit::Emitter;
use crate::handle::AsVal;
use crate::handle::Val;
use crate::ods;
use crate::pass::Failed;
use crate::types::AffineExpr;
use melior::ir::operation::{OperationLike, OperationRef};
use std::collections::HashMap;
use t2s_model::program::Affine;
use t2s_model::quasi::{Division, DivisionOp, QuasiAffine};

/// The indices of a `ure.load` over the URE's block arguments (position
/// `vars + p` for parameter `p`), quasi-affine.
pub fn quasi_indices(
    op: &OperationRef<'_, '_>,
    vars: usize,
    params: &HashMap<String, usize>,
) -> Result<Vec<QuasiAffine>, Failed> {
    let positions = index_positions(op, vars, params)?;
    quasi_rows(op, "map", Some(&positions))
}

/// The results of `op`'s affine map attribute `attr` over its dimensions,
/// quasi-affine.
pub fn quasi_map_rows(op: &OperationRef<'_, '_>, attr: &str) -> Result<Vec<QuasiAffine>, Failed> {
    quasi_rows(op, attr, None)
}

/// The position each operand of a `ure.at` or `ure.load` stands for: a
/// loop variable's, or `vars + p` for parameter `p`.
pub(crate) fn index_positions(
    op: &OperationRef<'_, '_>,
    vars: usize,
    params: &HashMap<String, usize>,
) -> Result<Vec<usize>, Failed> {
    let mut arg_numbers = Vec::new();
    for v in op.operands() {
        let v = v.val();
        {
            let Some(owner) = v.defining_op() else {
                arg_numbers.extend(v.argument_number());
                continue;
            };
            let owner = owner.op();
            let name = crate::ops::ure::param_of(&owner).unwrap_or_default();
            match params.get(&name) {
                Some(p) if ods::is(&owner, ods::ure::ParamValueOperation::name()) => {
                    arg_numbers.push(vars + p)
                }
                _ => {
                    return Err(error(
                        op.location(),
                        "indices are loop variables or ure.param_value results",
                    ))
                }
            }
        }
    }
    Ok(arg_numbers)
}

/// The results of a `ure.load`'s map as affine forms, for a transform that
/// has no form for `mod`, `floordiv` and `ceildiv` yet: an error at the
/// load naming `what` otherwise.
pub fn linear_load_rows(op: &OperationRef<'_, '_>, what: &str) -> Result<Vec<Affine>, Failed> {
    quasi_rows(op, "map", None)?
        .into_iter()
        .enumerate()
        .map(|(i, row)| {
            let text = row.to_string();
            row.as_affine().cloned().ok_or_else(|| {
                error(
                    op.location(),
                    format!("index {i} of this read ({text}, over its operands x0, x1, ...) uses mod, floordiv or ceildiv: {what} has no form for such indices yet"),
                )
            })
        })
        .collect()
}

/// Dimension `d` stands for `positions[d]` (default: itself).
pub(crate) fn quasi_rows(
    op: &OperationRef<'_, '_>,
    attr: &str,
    positions: Option<&[usize]>,
) -> Result<Vec<QuasiAffine>, Failed> {
    let map = op
        .attribute(attr)
        .map_err(|_| error(op.location(), format!("missing affine map '{attr}'")))?;
    let (dims, results) = crate::types::affine_map(map)
        .ok_or_else(|| error(op.location(), format!("'{attr}' is not an affine map")))?;
    let identity: Vec<usize> = (0..dims).collect();
    let positions = positions.unwrap_or(&identity);
    results
        .iter()
        .enumerate()
        .map(|(i, expr)| {
            quasi_of(expr, positions).ok_or_else(|| {
                error(
                    op.location(),
                    format!("result {i} of '{attr}' is not a quasi-affine expression of the loop variables (sums, multiples by constants, and mod, floordiv or ceildiv by positive constants)"),
                )
            })
        })
        .collect()
}

/// `expr` over dimensions that stand for `positions`; `None` outside the
/// quasi-affine forms (a symbol, a product of two variables, a division by
/// a variable or by a constant below 1).
fn quasi_of(expr: &AffineExpr, positions: &[usize]) -> Option<QuasiAffine> {
    let constant = |c: i64| {
        QuasiAffine::from(Affine {
            terms: Vec::new(),
            constant: c,
        })
    };
    match expr {
        AffineExpr::Constant(c) => Some(constant(*c)),
        AffineExpr::Dim(d) => Some(QuasiAffine::from(Affine {
            terms: vec![(*positions.get(*d)?, 1)],
            constant: 0,
        })),
        AffineExpr::Add(a, b) => Some(quasi_of(a, positions)?.plus(quasi_of(b, positions)?)),
        AffineExpr::Mul(a, b) => match (&**a, &**b) {
            (x, AffineExpr::Constant(c)) | (AffineExpr::Constant(c), x) => {
                Some(quasi_of(x, positions)?.scaled(*c))
            }
            _ => None,
        },
        AffineExpr::Mod(a, b) => division(DivisionOp::Mod, a, b, positions),
        AffineExpr::FloorDiv(a, b) => division(DivisionOp::FloorDiv, a, b, positions),
        AffineExpr::CeilDiv(a, b) => division(DivisionOp::CeilDiv, a, b, positions),
        AffineExpr::Other => None,
    }
}

fn division(
    op: DivisionOp,
    of: &AffineExpr,
    by: &AffineExpr,
    positions: &[usize],
) -> Option<QuasiAffine> {
    let AffineExpr::Constant(by) = *by else {
        return None;
    };
    (by >= 1).then_some(())?;
    Some(QuasiAffine {
        affine: Affine::default(),
        divisions: vec![(
            1,
            Division {
                op,
                of: Box::new(quasi_of(of, positions)?),
                by,
            },
        )],
    })
}

/// The value of `index` at `args` (position `p` is `args[p]`), in `index`
/// arithmetic; divisions round toward negative infinity, as
/// [`DivisionOp::apply`] does.
pub fn quasi_value(e: &Emitter<'_>, index: &QuasiAffine, args: &[Val]) -> Val {
    let mut value = crate::lanes::affine_value(e, &index.affine, args);
    for (coefficient, d) in &index.divisions {
        let x = quasi_value(e, &d.of, args);
        let q = divide(e, d.op, x, d.by);
        let term = match coefficient {
            1 => q,
            c => e.mul(q, e.index(*c)),
        };
        value = e.add(value, term);
    }
    value
}

/// `x op by` for a constant `by >= 1`: `remsi`/`divsi` (which round toward
/// zero) corrected by the remainder's sign.
fn divide(e: &Emitter<'_>, op: DivisionOp, x: Val, by: i64) -> Val {
    let n = e.index(by);
    let rem = e.remsi(x, n);
    let zero = e.index(0);
    let select = |cond: Val, a: Val, b: Val| e.select(cond, a, b);
    match op {
        DivisionOp::Mod => {
            let negative = e.cmpi(crate::emit::CMPI_SLT, rem, zero);
            select(negative, e.add(rem, n), rem)
        }
        DivisionOp::FloorDiv => {
            let quotient = e.divsi(x, n);
            let negative = e.cmpi(crate::emit::CMPI_SLT, rem, zero);
            select(negative, e.sub(quotient, e.index(1)), quotient)
        }
        DivisionOp::CeilDiv => {
            let quotient = e.divsi(x, n);
            let positive = e.cmpi(crate::emit::CMPI_SGT, rem, zero);
            select(positive, e.add(quotient, e.index(1)), quotient)
        }
    }
}
