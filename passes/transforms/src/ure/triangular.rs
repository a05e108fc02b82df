//! Triangular bounds in `merge-ures` (docs/ure.md, "Triangular bounds"):
//! the nest takes the box around the domain (`t2s_ir::triangular::hull`),
//! and the output is stored only at the domain's points, a guard on its
//! `ure.select` in the IR. The other UREs are computed at every point of
//! the box; a point outside the domain computes a value that nothing
//! stores, as a read outside any domain gives one that a select discards.

use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::Location;
use melior::Context;
use t2s_ir::diag::{error, remark, OrInternal};
use t2s_ir::emit::{Emitter, CMPI_SGE, CMPI_SLT};
use t2s_ir::handle::{Blk, Op, Val};
use t2s_ir::ir::{self, ExtentAttr};
use t2s_ir::ods;
use t2s_ir::ops::ure::{DefOp, SetBoundsOp, SplitOp};
use t2s_ir::ops::View;
use t2s_ir::pass::Failed;
use t2s_ir::triangular::{BoundExpr, WrittenBound};

/// The triangular bounds of the representative `rep_name` (empty when its
/// bounds are rectangular); an error at a `ure.split` of a loop they
/// involve, which needs a constant extent.
pub(crate) fn triangular_bounds(
    program: OperationRef<'_, '_>,
    rep_name: &str,
) -> Result<Vec<WrittenBound>, Failed> {
    let bounds: Vec<SetBoundsOp> = t2s_ir::ops::children(&program);
    let mut written: Vec<WrittenBound> = Vec::new();
    for b in bounds.iter().filter(|b| b.func() == rep_name) {
        let triangles: Vec<WrittenBound> = b
            .written()
            .into_iter()
            .filter(WrittenBound::is_triangular)
            .collect();
        if let (false, Ok(hull)) = (triangles.is_empty(), b.hull()) {
            remark_box(b.location(), &triangles, &hull);
        }
        written.extend(triangles);
    }
    let involved = |name: &str| {
        written.iter().any(|w| {
            w.var == name
                || w.min
                    .loops
                    .iter()
                    .chain(&w.extent.loops)
                    .any(|(l, _)| l == name)
        })
    };
    for split in t2s_ir::ops::children::<SplitOp>(&program) {
        let name = split.loop_name();
        if involved(&name) {
            return Err(error(
                split.location(),
                format!(
                    "loop '{name}' has triangular bounds or is named by one; a split needs a \
                     loop of constant extent, bounded by constants"
                ),
            ));
        }
    }
    Ok(written)
}

/// Says which box the nest runs for each triangular loop.
fn remark_box(at: Location<'_>, triangles: &[WrittenBound], hull: &t2s_ir::ops::ure::Bounds) {
    let boxes: Vec<String> = triangles
        .iter()
        .filter_map(|t| {
            let (_, min, extent) = hull.iter().find(|(v, _, _)| *v == t.var)?;
            let end = t.min.plus(&t.extent)?;
            let extent = BoundExpr {
                base: extent.linear(),
                loops: Vec::new(),
            };
            Some(format!(
                "{} = {min} extent {extent} around {} <= {} < {end}",
                t.var, t.min, t.var
            ))
        })
        .collect();
    remark(
        at,
        format!(
            "triangular bounds: the nest runs the box {}; the output is stored only inside",
            boxes.join(", ")
        ),
    );
}

/// Stores the output `def` only where every triangular bound holds: its
/// yielded `ure.select`s take the domain's condition, and a value yielded
/// unconditionally becomes one.
pub(crate) fn guard_output(
    def: OperationRef<'_, '_>,
    triangles: &[WrittenBound],
    nest: &[(String, i64, ExtentAttr)],
) -> Result<(), Failed> {
    if triangles.is_empty() {
        return Ok(());
    }
    let context_ref = def.context();
    // SAFETY: the context outlives the pass run; `context_ref` outlives the borrow.
    let context: &Context = unsafe { context_ref.to_ref() };
    let view = DefOp::cast(def).or_internal("the output's ure.def")?;
    let vars = view.vars();
    let body = Blk::of(&ir::body_block(&def).or_internal("a body block")?);
    let first = body.ops().first().copied().or_internal("a yield")?;
    let yield_op = body.terminator().or_internal("a yield")?;
    let e = Emitter::before(context, first.op()).located(yield_op.location());
    let var = |name: &str| -> Result<Val, Failed> {
        let index = vars.iter().position(|v| v == name).ok_or_else(|| {
            error(
                def.location(),
                format!(
                    "the output @{} does not name loop '{name}', which triangular bounds involve; \
                     name it after `with`",
                    view.func()
                ),
            )
        })?;
        body.argument(index).or_internal("a loop variable")
    };
    let mut inside: Option<Val> = None;
    for bound in triangles {
        let value = var(&bound.var)?;
        let box_min = nest
            .iter()
            .find(|(v, _, _)| *v == bound.var)
            .map(|(_, m, _)| *m);
        let min_is_the_box_s =
            bound.min.loops.is_empty() && Some(bound.min.base.constant) == box_min;
        let end = bound.min.plus(&bound.extent).ok_or_else(|| {
            error(
                def.location(),
                format!("the bounds of '{}' overflow 64-bit integers", bound.var),
            )
        })?;
        let end = bound_value(&e, &end, &var)?;
        let below = e.cmpi(CMPI_SLT, value, end);
        let here = if min_is_the_box_s {
            below // the nest starts there
        } else {
            let min = bound_value(&e, &bound.min, &var)?;
            let above = e.cmpi(CMPI_SGE, value, min);
            e.and(above, below)
        };
        inside = Some(inside.map_or(here, |before| e.and(before, here)));
    }
    let inside = inside.or_internal("a triangular bound")?;
    for (index, value) in yield_op.operands().into_iter().enumerate() {
        match value
            .defining_op()
            .filter(|op| ods::is(&op.op(), ods::ure::SelectOperation::name()))
        {
            Some(select) => guard_select(&e, select, inside)?,
            None => {
                let guarded = e.before_op(yield_op).ure_select(inside, value);
                yield_op.set_operand(index, guarded);
            }
        }
    }
    Ok(())
}

/// `select(c, v)` becomes `select(c && inside, v)`.
fn guard_select(e: &Emitter<'_>, select: Op, inside: Val) -> Result<(), Failed> {
    let condition = select.operand(0).or_internal("a select's condition")?;
    let both = e.before_op(select).and(condition, inside);
    select.set_operand(0, both);
    Ok(())
}

/// A bound's value at the current point: its constant, parameters and loops.
fn bound_value(
    e: &Emitter<'_>,
    bound: &BoundExpr,
    var: &dyn Fn(&str) -> Result<Val, Failed>,
) -> Result<Val, Failed> {
    let scaled = |value: Val, coef: i64| match coef {
        1 => value,
        _ => e.mul(value, e.index(coef)),
    };
    let mut terms: Vec<Val> = Vec::new();
    for (param, coef) in &bound.base.terms {
        terms.push(scaled(e.param_value(param), *coef));
    }
    for (loop_name, coef) in &bound.loops {
        terms.push(scaled(var(loop_name)?, *coef));
    }
    if bound.base.constant != 0 || terms.is_empty() {
        terms.push(e.index(bound.base.constant));
    }
    let first = terms[0];
    Ok(terms[1..]
        .iter()
        .fold(first, |total, term| e.add(total, *term)))
}
