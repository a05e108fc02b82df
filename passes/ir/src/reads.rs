//! What a program reads of its inputs, read off its IR: the extent each
//! input needs per dimension ([`t2s_model::reads`]), from every `ure.load`
//! the program still holds and the bounds of the loops its indices range
//! over. It works on every form that has loads: UREs as written (bounds from
//! `ure.set_bounds`), a merged `ure.nest`, a `spacetime.array`, and the
//! arrays of isolated kernels, so the runners and the lowerings read one
//! property of the program, whatever ran before.

use crate::array::{recovered_loop, ArrayInfo};
use crate::handle::{AsVal, Val};
use crate::import::params_and_inputs;
use crate::ir;
use crate::ods;
use crate::ops::ure::{DefOp, LoadOp, MergeUresOp, NestOp, ParamValueOp, SetBoundsOp};
use crate::ops::View;
use crate::pass::Failed;
use melior::ir::operation::{OperationLike, OperationRef};
use t2s_model::reads::{max_of, InputNeeds, Span};
use t2s_model::Linear;

/// The needs of every `ure.input` of `program`, in declaration order.
pub fn input_needs(program: OperationRef<'_, '_>) -> Result<Vec<InputNeeds>, Failed> {
    let (_, inputs) = params_and_inputs(&ir::body_ops(&program, 0))?;
    let mut needs: Vec<InputNeeds> = inputs
        .iter()
        .map(|i| InputNeeds::new(&i.name, i.shape.len()))
        .collect();
    for load in crate::ops::all::<LoadOp>(program) {
        let op = load.op();
        let input = load.input();
        let Some(need) = needs.iter_mut().find(|n| n.name == input) else {
            continue;
        };
        let source = crate::location::file_line_col(op.location())
            .map(|(file, line, col)| format!("{file}:{line}:{col}"))
            .unwrap_or_default();
        let spans: Vec<Option<Span>> = (0..op.operand_count())
            .map(|i| op.operand(i).ok().and_then(|v| span_of(v.val())))
            .collect();
        let rows = crate::quasi::quasi_map_rows(&op, "map").ok();
        for dim in 0..need.dims.len() {
            let max = rows
                .as_ref()
                .and_then(|rows| rows.get(dim))
                .and_then(|row| match row.as_affine() {
                    Some(a) => max_of(&a.terms, a.constant, &spans),
                    None => quasi_max(row, &spans),
                });
            need.add(dim, max, &source);
        }
    }
    Ok(needs)
}

/// The largest value of a quasi-affine index (`mod`, `floordiv`,
/// `ceildiv`) when every operand's span is constant; `None` (the dimension
/// unchecked, its reads clamped) when a span depends on a parameter.
fn quasi_max(row: &t2s_model::QuasiAffine, spans: &[Option<Span>]) -> Option<Linear> {
    let constant = |l: &Linear| l.terms.is_empty().then_some(l.constant);
    let span = |p: usize| {
        let s = spans.get(p)?.as_ref()?;
        Some((constant(&s.lo)?, constant(&s.hi)?))
    };
    let (_, hi) = row.range(&span)?;
    Some(Linear::constant(i64::try_from(hi).ok()?))
}

/// The values an index operand takes in a run, when its form says.
fn span_of(value: Val) -> Option<Span> {
    if let Some(l) = recovered_loop(value) {
        let array = enclosing(value, ods::spacetime::ArrayOperation::name())?;
        let info = ArrayInfo::read(&array).ok()?;
        let bound = info.loops.get(l)?;
        return Span::of_loop(bound.min, &bound.extent);
    }
    if let Some(op) = value.defining_op() {
        let op = op.op();
        if let Some(param) = ParamValueOp::cast(op) {
            return Some(Span::point(Linear::param(&param.param())));
        }
        if let Some(c) = ir::constant_attribute(&op).and_then(crate::types::int_value) {
            return Some(Span::point(Linear::constant(c)));
        }
        return None;
    }
    def_variable_span(value)
}

/// The span of a block argument of a `ure.def`: the loop the definition's
/// variable names, in its `ure.nest` (merged) or in the `ure.set_bounds` of
/// its merge's representative (as written).
fn def_variable_span(value: Val) -> Option<Span> {
    let block = value.owner_block()?;
    let def = DefOp::cast(block.parent_op()?.op())?;
    let var = def.vars().get(value.argument_number()?)?.clone();
    let parent = def.op().parent_operation()?;
    let bounds = match NestOp::cast(parent) {
        Some(nest) => nest.bounds(),
        None => set_bounds_of(&parent, &def.func())?.bounds(),
    };
    let (_, min, extent) = bounds.into_iter().find(|(n, _, _)| *n == var)?;
    Span::of_loop(min, &extent.linear())
}

/// The `ure.set_bounds` that bounds Func `func` of an unmerged `program`:
/// the one of its merge's representative, or its own.
fn set_bounds_of<'c, 'a>(
    program: &OperationRef<'c, 'a>,
    func: &str,
) -> Option<SetBoundsOp<'c, 'a>> {
    let representative = crate::ops::children::<MergeUresOp>(program)
        .into_iter()
        .find(|m| m.representative() == func || m.ures().iter().any(|u| u == func))
        .map_or_else(|| func.to_string(), |m| m.representative());
    crate::ops::children::<SetBoundsOp>(program)
        .into_iter()
        .find(|b| b.func() == representative)
}

/// The closest op named `name` around the op or block that defines `value`.
fn enclosing<'c, 'a>(value: Val, name: &str) -> Option<OperationRef<'c, 'a>> {
    let mut current = value.defining_op().map(|op| op.op())?.parent_operation();
    while let Some(op) = current {
        if ods::is(&op, name) {
            return Some(op);
        }
        current = op.parent_operation();
    }
    None
}
