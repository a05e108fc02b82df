//! `ure.split @F (k) into (kk, kkk) factor F`, Halide's and T2S's
//! `split(k, kk, kkk, F)`, which `merge-ures` applies before it merges:
//! every URE of the merge that has loop `k` gets the loops `kk` and `kkk`
//! instead, with `k = min + F * kk + kkk` (docs/passes/merge-ures.md).
//!
//! - The UREs' loop variables: `k` becomes `kkk, kk` (innermost first);
//!   the output's left-hand side `kk, kkk`, so that its buffer keeps its
//!   memory order (row-major over `(kk, kkk)` is row-major over `k`).
//! - A read `f(.., k + c, ..)`, `c = q F + r` with `0 <= r < F`, is one of
//!   two uniform reads, chosen by `kkk`: `f(.., kkk + r, kk + q, ..)` when
//!   `kkk < F - r`, else `f(.., kkk + r - F, kk + q + 1, ..)` (one read when
//!   `r = 0`), as T2S writes a split reduction by hand.
//! - A read of an input takes `kk` and `kkk` for `k`, its map `F * kk +
//!   kkk + min` for `k`'s dimension; any other use of `k` takes that value.
//! - The bounds of `k` become `kkk = 0 extent F`, `kk = 0 extent E / F`.

use melior::ir::attribute::{
    ArrayAttribute, FlatSymbolRefAttribute, IntegerAttribute, StringAttribute,
};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::IntegerType;
use melior::ir::{Attribute, Type, ValueLike};
use melior::Context;
use std::collections::HashMap;
use t2s_ir::diag::{error, OrInternal};
use t2s_ir::emit::{Emitter, CMPI_SLT};
use t2s_ir::handle::{AsVal, Blk, Op, Val};
use t2s_ir::ir::{self, ExtentAttr};
use t2s_ir::ods;
use t2s_ir::ops::ure::{DefOp, FuncOp, SetBoundsOp, SplitOp};
use t2s_ir::ops::View;
use t2s_ir::pass::Failed;
use t2s_model::quasi::QuasiAffine;

/// What the splits leave for the merge: the loops they consumed (their
/// `ure.set_bounds` entries are no longer loops) and the bounds of the
/// loops they made.
#[derive(Default)]
pub struct Splits {
    pub consumed: Vec<String>,
    pub made: Vec<(String, i64, ExtentAttr)>,
}

/// One split, read from its directive and the bounds of its loop.
struct Split {
    name: String,
    outer: String,
    inner: String,
    factor: i64,
    min: i64,
}

/// Applies the program's `ure.split`s, in order, to the merged UREs
/// `order` (the representative first), and erases them.
pub fn apply(
    program: OperationRef<'_, '_>,
    order: &[OperationRef<'_, '_>],
) -> Result<Splits, Failed> {
    let directives: Vec<SplitOp> = t2s_ir::ops::children(&program);
    let mut result = Splits::default();
    if directives.is_empty() {
        return Ok(result);
    }
    let rep = order.first().or_internal("a representative")?;
    let rep_name = t2s_ir::ops::ure::directive_func(rep);
    let mut known: HashMap<String, (i64, ExtentAttr)> = HashMap::new();
    let bounds: Vec<SetBoundsOp> = t2s_ir::ops::children(&program);
    for b in bounds
        .iter()
        .filter(|b| t2s_ir::ops::ure::directive_func(&b.op()) == rep_name)
    {
        for (var, min, extent) in b.bounds() {
            known.insert(var, (min, extent));
        }
    }
    let mut made: Vec<String> = Vec::new();
    for directive in &directives {
        let split = read(directive, &rep_name, rep, &known)?;
        check_output(order, &split, directive)?;
        for def in order {
            rewrite_def(*def, &split)?;
        }
        rename_funcs(&program, order, &split)?;
        let (_, extent) = known
            .remove(&split.name)
            .or_internal("the split loop's bounds")?;
        let ExtentAttr::Const(extent) = extent else {
            return Err(error(
                directive.location(),
                "a split needs a constant extent",
            ));
        };
        known.insert(split.inner.clone(), (0, ExtentAttr::Const(split.factor)));
        known.insert(
            split.outer.clone(),
            (0, ExtentAttr::Const(extent / split.factor)),
        );
        made.retain(|m| m != &split.name);
        made.extend([split.outer.clone(), split.inner.clone()]);
        result.consumed.push(split.name.clone());
    }
    for directive in directives {
        // SAFETY: a directive has no results; nothing refers to it.
        unsafe { ir::erase(directive.op()) };
    }
    result.made = made
        .into_iter()
        .filter_map(|m| known.get(&m).map(|(min, x)| (m.clone(), *min, x.clone())))
        .collect();
    Ok(result)
}

/// The directive, checked against the representative and the bounds known
/// so far.
fn read(
    directive: &SplitOp<'_, '_>,
    rep_name: &str,
    rep: &OperationRef<'_, '_>,
    known: &HashMap<String, (i64, ExtentAttr)>,
) -> Result<Split, Failed> {
    let at = directive.location();
    let target = t2s_ir::ops::ure::directive_func(&directive.op());
    if target != rep_name {
        return Err(error(
            at,
            format!("@{target} is not the representative of the merge; only @{rep_name} is split"),
        ));
    }
    let name = directive.loop_name();
    let (outer, inner) = directive.into_loops();
    let factor = directive.factor();
    let vars = DefOp::cast(*rep)
        .or_internal("the representative's ure.def")?
        .vars();
    if !vars.contains(&name) {
        return Err(error(
            at,
            format!(
                "'{name}' is not a loop of @{rep_name} (its loops: {})",
                vars.join(", ")
            ),
        ));
    }
    if let Some(taken) = [&outer, &inner].into_iter().find(|n| vars.contains(n)) {
        return Err(error(
            at,
            format!("@{rep_name} has a loop '{taken}' already"),
        ));
    }
    let Some((min, extent)) = known.get(&name) else {
        return Err(error(
            at,
            format!("loop '{name}' has no bounds to split: give them with ure.set_bounds @{rep_name} ({name} = ...)"),
        ));
    };
    let extent = match extent {
        ExtentAttr::Const(e) => *e,
        other => {
            return Err(error(
                at,
                format!(
                    "loop '{name}' has the symbolic extent {}: a split needs a constant extent",
                    other.linear()
                ),
            ))
        }
    };
    if extent % factor != 0 {
        return Err(error(
            at,
            format!("factor {factor} does not divide the extent {extent} of loop '{name}'"),
        ));
    }
    Ok(Split {
        name,
        outer,
        inner,
        factor,
        min: *min,
    })
}

/// The output (the last merged URE) keeps its buffer's memory order only
/// where its left-hand side is its own (an extended URE): one that takes
/// every loop lists them innermost first, so its buffer would be laid out
/// (inner, outer), transposed against the split loop's order.
fn check_output(
    order: &[OperationRef<'_, '_>],
    split: &Split,
    directive: &SplitOp<'_, '_>,
) -> Result<(), Failed> {
    let output = DefOp::cast(*order.last().or_internal("the output")?).or_internal("a ure.def")?;
    let vars = output.vars();
    if vars.contains(&split.name) && output.num_lhs() == vars.len() {
        return Err(error(
            directive.location(),
            format!(
                "the output @{} takes every loop, innermost first: split, its buffer would be laid out ({}, {}), not in the order of '{}'; write the output as an extended URE (its own left-hand side, the other loops after 'with') or split another loop",
                t2s_ir::ops::ure::directive_func(&output.op()),
                split.inner,
                split.outer,
                split.name
            ),
        ));
    }
    Ok(())
}

/// The loop variables with `split.name` replaced by its two loops: the
/// inner one first (innermost first), or the outer one first on an output's
/// left-hand side (its buffer's dimensions, slowest first).
fn split_vars(vars: &[String], at: usize, split: &Split, memory_order: bool) -> Vec<String> {
    let pair = match memory_order {
        true => [split.outer.clone(), split.inner.clone()],
        false => [split.inner.clone(), split.outer.clone()],
    };
    let mut out = vars[..at].to_vec();
    out.extend(pair);
    out.extend_from_slice(&vars[at + 1..]);
    out
}

/// Rewrites one URE that has the split loop (others are left alone).
fn rewrite_def(def: OperationRef<'_, '_>, split: &Split) -> Result<(), Failed> {
    let view = DefOp::cast(def).or_internal("a ure.def")?;
    let (vars, num_lhs) = (view.vars(), view.num_lhs());
    let Some(at) = vars.iter().position(|v| *v == split.name) else {
        return Ok(());
    };
    let memory_order = num_lhs < vars.len() && at < num_lhs;
    let new_vars = split_vars(&vars, at, split, memory_order);
    let new_lhs = num_lhs + usize::from(at < num_lhs);
    let body = Blk::of(&ir::body_block(&def).or_internal("a body block")?);
    let old: Vec<Val> = body.arguments();
    let old_k = *old.get(at).or_internal("the split loop's argument")?;
    let context = def.context();
    // SAFETY: the context outlives the pass run.
    let context: &Context = unsafe { context.to_ref() };
    let index: Type = Type::index(context);
    let fresh: Vec<Val> = new_vars
        .iter()
        .map(|_| body.add_argument(index, def.location()))
        .collect();
    let arg = |name: &str| new_vars.iter().position(|v| v == name).map(|i| fresh[i]);
    let (kk, kkk) = (
        arg(&split.outer).or_internal("the outer loop")?,
        arg(&split.inner).or_internal("the inner loop")?,
    );
    let loops = Loops {
        old_k,
        kk,
        kkk,
        split,
    };
    for op in ir::collect(def, ods::ure::AtOperation::name()) {
        if operands(&op).contains(&old_k) {
            rewrite_at(context, op, &loops)?;
        }
    }
    for op in ir::collect(def, ods::ure::LoadOperation::name()) {
        if operands(&op).contains(&old_k) {
            rewrite_load(context, op, &loops)?;
        }
    }
    let first = body.ops().first().copied().or_internal("a first op")?;
    let e = Emitter::new(context, def.location(), body).before_op(first);
    let k = e.add(
        e.add(e.mul(kk, e.index(split.factor)), kkk),
        e.index(split.min),
    );
    old_k.replace_all_uses_with(k);
    for (name, value) in vars.iter().zip(&old) {
        if *name != split.name {
            value.replace_all_uses_with(arg(name).or_internal("a loop's new argument")?);
        }
    }
    for _ in 0..old.len() {
        if !body.erase_unused_argument(0) {
            return Err(error(
                def.location(),
                "split: a loop's old argument is still used",
            ));
        }
    }
    let names: Vec<Attribute> = new_vars
        .iter()
        .map(|v| StringAttribute::new(context, v).into())
        .collect();
    let def_op = Op::of(&def);
    def_op.set_inherent("vars", ArrayAttribute::new(context, &names).into());
    let i64_type = IntegerType::new(context, 64).into();
    def_op.set_inherent(
        "num_lhs",
        IntegerAttribute::new(i64_type, new_lhs as i64).into(),
    );
    Ok(())
}

fn operands(op: &OperationRef<'_, '_>) -> Vec<Val> {
    op.operands().map(|v| v.val()).collect()
}

/// A URE's split loop: its old argument and the two new ones.
struct Loops<'s> {
    old_k: Val,
    kk: Val,
    kkk: Val,
    split: &'s Split,
}

impl Loops<'_> {
    /// A read's map rows, and its operands with `kk` for `k` (position `p`)
    /// and `kkk` appended (position `n`).
    fn operands_of(
        &self,
        op: &OperationRef<'_, '_>,
    ) -> Result<(Vec<QuasiAffine>, Vec<Val>, usize, usize), Failed> {
        let rows = t2s_ir::quasi::quasi_map_rows(op, "map")?;
        let mut values = operands(op);
        let p = values
            .iter()
            .position(|v| *v == self.old_k)
            .or_internal("the read's split loop")?;
        values[p] = self.kk;
        values.push(self.kkk);
        let n = values.len() - 1;
        Ok((rows, values, p, n))
    }
}

/// `affine_map<(d0, ..) -> (rows)>` over `dims` dimensions.
fn map_attr<'c>(
    context: &'c Context,
    dims: usize,
    rows: &[String],
    at: melior::ir::Location<'c>,
) -> Result<Attribute<'c>, Failed> {
    let names: Vec<String> = (0..dims).map(|d| format!("d{d}")).collect();
    let text = format!(
        "affine_map<({}) -> ({})>",
        names.join(", "),
        rows.join(", ")
    );
    Attribute::parse(context, &text)
        .ok_or_else(|| error(at, format!("split: cannot build the map {text}")))
}

/// A quasi-affine row as MLIR's affine syntax (positions as `d<p>`).
fn row_text(row: &QuasiAffine) -> String {
    row.to_string().replace('x', "d")
}

/// `ure.at @f(.., k + c, ..)` -> one or two reads at `kk`, `kkk`.
fn rewrite_at(
    context: &Context,
    op: OperationRef<'_, '_>,
    loops: &Loops<'_>,
) -> Result<(), Failed> {
    let at = op.location();
    let (split, kkk) = (loops.split, loops.kkk);
    let (rows, values, p, n) = loops.operands_of(&op)?;
    // The row of the callee's `k`: `d_p + c`.
    let slot = rows
        .iter()
        .position(|r| r.affine.terms.iter().any(|(d, _)| *d == p))
        .or_internal("the read's row of the split loop")?;
    let c = rows[slot].affine.constant;
    let (q, r) = (c.div_euclid(split.factor), c.rem_euclid(split.factor));
    let texts: Vec<String> = rows.iter().map(row_text).collect();
    let with = |inner: i64, outer: i64| -> Vec<String> {
        let mut out = texts[..slot].to_vec();
        out.push(format!("d{n} + {inner}"));
        out.push(format!("d{p} + {outer}"));
        out.extend_from_slice(&texts[slot + 1..]);
        out
    };
    let e = Emitter::before(context, op);
    let types: Vec<Type> = op.results().map(|x| x.r#type()).collect();
    let func = FlatSymbolRefAttribute::new(context, &t2s_ir::ops::ure::directive_func(&op));
    let read = |rows: Vec<String>| -> Result<Vec<Val>, Failed> {
        let map = map_attr(context, values.len(), &rows, at)?;
        let built = ods::ure::AtOperation::builder(context, at)
            .results(&types)
            .func(func)
            .map(map)
            .indices(&values.iter().map(|v| v.value()).collect::<Vec<_>>())
            .build();
        let op = e.insert(built.into());
        Ok(op.results().map(|x| x.val()).collect())
    };
    let near = read(with(r, q))?;
    let results = if r == 0 {
        near
    } else {
        let far = read(with(r - split.factor, q + 1))?;
        let inside = e.cmpi(CMPI_SLT, kkk, e.index(split.factor - r));
        near.iter()
            .zip(&far)
            .map(|(a, b)| e.select(inside, *a, *b))
            .collect()
    };
    for (old, new) in op.results().zip(results) {
        old.val().replace_all_uses_with(new);
    }
    // SAFETY: its results were just replaced; nothing refers to it.
    unsafe { ir::erase(op) };
    Ok(())
}

/// `ure.load @A(.. k ..)` -> the same read at `F * kk + kkk + min`.
fn rewrite_load(
    context: &Context,
    op: OperationRef<'_, '_>,
    loops: &Loops<'_>,
) -> Result<(), Failed> {
    let at = op.location();
    let split = loops.split;
    let (rows, values, p, n) = loops.operands_of(&op)?;
    let rows: Vec<String> = rows
        .iter()
        .map(|r| substitute(r, p, n, split).map(|r| row_text(&r)))
        .collect::<Option<_>>()
        .ok_or_else(|| {
            error(
                at,
                format!(
                    "split: this read's indices overflow 64-bit integers once '{}' is {} * {} + {}",
                    split.name, split.factor, split.outer, split.inner
                ),
            )
        })?;
    let map = map_attr(context, values.len(), &rows, at)?;
    let e = Emitter::before(context, op);
    let result = op.result(0).or_internal("a result of the op")?;
    let built = ods::ure::LoadOperation::builder(context, at)
        .result(result.r#type())
        .input(FlatSymbolRefAttribute::new(
            context,
            &t2s_ir::ops::ure::input_of(&op),
        ))
        .map(map)
        .indices(&values.iter().map(|v| v.value()).collect::<Vec<_>>())
        .build();
    let new = e.insert(built.into());
    let loaded = new.result(0).or_internal("the load's result")?.val();
    result.val().replace_all_uses_with(loaded);
    // SAFETY: its result was just replaced; nothing refers to it.
    unsafe { ir::erase(op) };
    Ok(())
}

/// `row` with dimension `p` (now `kk`) standing for `F * kk + kkk + min`
/// (`kkk` dimension `n`).
/// `None` when a coefficient or the constant overflows 64 bits.
fn substitute(row: &QuasiAffine, p: usize, n: usize, split: &Split) -> Option<QuasiAffine> {
    let mut out = row.clone();
    let mut terms = Vec::new();
    for (d, c) in &row.affine.terms {
        if *d == p {
            terms.push((p, c.checked_mul(split.factor)?));
            terms.push((n, *c));
            out.affine.constant = out.affine.constant.checked_add(c.checked_mul(split.min)?)?;
        } else {
            terms.push((*d, *c));
        }
    }
    out.affine.terms = terms;
    for (_, d) in out.divisions.iter_mut() {
        *d.of = substitute(&d.of, p, n, split)?;
    }
    Some(out)
}

/// The `ure.func` declarations of the merged Funcs take the split loops as
/// their UREs do.
fn rename_funcs(
    program: &OperationRef<'_, '_>,
    order: &[OperationRef<'_, '_>],
    split: &Split,
) -> Result<(), Failed> {
    let context = program.context();
    // SAFETY: the context outlives the pass run.
    let context: &Context = unsafe { context.to_ref() };
    let funcs: Vec<FuncOp> = t2s_ir::ops::children(program);
    for def in order {
        let view = DefOp::cast(*def).or_internal("a ure.def")?;
        let name = t2s_ir::ops::ure::directive_func(def);
        let Some(func) = funcs.iter().find(|f| f.name() == name && f.is_declared()) else {
            continue;
        };
        let declared = func.vars();
        if declared.contains(&split.name) && !func.layout().is_row_major() {
            return Err(error(
                func.op().location(),
                format!(
                    "@{name} lays its buffer out by its loops and ure.split splits its loop '{}': split a loop of another layout, or write the output row-major",
                    split.name
                ),
            ));
        }
        if !declared.contains(&split.inner) && declared.contains(&split.name) {
            let lhs: Vec<String> = view.vars()[..view.num_lhs()].to_vec();
            let names: Vec<Attribute> = lhs
                .iter()
                .map(|v| StringAttribute::new(context, v).into())
                .collect();
            Op::of(&func.op()).set_inherent("vars", ArrayAttribute::new(context, &names).into());
        }
    }
    Ok(())
}
