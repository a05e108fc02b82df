//! The merge of a program's UREs under one perfect loop nest
//! (`ure.nest`), in the user's realization order, with the bounds of
//! `ure.set_bounds` and the loop order of `ure.reorder`: the core of
//! `merge-ures`, which `space-time-transform` also runs on a program as
//! written (its headline usage).
//!
//! Directives name the representative; as merge-ures.md says, they apply to
//! every merged URE, so after the merge they become properties of the nest.

use melior::ir::{
    attribute::{
        ArrayAttribute, DenseI64ArrayAttribute, FlatSymbolRefAttribute, IntegerAttribute,
        StringAttribute,
    },
    block::BlockLike,
    operation::{OperationLike, OperationRef},
    r#type::IntegerType,
    Attribute, Block, Region, RegionLike,
};
use melior::Context;
use std::collections::HashMap;
use t2s_ir::diag::error;
use t2s_ir::diag::OrInternal;
use t2s_ir::ir::{self, ExtentAttr};
use t2s_ir::ods;
use t2s_ir::ops::ure::{DefOp, MergeUresOp, ReorderOp};
use t2s_ir::ops::View;
use t2s_ir::pass::Failed;

/// One loop of the nest being built.
#[derive(Clone, Debug)]
struct LoopBounds {
    var: String,
    bounds: Option<(i64, ExtentAttr)>,
}

/// Merges `program`'s UREs (nothing when it has a nest or an array).
pub(crate) fn merge_program(program: OperationRef<'_, '_>) -> Result<(), Failed> {
    let ops = ir::body_ops(&program, 0);
    if t2s_ir::import::find_nest(&program).is_some() {
        return Ok(()); // Already merged (and maybe transformed).
    }
    let defs: Vec<_> = ops
        .iter()
        .filter(|op| ods::is(op, ods::ure::DefOperation::name()))
        .copied()
        .collect();
    let merges: Vec<_> = ops
        .iter()
        .filter(|op| ods::is(op, ods::ure::MergeUresOperation::name()))
        .copied()
        .collect();
    let order = realization_order(program, &defs, merges.first().copied())?;
    let triangles = super::triangular::triangular_bounds(
        program,
        &t2s_ir::ops::ure::directive_func(&order[0]),
    )?;
    let splits = super::split::apply(program, &order)?;
    // The splits erased their directives.
    let ops = ir::body_ops(&program, 0);
    let rep = order[0];
    let rep_def = DefOp::cast(rep).or_internal("a ure.def")?;
    let rep_name = rep_def.func();
    let mut loops: Vec<LoopBounds> = rep_def
        .vars()
        .into_iter()
        .map(|var| LoopBounds { var, bounds: None })
        .collect(); // Innermost first, as Halide orders loop variables.

    let consumed = apply_loop_directives(&ops, &order, &rep_name, &mut loops, &splits.consumed)?;

    // The loops the splits made take the bounds the splits derived.
    for (var, min, extent) in &splits.made {
        if let Some(l) = loops.iter_mut().find(|l| &l.var == var) {
            l.bounds = Some((*min, extent.clone()));
        }
    }
    let mut bounds = Vec::new();
    for l in loops.iter().rev() {
        let Some(b) = &l.bounds else {
            return Err(error(
                rep.location(),
                format!(
                    "loop '{}' of @{rep_name} has no bounds; give them with ure.set_bounds",
                    l.var
                ),
            ));
        };
        bounds.push((l.var.clone(), b.0, b.1.clone()));
    }

    let anchor = merges.first().copied().unwrap_or(rep);
    let nest = build_nest(program, anchor, &rep_name, &bounds)?;
    let nest_block = ir::body_block(&nest).or_internal("a body block")?;
    for def in &order {
        ir::move_to_end(*def, nest_block);
    }
    let output = *order.last().or_internal("an output")?;
    super::triangular::guard_output(output, &triangles, &bounds)?;
    for op in consumed.into_iter().chain(merges) {
        // SAFETY: the op has no uses left, and nothing refers to it after this.
        unsafe { ir::erase(op) };
    }
    tracing::debug!(target: "t2s", program = %ir::symbol(&program, "sym_name"), ?bounds, "merged");
    Ok(())
}

/// Applies the representative's `ure.set_bounds` and `ure.reorder` to
/// `loops` and returns them (to erase); an error at a directive that names
/// another Func.
fn apply_loop_directives<'c, 'a>(
    ops: &[OperationRef<'c, 'a>],
    order: &[OperationRef<'c, 'a>],
    rep_name: &str,
    loops: &mut [LoopBounds],
    split_loops: &[String],
) -> Result<Vec<OperationRef<'c, 'a>>, Failed> {
    let mut consumed = Vec::new();
    for op in ops {
        let kind = ir::name(op);
        if kind != ods::ure::SetBoundsOperation::name()
            && kind != ods::ure::ReorderOperation::name()
        {
            continue;
        }
        let target = t2s_ir::ops::ure::directive_func(op);
        if target != rep_name {
            let what = if order
                .iter()
                .any(|d| t2s_ir::ops::ure::directive_func(d) == target)
            {
                format!("@{target} is merged into @{rep_name}; give its directives to the representative")
            } else {
                format!("@{target} is not the representative of the merge; only @{rep_name} is scheduled")
            };
            return Err(error(op.location(), what));
        }
        if kind == ods::ure::SetBoundsOperation::name() {
            apply_set_bounds(*op, loops, split_loops)?;
        } else {
            apply_reorder(*op, loops)?;
        }
        consumed.push(*op);
    }
    Ok(consumed)
}

/// The merged UREs in realization order: the representative, then the list.
/// A program without `ure.merge_ures` may hold a single URE.
fn realization_order<'c, 'a>(
    program: OperationRef<'c, 'a>,
    defs: &[OperationRef<'c, 'a>],
    merge: Option<OperationRef<'c, 'a>>,
) -> Result<Vec<OperationRef<'c, 'a>>, Failed> {
    let by_name: HashMap<String, OperationRef<'c, 'a>> = defs
        .iter()
        .map(|d| (t2s_ir::ops::ure::directive_func(d), *d))
        .collect();
    let Some(merge) = merge else {
        return match defs {
            [single] => Ok(vec![*single]),
            [] => Err(error(program.location(), "program has no URE to merge")),
            _ => Err(error(
                program.location(),
                format!(
                    "program has {} UREs but no ure.merge_ures; t2s compiles one merged loop nest",
                    defs.len()
                ),
            )),
        };
    };
    let merge = MergeUresOp::cast(merge).or_internal("a ure.merge_ures")?;
    let mut names = vec![merge.representative()];
    names.extend(merge.ures());
    // The verifier has checked that every merged Func has a URE.
    let order: Vec<_> = names
        .iter()
        .filter_map(|n| by_name.get(n).copied())
        .collect();
    for def in defs {
        let name = DefOp::cast(*def).map(|d| d.func()).unwrap_or_default();
        if !names.contains(&name) {
            return Err(error(
                def.location(),
                format!(
                    "URE @{name} is not merged into @{}; t2s compiles one merged loop nest",
                    names[0]
                ),
            ));
        }
    }
    Ok(order)
}

fn apply_set_bounds(
    op: OperationRef<'_, '_>,
    loops: &mut [LoopBounds],
    split: &[String],
) -> Result<(), Failed> {
    let bounds = <t2s_ir::ops::ure::SetBoundsOp as t2s_ir::ops::View>::cast(op)
        .map(|b| b.hull())
        .unwrap_or_else(|| Ok(Vec::new()))
        .map_err(|why| error(op.location(), why))?;
    for (var, min, extent) in &bounds {
        let (var, min, extent) = (var, *min, extent.clone());
        if split.contains(var) {
            continue; // ure.split made other loops of it
        }
        let Some(l) = loops.iter_mut().find(|l| &l.var == var) else {
            return Err(error(
                op.location(),
                format!(
                    "'{var}' is not a loop variable of @{}",
                    t2s_ir::ops::ure::directive_func(&op)
                ),
            ));
        };
        if l.bounds.is_some() {
            return Err(error(
                op.location(),
                format!("the bounds of loop '{var}' are set twice; give each loop its bounds once"),
            ));
        }
        l.bounds = Some((min, extent));
    }
    Ok(())
}

/// Halide's reorder: the listed variables take the positions they occupy
/// among themselves, innermost first in the order given.
fn apply_reorder(op: OperationRef<'_, '_>, loops: &mut [LoopBounds]) -> Result<(), Failed> {
    let vars = ReorderOp::cast(op).map(|r| r.vars()).unwrap_or_default();
    let mut positions = Vec::new();
    for var in &vars {
        let Some(p) = loops.iter().position(|l| &l.var == var) else {
            return Err(error(
                op.location(),
                format!(
                    "'{var}' is not a loop variable of @{}",
                    t2s_ir::ops::ure::directive_func(&op)
                ),
            ));
        };
        positions.push(p);
    }
    let picked: Vec<LoopBounds> = vars
        .iter()
        .map(|v| {
            loops
                .iter()
                .find(|l| &l.var == v)
                .cloned()
                .expect("checked above")
        })
        .collect();
    let mut sorted = positions.clone();
    sorted.sort_unstable();
    for (slot, l) in sorted.into_iter().zip(picked) {
        loops[slot] = l;
    }
    Ok(())
}

/// Creates `ure.nest` before `anchor` with an empty body.
fn build_nest<'c, 'a>(
    program: OperationRef<'c, 'a>,
    anchor: OperationRef<'c, 'a>,
    rep: &str,
    bounds: &[(String, i64, ExtentAttr)],
) -> Result<OperationRef<'c, 'a>, Failed> {
    let context_ref = program.context();
    // SAFETY: the context outlives the pass run; `context_ref` outlives the borrow.
    let context: &Context = unsafe { context_ref.to_ref() };
    let i64_type = IntegerType::new(context, 64).into();
    let loops: Vec<Attribute> = bounds
        .iter()
        .map(|(v, _, _)| StringAttribute::new(context, v).into())
        .collect();
    let mins: Vec<i64> = bounds.iter().map(|(_, m, _)| *m).collect();
    let extents: Vec<Attribute> = bounds
        .iter()
        .map(|(_, _, e)| match e {
            ExtentAttr::Const(c) => IntegerAttribute::new(i64_type, *c).into(),
            ExtentAttr::Param(p) => FlatSymbolRefAttribute::new(context, p).into(),
            ExtentAttr::Expr(e) => ir::linear_attribute(context, e)
                .unwrap_or_else(|| IntegerAttribute::new(i64_type, 0).into()),
        })
        .collect();
    let region = Region::new();
    region.append_block(Block::new(&[]));
    let nest = ods::ure::NestOperation::builder(context, anchor.location())
        .representative(FlatSymbolRefAttribute::new(context, rep))
        .loops(ArrayAttribute::new(context, &loops))
        .mins(DenseI64ArrayAttribute::new(context, &mins).into())
        .extents(ArrayAttribute::new(context, &extents))
        .body(region)
        .build()
        .into();
    let block = anchor.block().or_internal("a parent block")?;
    Ok(block.insert_operation_before(anchor, nest))
}
