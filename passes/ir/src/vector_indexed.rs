//! Indexed vector accesses of a buffer for the vectorized lowering:
//! `vector.gather` and `vector.scatter` at each lane's row-major linear
//! position in the buffer, from offsets `[0, ..., 0]`.
//!
//! Lanes of an access that are off (masked, or addressing outside the
//! buffer) are given position 0, so no lane computes an address outside the
//! buffer, whatever the target does with the addresses of masked-off lanes.
//! The lanes of a scatter must write distinct elements (the op leaves
//! duplicates undefined): its callers store lanes whose indices differ.

use crate::emit::Emitter;
use crate::handle::Val;
use crate::lanes::lanewise;
use crate::lanes::{self, element_of, shape_of, splat, type_of};
use melior::ir::{r#type::IntegerType, Type};

/// The sizes of the dimensions of `buffer`.
pub fn dims(e: &Emitter<'_>, buffer: Val) -> Vec<Val> {
    (0..rank(buffer))
        .map(|d| e.dim(buffer, e.index(d)))
        .collect()
}

/// The row-major linear position of `indices` (scalars or lanes of one
/// shape) in a buffer of `dims`: `((i0 * d1 + i1) * d2 + i2) ...`.
pub fn linear_lanes(e: &Emitter<'_>, indices: &[Val], dims: &[Val]) -> Val {
    let mut acc = indices[0];
    for (i, d) in indices.iter().zip(dims).skip(1) {
        acc = lanewise(e, Emitter::addi, lanewise(e, Emitter::muli, acc, *d), *i);
    }
    acc
}

/// `position` where `on`, else 0 (a position every buffer of an element has).
pub fn position_or_zero(e: &Emitter<'_>, on: Val, position: Val) -> Val {
    let shape = shape_of(type_of(position)).expect("lanes");
    let zero = splat(e, e.index(0), &shape);
    e.select(on, position, zero)
}

/// All lanes on: a constant `vector<shape x i1>` of true.
pub fn all_on(e: &Emitter<'_>, shape: &[i64]) -> Val {
    let i1: Type = IntegerType::new(e.context, 1).into();
    lanes::constant_lanes(e, shape, i1, |_| 1)
}

/// `vector.gather` of `buffer` at the 1-D `positions` under `mask`; a lane
/// that is off takes its lane of `pass_thru`.
pub fn gather(e: &Emitter<'_>, buffer: Val, positions: Val, mask: Val, pass_thru: Val) -> Val {
    e.vector_gather(buffer, &offsets(e, buffer), positions, mask, pass_thru)
}

/// `vector.scatter` of the 1-D `value` into `buffer` at `positions` under
/// `mask`.
pub fn scatter(e: &Emitter<'_>, buffer: Val, positions: Val, mask: Val, value: Val) {
    e.vector_scatter(buffer, &offsets(e, buffer), positions, mask, value);
}

/// A zero vector of `value`'s type (lanes' pass-through).
pub fn zeros_like(e: &Emitter<'_>, value_type: Type<'_>) -> Val {
    let shape = shape_of(value_type).expect("lanes");
    let zero = e.zero(element_of(value_type));
    splat(e, zero, &shape)
}

fn offsets(e: &Emitter<'_>, buffer: Val) -> Vec<Val> {
    (0..rank(buffer)).map(|_| e.index(0)).collect()
}

fn rank(buffer: Val) -> i64 {
    crate::types::rank(type_of(buffer)).unwrap_or(0) as i64
}

/// Each lane's scalar load at `index_of(lane)`, clamped into the input,
/// assembled into the vector `ty`.
pub fn lane_by_lane<'c>(
    e: &Emitter<'c>,
    buffer: Val,
    ty: Type<'c>,
    shape: &[i64],
    element: Type<'c>,
    index_of: impl Fn(&[i64]) -> Vec<Val>,
) -> Val {
    let dims: Vec<Val> = dims(e, buffer)
        .into_iter()
        .map(|d| e.sub(d, e.index(1)))
        .collect();
    let mut elements = Vec::new();
    for l in 0..lanes::count(shape) {
        let at = lanes::unflatten(shape, l);
        let idx: Vec<Val> = index_of(&at)
            .into_iter()
            .zip(&dims)
            .map(|(i, upper)| e.clamp(i, e.index(0), *upper))
            .collect();
        elements.push(e.load(buffer, &idx, element));
    }
    // n-D from_elements does not lower to LLVM: build 1-D, then reshape.
    let flat = lanes::vector_type(e.context, &[lanes::count(shape) as i64], element);
    let v = e.from_elements(&elements, flat);
    if shape.len() == 1 {
        return v;
    }
    e.shape_cast(v, ty)
}
