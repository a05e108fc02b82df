//! The host's threads (`ure.parallel @a (jj)`, applied with
//! `spacetime-to-scf{threads=true}`, which `t2s-lower-to-llvm` sets): the
//! array's outermost time loops become one `scf.parallel`, whose
//! iterations (tiles of the output) upstream `async-parallel-for` runs on
//! MLIR's async runtime. Each iteration allocates its own register files,
//! feeder buffers and packed tiles; the output is initialized before the
//! loop, once.
//!
//! The rules, each an error at the directive (or at the read that breaks
//! one): the loops are the array's outermost time loops, in that order; no
//! read takes its value from another iteration of them (the
//! transform checks the dependences' distances; the reads' delays are
//! checked again here, for arrays written by hand); each is a loop of the
//! output, so no two iterations write one element.

use super::*;
use crate::spacetime_to_scf::lowered::Output;
use t2s_ir::ops::ure::ParallelOp;

/// The parallel loops of an array: how many (the outermost time loops)
/// and the directive.
pub(super) struct Plan<'c> {
    pub count: usize,
    pub at: Location<'c>,
}

/// The checked `ure.parallel` of `program` for `array`, if any.
pub(super) fn plan<'c>(
    program: OperationRef<'c, '_>,
    array: OperationRef<'c, '_>,
    info: &ArrayInfo,
    output: &Output<'_>,
) -> Result<Option<Plan<'c>>, Failed> {
    let rep = t2s_ir::ops::spacetime::representative(&array);
    let directives: Vec<ParallelOp> = t2s_ir::ops::children(&program);
    let Some(directive) = directives.iter().find(|d| d.target() == rep) else {
        return Ok(None);
    };
    let at = directive.location();
    let loops = directive.loops();
    let time: Vec<&str> = info.time.iter().map(|t| t.name.as_str()).collect();
    for (i, name) in loops.iter().enumerate() {
        if time.get(i) != Some(&name.as_str()) {
            return Err(error(
                at,
                format!(
                    "loop '{name}' is not the array's time loop {i}: ure.parallel runs the outermost time loops, in order (the array's time loops: {})",
                    time.join(", ")
                ),
            ));
        }
    }
    check_reads(array, info, loops.len(), at)?;
    if let Some(name) = loops
        .iter()
        .find(|name| !output.bounds.iter().any(|b| &b.var == *name))
    {
        return Err(error(
            at,
            format!(
                "loop '{name}' is not a loop of the output @{}: two of its iterations would write the same elements",
                output.func
            ),
        ));
    }
    Ok(Some(Plan {
        count: loops.len(),
        at,
    }))
}

/// No read takes its value from an earlier iteration of the parallel
/// loops: every delay stays inside one iteration.
fn check_reads(
    array: OperationRef<'_, '_>,
    info: &ArrayInfo,
    count: usize,
    at: Location<'_>,
) -> Result<(), Failed> {
    match phases::read_across(array, info, count) {
        Some(read) => Err(t2s_ir::diag::error_with_notes(
            read.location(),
            "this read takes its value from another iteration of a loop that ure.parallel runs on another thread",
            &[(at, "the loops run in parallel".to_string())],
        )),
        None => Ok(()),
    }
}

/// Opens the `scf.parallel` of the plan's loops (their extents among
/// `time_extents`) at `e`: its body and induction variables.
pub(super) fn open(
    e: &Emitter<'_>,
    plan: &Plan<'_>,
    info: &ArrayInfo,
    time_extents: &[Val],
) -> (Blk, Vec<Val>) {
    let lower: Vec<Val> = info.time[..plan.count]
        .iter()
        .map(|t| e.index(t.min))
        .collect();
    let upper: Vec<Val> = lower
        .iter()
        .zip(time_extents)
        .map(|(l, x)| e.add(*l, *x))
        .collect();
    e.located(plan.at).parallel(&lower, &upper)
}
