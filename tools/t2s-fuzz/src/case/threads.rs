//! The host's threads on a generated program: `ure.parallel` of its
//! representative's outermost loop, run in the systolic mode. The route
//! either runs it and computes what the interpreter computes, or refuses
//! the directive with a diagnostic (a dependence along the loop, a loop
//! that is not the array's outermost time loop or not a loop of the
//! output), never an internal error or a wrong result.

use super::gpu::transformed;
use super::{internal_error, run_mode, same, Run};
use melior::Context;
use std::cell::RefCell;
use std::rc::Rc;
use t2s_exec::execute::Mode;
use t2s_model::interpret::Buffer;

/// What went wrong, if anything, with the outermost loop on threads.
pub fn check(
    context: &Context,
    seen: &Rc<RefCell<Vec<String>>>,
    text: &str,
    inputs: &[Buffer],
    run: &Run<'_>,
    reference: &[Buffer],
) -> Option<String> {
    let threaded = with_parallel(text)?;
    let before = seen.borrow().len();
    match run_mode(context, &threaded, Mode::SYSTOLIC, inputs, run) {
        Ok(out) => same(reference, &out)
            .map(|diff| format!("systolic with ure.parallel differs from the interpreter: {diff}")),
        Err(_) => {
            if let Some(internal) = internal_error(seen) {
                return Some(internal);
            }
            (seen.borrow().len() == before)
                .then(|| "systolic with ure.parallel failed without a diagnostic".to_string())
        }
    }
}

/// `text` with `ure.parallel` of its representative's outermost loop.
fn with_parallel(text: &str) -> Option<String> {
    let (rep, loops) = transformed(text)?;
    let outer = loops.last()?;
    let end = text.rfind('}')?;
    Some(format!(
        "{}  ure.parallel @{rep} ({outer})\n{}",
        &text[..end],
        &text[end..]
    ))
}
