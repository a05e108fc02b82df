//! `minimize-storage`: shrinks the register files of each `spacetime.array`
//! where the schedule allows it (space-time-transform.md, "Minimizing FIFO
//! size"), and says with a remark why every other file keeps one register
//! per flattened step of its largest delay.
//!
//! A file is rewritten when its PE writes it exactly once every `s > 1`
//! flattened steps and only its own PE reads it: it becomes an `on_write`
//! file (each write shifts the PE's chain) of `max(n) + 1` registers, each
//! `spacetime.read ... delay d` becoming `writes n`, the write `n` writes
//! back: `d / s` of them, less one when the read comes before this step's
//! write. Everything is read off the IR: the array's bounds and schedule
//! (the PE's write steps), the guard around the write, the reads.
//!
//! Files read by other PEs stay as they are: a neighbour may still read a
//! value after its producer stopped writing, which a chain shifted on writes
//! cannot express. Files written at uneven steps could be channels of the
//! reported depth, but this pass does not make channels: it keeps them as
//! they are and says so in a remark.

use melior::ir::{
    attribute::IntegerAttribute,
    operation::{OperationLike, OperationRef},
    r#type::{IntegerType, MemRefType},
    Attribute, RegionLike, ValueLike,
};
use t2s_ir::diag::remark;
use t2s_ir::diag::OrInternal;
use t2s_ir::handle::{AsBlk, AsOp, AsVal, Op, Val};
use t2s_ir::import::affine_map_rows;
use t2s_ir::ir;
use t2s_ir::ir::OpAccess;
use t2s_ir::ods;
use t2s_ir::ops::spacetime::{read_delay, ReadDelay};
use t2s_ir::ops::{spacetime::ArrayOp, View};
use t2s_ir::pass::{Anchor, Failed, NoOptions};
use t2s_model::spacetime::{minimize, Storage};

t2s_ir::declare_pass! {
    /// Shrink register files whose PE writes once every s > 1 steps into files
    /// shifted on each write; remark why the others stay full
    pub static PASS = "minimize-storage" (MinimizeStorage)
        on Anchor::Program, creates ["spacetime"],
        run minimize_program;
}

const TOO_MANY: &str = "too many points per PE to enumerate its write steps";

/// More points than this per PE are not enumerated.
const MAX_POINTS: u64 = 1 << 20;

fn minimize_program(program: OperationRef<'_, '_>, _: &NoOptions) -> Result<(), Failed> {
    for array in ir::body_ops(&program, 0)
        .into_iter()
        .filter(|op| ods::is(op, ods::spacetime::ArrayOperation::name()))
    {
        minimize_array(&program, &array)?;
    }
    Ok(())
}

fn minimize_array(
    program: &OperationRef<'_, '_>,
    array: &OperationRef<'_, '_>,
) -> Result<(), Failed> {
    let times = write_steps(array)?;
    let writes = ir::collect(*array, ods::spacetime::WriteOperation::name());
    let reads = ir::collect(*array, ods::spacetime::ReadOperation::name());
    let _ = program;
    let array_view = ArrayOp::cast(*array).or_internal("an op of the expected kind")?;
    for entry in array_view.files() {
        // A file of a sub-box of the PEs was split for its readers already.
        if entry.decl.on_write() || entry.decl.origin().is_some() {
            continue;
        }
        let file = entry.decl.op();
        // The body's argument: what the reads and the write use.
        let value = entry.arg;
        let uses = |ops: &[OperationRef<'_, '_>], operand: usize| -> Vec<Op> {
            ops.iter()
                .filter(|op| op.operand_at(operand).is_some_and(|v| v.val() == value))
                .map(|op| op.handle())
                .collect()
        };
        let (file_writes, file_reads) = (uses(&writes, 1), uses(&reads, 0));
        let [write] = file_writes[..] else {
            continue; // Not used by this array (or rejected by the verifier).
        };
        let write = write.op();
        let label = entry.decl.label();
        let slots = slots_of(&file);
        let planned = plan_file(array, &write, &file_reads, &times).and_then(|(every, plan)| {
            let new_slots = plan.iter().map(|(_, n)| n + 1).max().unwrap_or(1);
            match new_slots < slots {
                true => Ok((every, plan, new_slots)),
                false => Err(format!(
                    "its PE writes once every {every} steps, which saves nothing here"
                )),
            }
        });
        let (every, plan, new_slots) = match planned {
            Ok(planned) => planned,
            Err(why) => {
                remark(
                    write.location(),
                    format!("register file \"{label}\" keeps {slots} registers per PE: {why}"),
                );
                continue;
            }
        };
        rewrite(&file, value, new_slots, &plan)?;
        remark(
            write.location(),
            format!(
                "register file \"{label}\": {new_slots} {} per PE, shifted on each write (its PE writes once every {every} steps), instead of {slots}",
                if new_slots == 1 { "register" } else { "registers" }
            ),
        );
    }
    Ok(())
}

/// How often the file's PE writes and, per read, how many writes back its
/// value is; or why the file keeps its registers.
#[allow(clippy::type_complexity)]
fn plan_file<'c, 'a>(
    array: &OperationRef<'c, 'a>,
    write: &OperationRef<'c, 'a>,
    file_reads: &[Op],
    times: &Result<Vec<i64>, String>,
) -> Result<(i64, Vec<(OperationRef<'c, 'a>, i64)>), String> {
    if !only_scheduled_guard(write, array) {
        return Err("its write is not guarded by spacetime.scheduled alone, so its PE may write at any step".into());
    }
    let times = times.as_ref().map_err(|why| why.clone())?;
    let per_time_loop = file_reads
        .iter()
        .any(|r| matches!(read_delay(&r.op()), Some(ReadDelay::PerTimeLoop(_))));
    if per_time_loop {
        return Err("a read gives its delay per time loop".into());
    }
    let largest = file_reads
        .iter()
        .filter_map(|r| match read_delay(&r.op()) {
            Some(ReadDelay::Steps(d)) => Some(d),
            _ => None,
        })
        .max()
        .unwrap_or(0);
    let every = match minimize(times, largest) {
        Storage::ShiftRegisters { every, .. } => every,
        Storage::Channel { depth } => {
            return Err(format!("its PE writes at uneven steps (a channel of depth {depth} would hold it, which minimize-storage does not make)"));
        }
    };
    if every <= 1 {
        return Err("its PE writes at every step".into());
    }
    let mut plan = Vec::new();
    for &r in file_reads {
        let read = r.op();
        let offset = t2s_ir::ops::spacetime::ReadOp::cast(read).map(|r| r.offset());
        if offset.unwrap_or_default().iter().any(|&o| o != 0) {
            return Err("another PE reads it, and a neighbour may read a value after its producer stopped writing".into());
        }
        let delay = match read_delay(&read) {
            Some(ReadDelay::Steps(d)) => d,
            _ => 0,
        };
        plan.push((read, writes_back(delay, every, before(write, &read, array))));
    }
    Ok((every, plan))
}

/// How many writes back the value written `delay` steps ago is, for a PE
/// that writes every `every` steps. A value from a step that is not a write
/// step is never a valid producer: any slot will do (0).
pub(crate) fn writes_back(delay: i64, every: i64, write_first: bool) -> i64 {
    if delay % every != 0 {
        return 0;
    }
    let back = delay / every;
    if delay > 0 && !write_first {
        back - 1
    } else {
        back
    }
}

fn slots_of(file: &OperationRef<'_, '_>) -> i64 {
    file.result_at(0)
        .and_then(|v| t2s_ir::import::memref_shape(v.r#type()))
        .and_then(|(_, shape)| shape.last().copied().flatten())
        .unwrap_or(1)
}

/// The file becomes `on_write` with `slots` registers; each read is by writes.
fn rewrite(
    file: &OperationRef<'_, '_>,
    arg: Val,
    slots: i64,
    plan: &[(OperationRef<'_, '_>, i64)],
) -> Result<(), Failed> {
    let value = file.result(0).or_internal("a result of the op")?;
    let (_, old_shape) =
        t2s_ir::import::memref_shape(value.r#type()).or_internal("a memref type")?;
    let mut shape: Vec<i64> = old_shape.iter().map(|d| d.unwrap_or(1)).collect();
    *shape.last_mut().or_internal("a non-empty list")? = slots;
    let elem = t2s_ir::types::element(value.r#type());
    let new_type = MemRefType::new(elem, &shape, None, None);
    // The reads and the write only index the PE and slot dimensions; every
    // slot they use is below the new count. The file and the array's
    // argument for it keep the same type.
    value.val().set_type(new_type.into());
    arg.set_type(new_type.into());
    let context = file.context();
    // SAFETY: the context outlives the pass run.
    let context = unsafe { context.to_ref() };
    ir::set_inherent(*file, "on_write", Attribute::unit(context));
    let i64_type = IntegerType::new(context, 64).into();
    for (read, n) in plan {
        remove_attribute(*read, "delay");
        ir::set_inherent(*read, "writes", IntegerAttribute::new(i64_type, *n).into());
    }
    Ok(())
}

fn remove_attribute(op: OperationRef<'_, '_>, name: &str) {
    op.handle().remove_attribute(name);
}

/// The write sits only under `scf.if`s on `spacetime.scheduled` (at least
/// one): it happens exactly at the PE's scheduled steps.
fn only_scheduled_guard(write: &OperationRef<'_, '_>, array: &OperationRef<'_, '_>) -> bool {
    let mut guarded = false;
    let mut current = write.parent_operation();
    while let Some(parent) = current {
        if parent.handle() == array.handle() {
            return guarded;
        }
        if !ods::is(&parent, ods::scf::IfOperation::name()) {
            return false;
        }
        let scheduled = parent.operand_at(0).is_some_and(|c| {
            let c = c.val();
            c.defining_op()
                .is_some_and(|op| op.name() == ods::spacetime::ScheduledOperation::name())
                && t2s_ir::array::own_coordinates(c)
        });
        // Only the then-region: the write must not be in an else branch.
        let in_then = write_in_then(write, &parent);
        if !scheduled || !in_then {
            return false;
        }
        guarded = true;
        current = parent.parent_operation();
    }
    false
}

fn write_in_then(op: &OperationRef<'_, '_>, if_op: &OperationRef<'_, '_>) -> bool {
    let Ok(then) = if_op.region(0) else {
        return false;
    };
    let Some(then) = then.first_block().map(|b| b.blk()) else {
        return false;
    };
    let mut current = Some(*op);
    while let Some(o) = current {
        if o.handle().block() == Some(then) {
            return true;
        }
        current = o.parent_operation();
    }
    false
}

/// Whether `a` runs before `b` in one step of the array body.
fn before(
    a: &OperationRef<'_, '_>,
    b: &OperationRef<'_, '_>,
    array: &OperationRef<'_, '_>,
) -> bool {
    let chain = |op: &OperationRef<'_, '_>| {
        let mut ops = vec![op.handle()];
        let mut current = op.parent_operation();
        while let Some(p) = current {
            if p.handle() == array.handle() {
                break;
            }
            ops.push(p.handle());
            current = p.parent_operation();
        }
        ops.reverse(); // Outermost first.
        ops
    };
    let (ca, cb) = (chain(a), chain(b));
    for (x, y) in ca.iter().zip(&cb) {
        if x != y {
            // Siblings when their parents matched so far.
            if x.block() == y.block() {
                return x.is_before_in_block(*y);
            }
            return true; // Different regions of one op: not ordered; assume the write first.
        }
    }
    true
}

/// The flattened steps at which one PE (every PE: the pattern is shifted)
/// has a scheduled point, sorted; the reason when they are not enumerated.
fn write_steps(array: &OperationRef<'_, '_>) -> Result<Result<Vec<i64>, String>, Failed> {
    let schedule = affine_map_rows(array, "schedule")?;
    let view = ArrayOp::cast(*array).or_internal("a spacetime.array")?;
    let (loops, extents): (Vec<_>, Vec<_>) = view.bounds().into_iter().map(|b| (b.0, b.2)).unzip();
    let time_extents = view.time_extents();
    let space = t2s_ir::array::space_loops(array);
    let constant = |e: &ir::ExtentAttr| e.linear().as_const();
    let time_extents: Option<Vec<i64>> = time_extents.iter().map(constant).collect();
    let extents: Option<Vec<i64>> = extents.iter().map(constant).collect();
    let (Some(time_extents), Some(extents)) = (time_extents, extents) else {
        return Ok(Err(
            "the array's extents depend on parameters, so its write steps are not known".into(),
        ));
    };
    // Flattened step = sum over loops of a[v] * x[v] + constant.
    let mut strides = vec![1i64; time_extents.len()];
    for c in (0..time_extents.len().saturating_sub(1)).rev() {
        strides[c] = strides[c + 1].saturating_mul(time_extents[c + 1]);
    }
    let mut a = vec![0i64; loops.len()];
    for (row, stride) in schedule.iter().zip(&strides) {
        for &(v, coeff) in &row.terms {
            a[v] = a[v].saturating_add(stride.saturating_mul(coeff));
        }
    }
    let mut count: u64 = 1;
    for (v, name) in loops.iter().enumerate() {
        if !space.contains(name) {
            count = count.saturating_mul(extents[v].max(0) as u64);
        }
    }
    if count > MAX_POINTS {
        return Ok(Err(TOO_MANY.into()));
    }
    let mut times = vec![0i64];
    for (v, name) in loops.iter().enumerate() {
        if space.contains(name) {
            continue;
        }
        let step = a[v];
        let next: Option<Vec<i64>> = times
            .iter()
            .flat_map(|t| (0..extents[v]).map(move |x| step.checked_mul(x)?.checked_add(*t)))
            .collect();
        let Some(next) = next else {
            return Ok(Err(TOO_MANY.into())); // Overflows: not enumerated.
        };
        times = next;
    }
    times.sort_unstable();
    Ok(Ok(times))
}

#[cfg(test)]
mod tests {
    use crate::spacetime::minimize_storage::writes_back;

    #[test]
    fn a_read_counts_the_writes_between_it_and_its_producer() {
        // Writes every 7 steps; a read 7 steps back before this step's write
        // is the latest write (0 back), after it one write back.
        assert_eq!(writes_back(7, 7, false), 0);
        assert_eq!(writes_back(7, 7, true), 1);
        assert_eq!(writes_back(21, 7, false), 2);
        // This step's own value, written earlier in the body.
        assert_eq!(writes_back(0, 7, true), 0);
        // A step that is not a write step produced nothing: any slot.
        assert_eq!(writes_back(22, 7, false), 0);
        assert_eq!(writes_back(22, 7, true), 0);
    }
}
