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

/// About a minute of the (release-built) interpreter, which takes some
/// 250 ns a point.
pub const DEFAULT_MAX_INTERPRETED_POINTS: u64 = 1 << 28;

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
