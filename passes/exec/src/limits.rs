//! The limits of a run: buffers a run may allocate and iteration spaces a
//! backend takes before refusing rather than running for hours.

use crate::error::ExecuteError;
use crate::interface::Interface;
pub use t2s_runtime::MAX_ELEMENTS;

/// Checks that a buffer of `shape` can be allocated.
pub fn check_buffer(what: &str, shape: &[usize]) -> Result<(), ExecuteError> {
    match t2s_model::interpret::element_count(shape) {
        Some(n) if n as u64 <= MAX_ELEMENTS => Ok(()),
        _ => Err(ExecuteError::TooLarge(format!(
            "{what} of shape [{}]",
            shape
                .iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ))),
    }
}

/// About a minute of compiled code: a larger iteration space is refused
/// rather than left to run for hours (`t2s-run --max-points` raises it).
pub const DEFAULT_MAX_POINTS: u64 = 1 << 36;

/// About half a minute to two minutes of the (release-built) reference
/// interpreter, which takes about 1 us a point on GEMM (three UREs) and
/// 3.6 us on T2S's convolution (measured), and keeps every Func's values
/// over its whole domain (some 50 bytes a point on GEMM).
pub const DEFAULT_MAX_INTERPRETER_POINTS: u64 = 1 << 25;

/// About a minute of the modes that move every value through a channel
/// (threads over FIFOs, some 140 ns a value; the OpenCL emulation).
pub const DEFAULT_MAX_CHANNEL_POINTS: u64 = 1 << 28;

/// The iteration space must stay within `max` points (0: the mode's default).
pub fn check_points(
    interface: &Interface,
    params: &[i64],
    default_max: u64,
    max: u64,
) -> Result<(), ExecuteError> {
    let max = if max == 0 { default_max } else { max };
    interface
        .check_params(params)
        .map_err(ExecuteError::Arguments)?;
    match interface.points(params) {
        Some(n) if n <= max => Ok(()),
        n => Err(ExecuteError::Arguments(format!(
            "@{}: the iteration space has {} points, more than the limit of {max} (t2s-run --max-points raises it)",
            interface.name,
            n.map_or("more than 2^64".to_string(), |n| n.to_string())
        ))),
    }
}

/// The work of a systolic array (flattened steps x PEs) must stay within the
/// same limit as the points: a legal schedule can make far more steps than
/// its nest has points (a large scheduling coefficient), and every compiled
/// mode runs them all. (Its register files are checked where they are
/// allocated: `spacetime-to-scf` refuses one too large, at its op.)
pub fn check_work(
    interface: &Interface,
    params: &[i64],
    default_max: u64,
    max: u64,
    at: &str,
) -> Result<(), ExecuteError> {
    let Some(array) = &interface.array else {
        return Ok(());
    };
    let max = if max == 0 { default_max } else { max };
    let values: std::collections::HashMap<String, i64> = interface
        .params
        .iter()
        .cloned()
        .zip(params.iter().copied())
        .collect();
    // Saturated: a product past u128 is more than any limit anyway.
    let steps = array.time_extents.iter().fold(1u128, |n, e| {
        let extent = e.eval(&values).map_or(u128::MAX, |v| v.max(0) as u128);
        n.saturating_mul(extent)
    });
    let work = steps.saturating_mul(u128::from(array.pes));
    let at = if at.is_empty() {
        String::new()
    } else {
        format!("{at}: ")
    };
    if work > u128::from(max) {
        let points = interface
            .points(params)
            .map_or("more than 2^64".to_string(), |n| n.to_string());
        return Err(ExecuteError::Arguments(format!(
            "{at}@{}: the schedule makes {} flattened steps on {} PEs ({} PE-steps) for a loop nest of {points} points, more than the limit of {max} (t2s-run --max-points raises it)",
            interface.name,
            show(steps),
            array.pes,
            show(work),
        )));
    }
    Ok(())
}

/// A saturated count: its value, or "more than 2^128".
fn show(n: u128) -> String {
    if n == u128::MAX {
        "more than 2^128".to_string()
    } else {
        n.to_string()
    }
}
