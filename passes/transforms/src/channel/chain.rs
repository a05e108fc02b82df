//! What `gather` and `scatter` share: finding the array a directive names,
//! the loop it names among the array's loops, the order of the PEs along
//! it, the FIFOs between neighbouring PEs, and recomputing a slice of the
//! PE body "as the PE at other coordinates" (`spacetime.recover at`,
//! `spacetime.scheduled at`).

use crate::channel::isolate::slice::{add_to_slice, clone_op, NotComputable};
use melior::ir::{
    attribute::{ArrayAttribute, StringAttribute},
    operation::{OperationLike, OperationRef},
    Attribute, BlockLike, Location, Type, ValueLike,
};
use melior::Context;
use std::collections::{HashMap, HashSet};
use t2s_ir::array::ArrayInfo;
use t2s_ir::diag::OrInternal;
use t2s_ir::diag::{error, error_with_notes};
use t2s_ir::emit::Emitter;
use t2s_ir::handle::{AsBlk, AsOp, AsVal, Blk, Val};
use t2s_ir::ir;
use t2s_ir::ir::OpAccess;
use t2s_ir::ods;
use t2s_ir::ops::ure::{ChainDirective, GatherOp, ScatterOp};
use t2s_ir::ops::View;
use t2s_ir::pass::Failed;

/// Runs `f` on each directive `name` of `program` (in order), and erases
/// the directives when all succeeded.
pub fn run_directives(
    program: OperationRef<'_, '_>,
    name: &str,
    mut f: impl FnMut(Chain<'_, '_>) -> Result<(), Failed>,
) -> Result<(), Failed> {
    run_all_directives(program, name, |chains| {
        // Every directive runs, so that all their errors are reported.
        let mut result = Ok(());
        for chain in chains {
            result = result.and(chain.and_then(&mut f));
        }
        result
    })
}

/// Runs `f` on the chains of all directives `name` of `program` at once (in
/// order; a directive that names no array is an `Err`), and erases the
/// directives when it succeeded.
pub fn run_all_directives(
    program: OperationRef<'_, '_>,
    name: &str,
    f: impl FnOnce(Vec<Result<Chain<'_, '_>, Failed>>) -> Result<(), Failed>,
) -> Result<(), Failed> {
    let directives: Vec<_> = ir::body_ops(&program, 0)
        .into_iter()
        .filter(|op| ir::name(op) == name)
        .collect();
    let context_ref = program.context();
    // SAFETY: the context outlives the pass run; `context_ref` this function.
    let context = unsafe { context_ref.to_ref() };
    let chains = directives
        .iter()
        .map(|directive| Chain::new(context, program, *directive))
        .collect();
    let result = f(chains);
    if result.is_ok() {
        for directive in directives {
            // SAFETY: the op has no uses left, and nothing refers to it after this.
            unsafe { ir::erase(directive) };
        }
    }
    result
}

/// A directive's array and the loop it names.
pub struct Chain<'c, 'a> {
    pub context: &'c Context,
    pub program: OperationRef<'c, 'a>,
    pub array: OperationRef<'c, 'a>,
    pub body: Blk,
    pub info: ArrayInfo,
    /// The kernel (or Func) name: the stem of the FIFOs' names.
    pub name: String,
    /// The directive's source (`@A`).
    pub source: String,
    pub loop_name: String,
    pub down: bool,
    pub location: Location<'c>,
}

impl<'c, 'a> Chain<'c, 'a> {
    /// Reads `ure.gather`/`ure.scatter` and finds its array: the one of
    /// `channel.kernel @target`, or the program's own array when the target
    /// is its representative Func.
    pub fn new(
        context: &'c Context,
        program: OperationRef<'c, 'a>,
        directive: OperationRef<'c, 'a>,
    ) -> Result<Self, Failed> {
        let what = ir::name(&directive).trim_start_matches("ure.").to_string();
        let (target, source, loop_name, down) = match GatherOp::cast(directive) {
            Some(g) => (g.target(), g.source(), g.chain_loop(), g.down()),
            None => {
                let s = ScatterOp::cast(directive).or_internal("a ure.gather or ure.scatter")?;
                (s.target(), s.source(), s.chain_loop(), s.down())
            }
        };
        let location = directive.location();
        let array = match ir::kernel(&program, &target) {
            Some(k) => ir::array_in(&k).ok_or_else(|| {
                error(
                    location,
                    format!("kernel @{target} holds no spacetime.array to {what}"),
                )
            })?,
            None => {
                let array = ir::array_in(&program).ok_or_else(|| {
                        error(
                            location,
                            format!("{what} applies to the systolic array: run space-time-transform first (and isolate, when @{target} is an isolated kernel)"),
                        )
                    })?;
                let representative = t2s_ir::ops::spacetime::representative(&array);
                if representative != target {
                    return Err(error(
                        location,
                        format!("@{target} is neither a kernel of the program nor the representative of its array (@{representative})"),
                    ));
                }
                array
            }
        };
        Ok(Chain {
            context,
            program,
            array,
            body: ir::body_block(&array).or_internal("a body block")?.blk(),
            info: ArrayInfo::read(&array)?,
            name: target,
            source,
            loop_name,
            down,
            location,
        })
    }

    pub fn strategy(&self) -> &'static str {
        if self.down {
            "down"
        } else {
            "up"
        }
    }

    /// The names of the array's space loops, for messages.
    pub fn space_names(&self) -> String {
        let names: Vec<&str> = self.info.space.iter().map(|s| s.name.as_str()).collect();
        names.join(", ")
    }

    /// The position of the directive's loop among the space loops; `None`
    /// when it is not one (the caller says what else it may be).
    pub fn space_dim(&self) -> Option<usize> {
        self.info
            .space
            .iter()
            .position(|s| s.name == self.loop_name)
    }

    /// The block argument of coordinate `c` (time coordinates first).
    pub fn coordinate(&self, c: usize) -> Val {
        self.body
            .argument(c)
            .expect("a coordinate of a verified array")
    }

    pub fn coordinates(&self) -> Vec<Val> {
        (0..self.info.time.len() + self.info.space.len())
            .map(|c| self.coordinate(c))
            .collect()
    }

    /// Makes the PEs along space loop `dim` run in the chain's order inside
    /// a step: ascending for `up` (the default), descending for `down`.
    /// A same-step read along the loop, or an earlier chain the other way,
    /// would need the other order: a located error.
    pub fn set_order(&self, dim: usize) -> Result<(), Failed> {
        // Read off the array: an earlier chain of this run may have set it.
        let descending = t2s_ir::array::descending(&self.array).contains(&self.loop_name);
        // `descending` is only ever set by a chain: one that flows down.
        if descending && !self.down {
            return Err(error(
                self.location,
                format!(
                    "cannot chain the PEs along '{}' {}: an earlier gather or scatter along it flows the other way, and the PEs of a step run in one order",
                    self.loop_name,
                    self.strategy()
                ),
            ));
        }
        if self.down {
            for read in t2s_ir::ops::all::<t2s_ir::ops::spacetime::ReadOp>(self.array) {
                let offsets = read.offset();
                let same_step = read.delay().is_some_and(|d| d.is_same_step());
                if same_step && offsets.get(dim).is_some_and(|o| *o != 0) {
                    return Err(error_with_notes(
                        self.location,
                        format!(
                            "cannot chain the PEs along '{}' down: that runs them from the last to the first in a step, and the array reads a neighbour along '{}' in the same step",
                            self.loop_name, self.loop_name
                        ),
                        &[(read.location(), "the same-step read".to_string())],
                    ));
                }
            }
            // The array's current list: an earlier chain of this pass run
            // may have added the loop already.
            let mut names = t2s_ir::array::descending(&self.array);
            if !names.contains(&self.loop_name) {
                names.push(self.loop_name.clone());
                let attrs: Vec<Attribute> = names
                    .iter()
                    .map(|n| StringAttribute::new(self.context, n).into())
                    .collect();
                ir::set_inherent(
                    self.array,
                    "descending",
                    ArrayAttribute::new(self.context, &attrs).into(),
                );
            }
        }
        Ok(())
    }

    /// Declares `channel.fifo @<name>_<source>_<what>` with one channel per
    /// non-vectorized PE, at the end of the program; returns its name.
    pub fn declare_fifo(&self, what: &str, ty: Type<'c>, depth: i64) -> Result<String, Failed> {
        self.declare_fifo_shaped(what, ty, depth, &self.fifo_shape())
    }

    /// [`Self::declare_fifo`] with the channel array's shape given.
    pub fn declare_fifo_shaped(
        &self,
        what: &str,
        ty: Type<'c>,
        depth: i64,
        shape: &[i64],
    ) -> Result<String, Failed> {
        let existing: HashSet<String> = ir::body_ops(&self.program, 0)
            .iter()
            .map(ir::symbol_name)
            .collect();
        let stem = format!("{}_{}_{what}", self.name, self.source);
        let name = (0..)
            .map(|n| {
                if n == 0 {
                    stem.clone()
                } else {
                    format!("{stem}_{n}")
                }
            })
            .find(|n| !existing.contains(n))
            .or_internal("a value the IR guarantees")?;
        t2s_ir::emit::check_channel_count(self.location, &name, shape)?;
        let op = t2s_ir::emit::fifo_op(self.context, self.location, &name, ty, depth.max(1), shape);
        ir::body_block(&self.program)
            .or_internal("a value the IR guarantees")?
            .append_operation(op);
        Ok(name)
    }

    /// The FIFO array's shape: the non-vectorized space loops' extents.
    fn fifo_shape(&self) -> Vec<i64> {
        self.info
            .space
            .iter()
            .filter(|s| !s.vectorized)
            .map(|s| s.pe_extent())
            .collect()
    }

    /// The FIFO of the PE at the current coordinates moved by `shift` along
    /// space loop `dim`: its non-vectorized space coordinates from each
    /// loop's min. A moved index is clamped into the FIFO array: the PE at
    /// the end of the chain has no neighbour there, and its read of one is
    /// never reached, but once its PE is unrolled the index is a constant
    /// the channel verifier checks.
    pub fn fifo_index(&self, e: &Emitter<'_>, dim: Option<usize>, shift: i64) -> Vec<Val> {
        let time = self.info.time.len();
        self.info
            .space
            .iter()
            .enumerate()
            .filter(|(_, s)| !s.vectorized)
            .map(|(d, s)| {
                let c = self.coordinate(time + d);
                let moved = Some(d) == dim && shift != 0;
                let offset = s.min - if moved { shift } else { 0 };
                let index = match offset {
                    0 => c,
                    o if o < 0 => e.add(c, e.index(-o)),
                    o => e.sub(c, e.index(o)),
                };
                if moved {
                    e.clamp(index, e.index(0), e.index(s.pe_extent() - 1))
                } else {
                    index
                }
            })
            .collect()
    }

    /// The coordinates with coordinate `c` replaced by `with`.
    pub fn coordinates_with(&self, c: usize, with: Val) -> Vec<Val> {
        let mut at = self.coordinates();
        at[c] = with;
        at
    }

    /// Clones the ops that compute `values` at `e`, as the PE at
    /// coordinates `at` computes them: block arguments become `at`, and
    /// `spacetime.recover`/`spacetime.scheduled` take `at`. Extends `map`.
    pub fn clone_at(
        &self,
        e: &Emitter<'c>,
        values: &[Val],
        at: &[Val],
        map: &mut HashMap<usize, Val>,
    ) -> Result<(), NotComputable> {
        let mut slice = HashSet::new();
        for v in values {
            add_to_slice(*v, self.body, &mut slice)?;
        }
        for (i, a) in at.iter().enumerate() {
            map.insert(self.coordinate(i).key(), *a);
        }
        let mut ops = Vec::new();
        for op in ir::ops(self.body.block()) {
            op.walk(melior::ir::operation::WalkOrder::PreOrder, |nested| {
                if slice.contains(&nested.handle().key()) {
                    ops.push(nested.handle());
                }
                melior::ir::operation::WalkResult::Advance
            });
        }
        for op in ops {
            let op_ref = op.op();
            let name = ir::name(&op_ref);
            let clone = if t2s_ir::op_in!(
                name,
                ods::spacetime::RecoverOperation | ods::spacetime::ScheduledOperation
            ) && op_ref.operand_count() == 0
            {
                let types: Vec<Type> = op_ref.results().map(|r| r.r#type()).collect();
                let new = t2s_ir::op_match!(name, {
                    ods::spacetime::RecoverOperation => e.recover_at(&types, at),
                    _ => vec![e.scheduled_at(types[0], at)],
                });
                new[0].defining_op().expect("the results of one op")
            } else {
                clone_op(e, op, map)
            };
            for (old, new) in op.results().into_iter().zip(clone.results()) {
                map.insert(old.key(), new);
            }
        }
        Ok(())
    }

    /// A located error for a value the chain cannot recompute at another
    /// PE, with a note at what prevents it.
    pub fn not_computable(&self, at: Location<'c>, message: String, why: NotComputable) -> Failed {
        self.error_with_note(at, message, why, DATA_NOTE)
    }

    /// An error at the directive, with notes at the access it is about
    /// and at the value (or region) `why`.
    pub fn directive_error(
        &self,
        access: Location<'c>,
        message: String,
        why: NotComputable,
        data_note: &str,
    ) -> Failed {
        let note = why_note(why, access, data_note);
        error_with_notes(
            self.location,
            &message,
            &[(access, "the access".to_string()), note],
        )
    }

    /// A located error with a note at the value (or region) `why`.
    pub fn error_with_note(
        &self,
        at: Location<'c>,
        message: String,
        why: NotComputable,
        data_note: &str,
    ) -> Failed {
        let note = why_note(why, at, data_note);
        error_with_notes(at, &message, &[note])
    }

    /// A value of `v`'s slice that varies along coordinate `c`: the
    /// coordinate itself, a recovered index whose row uses it, or the
    /// scheduled check when a recovered index other than the loop's own
    /// uses it. `None` when `v` is the same for every PE along `c`.
    pub fn varies_along(&self, v: Val, c: usize) -> Option<Val> {
        let mut slice = HashSet::new();
        add_to_slice(v, self.body, &mut slice).ok()?;
        let own = self.coordinate(c);
        let uses = |row: &t2s_model::Affine| row.terms.iter().any(|(d, k)| *d == c && *k != 0);
        let mut found = None;
        let body = self.body.block();
        for op in ir::ops(body) {
            op.walk(melior::ir::operation::WalkOrder::PreOrder, |nested| {
                if !slice.contains(&nested.handle().key()) || found.is_some() {
                    return melior::ir::operation::WalkResult::Advance;
                }
                if nested.operands().any(|o| o.val() == own) {
                    found = nested.result_at(0).map(|r| r.val());
                }
                t2s_ir::op_match!(ir::name(&nested), {
                    ods::spacetime::RecoverOperation => {
                        for (r, row) in self.info.recover.iter().enumerate() {
                            let is_v = nested.result_at(r).is_some_and(|x| x.val() == v);
                            if uses(row) && (is_v || self.used_in_slice(&nested, r, &slice)) {
                                found = nested.result_at(r).map(|x| x.val());
                            }
                        }
                    },
                    ods::spacetime::ScheduledOperation => {
                        let identity = |row: &t2s_model::Affine| {
                            row.constant == 0 && row.terms.as_slice() == [(c, 1)]
                        };
                        if self
                            .info
                            .recover
                            .iter()
                            .any(|row| uses(row) && !identity(row))
                        {
                            found = nested.result_at(0).map(|r| r.val());
                        }
                    },
                    _ => {},
                });
                melior::ir::operation::WalkResult::Advance
            });
        }
        if v.key() == own.key() {
            return Some(v);
        }
        found
    }

    /// Whether result `r` of `op` is an operand of an op of `slice`.
    fn used_in_slice(&self, op: &OperationRef<'_, '_>, r: usize, slice: &HashSet<usize>) -> bool {
        let Ok(result) = op.result(r) else {
            return false;
        };
        result
            .val()
            .users()
            .iter()
            .any(|user| slice.contains(&user.key()))
    }
}

/// The note at a value a chain cannot recompute for its other PEs.
pub const DATA_NOTE: &str = "computed from data here";

/// The note of a `NotComputable`: at the value computed from data (or at
/// `fallback` when it has no op), or at the region.
fn why_note<'c>(
    why: NotComputable,
    fallback: Location<'c>,
    data_note: &str,
) -> (Location<'c>, String) {
    match why {
        NotComputable::Data(v) => (
            v.defining_op().map_or(fallback, |op| op.location()),
            data_note.to_string(),
        ),
        NotComputable::Region(op) => (op.location(), "inside this region".to_string()),
    }
}
