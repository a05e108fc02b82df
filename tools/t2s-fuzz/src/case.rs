//! What a forked child runs: one program in every mode, or one mutant
//! through parsing, every pipeline and every mode. The exit code says how it
//! went; the report (first lines of the child's output) says why.

use melior::ir::Module;
use melior::Context;
use std::cell::RefCell;
use std::rc::Rc;
use t2s_exec::execute::{execute_timed, program_interface, run_pipeline, Mode, RunOptions};
use t2s_exec::interface::Interface;
use t2s_model::interpret::Buffer;
use t2s_model::random::random_buffer;
use t2s_model::Value;

pub const OK: i32 = 0;
pub const REJECTED: i32 = 10;
pub const MISMATCH: i32 = 20;
pub const PANIC: i32 = 30;

/// The limit of points (and of an array's PE-steps) of every run: a
/// schedule that makes more work is refused, in well under the timeout.
const FUZZ_MAX_POINTS: u64 = 1 << 22;

/// The largest iteration space a mutant is run on.
const MUTANT_MAX_POINTS: u64 = 1 << 20;

/// A context whose diagnostics are collected, not printed.
pub(crate) fn context() -> (Context, Rc<RefCell<Vec<String>>>) {
    let context = t2s_exec::execute::new_context();
    let seen = Rc::new(RefCell::new(Vec::new()));
    let sink = seen.clone();
    context.attach_diagnostic_handler(move |d| {
        sink.borrow_mut().push(d.to_string());
        true
    });
    (context, seen)
}

/// An internal error of a pass is a panic it caught: a bug.
pub(crate) fn internal_error(seen: &Rc<RefCell<Vec<String>>>) -> Option<String> {
    seen.borrow()
        .iter()
        .find(|d| d.contains("internal error") || is_invalid_output(d))
        .cloned()
}

/// A verifier failure of a `spacetime` or `channel` op: the generated
/// programs hold only `ure` ops, so such an op was made by a pass, which
/// must either make valid IR or refuse the program with its own reason (a
/// time loop that misses the scheduled times was such a slip).
fn is_invalid_output(diagnostic: &str) -> bool {
    ["'spacetime.", "'channel."].iter().any(|dialect| {
        diagnostic
            .find(dialect)
            .is_some_and(|at| diagnostic[at..].contains("' op "))
    })
}

fn inputs(interface: &Interface, seed: u64) -> Option<Vec<Buffer>> {
    interface
        .inputs
        .iter()
        .enumerate()
        .map(|(k, input)| {
            let shape: Vec<usize> = input
                .shape
                .iter()
                .map(|d| d.map(|d| d as usize))
                .collect::<Option<_>>()?;
            let count = t2s_model::interpret::element_count(&shape)?;
            (count <= 1 << 16).then(|| random_buffer(input.elem, &shape, seed + k as u64))
        })
        .collect()
}

/// Random inputs of the shapes the generator drew for the run.
pub(crate) fn inputs_of(
    interface: &Interface,
    shapes: &[Vec<usize>],
    seed: u64,
) -> Option<Vec<Buffer>> {
    interface
        .inputs
        .iter()
        .zip(shapes)
        .enumerate()
        .map(|(k, (input, shape))| {
            let count = t2s_model::interpret::element_count(shape)?;
            (count <= 1 << 16).then(|| random_buffer(input.elem, shape, seed + k as u64))
        })
        .collect()
}

pub(crate) fn same(a: &[Buffer], b: &[Buffer]) -> Option<String> {
    for (r, (x, y)) in a.iter().zip(b).enumerate() {
        if x.shape != y.shape {
            return Some(format!(
                "result {r}: shapes {:?} and {:?}",
                x.shape, y.shape
            ));
        }
        for (i, (p, q)) in x.data.iter().zip(&y.data).enumerate() {
            let equal = match (p, q) {
                (Value::F32(p), Value::F32(q)) => p == q || (p.is_nan() && q.is_nan()),
                (Value::F64(p), Value::F64(q)) => p == q || (p.is_nan() && q.is_nan()),
                _ => p == q,
            };
            if !equal {
                return Some(format!("result {r}, element {i}: {p:?} vs {q:?}"));
            }
        }
    }
    None
}

/// How one program runs: its parameters and the upstream passes between
/// the t2s passes of every pipeline.
pub(crate) struct Run<'a> {
    pub params: &'a [i64],
    pub between: &'a str,
}

pub(crate) fn run_mode(
    context: &Context,
    text: &str,
    mode: Mode,
    inputs: &[Buffer],
    run: &Run<'_>,
) -> Result<Vec<Buffer>, String> {
    let mut module = Module::parse(context, text).ok_or("parse error")?;
    let options = RunOptions {
        between_passes: run.between.to_string(),
        max_points: FUZZ_MAX_POINTS,
        ..RunOptions::default()
    };
    execute_timed(
        context,
        &mut module,
        None,
        mode,
        inputs,
        run.params,
        &options,
    )
    .map(|(outputs, _)| outputs)
    .map_err(|e| e.to_string())
}

/// A mutant: any outcome is fine but a crash, a panic or a hang; when every
/// mode runs, they must agree.
pub fn run_mutant(text: &str, between: &str) -> (i32, String) {
    let run = Run {
        params: &[],
        between,
    };
    // What the drivers reject before MLIR's parser (which would abort).
    if t2s_ir::source::check_source(text).is_err() {
        return (REJECTED, String::new());
    }
    let (context, seen) = context();
    let Some(mut module) = Module::parse(&context, text) else {
        return (REJECTED, String::new());
    };
    // Every pipeline, to the llvm dialect, with the upstream passes
    // between the t2s passes.
    use t2s_passes::pipelines::{DATAFLOW_TO_LLVM, LOWER_TO_LLVM, SEQUENTIAL_TO_LLVM};
    for pipeline in [&LOWER_TO_LLVM, &SEQUENTIAL_TO_LLVM, &DATAFLOW_TO_LLVM] {
        let Some(mut copy) = Module::parse(&context, text) else {
            return (REJECTED, String::new());
        };
        let Ok(pipeline) = pipeline.on_module_between(&[], between) else {
            return (PANIC, "a pipeline does not render".into());
        };
        let _ = run_pipeline(&context, &mut copy, &pipeline);
        if let Some(internal) = internal_error(&seen) {
            return (PANIC, internal);
        }
    }
    let Ok(interface) = program_interface(&context, &mut module, None) else {
        return (REJECTED, String::new());
    };
    if !interface.params.is_empty() {
        return (REJECTED, String::new());
    }
    // The interpreter takes about a microsecond a point: a larger mutant
    // cannot run within the timeout (t2s-run refuses 2^36 points and more;
    // sizes.test checks that).
    if interface.points(&[]).is_none_or(|n| n > MUTANT_MAX_POINTS) {
        return (REJECTED, String::new());
    }
    let Some(inputs) = inputs(&interface, 3) else {
        return (REJECTED, String::new());
    };
    let mut results = Vec::new();
    for mode in [
        Mode::INTERPRET,
        Mode::SEQUENTIAL,
        Mode::SYSTOLIC,
        Mode::DATAFLOW,
    ] {
        if let Ok(out) = run_mode(&context, text, mode, &inputs, &run) {
            results.push((mode, out));
        }
        if let Some(internal) = internal_error(&seen) {
            return (PANIC, internal);
        }
    }
    // A mutant may read outside a domain (poison the compiled modes cannot
    // see): compare only when the interpreter ran.
    if let Some((_, reference)) = results.iter().find(|(m, _)| *m == Mode::INTERPRET) {
        for (mode, out) in &results {
            if let Some(diff) = same(reference, out) {
                return (
                    MISMATCH,
                    format!("{} differs from the interpreter: {diff}", mode.name()),
                );
            }
        }
    }
    (OK, String::new())
}

mod gpu;
mod program;
mod threads;
pub use program::run_program;
