//! `split-register-files`: a register file keeps its long history only in
//! the PEs whose values are read that far back (issue 37, "each PE is what
//! its position makes it").
//!
//! A file holds `SLOTS` registers in every PE, enough for its longest read.
//! Reads name a producer by offset (`current PE - offset`), so the PEs a
//! read can reach are a box: along each PE dimension of extent `n`, the
//! producers `q = p - o` of the readers `p` in `[0, n)` that lie in the
//! array, `[max(0, -o), min(n, n - o))`. When the long reads reach only a
//! sub-box (T2S's GEMM reads the accumulator 1,024 steps back from PE
//! `kkk = 15` only: `read [0, 0, -15] delay 1024`), the file is split in
//! two:
//!
//! - a file of every PE, as deep as the short reads (`delay <= t`);
//! - a file of the box the long reads reach (`spacetime.shift_reg ...
//!   origin [...]`), as deep as the longest read;
//!
//! and the write stores into both (a PE outside the box keeps nothing).
//! The threshold `t` is the one of least storage; a file is split only
//! where that saves a quarter of its registers or more (two files and two
//! writes are not worth less). Values do not change: a long read of a
//! producer outside the box was a read outside the array before (every
//! producer it can reach in the array is in the box).
//!
//! This is what aoc builds from T2S's unrolled PEs, where a shift register
//! tap no PE reads is removed; t2s's OpenCL declares the file per PE, so
//! it has to be split in the IR. It runs last among the array's
//! transforms (after `vectorize`, which does not take such files).

use melior::ir::{
    attribute::StringAttribute,
    operation::{OperationLike, OperationRef},
    r#type::MemRefType,
};
use t2s_dialects::ods::spacetime;
use t2s_ir::array::ArrayInfo;
use t2s_ir::diag::remark;
use t2s_ir::diag::OrInternal;
use t2s_ir::emit::Emitter;
use t2s_ir::guard::Key;
use t2s_ir::handle::AsOp;
use t2s_ir::ir;
use t2s_ir::ods;
use t2s_ir::ops::spacetime::{ArrayOp, File, ReadDelay, ReadOp, ShiftRegOp, WriteOp};
use t2s_ir::ops::View;
use t2s_ir::pass::{Anchor, Failed, NoOptions};

t2s_ir::declare_pass! {
    /// Keep a register file's long history only in the PEs whose values are
    /// read that far back: a file of every PE for the short reads, and one of
    /// a sub-box of the PEs (origin) for the long ones
    pub static PASS = "split-register-files" (SplitRegisterFiles)
        on Anchor::Program, creates ["spacetime"],
        run split_program;
}

fn split_program(program: OperationRef<'_, '_>, _: &NoOptions) -> Result<(), Failed> {
    for array in ir::body_ops(&program, 0)
        .into_iter()
        .filter(|op| ods::is(op, ods::spacetime::ArrayOperation::name()))
    {
        split_array(&array)?;
    }
    Ok(())
}

/// One read as the plan sees it: its offset along the file's PE dimensions,
/// its delay in steps, and the readers whose value of it matters, per PE
/// dimension `[lo, hi)` (`None`: no PE's).
#[derive(Clone, Debug, PartialEq)]
pub struct PlanRead {
    pub offset: Vec<i64>,
    pub delay: i64,
    pub readers: Option<Vec<(i64, i64)>>,
}

/// How a file is split: the slots of the file of every PE, and the box
/// (first PE, extents) and slots of the file of the long reads, which are
/// those of delay above `threshold`.
#[derive(Clone, Debug, PartialEq)]
pub struct Split {
    pub threshold: i64,
    pub short_slots: i64,
    pub origin: Vec<i64>,
    pub extents: Vec<i64>,
    pub long_slots: i64,
}

impl Split {
    fn registers(&self, pes: i64) -> i64 {
        pes * self.short_slots + self.extents.iter().product::<i64>() * self.long_slots
    }
}

/// The producers a read reaches in a box of `pes`: per dimension `[lo, hi)`
/// (`None`: none, every producer is outside the array or no reader uses
/// the value).
fn reach(pes: &[i64], read: &PlanRead) -> Option<Vec<(i64, i64)>> {
    let readers = read.readers.as_ref()?;
    pes.iter()
        .zip(&read.offset)
        .zip(readers)
        .map(|((&n, &o), &(r0, r1))| {
            let (lo, hi) = (0.max(r0 - o), n.min(r1 - o));
            (lo < hi).then_some((lo, hi))
        })
        .collect()
}

/// The split of least storage of a file of `slots` registers in each PE
/// of the box `pes`, if it saves registers.
pub fn plan(pes: &[i64], slots: i64, reads: &[PlanRead]) -> Option<Split> {
    // One PE (every space loop vectorized): it needs every read's history,
    // there is no box of PEs to keep it out of.
    if pes.is_empty() {
        return None;
    }
    let total: i64 = pes.iter().product();
    let longest = reads.iter().map(|r| r.delay).max()?;
    let mut thresholds: Vec<i64> = reads
        .iter()
        .map(|r| r.delay)
        .filter(|d| *d < longest)
        .chain([0])
        .collect();
    thresholds.sort_unstable();
    thresholds.dedup();
    let mut best: Option<Split> = None;
    for t in thresholds.into_iter().filter(|t| *t < longest) {
        let mut hull: Option<Vec<(i64, i64)>> = None;
        for read in reads.iter().filter(|r| r.delay > t) {
            // A read that reaches no PE of the array reads nothing.
            let Some(reached) = reach(pes, read) else {
                continue;
            };
            hull = Some(match hull {
                None => reached,
                Some(h) => h
                    .iter()
                    .zip(&reached)
                    .map(|(a, b)| (a.0.min(b.0), a.1.max(b.1)))
                    .collect(),
            });
        }
        let Some(hull) = hull else { continue };
        let split = Split {
            threshold: t,
            short_slots: t + 1,
            origin: hull.iter().map(|b| b.0).collect(),
            extents: hull.iter().map(|b| b.1 - b.0).collect(),
            long_slots: longest + 1,
        };
        if best
            .as_ref()
            .is_none_or(|b| split.registers(total) < b.registers(total))
        {
            best = Some(split);
        }
    }
    // Two files and two writes where there was one: worth it for a quarter
    // of the registers or more.
    let before = total.saturating_mul(slots);
    best.filter(|b| b.registers(total).saturating_mul(4) <= before.saturating_mul(3))
}

fn split_array(array: &OperationRef<'_, '_>) -> Result<(), Failed> {
    let view = ArrayOp::cast(*array).or_internal("a spacetime.array")?;
    let info = view.info()?;
    for file in view.files() {
        if file.decl.on_write() || file.decl.origin().is_some() {
            continue;
        }
        // The file of every PE may split again: a history of medium depth
        // that other PEs need (PairHMM's previous j in the last jj column,
        // its previous i in the last ii row).
        let mut round = 0;
        while split_file(&view, &info, &file, round)? {
            round += 1;
        }
    }
    Ok(())
}

/// Splits `file` once if that saves registers; whether it did.
fn split_file(
    view: &ArrayOp<'_, '_>,
    info: &ArrayInfo,
    file: &File<'_, '_>,
    round: usize,
) -> Result<bool, Failed> {
    let pes = info.pe_shape();
    let reads: Vec<ReadOp> = t2s_ir::ops::all(view.op());
    let writes: Vec<WriteOp> = t2s_ir::ops::all(view.op());
    let file_reads: Vec<&ReadOp> = reads.iter().filter(|r| r.registers() == file.arg).collect();
    // A delay per time loop: its slot is known at run time.
    let Some(plan_reads) = plan_reads(&file_reads, info) else {
        return Ok(false);
    };
    let [write] = writes
        .iter()
        .filter(|w| w.registers() == file.arg)
        .collect::<Vec<_>>()[..]
    else {
        return Ok(false);
    };
    let slots = file.decl.slots();
    let Some(split) = plan(&pes, slots, &plan_reads) else {
        return Ok(false);
    };
    let label = match round {
        0 => format!("{}_long", file.decl.label()),
        n => format!("{}_long{}", file.decl.label(), n + 1),
    };
    apply(view, file, write, &file_reads, &split, &label)?;
    report(file, write, &pes, slots, &split, &label);
    Ok(true)
}

/// The reads' offsets (along the PE dimensions, not the lanes), delays and
/// readers, or `None` when one gives its delay per time loop.
fn plan_reads(reads: &[&ReadOp], info: &ArrayInfo) -> Option<Vec<PlanRead>> {
    reads
        .iter()
        .map(|r| match r.delay() {
            Some(ReadDelay::Steps(delay)) => Some(PlanRead {
                offset: r
                    .offset()
                    .iter()
                    .zip(&info.space)
                    .filter(|(_, s)| !s.vectorized)
                    .map(|(o, _)| *o)
                    .collect(),
                delay,
                readers: readers(r, info),
            }),
            _ => None,
        })
        .collect()
}

/// The PEs whose value of `read` matters: every PE, or those a condition
/// fixes along a space loop (`j == 0` around the read, or on the select
/// whose true arm is its one use: T2S's PairHMM reads its long-distance
/// value only in the boundary PEs). `None` when no PE's matters.
fn readers(read: &ReadOp<'_, '_>, info: &ArrayInfo) -> Option<Vec<(i64, i64)>> {
    let space: Vec<_> = info.space.iter().filter(|s| !s.vectorized).collect();
    let mut readers: Vec<(i64, i64)> = space.iter().map(|s| (0, s.pe_extent())).collect();
    let Some(guard) = t2s_ir::guard::use_guard_of(read.op(), info) else {
        return Some(readers);
    };
    // A loop fixed to two values: no point uses the value.
    guard.fixed_loops()?;
    for (l, key) in &guard.fixed {
        let Key::Constant(c) = key else { continue };
        let Some(d) = info
            .loops
            .get(*l)
            .and_then(|b| space.iter().position(|s| s.name == b.name))
        else {
            continue; // A time loop: every PE may use it.
        };
        let pe = c - space[d].min;
        readers[d] = (readers[d].0.max(pe), readers[d].1.min(pe + 1));
    }
    readers.iter().all(|(lo, hi)| lo < hi).then_some(readers)
}

/// Makes the file of the long reads, moves them to it, stores the write's
/// value there too, and shortens the file of every PE.
fn apply(
    view: &ArrayOp<'_, '_>,
    file: &File<'_, '_>,
    write: &WriteOp<'_, '_>,
    reads: &[&ReadOp],
    split: &Split,
    label: &str,
) -> Result<(), Failed> {
    let decl = file.decl.op();
    let context = decl.context();
    // SAFETY: the context outlives the pass run.
    let context = unsafe { context.to_ref() };
    let ty = file.decl.file_type();
    let element = t2s_ir::types::element(ty);
    let mut shape = split.extents.clone();
    shape.push(split.long_slots);
    let long_type = MemRefType::new(element, &shape, None, None);
    let long = spacetime::shift_reg(
        context,
        long_type.into(),
        StringAttribute::new(context, label),
        decl.location(),
    );
    let emitter = Emitter::before(context, view.op());
    let long = emitter.insert(long.into()).handle();
    ir::set_inherent(
        long.op(),
        "origin",
        t2s_ir::lanes::i64_array(context, &split.origin),
    );
    let long_decl = ShiftRegOp::cast(long.op()).or_internal("a spacetime.shift_reg")?;
    let long_arg = view.add_file(long_decl);
    for read in reads {
        if matches!(read.delay(), Some(ReadDelay::Steps(d)) if d > split.threshold) {
            read.op().handle().set_operand(0, long_arg);
        }
    }
    let registers = file.arg;
    Emitter::before(context, write.op()).clone_op(write.op().handle(), |v| {
        (v == registers).then_some(long_arg)
    });
    shorten(file, split.short_slots)
}

/// The file of every PE keeps `slots` registers (its reads reach no
/// further).
fn shorten(file: &File<'_, '_>, slots: i64) -> Result<(), Failed> {
    let ty = file.decl.file_type();
    let mut shape = file.decl.pe_shape();
    shape.push(slots);
    let new_type = MemRefType::new(t2s_ir::types::element(ty), &shape, None, None);
    file.decl.registers().set_type(new_type.into());
    file.arg.set_type(new_type.into());
    Ok(())
}

fn report(
    file: &File<'_, '_>,
    write: &WriteOp<'_, '_>,
    pes: &[i64],
    slots: i64,
    split: &Split,
    long_label: &str,
) {
    let total: i64 = pes.iter().product();
    let boxed: i64 = split.extents.iter().product();
    let plural = |n: i64| if n == 1 { "register" } else { "registers" };
    remark(
        write.op().location(),
        format!(
            "register file \"{label}\": {short} {} in each of its {total} PEs, and {long} {} only in the {boxed} PEs at [{origin}] + [{extents}] that reads reach more than {t} steps back (\"{long_label}\"): {now} registers instead of {before}",
            plural(split.short_slots),
            plural(split.long_slots),
            label = file.decl.label(),
            short = split.short_slots,
            long = split.long_slots,
            origin = join(&split.origin),
            extents = join(&split.extents),
            t = split.threshold,
            now = split.registers(total),
            before = total * slots,
        ),
    );
}

fn join(values: &[i64]) -> String {
    values
        .iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::{plan, PlanRead, Split};

    fn read(offset: &[i64], delay: i64) -> PlanRead {
        // Every PE of a box up to 64 wide uses the value.
        PlanRead {
            offset: offset.to_vec(),
            delay,
            readers: Some(offset.iter().map(|_| (0, 64)).collect()),
        }
    }

    #[test]
    fn t2s_gemm_keeps_the_history_of_the_last_lane_only() {
        // kkk = 0 reads kkk = 15 1024 steps back; the others their neighbour.
        let reads = [read(&[0, 0, -15], 1024), read(&[0, 0, 1], 0)];
        assert_eq!(
            plan(&[10, 8, 16], 1025, &reads),
            Some(Split {
                threshold: 0,
                short_slots: 1,
                origin: vec![0, 0, 15],
                extents: vec![10, 8, 1],
                long_slots: 1025,
            })
        );
    }

    #[test]
    fn one_pe_is_not_split() {
        // Every space loop vectorized: no PE dimension is left. (A file of
        // more slots than its reads need made this a "saving", then an
        // origin of no coordinates; t2s-fuzz's program 48 at seed 1.)
        assert_eq!(plan(&[], 8, &[read(&[], 2), read(&[], 0)]), None);
    }

    #[test]
    fn a_long_read_of_every_pe_is_not_split() {
        // The own PE 58 steps back: every PE keeps its history.
        assert_eq!(plan(&[10], 59, &[read(&[0], 58), read(&[1], 0)]), None);
    }

    #[test]
    fn the_threshold_of_least_storage_is_taken() {
        // 64 PEs: a read 3 steps back of the neighbour (63 producers) and
        // one 100 steps back of PE 0 only. Splitting at 3 keeps 64 * 4 +
        // 1 * 101; at 0 it would keep 64 + 63 * 101.
        let reads = [read(&[1], 3), read(&[-63], 100)];
        let split = plan(&[64], 101, &reads).unwrap();
        assert_eq!(split.threshold, 3);
        assert_eq!((split.origin, split.extents), (vec![63], vec![1]));
    }

    #[test]
    fn a_read_used_by_the_boundary_pes_only_is_kept_there() {
        // Own PE 6 steps back, used where j == 0 (T2S's PairHMM); the
        // neighbour one step back everywhere.
        let mut far = read(&[0], 6);
        far.readers = Some(vec![(0, 1)]);
        let split = plan(&[8], 7, &[far, read(&[1], 1)]).unwrap();
        assert_eq!((split.threshold, split.short_slots), (1, 2));
        assert_eq!((split.origin, split.extents), (vec![0], vec![1]));
        // Used by no PE: nothing to keep for it.
        let mut unused = read(&[0], 6);
        unused.readers = None;
        assert_eq!(plan(&[8], 7, &[unused, read(&[1], 1)]), None);
    }

    #[test]
    fn reads_of_nothing_in_the_array_are_not_a_box() {
        // Offset 16 of 16 PEs reaches no producer.
        assert_eq!(plan(&[16], 101, &[read(&[16], 100), read(&[0], 0)]), None);
    }
}
