//! The rewrite of `vectorize`: turns a PE body into the body of a vector
//! of PEs, in place, op by op in program order.
//!
//! - The vectorized coordinates become `vector<lanes x index>`; recovered
//!   indices, `spacetime.scheduled`, reads of varying register files and
//!   every `arith`/`math` op with a vector operand take vector types (their
//!   scalar operands are broadcast). Lane-uniform values stay scalars.
//! - Register files written with vectors hold one vector per remaining PE.
//! - `ure.load`s at vector indices load vectors (the lowering picks a
//!   vector load, a broadcast or a gather from the index pattern).
//! - `scf.if` on a lane-varying condition is if-converted: its ops run
//!   for every lane, its results become selects, and the writes and
//!   output stores under it take the condition as their mask (`if %m`).
//! - A propagation (see `vectorize/legal.rs`) becomes a broadcast of the
//!   copied value's first (or last) lane along its loop.
//! - A lane reduction (see `vectorize/reduce.rs`) becomes `vector.reduction`
//!   of its combined lanes, from the first lane's start.

use crate::spacetime::vectorize::legal::{all_ops, Propagation, Varying};
use crate::spacetime::vectorize::reduce::Reduction;
use melior::ir::{
    block::BlockLike,
    operation::{OperationLike, OperationRef},
    r#type::IntegerType,
    Attribute, RegionLike, Type, Value,
};
use melior::Context;
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use t2s_ir::diag::error;
use t2s_ir::diag::OrInternal;
use t2s_ir::emit::Emitter;
use t2s_ir::handle::{AsBlk, AsOp, AsVal, Op, Val};
use t2s_ir::ir;
use t2s_ir::lanes::{self, is_vector, splat, type_of};
use t2s_ir::ods;
use t2s_ir::ops::spacetime::{ArrayOp, OutputOp, OutputParts};
use t2s_ir::ops::View;
use t2s_ir::pass::Failed;

struct Widen<'c, 'v> {
    context: &'c Context,
    shape: Vec<i64>,
    varying: &'v Varying,
    /// Propagation selects (by op), with their loop's lane dimension.
    props: HashMap<usize, (Propagation, usize)>,
    /// Reductions, by their combining op.
    reductions: HashMap<usize, Reduction>,
    /// Lane-varying values the rewrite made anew (a lanes read's, an
    /// if-converted result's select), which the analysis did not see.
    made: RefCell<HashSet<usize>>,
}

/// What the legality analysis found along the vectorized loops.
pub struct Found<'f> {
    pub props: &'f [Propagation],
    pub reductions: &'f [Reduction],
}

fn op_ref<'c, 'a>(op: Op) -> OperationRef<'c, 'a> {
    op.op()
}

fn set_type(value: Val, ty: Type<'_>) {
    // The verifier checks the op afterwards.
    value.set_type(ty)
}

fn set_operand(op: Op, i: usize, value: Val) {
    op.set_operand(i, value)
}

fn operands(op: Op) -> Vec<Val> {
    op_ref(op).operands().map(|v| v.val()).collect()
}

/// Rewrites `array` (of `program`) with the space loops `spaces` vectorized.
pub fn widen(
    context: &Context,
    array: &OperationRef<'_, '_>,
    spaces: &[usize],
    varying: &Varying,
    found: &Found<'_>,
) -> Result<(), Failed> {
    let props = found.props;
    let extents = t2s_ir::array::space_extents(array);
    let shape: Vec<i64> = spaces
        .iter()
        .map(|&s| extents[s].linear().constant)
        .collect();
    let e = Emitter::new(
        context,
        array.location(),
        ir::body_block(array).or_internal("a body block")?.blk(),
    );
    retype_files(&e, array, spaces, &shape, varying)?;
    let time = t2s_ir::array::time_loops(array).len();
    let body = ir::body_block(array).or_internal("a body block")?;
    let coordinate = lanes::vector_type(context, &shape, e.index_type());
    for s in spaces {
        let arg = body.argument(time + s).or_internal("a block argument")?;
        set_type(Value::from(arg).val(), coordinate);
    }
    let w = Widen {
        context,
        shape,
        varying,
        props: props
            .iter()
            .map(|p| {
                let dim = spaces.iter().position(|s| *s == p.space).unwrap_or(0);
                (p.select.key(), (p.clone(), dim))
            })
            .collect(),
        reductions: found
            .reductions
            .iter()
            .map(|r| (r.combine.key(), r.clone()))
            .collect(),
        made: RefCell::default(),
    };
    let ops: Vec<Op> = ir::ops(body).iter().map(|o| o.handle()).collect();
    w.widen_ops(&ops, None)?;
    let reads = props
        .iter()
        .map(|p| p.read)
        .chain(found.reductions.iter().map(|r| r.read));
    for read in reads {
        // SAFETY: the op has no uses left, and nothing refers to it after this.
        unsafe { ir::erase(op_ref(read)) };
    }
    Ok(())
}

/// Varying register files hold one vector per remaining PE: the file and
/// the array's argument for it take the new type.
fn retype_files(
    e: &Emitter<'_>,
    array: &OperationRef<'_, '_>,
    spaces: &[usize],
    shape: &[i64],
    varying: &Varying,
) -> Result<(), Failed> {
    let array = ArrayOp::cast(*array).or_internal("an op of the expected kind")?;
    // A file of a sub-box of the PEs has no form over lanes here: the
    // split is made after vectorizing, as the pipelines do.
    if let Some(file) = array.files().iter().find(|f| f.decl.origin().is_some()) {
        return Err(error(
            file.decl.op().location(),
            format!(
                "vectorize: register file \"{}\" holds a sub-box of the PEs (origin): run vectorize before split-register-files",
                file.decl.label()
            ),
        ));
    }
    for file in array.files() {
        let value = file.decl.registers();
        let ty = type_of(value);
        // A static memref type.
        let (dims, element) = (
            t2s_ir::types::shape(ty).unwrap_or_default(),
            t2s_ir::types::element(ty),
        );
        let kept: Vec<String> = dims
            .iter()
            .enumerate()
            .filter(|(d, _)| !spaces.contains(d))
            .map(|(_, n)| n.to_string())
            .collect();
        let element = if varying.file(file.arg) {
            lanes::vector_type(e.context, shape, element)
        } else {
            element
        };
        let text = format!("memref<{}x{element}>", kept.join("x"));
        let new = Type::parse(e.context, &text).ok_or_else(|| {
            error(
                file.decl.op().location(),
                format!("cannot vectorize register file {ty}"),
            )
        })?;
        set_type(value, new);
        set_type(file.arg, new);
    }
    Ok(())
}

impl<'c> Widen<'c, '_> {
    fn at(&self, op: Op) -> Emitter<'c> {
        let r = op_ref(op);
        let block = op.block().expect("an op in a block");
        Emitter::new(self.context, r.location(), block).before_op(op)
    }

    fn lane_type(&self, ty: Type<'c>) -> Type<'c> {
        lanes::vector_type(self.context, &self.shape, lanes::element_of(ty))
    }

    fn widen_ops(&self, ops: &[Op], mask: Option<Val>) -> Result<(), Failed> {
        for &op in ops {
            self.widen_op(op, mask)?;
        }
        Ok(())
    }

    fn widen_op(&self, op: Op, mask: Option<Val>) -> Result<(), Failed> {
        let r = op_ref(op);
        let name = ir::name(&r);
        if let Some((p, dim)) = self.props.get(&{ op.key() }) {
            return self.broadcast(op, p, *dim);
        }
        if let Some(r) = self.reductions.get(&{ op.key() }) {
            return self.reduce(op, r);
        }
        if self.reductions.values().any(|r| r.select == op) {
            // Erased with its reduction: no lane-wise form.
            return Ok(());
        }
        t2s_ir::op_match!(name, {
            ods::spacetime::RecoverOperation | ods::spacetime::ScheduledOperation | ods::spacetime::ReadOperation => {
                for x in r.results() {
                    let x = x.val();
                    let file_varies = name == ods::spacetime::ReadOperation::name()
                        && operands(op).first().is_some_and(|f| self.varying.file(*f));
                    if self.varying.value(x) || file_varies {
                        set_type(x, self.lane_type(type_of(x)));
                    }
                }
                Ok(())
            },
            ods::ure::LoadOperation => {
                // Loads at vector indices: one element per lane.
                if operands(op).iter().any(|x| is_vector(*x)) {
                    let x = r.result(0).or_internal("a result of the op")?.val();
                    set_type(x, self.lane_type(type_of(x)));
                }
                Ok(())
            },
            ods::channel::ReadOperation | ods::channel::WriteOperation => self.channel(op, &name, mask),
            ods::spacetime::WriteOperation => self.write(op, mask),
            ods::spacetime::OutputOperation => self.output(op, mask),
            ods::scf::IfOperation => self.if_op(op, mask),
            ods::scf::YieldOperation => Ok(()),
            _ => self.elementwise(op, &name),
        })
    }

    /// An op of `arith` or `math` with a vector operand works lane-wise.
    fn elementwise(&self, op: Op, name: &str) -> Result<(), Failed> {
        let r = op_ref(op);
        let args = operands(op);
        let nested_varying = r.region_count() > 0
            && all_ops(&r)
                .iter()
                .any(|o| operands(*o).iter().any(|x| is_vector(*x)));
        if nested_varying {
            return Err(error(
                r.location(),
                format!("vectorize: '{name}' with a region cannot run lane-wise (only scf.if is if-converted)"),
            ));
        }
        if !args.iter().any(|x| is_vector(*x)) {
            return Ok(());
        }
        if !(name.starts_with("arith.") || name.starts_with("math.")) || r.region_count() > 0 {
            return Err(error(
                r.location(),
                format!("vectorize: '{name}' has no lane-wise form"),
            ));
        }
        let e = self.at(op);
        for (i, x) in args.iter().enumerate() {
            // A select may keep one condition for every lane.
            if name == ods::arith::SelectOperation::name() && i == 0 {
                continue;
            }
            if !is_vector(*x) {
                set_operand(op, i, splat(&e, *x, &self.shape));
            }
        }
        for x in r.results() {
            let x = x.val();
            set_type(x, self.lane_type(type_of(x)));
        }
        Ok(())
    }

    /// Every lane takes the copied value at the propagation's source lane.
    fn broadcast(&self, op: Op, p: &Propagation, dim: usize) -> Result<(), Failed> {
        let e = self.at(op);
        let x = operands(op)[p.operand];
        let result = op_ref(op)
            .result(0)
            .or_internal("a result of the op")?
            .val();
        let value = if is_vector(x) {
            let source: Vec<usize> = (0..lanes::count(&self.shape))
                .map(|l| {
                    let mut c = lanes::unflatten(&self.shape, l);
                    c[dim] = p.lane;
                    lanes::flatten(&self.shape, &c)
                })
                .collect();
            lanes::permute(&e, x, &source)
        } else if self.varying.value(result) {
            splat(&e, x, &self.shape)
        } else {
            x
        };
        // SAFETY: both values are live; the select is erased next.
        result.replace_all_uses_with(value);
        // SAFETY: the op has no uses left, and nothing refers to it after this.
        unsafe { ir::erase(op_ref(op)) };
        Ok(())
    }

    /// The combination of every lane, in lane order from the first lane's
    /// start: the one value the last lane held, which every lane now takes.
    fn reduce(&self, op: Op, r: &Reduction) -> Result<(), Failed> {
        let e = self.at(op);
        let start = operands(r.select)[r.init];
        let start = if is_vector(start) {
            lanes::extract(&e, start, &[0])
        } else {
            start
        };
        let combined = splat(&e, operands(op)[r.lanes], &self.shape);
        let location = op_ref(op).location();
        let value = e.vector_reduction(r.kind, combined, start).ok_or_else(|| {
            error(
                location,
                format!("vectorize: no vector.reduction <{}>", r.kind),
            )
        })?;
        let result = op_ref(op)
            .result(0)
            .or_internal("a result of the op")?
            .val();
        result.replace_all_uses_with(value);
        // SAFETY: neither op has uses left (the select's one use was the
        // combination), and nothing refers to them after this.
        unsafe {
            ir::erase(op_ref(op));
            ir::erase(op_ref(r.select));
        }
        Ok(())
    }

    /// Every lane (PE) performs its own channel access: the lane-wise form,
    /// under the mask of the lanes that run it.
    fn channel(&self, op: Op, name: &str, mask: Option<Val>) -> Result<(), Failed> {
        let r = op_ref(op);
        let e = self.at(op);
        let channel = t2s_ir::ops::channel::channel_of(&r).unwrap_or_default();
        let args = operands(op);
        if name == ods::channel::ReadOperation::name() {
            let x = r.result(0).or_internal("a result of the op")?.val();
            let ty = type_of(x);
            if is_vector(x) {
                return Err(error(
                    r.location(),
                    format!("vectorize: a read of {ty} has no lane-wise form: every lane reads one value of a channel of scalars"),
                ));
            }
            let value = crate::channel::lanes::read(&e, &channel, &args, mask, self.lane_type(ty));
            self.made.borrow_mut().insert(value.key());
            x.replace_all_uses_with(value);
        } else {
            let (value, indices) = args.split_last().or_internal("a non-empty list")?;
            let lanes = self.varying.value(*value) || self.made.borrow().contains(&value.key());
            if is_vector(*value) && !lanes {
                return Err(error(
                    r.location(),
                    format!("vectorize: a write of {} has no lane-wise form: every lane writes one value of a channel of scalars", type_of(*value)),
                ));
            }
            let value = splat(&e, *value, &self.shape);
            crate::channel::lanes::write(&e, &channel, indices, value, mask);
        }
        // SAFETY: the op has no uses left, and nothing refers to it after this.
        unsafe { ir::erase(r) };
        Ok(())
    }

    fn write(&self, op: Op, mask: Option<Val>) -> Result<(), Failed> {
        let args = operands(op);
        let (value, file) = (args[0], args[1]);
        if !self.varying.file(file) {
            return Ok(());
        }
        let e = self.at(op);
        let value = splat(&e, value, &self.shape);
        let mut new_operands = vec![value, file];
        new_operands.extend(mask);
        self.rebuild(op, &new_operands)
    }

    fn output(&self, op: Op, mask: Option<Val>) -> Result<(), Failed> {
        let parts = t2s_ir::ops::spacetime::output_parts(&op.op());
        let (values, indices) = (parts.values, parts.indices);
        let vector = mask.is_some() || values.iter().chain(&indices).any(|x| is_vector(*x));
        if !vector {
            return Ok(());
        }
        let e = self.at(op);
        let func = OutputOp::cast(op.op())
            .or_internal("a spacetime.output")?
            .func();
        let values = values.iter().map(|v| splat(&e, *v, &self.shape)).collect();
        let parts = OutputParts {
            values,
            indices,
            mask,
            at: parts.at,
        };
        t2s_ir::ops::spacetime::build_output(&e, &func, &parts);
        // SAFETY: the op has no results, and nothing refers to it after this.
        unsafe { ir::erase(op.op()) };
        Ok(())
    }

    /// Gives `op` (which has no operand segments) `new_operands`.
    fn rebuild(&self, op: Op, new_operands: &[Val]) -> Result<(), Failed> {
        op.set_operands(new_operands);
        Ok(())
    }

    fn if_op(&self, op: Op, mask: Option<Val>) -> Result<(), Failed> {
        let r = op_ref(op);
        let cond = operands(op)[0];
        let region_ops = |i: usize| -> Vec<Op> {
            r.region(i)
                .ok()
                .and_then(|g| g.first_block())
                .map(|b| ir::ops(b).iter().map(|o| o.handle()).collect())
                .unwrap_or_default()
        };
        let (then_ops, else_ops) = (region_ops(0), region_ops(1));
        if !is_vector(cond) {
            self.widen_ops(&then_ops, mask)?;
            self.widen_ops(&else_ops, mask)?;
            return self.retype_if(op, &then_ops, &else_ops);
        }
        // If-conversion: both branches run, each under its lanes.
        let e = self.at(op);
        let i1 = IntegerType::new(self.context, 1).into();
        let lanes_i1 = self.lane_type(i1);
        let and = |m: Option<Val>, c: Val| match m {
            Some(m) => e.andi(splat(&e, m, &self.shape), c),
            None => c,
        };
        self.hoist(&then_ops, op, and(mask, cond))?;
        if !else_ops.is_empty() {
            let ones = Attribute::parse(self.context, &format!("dense<true> : {lanes_i1}"))
                .or_internal("a value the IR guarantees")?;
            let all = e.constant_attribute(ones);
            let not = e.xori(cond, all);
            self.hoist(&else_ops, op, and(mask, not))?;
        }
        // The results: per lane, the branch it took.
        let then_yields = then_ops.last().map(|y| operands(*y)).unwrap_or_default();
        let else_yields = else_ops.last().map(|y| operands(*y)).unwrap_or_default();
        let e = self.at(op);
        for (i, result) in r.results().enumerate() {
            let result = result.val();
            let (Some(t), Some(f)) = (then_yields.get(i), else_yields.get(i)) else {
                return Err(error(
                    r.location(),
                    "vectorize: scf.if result without a yield",
                ));
            };
            let selected = e.select(cond, splat(&e, *t, &self.shape), splat(&e, *f, &self.shape));
            self.made.borrow_mut().insert(selected.key());
            result.replace_all_uses_with(selected);
        }
        // SAFETY: the op has no uses left, and nothing refers to it after this.
        unsafe { ir::erase(r) };
        Ok(())
    }

    /// Moves a branch's ops (all but its `scf.yield`) before `op` and
    /// vectorizes them under `mask`.
    fn hoist(&self, ops: &[Op], op: Op, mask: Val) -> Result<(), Failed> {
        let body = ops.split_last().map_or(&[][..], |(_, rest)| rest);
        for o in body {
            o.move_before(op);
        }
        self.widen_ops(body, Some(mask))
    }

    /// An `scf.if` on a uniform condition keeps its branches; a result one
    /// branch yields as a vector becomes a vector in both.
    fn retype_if(&self, op: Op, then_ops: &[Op], else_ops: &[Op]) -> Result<(), Failed> {
        let r = op_ref(op);
        let (Some(&then_yield), Some(&else_yield)) = (then_ops.last(), else_ops.last()) else {
            return Ok(());
        };
        for (i, result) in r.results().enumerate() {
            let (t, f) = (operands(then_yield)[i], operands(else_yield)[i]);
            if !is_vector(t) && !is_vector(f) {
                continue;
            }
            for (y, v) in [(then_yield, t), (else_yield, f)] {
                if !is_vector(v) {
                    set_operand(y, i, splat(&self.at(y), v, &self.shape));
                }
            }
            set_type(result.val(), self.lane_type(type_of(result.val())));
        }
        Ok(())
    }
}
