//! What the emitter folds as it builds: index arithmetic and comparisons
//! on `arith.constant`s (an unrolled PE's coordinates, a loop minimum of
//! 0), so that unrolled code is not built only for `canonicalize` to fold;
//! and arith's `cmpi` predicates, which the OpenCL translation evaluates
//! too.

use crate::handle::Val;

/// The value of a scalar `arith.constant` (an index or an integer; an `i1`
/// true is -1).
pub(crate) fn constant(v: Val) -> Option<i64> {
    crate::ir::constant_index(v.value())
}

pub(crate) fn constants(a: Val, b: Val) -> Option<(i64, i64)> {
    Some((constant(a)?, constant(b)?))
}

/// `x predicate y` in arith's encoding of `cmpi` predicates, on values
/// sign-extended to 64 bits (which keeps the unsigned order of narrower
/// integers too); `None` for a code that is no predicate.
pub fn compare(predicate: i64, x: i64, y: i64) -> Option<bool> {
    let (ux, uy) = (x as u64, y as u64);
    Some(match predicate {
        0 => x == y,
        1 => x != y,
        2 => x < y,
        3 => x <= y,
        4 => x > y,
        5 => x >= y,
        6 => ux < uy,
        7 => ux <= uy,
        8 => ux > uy,
        9 => ux >= uy,
        _ => return None,
    })
}
