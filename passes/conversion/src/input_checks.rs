//! The checks at the entry of a lowered program's function (option
//! `input-checks` of `ure-to-scf` and `spacetime-to-scf`): every dimension
//! of dynamic size of every input must hold what the program reads there
//! (`t2s_ir::reads`), so that a caller of the compiled function (the JIT,
//! the C interface) gets an error rather than an out-of-bounds read.
//!
//! The function then returns an `i32` status: 0 when every check holds, and
//! otherwise `(input + 1) << 8 | dimension` of the first that fails (inputs
//! and dimensions counted from 0, in argument order); nothing else of the
//! function runs then. A static dimension is the input's type: the caller
//! passes that size. The dimensions are the logical ones (as `ure.load`
//! indexes the input), whatever its layout.

use std::collections::HashMap;
use t2s_ir::emit::Emitter;
use t2s_ir::handle::{Blk, Val};
use t2s_ir::pass::Failed;
use t2s_model::reads::InputNeeds;
use t2s_model::Linear;

/// The status of a failed check: `(input + 1) << 8 | dimension`.
pub fn status_code(input: usize, dim: usize) -> i64 {
    ((input as i64 + 1) << 8) | dim as i64
}

/// The (input, dimension) a non-zero status names.
pub fn decode_status(status: i32) -> (usize, usize) {
    ((status >> 8).max(1) as usize - 1, (status & 0xff) as usize)
}

/// Where a lowering emits a function's body, and how it ends it.
pub struct Guarded {
    /// The block the body goes into: the entry block, or the `scf.if` that
    /// runs only when every check holds.
    pub body: Blk,
    entry: Blk,
    status: Option<Val>,
    /// Whether `body` is the `scf.if` of the checks.
    guarded: bool,
}

/// One checked input: its buffer, the type's dimensions (`None` dynamic)
/// and what the program reads of it.
pub struct Checked<'n> {
    pub buffer: Val,
    pub declared: Vec<Option<i64>>,
    pub needs: &'n InputNeeds,
    /// The buffer's memory order: logical dimension `d` is dimension
    /// `layout.position(d)` of the (physical) argument.
    pub layout: &'n t2s_model::Layout,
}

/// Emits the checks into `entry` (when `checks` is given) and opens the
/// body behind them.
pub fn guard(
    e: &Emitter<'_>,
    entry: Blk,
    checks: Option<&[Checked<'_>]>,
    params: &HashMap<String, Val>,
) -> Result<Guarded, Failed> {
    let Some(checks) = checks else {
        return Ok(Guarded {
            body: entry,
            entry,
            status: None,
            guarded: false,
        });
    };
    let at = e.at(entry);
    let int = |v: i64| at.constant(t2s_model::Value::Int(v), t2s_model::ScalarType::Int(32));
    // The first failing check wins: fold from the last one.
    let mut status = int(0);
    let mut failures = Vec::new();
    for (i, input) in checks.iter().enumerate() {
        for (d, declared) in input.declared.iter().enumerate() {
            if declared.is_some() {
                continue;
            }
            let Some(needs) = input.needs.dims.get(d).and_then(|n| n.as_ref()) else {
                continue;
            };
            for need in needs {
                failures.push((i, d, need.extent.clone(), input.buffer, input.layout));
            }
        }
    }
    // Nothing to check (static inputs): the status is 0, no branch.
    if failures.is_empty() {
        return Ok(Guarded {
            body: entry,
            entry,
            status: Some(status),
            guarded: false,
        });
    }
    for (i, d, extent, buffer, layout) in failures.into_iter().rev() {
        let size = at.dim(buffer, at.index(layout.position(d) as i64));
        let needed = linear(&at, &extent, params)?;
        let short = at.cmpi(CMPI_SLT, size, needed);
        status = at.select(short, int(status_code(i, d)), status);
    }
    let ok = at.cmpi(t2s_ir::emit::CMPI_EQ, status, int(0));
    let body = at.if_then(ok);
    Ok(Guarded {
        body,
        entry,
        status: Some(status),
        guarded: true,
    })
}

/// `arith.cmpi slt`.
const CMPI_SLT: i64 = t2s_ir::emit::CMPI_SLT;

impl Guarded {
    /// The function's results: an `i32` status when it checks its inputs.
    pub fn result_types<'c>(
        checks: bool,
        context: &'c melior::Context,
    ) -> Vec<melior::ir::Type<'c>> {
        if checks {
            vec![melior::ir::r#type::IntegerType::new(context, 32).into()]
        } else {
            Vec::new()
        }
    }

    /// Ends the body and returns (the status, when checked).
    pub fn finish(self, e: &Emitter<'_>) {
        match self.status {
            Some(status) => {
                if self.guarded {
                    e.finish_scf_block(self.body);
                }
                e.at(self.entry).return_values(&[status]);
            }
            None => {
                e.at(self.entry).return_values(&[]);
            }
        }
    }
}

/// `extent` from the function's parameter arguments.
fn linear(e: &Emitter<'_>, extent: &Linear, params: &HashMap<String, Val>) -> Result<Val, Failed> {
    crate::spacetime_to_scf::lowered::linear_value(e, extent, params)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_status_names_the_input_and_the_dimension() {
        assert_eq!(status_code(0, 0), 256);
        assert_eq!(status_code(1, 1), 513);
        assert_eq!(status_code(2, 7), 775);
        for (input, dim) in [(0, 0), (0, 3), (5, 2), (200, 255)] {
            let status = status_code(input, dim) as i32;
            assert_ne!(status, 0, "a failure is never 0");
            assert_eq!(decode_status(status), (input, dim));
        }
    }
}
