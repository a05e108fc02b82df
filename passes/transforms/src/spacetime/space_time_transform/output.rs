//! The output of the array: the `spacetime.output` store of the output
//! URE's values, and the output Func's declaration with the bounds of its
//! elements, which the lowering and the runners read.

use super::nest::{result_type, Ure};
use melior::ir::{
    attribute::{ArrayAttribute, DenseI64ArrayAttribute, StringAttribute, TypeAttribute},
    operation::{OperationLike, OperationRef},
    Attribute,
};
use melior::Context;
use t2s_ir::diag::error;
use t2s_ir::diag::OrInternal;
use t2s_ir::emit::Emitter;
use t2s_ir::handle::Val;
use t2s_ir::ir;
use t2s_ir::ops::{ure::ProgramOp, View};
use t2s_ir::pass::Failed;
use t2s_model::spacetime::NestLoop;

/// The output store under its conditions: the `ure.select` condition(s),
/// and `spacetime.scheduled` when the PE itself is not guarded.
pub(super) fn emit_output(
    pe: &Emitter<'_>,
    ure: &Ure<'_, '_>,
    args: &[Val],
    values: &[Val],
    conditions: &[Option<Val>],
    check_time: bool,
    scheduled: Val,
) -> Result<(), Failed> {
    let mut guards: Vec<Val> = Vec::new();
    if !check_time {
        guards.push(scheduled);
    }
    for c in conditions.iter().flatten() {
        if !guards.iter().any(|g| g.key() == c.key()) {
            guards.push(*c);
        }
    }
    if conditions.iter().any(Option::is_some) && conditions.iter().any(Option::is_none) {
        return Err(error(
            ure.op.location(),
            format!(
                "output @{}: some results are under a select and others are not",
                ure.name
            ),
        ));
    }
    let mut inner = *pe;
    let mut blocks = Vec::new();
    for g in guards {
        let then = inner.if_then(g);
        blocks.push((inner, then));
        inner = inner.at(then);
    }
    let parts = t2s_ir::ops::spacetime::OutputParts {
        values: values.to_vec(),
        indices: args.iter().take(ure.num_lhs).copied().collect(),
        mask: None,
        at: Vec::new(),
    };
    t2s_ir::ops::spacetime::build_output(&inner, &ure.name, &parts);
    for (outer, then) in blocks.into_iter().rev() {
        outer.finish_scf_block(then);
    }
    Ok(())
}

/// The output's declared bounds are those of its loops; an error at its
/// `ure.func` otherwise.
fn check_declared(
    decl: &t2s_ir::ops::ure::FuncOp<'_, '_>,
    declared: &[t2s_ir::ops::ure::ElementBound],
    element_bounds: &[&NestLoop],
    name: &str,
) -> Result<(), Failed> {
    let same = declared.len() == element_bounds.len()
        && declared
            .iter()
            .zip(element_bounds)
            .all(|(d, l)| d.min == l.min && d.extent == l.extent);
    if same {
        return Ok(());
    }
    Err(error(
        decl.op().location(),
        format!(
            "@{name} declares bounds that are not those of its loops ({})",
            element_bounds
                .iter()
                .map(|l| format!("{} = {} extent {}", l.name, l.min, l.extent))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    ))
}

/// The output's `ure.func` declares its loop variables, result types and
/// bounds (those of its loops), so that the output buffer is in the IR:
/// the lowering and the runners read it there, not off the array's loops.
pub(super) fn declare_output(
    context: &Context,
    program: OperationRef<'_, '_>,
    output: &Ure<'_, '_>,
    bounds: &[NestLoop],
) -> Result<(), Failed> {
    let program = ProgramOp::cast(program).or_internal("an op of the expected kind")?;
    let decl = program.func(&output.name).ok_or_else(|| {
        error(
            output.op.location(),
            format!("no ure.func @{}", output.name),
        )
    })?;
    let lhs = &output.vars[..output.num_lhs.min(output.vars.len())];
    let element_bounds: Vec<&NestLoop> = lhs
        .iter()
        .map(|v| {
            bounds.iter().find(|l| l.name == *v).ok_or_else(|| {
                error(
                    output.op.location(),
                    format!(
                        "output @{}'s loop variable '{v}' is not a loop of the nest",
                        output.name
                    ),
                )
            })
        })
        .collect::<Result<_, _>>()?;
    if let Some(declared) = decl.bounds() {
        return check_declared(&decl, &declared, &element_bounds, &output.name);
    }
    let op = decl.op();
    if !decl.is_declared() {
        let vars: Vec<Attribute> = lhs
            .iter()
            .map(|v| StringAttribute::new(context, v).into())
            .collect();
        let types: Vec<Attribute> = (0..output.conditional.len())
            .map(|r| result_type(output, r).map(|t| TypeAttribute::new(t).into()))
            .collect::<Result<_, _>>()?;
        ir::set_inherent(op, "vars", ArrayAttribute::new(context, &vars).into());
        ir::set_inherent(
            op,
            "result_types",
            ArrayAttribute::new(context, &types).into(),
        );
    }
    let mins: Vec<i64> = element_bounds.iter().map(|l| l.min).collect();
    let extents: Vec<Attribute> = element_bounds
        .iter()
        .map(|l| {
            ir::linear_attribute(context, &l.extent).or_internal("an extent with an attribute form")
        })
        .collect::<Result<_, _>>()?;
    ir::set_inherent(
        op,
        "mins",
        DenseI64ArrayAttribute::new(context, &mins).into(),
    );
    ir::set_inherent(op, "extents", ArrayAttribute::new(context, &extents).into());
    Ok(())
}
