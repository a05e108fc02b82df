//! The statements of one kernel: `scf`, `memref`, `channel`, `func.return`,
//! and the lane-wise `arith`/`math` ops (`vector` ops are in `vector.rs`).
//!
//! Every SSA value becomes a `const` local (`v12`); `scf.for` iteration
//! arguments and `scf.if` results are variables declared before the
//! statement and assigned where the region yields.

use super::arith::{self, Lane};
use super::body::{fail, Body};
use super::types::{CType, Scalar};
use melior::ir::{
    block::BlockLike,
    operation::{OperationLike, OperationRef},
    BlockRef, RegionLike, Value, ValueLike,
};
use t2s_ir::handle::AsVal;
use t2s_ir::ir;
use t2s_ir::ir::OpAccess;
use t2s_ir::ods;
use t2s_ir::pass::Failed;

impl Body<'_> {
    /// The ops of `block`; `scf.yield` assigns `targets`.
    pub fn block(&mut self, block: BlockRef<'_, '_>, targets: &[String]) -> Result<(), Failed> {
        let ops = ir::ops(block);
        let count = ops.len();
        for (i, op) in ops.into_iter().enumerate() {
            t2s_ir::op_match!(ir::name(&op), {
                ods::scf::YieldOperation => self.assign(&op, targets)?,
                // The kernel's end: nothing to say.
                ods::func::ReturnOperation if i + 1 == count && self.w.indent == 1 && op.operand_count() == 0 => {},
                _ => {
                    self.w.tag(source_tag(&op));
                    self.op(&op)?;
                    self.w.untag();
                },
            })
        }
        Ok(())
    }

    fn assign(&mut self, op: &OperationRef<'_, '_>, targets: &[String]) -> Result<(), Failed> {
        let values: Vec<String> = (0..op.operand_count())
            .map(|i| self.operand(op, i))
            .collect::<Result<_, _>>()?;
        if values.len() != targets.len() {
            return Err(fail(
                op,
                "a yield of another arity than its parent's results",
            ));
        }
        if values.len() == 1 {
            self.w.line(format!("{} = {};", targets[0], values[0]));
            return Ok(());
        }
        // Through temporaries: a yielded value may be another target.
        let mut temps = Vec::new();
        for (i, v) in values.iter().enumerate() {
            let ty = self.operand_type(op, i)?;
            let t = self.fresh("y");
            self.w.line(format!("const {} {t} = {v};", ty.name()));
            temps.push(t);
        }
        for (target, t) in targets.iter().zip(temps) {
            self.w.line(format!("{target} = {t};"));
        }
        Ok(())
    }

    fn op(&mut self, op: &OperationRef<'_, '_>) -> Result<(), Failed> {
        let name = ir::name(op);
        t2s_ir::op_match!(name, {
            ods::arith::ConstantOperation => self.constant(op),
            ods::scf::ForOperation => self.for_loop(op),
            ods::scf::IfOperation => self.if_else(op),
            ods::memref::AllocaOperation | ods::memref::AllocOperation => self.alloc(op),
            ods::memref::DeallocOperation => Ok(()),
            ods::memref::LoadOperation => {
                let at = self.element(op, 0, 1)?;
                self.define(op, 0, at)
            },
            ods::memref::StoreOperation => {
                let at = self.element(op, 1, 2)?;
                let v = self.operand(op, 0)?;
                self.w.line(format!("{at} = {v};"));
                Ok(())
            },
            ods::memref::DimOperation => self.dim(op),
            ods::channel::ReadOperation => self.channel_read(op),
            ods::channel::WriteOperation => self.channel_write(op),
            ods::func::ReturnOperation if op.operand_count() > 0 => Err(fail(
                op,
                "a kernel that returns values: OpenCL kernels return void (lower with input-checks=false, as t2s-dataflow-to-scf and t2s-sequential-to-scf do)",
            )),
            ods::func::ReturnOperation => {
                self.w.line("return;");
                Ok(())
            },
            _ => if arith::is_lanewise(&name) {
                self.lanewise(op, &name)
            } else if name.starts_with("vector.") {
                self.vector(op, &name)
            } else {
                Err(fail(
                    op,
                    format!("'{name}' has no OpenCL C form (t2s-to-opencl takes scf, arith, math, memref, vector and channel ops: see docs/backends.md)"),
                ))
            },
        })
    }

    fn constant(&mut self, op: &OperationRef<'_, '_>) -> Result<(), Failed> {
        let result = op.result(0).map_err(|_| fail(op, "a missing result"))?;
        let ty = self.ctype(op, result.r#type())?;
        let value = op
            .attribute("value")
            .map_err(|_| fail(op, "a constant without a value"))?;
        let text = super::vector::constant_text(op, &ty, value)?;
        if ty.is_vector() {
            return self.define(op, 0, text);
        }
        if melior::ir::TypeLike::is_index(&result.r#type()) {
            if let Ok(v) = melior::ir::attribute::IntegerAttribute::try_from(value) {
                self.ranges
                    .insert(super::body::key(result.into()), (v.value(), v.value()));
            }
        }
        // Scalars are used as literals.
        let literal = if text.starts_with('-') {
            format!("({text})")
        } else {
            text
        };
        self.bind(result.into(), literal);
        Ok(())
    }

    fn lanewise(&mut self, op: &OperationRef<'_, '_>, name: &str) -> Result<(), Failed> {
        let result = op.result(0).map_err(|_| fail(op, "a missing result"))?;
        let rt = self.ctype(op, result.r#type())?;
        let types: Vec<CType> = (0..op.operand_count())
            .map(|i| self.operand_type(op, i))
            .collect::<Result<_, _>>()?;
        let names: Vec<String> = (0..op.operand_count())
            .map(|i| self.operand(op, i))
            .collect::<Result<_, _>>()?;
        let scalars = arith::scalars(&types);
        if matches!(rt.scalar, Scalar::Half) || scalars.contains(&Scalar::Half) {
            self.extensions.insert("cl_khr_fp16");
        }
        if !rt.is_vector() {
            if self.index_arith(op, name, &names, &scalars)? {
                return Ok(());
            }
            let lane = Lane {
                args: &names,
                types: &scalars,
                result: rt.scalar,
            };
            let e = arith::expression(op, name, &lane).map_err(|m| fail(op, m))?;
            return self.define(op, 0, e);
        }
        if let Some(symbol) = arith::native_operator(name) {
            if rt.is_native() && types.iter().all(|t| *t == rt) {
                let e = match names.as_slice() {
                    [x] => format!("{symbol}{x}"),
                    [x, y] => format!("{x} {symbol} {y}"),
                    _ => return Err(fail(op, "an operator of another arity")),
                };
                return self.define(op, 0, e);
            }
        }
        // Check the op once, on placeholder lanes, before the loop.
        let probe = Lane {
            args: &names,
            types: &scalars,
            result: rt.scalar,
        };
        arith::expression(op, name, &probe).map_err(|m| fail(op, m))?;
        let lanes = |l: &str| -> Vec<String> {
            names
                .iter()
                .zip(&types)
                .map(|(n, t)| {
                    if t.is_vector() {
                        t.lane(n, l)
                    } else {
                        n.clone()
                    }
                })
                .collect()
        };
        self.define_lanes(op, |l| {
            let args = lanes(l);
            let lane = Lane {
                args: &args,
                types: &scalars,
                result: rt.scalar,
            };
            arith::expression(op, name, &lane).unwrap_or_default()
        })?;
        Ok(())
    }

    fn for_loop(&mut self, op: &OperationRef<'_, '_>) -> Result<(), Failed> {
        let (lb, ub, step) = (
            self.operand(op, 0)?,
            self.operand(op, 1)?,
            self.operand(op, 2)?,
        );
        let body = op
            .region_at(0)
            .and_then(|r| r.first_block())
            .ok_or_else(|| fail(op, "an scf.for without a body"))?;
        let iv = body
            .argument(0)
            .map_err(|_| fail(op, "an scf.for without an induction variable"))?;
        let iv_type = self.ctype(op, iv.r#type())?;
        let mut carried = Vec::new();
        for i in 3..op.operand_count() {
            let ty = self.operand_type(op, i)?;
            let init = self.operand(op, i)?;
            let name = self.fresh("acc");
            self.w.line(format!("{} {name} = {init};", ty.name()));
            carried.push(name);
        }
        // The loop's own location: the textual form of `scf.for` does not
        // carry its variable's.
        let (i, named) = self.named_or_fresh(op.location(), "i");
        if op.has_attribute(UNROLL) || feeds_channel_index(iv.into(), 0) {
            self.w.line_untagged("#pragma unroll");
        }
        match self.int_counter(op) {
            // A loop whose bounds are within 32 bits counts in an `int`
            // (cheaper on an FPGA than the `long` of `index`; ranges.rs).
            Some((range, [lb, ub, step])) if iv_type.name() == "long" => {
                self.ranges.insert(super::body::key(iv.into()), range);
                self.w.line(format!(
                    "for (int {i} = {lb}; {i} < {ub}; {i} += {step}) {{"
                ))
            }
            _ => self.w.line(format!(
                "for ({} {i} = {lb}; {i} < {ub}; {i} += {step}) {{",
                iv_type.name()
            )),
        }
        self.bind(iv.into(), i.clone());
        for (k, name) in carried.iter().enumerate() {
            let arg = body
                .argument(k + 1)
                .map_err(|_| fail(op, "a missing iteration argument"))?;
            self.bind(arg.into(), name.clone());
            let result = op.result(k).map_err(|_| fail(op, "a missing result"))?;
            self.bind(result.into(), name.clone());
        }
        self.w.indent += 1;
        self.block(body, &carried)?;
        self.w.indent -= 1;
        self.w.line("}");
        if named {
            self.release(&i);
        }
        Ok(())
    }

    fn if_else(&mut self, op: &OperationRef<'_, '_>) -> Result<(), Failed> {
        let cond = self.operand(op, 0)?;
        let mut targets = Vec::new();
        for k in 0..op.result_count() {
            let result = op.result(k).map_err(|_| fail(op, "a missing result"))?;
            let ty = self.ctype(op, result.r#type())?;
            let name = self.fresh("r");
            self.w.line(format!("{} {name};", ty.name()));
            self.bind(result.into(), name.clone());
            targets.push(name);
        }
        self.w.line(format!("if ({cond}) {{"));
        for r in 0..2 {
            let Some(block) = op.region_at(r).and_then(|region| region.first_block()) else {
                continue;
            };
            if r == 1 {
                self.w.line("} else {");
            }
            self.w.indent += 1;
            self.block(block, &targets)?;
            self.w.indent -= 1;
        }
        self.w.line("}");
        Ok(())
    }

    /// The channel element of a `channel.read`/`channel.write` whose
    /// indices are the operands `first..end`.
    pub(super) fn channel(
        &self,
        op: &OperationRef<'_, '_>,
        first: usize,
        end: usize,
    ) -> Result<String, Failed> {
        let symbol = t2s_ir::ops::channel::channel_of(op).unwrap_or_default();
        let (name, dims) = self.globals.channels.get(&symbol).ok_or_else(|| {
            fail(op, format!("no channel.fifo @{symbol} in the module (t2s-to-opencl needs the channels at module level: run spacetime-to-scf first)"))
        })?;
        // A computed index goes through T2S_CHANNEL_INDEX, which the
        // emulation checks against the dimension (an index past one channel
        // array would otherwise address the next).
        let subs: String = (first..end)
            .enumerate()
            .map(|(d, i)| {
                let s = self.operand(op, i)?;
                let checked = op
                    .operand_at(i)
                    .is_some_and(|v| dims.get(d).is_some_and(|n| !statically_in(v, *n)));
                Ok(match dims.get(d) {
                    Some(n) if checked => {
                        let quoted = symbol.replace('\\', "\\\\").replace('"', "\\\"");
                        format!("[T2S_CHANNEL_INDEX(\"{quoted}\", {s}, {n}L)]")
                    }
                    _ => format!("[{s}]"),
                })
            })
            .collect::<Result<_, Failed>>()?;
        Ok(format!("{name}{subs}"))
    }
}

/// The mark `spacetime-to-scf` puts on the loops hardware replicates (PE
/// loops, loops over register slots).
const UNROLL: &str = "spacetime.unroll";

/// Whether `v` (a loop's variable) indexes a channel array, directly or
/// through index arithmetic: aoc resolves channel indices at compile time,
/// so such a loop must be unrolled whatever its marks.
fn feeds_channel_index(v: Value<'_, '_>, depth: usize) -> bool {
    if depth > 4 {
        return false;
    }
    v.val().users().into_iter().any(|raw| {
        let op = raw.op();
        t2s_ir::op_match!(ir::name(&op), {
            ods::channel::ReadOperation => true,
            // Operand 0 is the value written.
            ods::channel::WriteOperation => (1..op.operand_count())
                .any(|i| op.operand_at(i).is_some_and(|o| o.val() == v.val())),
            ods::arith::AddIOperation | ods::arith::SubIOperation | ods::arith::MulIOperation
                | ods::arith::MaxSIOperation | ods::arith::MinSIOperation | ods::arith::SelectOperation
                | ods::arith::IndexCastOperation => op
                    .result(0)
                    .is_ok_and(|r| feeds_channel_index(r.into(), depth + 1)),
            _ => false,
        })
    })
}

/// Whether `v` is in `[0, extent)` by construction: a constant in range,
/// or the induction variable of an `scf.for` whose constant bounds are.
fn statically_in(v: Value<'_, '_>, extent: i64) -> bool {
    if let Some(c) = constant_index(v) {
        return (0..extent).contains(&c);
    }
    let v = v.val();
    if v.argument_number() != Some(0) {
        return false;
    }
    let Some(owner) = v.owner_block().and_then(|b| b.parent_op()) else {
        return false;
    };
    let owner = owner.op();
    if !ods::is(&owner, ods::scf::ForOperation::name()) {
        return false;
    }
    let bound = |i: usize| owner.operand_at(i).and_then(constant_index);
    matches!((bound(0), bound(1), bound(2)), (Some(lb), Some(ub), Some(step)) if lb >= 0 && ub <= extent && step > 0)
}

pub use t2s_ir::ir::constant_index;

/// `file:line` of an op's location, for the comments that tie the code to
/// the UREs.
fn source_tag(op: &OperationRef<'_, '_>) -> Option<String> {
    let (file, line, _) = t2s_ir::location::file_line_col(op.location())?;
    let base = file.rsplit('/').next().unwrap_or(&file);
    (line > 0).then(|| format!("{base}:{line}"))
}
