//! A generated program in every mode: the compiled modes must compute what
//! the interpreter computes; a schedule the oracle finds illegal must be
//! refused and one it finds legal must not be refused for its schedule;
//! an input smaller than what the program reads must be refused by every
//! mode.

use super::{
    context, inputs_of, internal_error, run_mode, same, Run, MISMATCH, OK, PANIC, REJECTED,
};
use crate::generate::Generated;
use crate::oracle::{is_schedule_error, judge, Verdict};
use melior::ir::Module;
use melior::Context;
use std::cell::RefCell;
use std::rc::Rc;
use t2s_exec::execute::{program_interface, Mode};
use t2s_model::interpret::Buffer;

/// Runs `program`; the report of an Ok or Rejected case is the oracle's
/// tag (`oracle: legal`, `oracle: illegal`, ...), counted by `main`.
pub fn run_program(program: &Generated) -> (i32, String) {
    let text = program.text.as_str();
    let run = Run {
        params: &program.params,
        between: &program.between,
    };
    let (context, seen) = context();
    let Some(mut module) = Module::parse(&context, text) else {
        return (
            MISMATCH,
            format!("a generated program does not parse: {:?}", seen.borrow()),
        );
    };
    let interface = match program_interface(&context, &mut module, None) {
        Ok(i) => i,
        Err(e) => {
            return (
                MISMATCH,
                format!("a generated program is rejected: {e}; {:?}", seen.borrow()),
            )
        }
    };
    let Some(inputs) = inputs_of(&interface, &program.input_shapes, 7) else {
        return (REJECTED, "inputs too large".into());
    };
    let modes = modes_of(program);
    if program.short_input {
        let all: Vec<Mode> = [Mode::INTERPRET].into_iter().chain(modes).collect();
        return expect_refusal(&context, program, &all, &inputs, &run);
    }
    let reference = match run_mode(&context, text, Mode::INTERPRET, &inputs, &run) {
        Ok(r) => r,
        Err(e) => {
            return (
                MISMATCH,
                format!("the interpreter fails on a generated program: {e}"),
            )
        }
    };
    let verdict = program.schedule.as_ref().map(judge);
    let trial = Trial {
        context: &context,
        seen: &seen,
        text,
        inputs: &inputs,
        run: &run,
        reference: &reference,
        verdict: verdict.as_ref(),
    };
    let mut rejected = false;
    for mode in modes {
        match trial.check(mode) {
            Ok(refused) => rejected |= refused,
            Err(failure) => return failure,
        }
    }
    if let Some(internal) = internal_error(&seen) {
        return (PANIC, internal);
    }
    // The outermost loop on the host's threads: the same values, or a
    // refusal with a reason.
    if program.scheduled && !rejected {
        let threads = super::threads::check(&context, &seen, text, &inputs, &run, &reference);
        if let Some(failure) = threads {
            return (PANIC, failure);
        }
    }
    // The GPU route on a sample (each is a compile to PTX): it makes the
    // kernel or refuses the mapping with a reason.
    if program.scheduled && program.kernels {
        if let Some(failure) = super::gpu::check(text) {
            return (PANIC, failure);
        }
    }
    let report = tag(verdict.as_ref()) + &compiled(&seen);
    (if rejected { REJECTED } else { OK }, report)
}

/// What the compile made of a program, as its remarks say, for `main` to
/// count beside the directives.
fn compiled(seen: &Rc<RefCell<Vec<String>>>) -> String {
    let seen = seen.borrow();
    let mut made = String::new();
    if seen.iter().any(|d| d.contains("_long\")")) {
        made += "; split register files";
    }
    if seen
        .iter()
        .any(|d| d.contains("reduced along it in lane order"))
    {
        made += "; lane reductions";
    }
    made
}

/// The oracle's tag of a case that passed, counted by `main`.
fn tag(verdict: Option<&Verdict>) -> String {
    match verdict {
        None => String::new(),
        Some(Verdict::Legal) => "oracle: legal".to_string(),
        Some(Verdict::Illegal(_)) => "oracle: illegal".to_string(),
        Some(Verdict::TooLarge) => "oracle: too large".to_string(),
    }
}

/// One program's run in the compiled modes, against the interpreter's
/// result and the oracle's verdict.
struct Trial<'t> {
    context: &'t Context,
    seen: &'t Rc<RefCell<Vec<String>>>,
    text: &'t str,
    inputs: &'t [Buffer],
    run: &'t Run<'t>,
    reference: &'t [Buffer],
    verdict: Option<&'t Verdict>,
}

impl Trial<'_> {
    /// Runs `mode`: whether it refused the program, or the failure to
    /// report (a mismatch, an accepted illegal or refused legal schedule, a
    /// deadlock, an internal error).
    fn check(&self, mode: Mode) -> Result<bool, (i32, String)> {
        let (context, seen, text, inputs) = (self.context, self.seen, self.text, self.inputs);
        let before = seen.borrow().len();
        let e = match run_mode(context, text, mode, inputs, self.run) {
            Ok(out) => {
                if let Some(diff) = same(self.reference, &out) {
                    return Err((
                        MISMATCH,
                        format!("{} differs from the interpreter: {diff}", mode.name()),
                    ));
                }
                if let (true, Some(Verdict::Illegal(why))) =
                    (mode != Mode::SEQUENTIAL, self.verdict)
                {
                    // The upstream passes between ours may drop a read whose
                    // value is unused (no dependence then): without them,
                    // the schedule must be refused.
                    let plain = Run {
                        params: self.run.params,
                        between: "",
                    };
                    if run_mode(context, text, mode, inputs, &plain).is_ok() {
                        return Err((
                            MISMATCH,
                            format!("{} accepts an illegal schedule: {why}", mode.name()),
                        ));
                    }
                }
                return Ok(false);
            }
            Err(e) => e,
        };
        if let Some(internal) = internal_error(seen) {
            return Err((PANIC, internal));
        }
        if mode == Mode::SEQUENTIAL {
            return Err((
                MISMATCH,
                format!("{} fails: {e}; {:?}", mode.name(), seen.borrow()),
            ));
        }
        // A design that compiled must run to its end: a deadlock (a kernel
        // waiting on a value nobody sends) is a bug.
        if e.contains("did not run to its end") {
            return Err((
                MISMATCH,
                format!("{} deadlocks: {:?}", mode.name(), seen.borrow()),
            ));
        }
        let refusal = seen.borrow()[before..]
            .iter()
            .find(|d| is_schedule_error(d))
            .cloned();
        if let (Some(refusal), Some(Verdict::Legal)) = (refusal, self.verdict) {
            return Err((
                MISMATCH,
                format!("{} refuses a legal schedule: {refusal}", mode.name()),
            ));
        }
        Ok(true)
    }
}

/// The compiled modes a program runs in: sequential always; with a
/// schedule the systolic mode, with isolation the dataflow mode, and on a
/// sample the OpenCL emulation and SPIR-V.
fn modes_of(program: &Generated) -> Vec<Mode> {
    let mut modes = vec![Mode::SEQUENTIAL];
    if program.scheduled {
        modes.push(Mode::SYSTOLIC);
        if program.text.contains("ure.isolate_") || program.text.contains("ure.stream_input") {
            modes.push(Mode::DATAFLOW);
        }
    }
    if program.kernels {
        modes.push(Mode::OPENCL);
        modes.push(Mode::SPIRV);
    }
    modes
}

/// A run whose input is smaller than its reads: every mode must refuse it
/// before running, saying so; those that need the schedule may refuse an
/// illegal one first.
fn expect_refusal(
    context: &Context,
    program: &Generated,
    modes: &[Mode],
    inputs: &[Buffer],
    run: &Run<'_>,
) -> (i32, String) {
    for &mode in modes {
        let scheduled = program.scheduled && mode != Mode::INTERPRET && mode != Mode::SEQUENTIAL;
        match run_mode(context, &program.text, mode, inputs, run) {
            Ok(_) => {
                return (
                    MISMATCH,
                    format!(
                        "{} runs with an input smaller than the program reads",
                        mode.name()
                    ),
                )
            }
            Err(e) if e.contains("is too small") || scheduled => {}
            Err(e) => {
                return (
                    MISMATCH,
                    format!(
                        "{} refuses a short input for another reason: {e}",
                        mode.name()
                    ),
                )
            }
        }
    }
    (OK, String::new())
}
