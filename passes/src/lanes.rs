//! Values of a vectorized PE array (vectorization.md): the lanes of a
//! `vector<S x T>`, `S` the extents of the vectorized space loops. Helpers
//! shared by the `vectorize` pass and the `spacetime-to-scf` lowering, all
//! emitting upstream `vector` and `arith` ops.

use crate::emit::Emitter;
use melior::ir::{Attribute, Type, TypeLike};
use melior::Context;
use mlir_sys::MlirValue;

/// The lane shape of a vector type, `None` for a scalar.
pub fn shape_of(ty: Type<'_>) -> Option<Vec<i64>> {
    // SAFETY: a live type; shape queries only on vectors.
    unsafe {
        if !mlir_sys::mlirTypeIsAVector(ty.to_raw()) {
            return None;
        }
        let rank = mlir_sys::mlirShapedTypeGetRank(ty.to_raw());
        Some(
            (0..rank)
                .map(|d| mlir_sys::mlirShapedTypeGetDimSize(ty.to_raw(), d as isize))
                .collect(),
        )
    }
}

/// The element type of a vector, or the type itself.
pub fn element_of(ty: Type<'_>) -> Type<'_> {
    // SAFETY: a live type.
    unsafe {
        if mlir_sys::mlirTypeIsAVector(ty.to_raw()) {
            Type::from_raw(mlir_sys::mlirShapedTypeGetElementType(ty.to_raw()))
        } else {
            ty
        }
    }
}

pub fn type_of<'c>(value: MlirValue) -> Type<'c> {
    // SAFETY: a live value.
    unsafe { Type::from_raw(mlir_sys::mlirValueGetType(value)) }
}

pub fn is_vector(value: MlirValue) -> bool {
    shape_of(type_of(value)).is_some()
}

/// `vector<shape x element>`.
pub fn vector_type<'c>(context: &'c Context, shape: &[i64], element: Type<'c>) -> Type<'c> {
    let dims: Vec<String> = shape.iter().map(i64::to_string).collect();
    Type::parse(context, &format!("vector<{}x{element}>", dims.join("x"))).expect("a vector type")
}

/// `value` as a vector of `shape`: broadcast if it is a scalar.
pub fn splat<'c>(e: &Emitter<'c>, value: MlirValue, shape: &[i64]) -> MlirValue {
    let ty = type_of(value);
    if shape_of(ty).is_some() {
        return value;
    }
    let vector = vector_type(e.context, shape, ty);
    e.op1("vector.broadcast", &[value], vector)
}

/// Number of lanes of a shape.
pub fn count(shape: &[i64]) -> usize {
    shape.iter().product::<i64>().max(0) as usize
}

/// The coordinates (one per dimension) of lane `flat`, row-major.
pub fn unflatten(shape: &[i64], mut flat: usize) -> Vec<i64> {
    let mut coords = vec![0; shape.len()];
    for d in (0..shape.len()).rev() {
        let n = shape[d].max(1) as usize;
        coords[d] = (flat % n) as i64;
        flat /= n;
    }
    coords
}

/// The row-major position of lane `coords`.
pub fn flatten(shape: &[i64], coords: &[i64]) -> usize {
    coords
        .iter()
        .zip(shape)
        .fold(0usize, |acc, (c, n)| acc * (*n as usize) + *c as usize)
}

/// A constant vector of `shape` whose lane `l` holds `value(l's coordinates)`.
pub fn constant_lanes<'c>(
    e: &Emitter<'c>,
    shape: &[i64],
    element: Type<'c>,
    value: impl Fn(&[i64]) -> i64,
) -> MlirValue {
    let ty = vector_type(e.context, shape, element);
    let items: Vec<String> = (0..count(shape))
        .map(|l| value(&unflatten(shape, l)).to_string())
        .collect();
    let attr = Attribute::parse(
        e.context,
        &format!("dense<{}> : {ty}", nested(&items, shape)),
    )
    .expect("a dense constant");
    e.op("arith.constant", &[], &[ty], &[("value", attr)])[0]
}

/// `items` (row-major) as a nested literal of `shape`: `[[0, 1], [2, 3]]`.
fn nested(items: &[String], shape: &[i64]) -> String {
    match shape {
        [] | [_] => format!("[{}]", items.join(", ")),
        [n, rest @ ..] => {
            let chunk = items.len() / (*n).max(1) as usize;
            let rows: Vec<String> = items
                .chunks(chunk.max(1))
                .map(|c| nested(c, rest))
                .collect();
            format!("[{}]", rows.join(", "))
        }
    }
}

/// Lane `l` of the result is lane `source[l]` of `value` (row-major lane
/// numbers): a `vector.shuffle`, through a 1-D shape for n-D vectors.
pub fn permute<'c>(e: &Emitter<'c>, value: MlirValue, source: &[usize]) -> MlirValue {
    if source.iter().enumerate().all(|(l, s)| l == *s) {
        return value;
    }
    let ty = type_of(value);
    let shape = shape_of(ty).expect("a vector");
    let element = element_of(ty);
    let flat_ty = vector_type(e.context, &[count(&shape) as i64], element);
    let flat = if shape.len() == 1 {
        value
    } else {
        e.op1("vector.shape_cast", &[value], flat_ty)
    };
    let source: Vec<i64> = source.iter().map(|s| *s as i64).collect();
    let mask = i64_array(e.context, &source);
    let shuffled = e.op(
        "vector.shuffle",
        &[flat, flat],
        &[flat_ty],
        &[("mask", mask)],
    )[0];
    if shape.len() == 1 {
        shuffled
    } else {
        e.op1("vector.shape_cast", &[shuffled], ty)
    }
}

/// `array<i64: values>`: a position, a shuffle mask or a permutation.
pub fn i64_array<'c>(context: &'c Context, values: &[i64]) -> Attribute<'c> {
    let items: Vec<String> = values.iter().map(i64::to_string).collect();
    Attribute::parse(context, &format!("array<i64: {}>", items.join(", ")))
        .expect("an array of i64")
}

/// Lane `coords` of a vector (a scalar is every lane).
pub fn extract<'c>(e: &Emitter<'c>, value: MlirValue, coords: &[i64]) -> MlirValue {
    let ty = type_of(value);
    if shape_of(ty).is_none() {
        return value;
    }
    let position = i64_array(e.context, coords);
    e.op(
        "vector.extract",
        &[value],
        &[element_of(ty)],
        &[("static_position", position)],
    )[0]
}

/// The sub-vector of `value` at the leading coordinates `coords` (the
/// value itself for none).
pub fn extract_row<'c>(e: &Emitter<'c>, value: MlirValue, coords: &[i64]) -> MlirValue {
    let ty = type_of(value);
    let Some(shape) = shape_of(ty) else {
        return value;
    };
    if coords.is_empty() {
        return value;
    }
    if coords.len() >= shape.len() {
        return extract(e, value, coords);
    }
    let position = i64_array(e.context, coords);
    let row = vector_type(e.context, &shape[coords.len()..], element_of(ty));
    e.op(
        "vector.extract",
        &[value],
        &[row],
        &[("static_position", position)],
    )[0]
}

/// `dest` with its lane or sub-vector at `coords` set to `value`.
pub fn insert<'c>(e: &Emitter<'c>, value: MlirValue, dest: MlirValue, coords: &[i64]) -> MlirValue {
    let position = i64_array(e.context, coords);
    e.op(
        "vector.insert",
        &[value, dest],
        &[type_of(dest)],
        &[("static_position", position)],
    )[0]
}

/// Whether any lane of the mask `m` is set: the lanes or-ed one by one
/// (every backend takes scalar ors; not all take an `i1` reduction).
pub fn any_lane(e: &Emitter<'_>, m: MlirValue) -> MlirValue {
    let shape = shape_of(type_of(m)).unwrap_or_default();
    let i1 = melior::ir::r#type::IntegerType::new(e.context, 1).into();
    (0..count(&shape))
        .map(|l| extract(e, m, &unflatten(&shape, l)))
        .reduce(|a, b| e.op1("arith.ori", &[a, b], i1))
        .expect("a mask has lanes")
}
