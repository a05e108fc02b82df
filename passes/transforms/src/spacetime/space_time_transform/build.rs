//! Builds the explicit systolic IR of `space-time-transform`: the merged
//! nest's UREs become the body of a `spacetime.array` (the program of one PE
//! at one step), by moving their ops and rewriting only the `ure` ops:
//!
//! - the loop variables become the results of `spacetime.recover`;
//! - a `ure.at` becomes the producer's value itself (same point, computed
//!   earlier in the body) or a `spacetime.read` of the producer's register
//!   file, naming the producing PE (space offset) and the delay in flattened
//!   steps;
//! - a `ure.yield` becomes a `spacetime.write` per register file, and for
//!   the output a `spacetime.output`; `ure.select` becomes an `scf.if`;
//! - CheckTime guards the PE with `spacetime.scheduled`; without it only the
//!   output store is guarded.
//!
//! Every other op (arith, math, ure.load, ...) moves unchanged.

use super::nest::{collect_ures, result_type, select_parts, Ure};
use super::output::{declare_output, emit_output};
use melior::ir::{
    attribute::StringAttribute,
    block::BlockLike,
    operation::{OperationLike, OperationRef},
    r#type::MemRefType,
    Block, Region, RegionLike, Type, Value, ValueLike,
};
use melior::Context;
use std::collections::HashMap;
use t2s_dialects::ods::spacetime;
use t2s_ir::diag::error;
use t2s_ir::diag::OrInternal;
use t2s_ir::emit::{Emitter, ReadDelay};
use t2s_ir::handle::{AsBlk, AsOp, AsVal, Val};
use t2s_ir::ir;
use t2s_ir::ops::ure::AtOp;
use t2s_ir::ops::View as _;
use t2s_ir::pass::Failed;
use t2s_model::spacetime::{never_inside, never_reaches, NestLoop, Schedule};

/// Where a read of a Func result finds its value: a constant number of
/// flattened steps ago, or a distance per time loop when the flattened one
/// depends on parameters (with the flattened delay at their maxima).
#[derive(Clone, Debug, PartialEq, Eq)]
enum Access {
    Steps(i64),
    PerTimeLoop { delays: Vec<i64>, at_maxima: i64 },
}

impl Access {
    fn same_step(&self) -> bool {
        match self {
            Access::Steps(d) => *d == 0,
            Access::PerTimeLoop { delays, .. } => delays.iter().all(|d| *d == 0),
        }
    }

    /// Slots the register file needs for this read.
    fn slots(&self) -> i64 {
        match self {
            Access::Steps(d) => d.saturating_add(1),
            Access::PerTimeLoop { at_maxima, .. } => at_maxima.saturating_add(1),
        }
    }
}

/// Replaces `nest` by a `spacetime.array` built from `schedule` and returns it.
pub fn build_array<'c, 'a>(
    program: OperationRef<'c, 'a>,
    nest: OperationRef<'c, 'a>,
    rep: &str,
    loops: &[NestLoop],
    s: &Schedule,
) -> Result<OperationRef<'c, 'a>, Failed> {
    let context_ref = program.context();
    // SAFETY: the context outlives the pass run; `context_ref` outlives the borrow.
    let context: &Context = unsafe { context_ref.to_ref() };
    let location = nest.location();
    let ures = collect_ures(&nest)?;
    let names: Vec<String> = loops.iter().map(|l| l.name.clone()).collect();
    // Before any op moves: the output's declaration reads its URE.
    declare_output(
        context,
        program,
        ures.last().or_internal("a last element")?,
        loops,
    )?;
    let space: Vec<_> = s.space_coordinates().collect();
    let params = ir::param_decls(&program);

    let ReadPlan { reads, slots, dead } = plan_reads(&ures, &names, loops, &params, s)?;
    for at in dead {
        replace_never_valid_read(context, at)?;
    }

    let pe_shape: Vec<i64> = space.iter().map(|c| c.max_extent.unwrap_or(1)).collect();
    let file_decls = declare_files(context, nest, &ures, &slots, &pe_shape)?;

    let (array, files) = create_array(context, nest, rep, loops, s, &file_decls)?;
    let body = ir::body_block(&array).or_internal("a body block")?;

    // The PE body: coordinates -> original indices, the guard, the UREs.
    let e = Emitter::new(context, location, body.blk());
    let recovered = e.recover(&vec![e.index_type(); names.len()]);
    let scheduled = e.scheduled();
    let (pe, guard_block) = if s.check_time {
        let then = e.if_then(scheduled);
        (e.at(then), Some(then))
    } else {
        (e, None)
    };
    let var_values = |ure: &Ure<'_, '_>| -> Vec<Val> {
        ure.vars
            .iter()
            .map(|v| recovered[names.iter().position(|n| n == v).expect("verified var")])
            .collect()
    };

    let body = PeBody {
        pe,
        reads: &reads,
        files: &files,
        check_time: s.check_time,
        scheduled,
    };
    let mut own_values: HashMap<(usize, usize), Val> = HashMap::new();
    let last = ures.len() - 1;
    for (index, ure) in ures.iter().enumerate() {
        body.place(index, index == last, ure, &var_values(ure), &mut own_values)?;
    }
    if let Some(then) = guard_block {
        e.finish_scf_block(then);
    }
    // SAFETY: the op has no uses left, and nothing refers to it after this.
    unsafe { ir::erase(nest) };
    Ok(array)
}

/// The PE body being built: where the UREs' ops go, their reads and the
/// register files.
struct PeBody<'r, 'c, 'a> {
    pe: Emitter<'c>,
    reads: &'r [Read<'c, 'a>],
    files: &'r HashMap<(usize, usize), Val>,
    check_time: bool,
    scheduled: Val,
}

impl PeBody<'_, '_, '_> {
    /// Moves URE `index` (the output's when `is_last`), at the indices
    /// `args`, into the PE body: its ops, its reads from register files, and
    /// its yield as register-file writes or the output's store.
    fn place(
        &self,
        index: usize,
        is_last: bool,
        ure: &Ure<'_, '_>,
        args: &[Val],
        own_values: &mut HashMap<(usize, usize), Val>,
    ) -> Result<(), Failed> {
        let pe = &self.pe;
        let def_body = ir::body_block(&ure.op).or_internal("a body block")?;
        for (i, value) in args.iter().enumerate() {
            let arg = def_body.argument(i).or_internal("a block argument")?;
            arg.val().replace_all_uses_with(*value);
        }
        let ops = ir::ops(def_body);
        let (yield_op, moved) = ops.split_last().or_internal("a non-empty list")?;
        for op in moved {
            op.handle().move_to_end(pe.block);
        }
        let mine: Vec<&Read> = self.reads.iter().filter(|r| r.consumer == index).collect();
        rewrite_reads(pe, &mine, self.files, own_values)?;
        let Yielded {
            values,
            conditions,
            selects,
        } = yielded(yield_op);
        if is_last {
            let check_time = self.check_time;
            emit_output(
                pe,
                ure,
                args,
                &values,
                &conditions,
                check_time,
                self.scheduled,
            )?;
        } else {
            let pe = pe.located(yield_op.location());
            write_files(&pe, index, &values, &conditions, self.files, own_values);
        }
        // SAFETY: the op has no uses left, and nothing refers to it after this.
        unsafe { ir::erase(*yield_op) };
        for select in selects {
            // SAFETY: the select's only use was the yield, erased above.
            unsafe { select.erase() };
        }
        // SAFETY: the op has no uses left, and nothing refers to it after this.
        unsafe { ir::erase(ure.op) };
        Ok(())
    }
}

/// The array op, before the nest: one block argument per coordinate, then
/// one per register file; with the file arguments by (Func, result).
fn create_array<'c, 'a>(
    context: &'c Context,
    nest: OperationRef<'c, 'a>,
    rep: &str,
    loops: &[NestLoop],
    s: &Schedule,
    file_decls: &[FileDecl],
) -> Result<(OperationRef<'c, 'a>, Files), Failed> {
    let location = nest.location();
    let attributes = crate::spacetime::space_time_transform::attrs::array_attributes(
        context, location, rep, loops, s,
    )?;
    let mut arguments: Vec<(Type, melior::ir::Location)> = s
        .coordinates
        .iter()
        .map(|_| (Type::index(context), location))
        .collect();
    let file_values: Vec<Value> = file_decls.iter().map(|(_, v)| v.value()).collect();
    arguments.extend(file_values.iter().map(|v| (v.r#type(), location)));
    let block = Block::new(&arguments);
    let region = Region::new();
    region.append_block(block);
    let op = attributes.build(context, location, &file_values, region);
    let parent = nest.block().or_internal("a parent block")?;
    let array = parent.insert_operation_before(nest, op);
    let body = ir::body_block(&array).or_internal("a body block")?;
    let first_file = s.coordinates.len();
    let mut files: HashMap<(usize, usize), Val> = HashMap::new();
    for (i, (key, _)) in file_decls.iter().enumerate() {
        let arg = body
            .argument(first_file + i)
            .or_internal("a block argument")?;
        files.insert(*key, Value::from(arg).val());
    }
    Ok((array, files))
}

/// A yield's values, each with the condition of its `ure.select` (if
/// any), and the selects to erase once the yield is gone.
struct Yielded {
    values: Vec<Val>,
    conditions: Vec<Option<Val>>,
    selects: Vec<t2s_ir::handle::Op>,
}

fn yielded(yield_op: &OperationRef<'_, '_>) -> Yielded {
    let mut parts = Yielded {
        values: Vec::new(),
        conditions: Vec::new(),
        selects: Vec::new(),
    };
    for v in yield_op.operands().map(|v| v.val()) {
        match select_parts(v) {
            Some((select, cond, value)) => {
                parts.values.push(value);
                parts.conditions.push(Some(cond));
                parts.selects.push(select);
            }
            None => {
                parts.values.push(v);
                parts.conditions.push(None);
            }
        }
    }
    parts
}

/// URE `index`'s results into its register files (under their select's
/// condition); an unconditional one is also this point's own value, which
/// later reads of the same point and PE take directly.
fn write_files(
    pe: &Emitter<'_>,
    index: usize,
    values: &[Val],
    conditions: &[Option<Val>],
    files: &HashMap<(usize, usize), Val>,
    own_values: &mut HashMap<(usize, usize), Val>,
) {
    for (r, value) in values.iter().enumerate() {
        let (at, then) = match conditions[r] {
            Some(cond) => {
                let then = pe.if_then(cond);
                (pe.at(then), Some(then))
            }
            None => (*pe, None),
        };
        if let Some(file) = files.get(&(index, r)) {
            at.spacetime_write(*value, *file);
        }
        match then {
            Some(then) => pe.finish_scf_block(then),
            None => {
                own_values.insert((index, r), *value);
            }
        }
    }
}

/// Each read of one URE becomes the producer's own value of this point
/// (computed earlier in the body) or a `spacetime.read` of its file.
fn rewrite_reads(
    pe: &Emitter<'_>,
    reads: &[&Read<'_, '_>],
    files: &HashMap<(usize, usize), Val>,
    own_values: &HashMap<(usize, usize), Val>,
) -> Result<(), Failed> {
    for Read {
        at,
        callee,
        offset,
        access,
        ..
    } in reads.iter().copied()
    {
        let here = pe.before_op(at.handle()).located(at.location());
        for r in 0..at.result_count() {
            let old = at.result(r).or_internal("a result of the op")?.val();
            let new = match (files.get(&(*callee, r)), own_values.get(&(*callee, r))) {
                (_, Some(v)) if access.same_step() && offset.iter().all(|&o| o == 0) => *v,
                (Some(file), _) => emit_read(&here, *file, offset, access)?,
                _ => {
                    return Err(error(
                        at.location(),
                        "internal error: a read with no storage",
                    ))
                }
            };
            old.replace_all_uses_with(new);
        }
        // SAFETY: the op has no uses left, and nothing refers to it after this.
        unsafe { ir::erase(*at) };
    }
    Ok(())
}

/// A `ure.at` of the nest, planned: the URE reading (`consumer`) and the
/// one read (`callee`), the PE offset and where the value is.
struct Read<'c, 'a> {
    consumer: usize,
    at: OperationRef<'c, 'a>,
    callee: usize,
    offset: Vec<i64>,
    access: Access,
}

/// The nest's reads, the slots of each register file they need (by Func
/// and result), and the reads that never reach a point of the domain.
struct ReadPlan<'c, 'a> {
    reads: Vec<Read<'c, 'a>>,
    slots: HashMap<(usize, usize), i64>,
    dead: Vec<OperationRef<'c, 'a>>,
}

/// Each ure.at's delay and PE offset, and which results need a register
/// file (any read that is not the producer's own value of this point,
/// computed earlier in the body).
fn plan_reads<'c, 'a>(
    ures: &[Ure<'c, 'a>],
    names: &[String],
    loops: &[NestLoop],
    params: &[t2s_model::spacetime::ParamDecl],
    s: &Schedule,
) -> Result<ReadPlan<'c, 'a>, Failed> {
    // Reads: each ure.at's delay and PE offset, and which results need a
    // register file (any read that is not the producer's own value of this
    // point, computed earlier in the body).
    let index_of: HashMap<&str, usize> = ures
        .iter()
        .enumerate()
        .map(|(i, u)| (u.name.as_str(), i))
        .collect();
    let mut reads: Vec<Read<'c, 'a>> = Vec::new();
    let mut slots: HashMap<(usize, usize), i64> = HashMap::new();
    // Reads that never reach a point of the domain: no storage.
    let mut dead: Vec<OperationRef<'c, 'a>> = Vec::new();
    for (consumer, ure) in ures.iter().enumerate() {
        for at in t2s_ir::ops::all::<AtOp>(ure.op) {
            let (callee_name, at) = (at.func(), at.op());
            let Some(&callee) = index_of.get(callee_name.as_str()) else {
                return Err(error(
                    at.location(),
                    format!("@{callee_name} is not in the nest"),
                ));
            };
            let callee_lhs =
                &ures[callee].vars[..ures[callee].num_lhs.min(ures[callee].vars.len())];
            let distance = read_distance(&at, callee_lhs, names)?;
            let projection = s.project(&distance);
            let coordinates = [projection.time.as_slice(), &projection.offset].concat();
            // The schedule ignored the dependences that never connect two
            // points of the nest (t2s_model::spacetime::never_reaches): their
            // reads, whatever delay the projection gives them, read nothing.
            if never_reaches(&distance, loops, params) || never_inside(&coordinates, &s.coordinates)
            {
                dead.push(at);
                continue;
            }
            let access = match (projection.flattened, projection.max_flattened) {
                (Some(delay), _) => Access::Steps(delay),
                (None, Some(at_maxima)) => Access::PerTimeLoop {
                    delays: projection.time.clone(),
                    at_maxima,
                },
                (None, None) => {
                    return Err(error(
                        at.location(),
                        "internal error: the schedule left a register file unsized",
                    ))
                }
            };
            let offset = projection.offset;
            let direct = access.same_step() && offset.iter().all(|&o| o == 0) && callee < consumer;
            for r in 0..at.result_count() {
                if !direct || ures[callee].conditional[r] {
                    let entry = slots.entry((callee, r)).or_insert(1);
                    *entry = (*entry).max(access.slots());
                }
            }
            reads.push(Read {
                consumer,
                at,
                callee,
                offset,
                access,
            });
        }
    }

    Ok(ReadPlan { reads, slots, dead })
}

/// A register file by (Func, result), and the value that declares it.
type FileDecl = ((usize, usize), Val);

/// The register files by (Func, result): values of the array's body.
type Files = HashMap<(usize, usize), Val>;

/// The register files, before the nest, in realization order (the array
/// takes them as operands and its body as arguments: it is isolated from
/// above).
fn declare_files<'c>(
    context: &'c Context,
    nest: OperationRef<'c, '_>,
    ures: &[Ure<'c, '_>],
    slots: &HashMap<(usize, usize), i64>,
    pe_shape: &[i64],
) -> Result<Vec<FileDecl>, Failed> {
    let location = nest.location();
    let parent = nest.block().or_internal("a parent block")?;
    let mut file_decls: Vec<FileDecl> = Vec::new();
    let mut keys: Vec<_> = slots.keys().copied().collect();
    keys.sort();
    for (func, result) in keys {
        let ty = result_type(&ures[func], result)?;
        let mut shape = pe_shape.to_vec();
        shape.push(slots[&(func, result)]);
        let file_type = MemRefType::new(ty, &shape, None, None);
        let label = if ures[func].conditional.len() == 1 {
            ures[func].name.clone()
        } else {
            format!("{}_{result}", ures[func].name)
        };
        let op = spacetime::shift_reg(
            context,
            file_type.into(),
            StringAttribute::new(context, &label),
            location,
        );
        let op = parent.insert_operation_before(nest, op.into());
        file_decls.push((
            (func, result),
            op.result(0).or_internal("a result of the op")?.val(),
        ));
    }

    Ok(file_decls)
}

/// The distance of a `ure.at` over the nest's loops: `i - 1` in the callee's
/// left-hand side at loop `i` is a distance of 1 along `i`.
pub(crate) fn read_distance(
    at: &OperationRef<'_, '_>,
    callee_lhs: &[String],
    loops: &[String],
) -> Result<Vec<i64>, Failed> {
    let rows = t2s_ir::import::affine_map_rows(at, "map")?;
    let mut distance = vec![0; loops.len()];
    for (row, var) in rows.iter().zip(callee_lhs) {
        if let Some(l) = loops.iter().position(|n| n == var) {
            distance[l] = -row.constant;
        }
    }
    Ok(distance)
}

/// A read that never reaches a point of the domain gives a value that a
/// select must discard: any value will do. It becomes a zero constant (no
/// register file), with a remark.
fn replace_never_valid_read(context: &Context, at: OperationRef<'_, '_>) -> Result<(), Failed> {
    t2s_ir::diag::remark(
        at.location(),
        format!(
            "this read of @{} never reaches a point of the iteration space: it needs no storage, and its value (0) must be discarded",
            AtOp::cast(at).map(|a| a.func()).unwrap_or_default()
        ),
    );
    let e = Emitter::before(context, at);
    for r in 0..at.result_count() {
        let result = at.result(r).or_internal("a result of the op")?;
        let ty = result.r#type();
        let zero = e.zero(ty);
        result.val().replace_all_uses_with(zero);
    }
    // SAFETY: the op has no uses left, and nothing refers to it after this.
    unsafe { ir::erase(at) };
    Ok(())
}

fn emit_read(e: &Emitter<'_>, file: Val, offset: &[i64], access: &Access) -> Result<Val, Failed> {
    let delay = match access {
        Access::Steps(delay) => ReadDelay::Steps(*delay),
        Access::PerTimeLoop { delays, .. } => ReadDelay::PerTimeLoop(delays),
    };
    Ok(e.spacetime_read(file, offset, delay))
}
