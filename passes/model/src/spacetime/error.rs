//! The errors of the space-time transform, and checked arithmetic that
//! reports an overflow as one of them.

use crate::Linear;
use thiserror::Error;

#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum ScheduleError {
    #[error("'{name}' is not a loop of the nest{hint}")]
    UnknownLoop {
        transform: usize,
        name: String,
        hint: String,
    },
    #[error("loop '{name}' is listed twice")]
    DuplicateLoop { transform: usize, name: String },
    #[error("space loops must be consecutive loops, one immediately enclosing the next (the loops inside them run inside each PE): {detail}; reorder the loops first")]
    NotInnermost { transform: usize, detail: String },
    #[error("the space loops ({space}) of a later transform must be a proper subset of the previous transform's ({previous})")]
    NotSubset {
        transform: usize,
        space: String,
        previous: String,
    },
    #[error("the scheduling vector has {got} coefficients but there are {expected} space loops")]
    VectorLength {
        transform: usize,
        expected: usize,
        got: usize,
    },
    #[error("every loop is a space loop: there is no time loop to schedule with a vector")]
    NoTimeLoop { transform: usize },
    #[error("the schedule does not respect the dependence of @{consumer} on @{callee} at ({read}): the value is read {} (its time distance along '{time_loop}' is {time_distance}; it must be at least 1)", when_read(*.time_distance))]
    Violated {
        transform: usize,
        /// Index of the dependence (in the `dependences` given).
        dependence: usize,
        consumer: String,
        callee: String,
        /// The point read, in the loops' names: `i - 1, k`.
        read: String,
        time_loop: String,
        time_distance: i64,
    },
    #[error(
        "loop '{name}' has extent {extent}; a space-time transform needs positive constant bounds"
    )]
    BadBounds { name: String, extent: i64 },
    #[error("the scheduling coefficient {coefficient} of loop '{name}' is negative, and its extent {extent} is symbolic: time would start at a point that depends on @{param}; give loops of symbolic extent non-negative coefficients")]
    NegativeOnSymbolic {
        transform: usize,
        name: String,
        coefficient: i64,
        extent: Linear,
        param: String,
    },
    #[error("space loop '{name}' has the symbolic extent {extent}: space loops are unrolled into PEs, so the extent must be a constant or a parameter with a declared max (ure.param @{param} max N)")]
    SymbolicSpace {
        transform: usize,
        name: String,
        extent: Linear,
        param: String,
    },
    #[error("{message}")]
    UnsizedRegister {
        transform: usize,
        /// Index of the dependence (in the `dependences` given).
        dependence: usize,
        /// The parameter without a max.
        param: String,
        message: String,
    },
    #[error(
        "the schedule overflows 64-bit integers ({what}); use smaller coefficients or extents"
    )]
    Overflow {
        /// The transform whose arithmetic overflowed; the last one for the
        /// flattening of time that follows the chain.
        transform: usize,
        what: &'static str,
    },
}

/// When a value is read relative to the step that computes it, for a time
/// distance that is not positive.
fn when_read(time_distance: i64) -> String {
    match time_distance {
        0 => "in the same step that computes it".to_string(),
        d if d < 0 => format!("{} step(s) before the step that computes it", -d),
        d => format!("{d} step(s) after the step that computes it"),
    }
}

/// Checked i64 arithmetic for the schedule: an overflow is an error at the
/// transform, never a wrapped bound or a panic.
pub(super) struct Checked {
    pub(super) transform: usize,
}

impl Checked {
    pub(super) fn err(&self, what: &'static str) -> ScheduleError {
        ScheduleError::Overflow {
            transform: self.transform,
            what,
        }
    }
    pub(super) fn add(&self, a: i64, b: i64, what: &'static str) -> Result<i64, ScheduleError> {
        a.checked_add(b).ok_or_else(|| self.err(what))
    }
    pub(super) fn sub(&self, a: i64, b: i64, what: &'static str) -> Result<i64, ScheduleError> {
        a.checked_sub(b).ok_or_else(|| self.err(what))
    }
    pub(super) fn mul(&self, a: i64, b: i64, what: &'static str) -> Result<i64, ScheduleError> {
        a.checked_mul(b).ok_or_else(|| self.err(what))
    }
    /// `sum(a_i * b_i)`.
    pub(super) fn dot(
        &self,
        mut pairs: impl Iterator<Item = (i64, i64)>,
        what: &'static str,
    ) -> Result<i64, ScheduleError> {
        pairs.try_fold(0i64, |acc, (a, b)| {
            self.add(acc, self.mul(a, b, what)?, what)
        })
    }
}

impl ScheduleError {
    /// The transform (in the chain) that the error is about, if any.
    pub fn transform(&self) -> Option<usize> {
        match self {
            ScheduleError::UnknownLoop { transform, .. }
            | ScheduleError::DuplicateLoop { transform, .. }
            | ScheduleError::NotInnermost { transform, .. }
            | ScheduleError::Overflow { transform, .. }
            | ScheduleError::NotSubset { transform, .. }
            | ScheduleError::VectorLength { transform, .. }
            | ScheduleError::NoTimeLoop { transform }
            | ScheduleError::Violated { transform, .. }
            | ScheduleError::NegativeOnSymbolic { transform, .. }
            | ScheduleError::SymbolicSpace { transform, .. }
            | ScheduleError::UnsizedRegister { transform, .. } => Some(*transform),
            ScheduleError::BadBounds { .. } => None,
        }
    }
}
