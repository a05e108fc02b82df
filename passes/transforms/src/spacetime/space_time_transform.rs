//! `space-time-transform`: maps the merged loop nest of each `ure.program`
//! to a systolic array (`spacetime.array`), following the program's
//! `ure.space_time_transform` directives (a chain, applied in order) or the
//! pass options.
//!
//! The arithmetic lives in `t2s_model::spacetime`; this pass checks the
//! schedule, reports each register file and its minimized size as a remark,
//! and records the result in the IR.

use melior::ir::{
    operation::{OperationLike, OperationRef},
    Location,
};
use t2s_ir::diag::OrInternal;
use t2s_ir::diag::{emit, error, error_with_notes, remark, Severity};
use t2s_ir::import::find_nest;
use t2s_ir::ir;
use t2s_ir::ods;
use t2s_ir::ops::ure::{AtOp, DefOp, NestOp, SpaceTimeTransformOp};
use t2s_ir::ops::ure::{GpuMapOp, ParallelOp};
use t2s_ir::ops::View;
use t2s_ir::pass::{Anchor, Failed, Names};
use t2s_model::spacetime::{
    schedule, DependenceSpec, NestLoop, RegisterFile, Schedule, ScheduleError, Storage,
    TransformSpec,
};

t2s_ir::declare_pass! {
    /// Map a merged URE loop nest to a systolic array (spacetime.array): time
    /// loops, PEs, shift registers
    pub static PASS = "space-time-transform" (SpaceTimeTransform)
        on Anchor::Program, creates ["spacetime", "scf", "ure"],
        run run; check check_options;
    options Options {
        /// Space loops, comma separated: a transform applied after the
        /// program's directives
        space: Names = ("space", ""),
        /// Scheduling coefficients of the space loops (omit for dataflow PEs)
        vector: Option<Vec<i64>> = ("vector", ""),
        /// PEs compute only at their scheduled steps (T2S's CheckTime)
        check_time: bool = ("check-time", "false"),
    }
}

fn run(program: OperationRef<'_, '_>, options: &Options) -> Result<(), Failed> {
    let from_options = option_transform(program, options)?;
    transform_program(program, from_options.as_ref())
}

/// `vector` and `check-time` qualify the transform of `space`.
fn check_options(options: &Options) -> Result<(), String> {
    if options.space.0.is_empty() && (options.vector.is_some() || options.check_time) {
        return Err("'vector' and 'check-time' need 'space'".into());
    }
    Ok(())
}

/// The transform the pass options ask for, applied after the directives.
fn option_transform(
    _program: OperationRef<'_, '_>,
    options: &Options,
) -> Result<Option<TransformSpec>, Failed> {
    if options.space.0.is_empty() {
        return Ok(None);
    }
    Ok(Some(TransformSpec {
        space: options.space.0.clone(),
        vector: options.vector.clone(),
        check_time: options.check_time,
    }))
}

/// A transform and where it was requested (for diagnostics).
struct Request<'c> {
    spec: TransformSpec,
    location: Location<'c>,
    /// Given by the pass options rather than a directive.
    from_options: bool,
}

fn transform_program(
    program: OperationRef<'_, '_>,
    from_options: Option<&TransformSpec>,
) -> Result<(), Failed> {
    let Some(nest) = nest_to_transform(program, from_options.is_some())? else {
        return Ok(());
    };
    let rep = t2s_ir::ops::spacetime::representative(&nest);
    let directives: Vec<_> = ir::body_ops(&program, 0)
        .into_iter()
        .filter(|op| ods::is(op, ods::ure::SpaceTimeTransformOperation::name()))
        .collect();
    let mut requests = directive_requests(&directives, &rep)?;
    let loops = nest_loops(nest)?;
    let (names, deps, reads) = dependences(nest, &loops)?;
    let params = ir::param_decls(&program);
    let with_options = from_options.is_some();
    apply_projections(
        &mut requests,
        &directives,
        with_options,
        &loops,
        &deps,
        &params,
    )?;
    if let Some(spec) = from_options {
        requests.push(Request {
            spec: spec.clone(),
            location: program.location(),
            from_options: true,
        });
    }
    if requests.is_empty() {
        requests.extend(implied::directives_as_space(&program, &rep, &loops));
    }
    if requests.is_empty() {
        return Err(no_transform(&program, &rep));
    }

    // Everything the schedule needs comes from the nest's IR (loops, and
    // the distance of every ure.at), so any op inside a URE is fine here.
    check_gpu_map(&program, &rep, &loops, &deps, &reads)?;
    let specs: Vec<TransformSpec> = requests.iter().map(|r| r.spec.clone()).collect();
    let sched = schedule(&loops, &deps, &specs, &names, &params)
        .map_err(|e| report(&e, &requests, nest, &reads))?;

    // The remarks name the UREs: taken before the nest becomes the array,
    // emitted once it is built (a failure reports only the error).
    let remarks = schedule_remarks(
        &sched,
        &names,
        requests.last().expect("one request").location,
        nest,
    );
    warn_if_idle(&sched, &loops, &params, &requests);
    let unrolls = unroll::check_unrolls(&program, &rep, &sched)?;
    crate::spacetime::space_time_transform::build::build_array(
        program, nest, &rep, &loops, &sched,
    )?;
    for (location, text) in remarks {
        remark(location, text);
    }
    for d in directives.into_iter().chain(unrolls) {
        // SAFETY: the op has no uses left, and nothing refers to it after this.
        unsafe { ir::erase(d) };
    }
    Ok(())
}

/// The program's URE nest, merged first when the program is as written
/// (directives inside, not merged yet), as merge-ures would; `None` when
/// the program is already transformed and no pass option asks for more.
fn nest_to_transform<'c, 'a>(
    program: OperationRef<'c, 'a>,
    with_options: bool,
) -> Result<Option<OperationRef<'c, 'a>>, Failed> {
    if find_nest(&program).is_none() {
        crate::ure::merge::merge_program(program)?;
    }
    let Some(nest) = find_nest(&program) else {
        return Err(error(program.location(), "program has no URE to transform"));
    };
    if ods::is(&nest, ods::ure::NestOperation::name()) {
        return Ok(Some(nest));
    }
    if with_options {
        return Err(error(
            nest.location(),
            "program is already space-time transformed; the pass options would be ignored",
        ));
    }
    Ok(None)
}

/// The request of each `ure.space_time_transform` directive, which must
/// name the merge's representative `rep`.
fn directive_requests<'c>(
    directives: &[OperationRef<'c, '_>],
    rep: &str,
) -> Result<Vec<Request<'c>>, Failed> {
    directives
        .iter()
        .map(|d| {
            let view = SpaceTimeTransformOp::cast(*d).or_internal("a ure.space_time_transform")?;
            let target = view.func();
            if target != rep {
                return Err(error(
                    d.location(),
                    format!("@{target} is not the representative of the merge; give space_time_transform to @{rep}"),
                ));
            }
            Ok(Request {
                spec: directive_spec(&view),
                location: d.location(),
                from_options: false,
            })
        })
        .collect()
}

/// Each directive in T2S's projection form becomes the transform of t2s's
/// it stands for, checked against the nest as written (so it is the whole
/// transform: no chain).
fn apply_projections(
    requests: &mut [Request<'_>],
    directives: &[OperationRef<'_, '_>],
    with_options: bool,
    loops: &[NestLoop],
    deps: &[DependenceSpec],
    params: &[t2s_model::spacetime::ParamDecl],
) -> Result<(), Failed> {
    let chained = requests.len() > 1 || with_options;
    for (request, d) in requests.iter_mut().zip(directives) {
        if chained && projection::is_projection(d) {
            return Err(error(
                d.location(),
                "a transform in projection form maps the nest alone: it cannot be chained with another space-time transform (or the pass options)",
            ));
        }
        let spec = &request.spec;
        if let Some(projected) =
            projection::spec_of(d, &spec.space, spec.check_time, loops, deps, params)?
        {
            request.spec = projected;
        }
    }
    Ok(())
}

fn directive_spec(op: &SpaceTimeTransformOp<'_, '_>) -> TransformSpec {
    TransformSpec {
        space: op.space(),
        vector: op.vector(),
        check_time: op.check_time(),
    }
}

/// The nest's loops: constant extents or parameters (whose use the schedule
/// checks).
fn nest_loops(nest: OperationRef<'_, '_>) -> Result<Vec<NestLoop>, Failed> {
    let bounds = NestOp::cast(nest).or_internal("a ure.nest")?.bounds();
    Ok(bounds
        .into_iter()
        .map(|(name, min, extent)| NestLoop {
            name,
            min,
            extent: extent.linear(),
        })
        .collect())
}

/// The UREs' names in realization order and every read of a Func, as a
/// distance vector over the nest's loops.
type Dependences<'c> = (Vec<String>, Vec<DependenceSpec>, Vec<Location<'c>>);

/// The UREs' names, the dependences, and where each is first read.
fn dependences<'c>(
    nest: OperationRef<'c, '_>,
    loops: &[NestLoop],
) -> Result<Dependences<'c>, Failed> {
    let defs: Vec<DefOp> = t2s_ir::ops::children(&nest);
    let names: Vec<String> = defs.iter().map(|d| d.func()).collect();
    let loop_names: Vec<String> = loops.iter().map(|l| l.name.clone()).collect();
    let mut deps: Vec<DependenceSpec> = Vec::new();
    let mut reads = Vec::new();
    for (consumer, def) in defs.iter().enumerate() {
        for at in t2s_ir::ops::all::<AtOp>(def.op()) {
            let (callee_name, at) = (at.func(), at.op());
            let Some(callee) = names.iter().position(|n| *n == callee_name) else {
                return Err(error(
                    at.location(),
                    format!("@{callee_name} is not in the nest"),
                ));
            };
            let def = &defs[callee];
            let (vars, num_lhs) = (def.vars(), def.num_lhs());
            let distance = crate::spacetime::space_time_transform::build::read_distance(
                &at,
                &vars[..num_lhs.min(vars.len())],
                &loop_names,
            )?;
            let dep = DependenceSpec {
                consumer,
                callee,
                distance,
            };
            if !deps.contains(&dep) {
                deps.push(dep);
                reads.push(at.location());
            }
        }
    }
    Ok((names, deps, reads))
}

/// The loops a `ure.gpu_map` runs on blocks and threads, or `ure.parallel`
/// on the host's threads, carry no dependence: no value flows from one
/// thread to another.
fn check_gpu_map(
    program: &OperationRef<'_, '_>,
    rep: &str,
    loops: &[NestLoop],
    deps: &[DependenceSpec],
    reads: &[Location<'_>],
) -> Result<(), Failed> {
    let gpu: Vec<GpuMapOp> = t2s_ir::ops::children(program);
    let threads: Vec<ParallelOp> = t2s_ir::ops::children(program);
    let mut mappings: Vec<(Vec<String>, Location, &str, &str)> = Vec::new();
    for directive in gpu.iter().filter(|d| d.target() == rep) {
        let mapped = directive
            .blocks()
            .into_iter()
            .chain(directive.threads())
            .collect();
        mappings.push((
            mapped,
            directive.location(),
            "ure.gpu_map runs on different blocks or threads",
            "the GPU mapping",
        ));
    }
    for directive in threads.iter().filter(|d| d.target() == rep) {
        mappings.push((
            directive.loops(),
            directive.location(),
            "ure.parallel runs on different threads",
            "the loops run in parallel",
        ));
    }
    for (mapped, location, runs, note) in mappings {
        for (dep, at) in deps.iter().zip(reads) {
            let carried = loops
                .iter()
                .zip(&dep.distance)
                .find(|(l, d)| **d != 0 && mapped.contains(&l.name));
            if let Some((l, d)) = carried {
                return Err(error_with_notes(
                    *at,
                    format!(
                        "this read carries a dependence along loop '{}' (distance {d}), which {runs}: no thread sees another's values",
                        l.name
                    ),
                    &[(location, note.to_string())],
                ));
            }
        }
    }
    Ok(())
}

fn report(
    e: &ScheduleError,
    requests: &[Request<'_>],
    nest: OperationRef<'_, '_>,
    reads: &[Location<'_>],
) -> Failed {
    let mut location = e
        .transform()
        .map_or(nest.location(), |t| requests[t].location);
    // A register that cannot be sized: at the read, with the transform as a note.
    if let ScheduleError::UnsizedRegister { dependence, .. } = e {
        if let Some(at) = reads.get(*dependence) {
            return error_with_notes(
                *at,
                e.to_string(),
                &[(location, "in this space-time transform".to_string())],
            );
        }
        location = nest.location();
    }
    let mut notes = Vec::new();
    if let ScheduleError::Violated {
        transform,
        dependence,
        ..
    } = e
    {
        if let Some(t) = requests.get(*transform) {
            let spec = &t.spec;
            let vector = spec.vector.as_ref().map_or("(dataflow)".to_string(), |v| {
                v.iter()
                    .map(|c| c.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            });
            let (at, which) = if t.from_options {
                (
                    nest.location(),
                    "in the space-time transform of the pass options",
                )
            } else {
                (location, "in this space-time transform")
            };
            notes.push((
                at,
                format!(
                    "{which}: space loops ({}) with the vector ({vector}), and 1 for the time loop",
                    spec.space.join(", ")
                ),
            ));
        }
        // The error is at the read that carries the dependence.
        if let Some(at) = reads.get(*dependence) {
            location = *at;
        }
    }
    error_with_notes(location, e.to_string(), &notes)
}

/// A warning at the transform that stretches time the most when the
/// schedule's steps x PEs exceed the nest's points by far (the PEs idle
/// almost all the time): almost certainly a mistaken coefficient.
fn warn_if_idle(
    sched: &t2s_model::spacetime::Schedule,
    loops: &[t2s_model::spacetime::NestLoop],
    params: &[t2s_model::spacetime::ParamDecl],
    requests: &[Request<'_>],
) {
    let maxima = t2s_model::spacetime::maxima(params);
    let Some(points) = loops.iter().try_fold(1i128, |n, l| {
        Some(n.saturating_mul(i128::from(l.extent.eval(&maxima)?)))
    }) else {
        return;
    };
    let Some(idle) = sched.idle(points) else {
        return;
    };
    let mut text = format!(
        "the schedule makes {} flattened steps on {} PEs for a loop nest of {} points: {} PE-steps per point, so the PEs idle almost all the time",
        idle.steps,
        idle.pes,
        idle.points,
        idle.factor()
    );
    let mut at = requests.last().map(|r| r.location);
    if let Some(s) = &idle.stretch {
        text += &format!(
            "; the coefficient {} of loop {} (extent {}) stretches time loop {} over {} steps",
            s.coefficient, s.space, s.extent, s.time, s.steps
        );
        at = requests.get(s.transform).map(|r| r.location).or(at);
    }
    if let Some(at) = at {
        emit(at, Severity::Warning, &text, &[]);
    }
}

/// Remarks: the time loops, then every register file with its size.
fn schedule_remarks<'c>(
    s: &Schedule,
    names: &[String],
    location: Location<'c>,
    nest: OperationRef<'c, '_>,
) -> Vec<(Location<'c>, String)> {
    let mut remarks = vec![(location, schedule_summary(s))];
    let defs = ir::body_ops(&nest, 0);
    for file in &s.registers {
        let at = defs.get(file.func).map_or(location, |d| d.location());
        remarks.push((at, register_remark(s, file, &names[file.func])));
    }
    remarks
}

/// The time loops, the steps and the PEs of a schedule.
fn schedule_summary(s: &Schedule) -> String {
    let time: Vec<String> = s
        .time_coordinates()
        .map(|c| {
            let end = c
                .extent
                .add_const(c.min)
                .unwrap_or_else(|| c.extent.clone());
            format!("{} in [{}, {end})", c.name, c.min)
        })
        .collect();
    // i128: the maxima of symbolic space loops may multiply past i64.
    let count = |inside: bool| -> i128 {
        s.space_coordinates()
            .filter(|c| s.inside.contains(&c.name) == inside)
            .map(|c| i128::from(c.max_extent.unwrap_or(1)))
            .fold(1i128, i128::saturating_mul)
    };
    let pes = count(false);
    let steps = match s.steps() {
        (_, Some(n)) => n.to_string(),
        (text, None) => text,
    };
    let symbolic_pes: Vec<String> = s
        .space_coordinates()
        .filter(|c| !c.extent.is_const())
        .map(|c| {
            format!(
                "space loop {} has extent {} <= {}",
                c.name,
                c.extent,
                c.max_extent.unwrap_or(1)
            )
        })
        .collect();
    let pes = if symbolic_pes.is_empty() {
        format!("{pes} PEs")
    } else {
        format!(
            "{pes} PEs ({}: the PEs past the run-time extent idle)",
            symbolic_pes.join(", ")
        )
    };
    let pes = if s.inside.is_empty() {
        pes
    } else {
        format!(
            "{pes}, each running {} iterations of {} inside it (unrolled)",
            count(true),
            s.inside.join(", ")
        )
    };
    let time = if time.is_empty() {
        "no time loop (every loop is a space loop): one step".to_string()
    } else {
        format!("time loops {}: {steps} flattened steps", time.join(", "))
    };
    format!("{time}; {pes}")
}

/// The remark of one register file: its slots, the largest distance it
/// holds and how far minimize-storage can shrink it.
fn register_remark(s: &Schedule, file: &RegisterFile, name: &str) -> String {
    let minimized = match &file.minimized {
        Some(Storage::ShiftRegisters { every, slots }) => {
            format!("minimized: {slots} registers shifted every {every} steps")
        }
        Some(Storage::Channel { depth }) => {
            format!("minimizable to a channel of depth {depth}")
        }
        None if s.is_symbolic() => "not minimized (the extents are symbolic)".to_string(),
        None => "not minimized (too many points to enumerate)".to_string(),
    };
    let symbolic = s
        .dependences
        .iter()
        .any(|d| d.spec.callee == file.func && d.flattened.is_none());
    let at_maxima = if symbolic {
        " at the parameters' maxima"
    } else {
        ""
    };
    format!(
        "@{name}: {} registers per PE (largest time distance {}{at_maxima}); {minimized}",
        file.slots, file.max_distance
    )
}

pub mod attrs;
pub mod build;
mod implied;
mod nest;
mod output;
mod projection;
mod unroll;

/// The error of a program with no transform: at the first directive that
/// needs the array (an isolation builds kernels from it), or at the program.
fn no_transform(program: &OperationRef<'_, '_>, rep: &str) -> Failed {
    let message = format!(
        "no space_time_transform for @{rep}: add the directive or give the pass option 'space'"
    );
    let needs_array = ir::body_ops(program, 0).into_iter().find(|op| {
        t2s_ir::op_in!(
            ir::name(op),
            ods::ure::IsolateProducerOperation
                | ods::ure::IsolateConsumerOperation
                | ods::ure::StreamInputOperation
                | ods::ure::StreamOutputOperation
        )
    });
    match needs_array {
        Some(op) => t2s_ir::diag::error_with_notes(
            op.location(),
            format!("{message} (this isolation takes its kernels from the array)"),
            &[(program.location(), "the program".to_string())],
        ),
        None => error(program.location(), message),
    }
}
