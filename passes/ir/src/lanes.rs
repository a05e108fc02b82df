//! Values of a vectorized PE array (vectorization.md): the lanes of a
//! `vector<S x T>`, `S` the extents of the vectorized space loops. Helpers
//! shared by the `vectorize` pass and the `spacetime-to-scf` lowering, all
//! emitting upstream `vector` and `arith` ops.

use crate::emit::Emitter;
use crate::handle::Val;
use crate::ods;
use melior::ir::operation::OperationLike;
use melior::ir::TypeLike;
use melior::ir::{Attribute, Type};
use melior::Context;
use t2s_model::Affine;

/// The lane shape of a vector type, `None` for a scalar.
pub fn shape_of(ty: Type<'_>) -> Option<Vec<i64>> {
    if !crate::types::is_vector(ty) {
        return None;
    }
    crate::types::shape(ty)
}

/// The element type of a vector, or the type itself.
pub fn element_of(ty: Type<'_>) -> Type<'_> {
    if crate::types::is_vector(ty) {
        crate::types::element(ty)
    } else {
        ty
    }
}

pub fn type_of<'c>(value: Val) -> Type<'c> {
    value.r#type()
}

pub fn is_vector(value: Val) -> bool {
    shape_of(type_of(value)).is_some()
}

/// `vector<shape x element>`.
pub fn vector_type<'c>(context: &'c Context, shape: &[i64], element: Type<'c>) -> Type<'c> {
    let dims: Vec<String> = shape.iter().map(i64::to_string).collect();
    Type::parse(context, &format!("vector<{}x{element}>", dims.join("x"))).expect("a vector type")
}

/// `value` as a vector of `shape`: broadcast if it is a scalar.
pub fn splat<'c>(e: &Emitter<'c>, value: Val, shape: &[i64]) -> Val {
    let ty = type_of(value);
    if shape_of(ty).is_some() {
        return value;
    }
    let vector = vector_type(e.context, shape, ty);
    e.broadcast(value, vector)
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
) -> Val {
    let ty = vector_type(e.context, shape, element);
    let items: Vec<String> = (0..count(shape))
        .map(|l| value(&unflatten(shape, l)).to_string())
        .collect();
    let attr = Attribute::parse(
        e.context,
        &format!("dense<{}> : {ty}", nested(&items, shape)),
    )
    .expect("a dense constant");
    e.constant_attribute(attr)
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
pub fn permute<'c>(e: &Emitter<'c>, value: Val, source: &[usize]) -> Val {
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
        e.shape_cast(value, flat_ty)
    };
    let source: Vec<i64> = source.iter().map(|s| *s as i64).collect();
    let shuffled = e.shuffle(flat, flat, &source);
    if shape.len() == 1 {
        shuffled
    } else {
        e.shape_cast(shuffled, ty)
    }
}

/// `array<i64: values>`: a position, a shuffle mask or a permutation.
pub fn i64_array<'c>(context: &'c Context, values: &[i64]) -> Attribute<'c> {
    let items: Vec<String> = values.iter().map(i64::to_string).collect();
    // The empty array has no colon.
    let text = match items.is_empty() {
        true => "array<i64>".to_string(),
        false => format!("array<i64: {}>", items.join(", ")),
    };
    Attribute::parse(context, &text).expect("an array of i64")
}

/// Whether a vector of `element` lies in memory as an array of it does:
/// LLVM packs a `vector<2xi12>` (or of `i1`, `i33`) into bits, while an
/// array pads every element to bytes, so a `vector.load` or `vector.store`
/// of such elements would touch the wrong bits.
pub fn byte_sized(element: Type<'_>) -> bool {
    melior::ir::r#type::IntegerType::try_from(element)
        .map_or(true, |t| matches!(t.width(), 8 | 16 | 32 | 64))
}

/// Lane `coords` of a vector (a scalar is every lane).
pub fn extract<'c>(e: &Emitter<'c>, value: Val, coords: &[i64]) -> Val {
    let ty = type_of(value);
    let Some(shape) = shape_of(ty) else {
        return value;
    };
    if coords.len() == shape.len() {
        if let Some(lane) = scalar_lane(e, value, &shape, coords, SCALARIZE_DEPTH) {
            return lane;
        }
    }
    e.vector_extract(value, coords)
}

/// How many element-wise ops [`scalar_lane`] looks through.
const SCALARIZE_DEPTH: usize = 6;

/// One lane of an index vector computed on scalars, where the vector is a
/// broadcast, a constant, or `addi`/`subi`/`muli` of such (a vectorized
/// PE's recovered indices and addresses): a lane-0 base address then costs
/// one scalar expression, not a vector of them (the OpenCL's `long16`
/// address vectors of a loader). `None` for anything else.
fn scalar_lane(
    e: &Emitter<'_>,
    value: Val,
    shape: &[i64],
    at: &[i64],
    depth: usize,
) -> Option<Val> {
    if depth == 0 || !element_of(type_of(value)).is_index() {
        return None;
    }
    let op = value.defining_op()?.op();
    let operand = |i: usize| op.operand(i).ok().map(|v| crate::handle::AsVal::val(&v));
    let lane = |v: Val| match shape_of(type_of(v)) {
        None => Some(v),
        Some(s) if s == shape => scalar_lane(e, v, shape, at, depth - 1),
        Some(_) => None,
    };
    let name = op.name();
    let name = name.as_string_ref().as_str().ok()?;
    crate::op_match!(name, {
        ods::vector::BroadcastOperation => {
            let source = operand(0)?;
            shape_of(type_of(source)).is_none().then_some(source)
        },
        ods::arith::ConstantOperation => {
            let attribute = crate::ir::constant_attribute(&op)?;
            let elements = crate::types::dense_elements(attribute, shape)?;
            let flat = at.iter().zip(shape).fold(0usize, |n, (a, d)| n * (*d as usize) + *a as usize);
            let lane = crate::types::int_value(*elements.get(flat)?)?;
            Some(e.index(lane))
        },
        ods::arith::AddIOperation => Some(e.add(lane(operand(0)?)?, lane(operand(1)?)?)),
        ods::arith::SubIOperation => Some(e.sub(lane(operand(0)?)?, lane(operand(1)?)?)),
        ods::arith::MulIOperation => Some(e.mul(lane(operand(0)?)?, lane(operand(1)?)?)),
        _ => None,
    })
}

/// The sub-vector of `value` at the leading coordinates `coords` (the
/// value itself for none).
pub fn extract_row<'c>(e: &Emitter<'c>, value: Val, coords: &[i64]) -> Val {
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
    e.vector_extract(value, coords)
}

/// `dest` with its lane or sub-vector at `coords` set to `value`.
pub fn insert<'c>(e: &Emitter<'c>, value: Val, dest: Val, coords: &[i64]) -> Val {
    e.vector_insert(value, dest, coords)
}

/// Whether any lane of the mask `m` is set: the lanes or-ed one by one
/// (every backend takes scalar ors; not all take an `i1` reduction).
pub fn any_lane(e: &Emitter<'_>, m: Val) -> Val {
    let shape = shape_of(type_of(m)).unwrap_or_default();
    (0..count(&shape))
        .map(|l| extract(e, m, &unflatten(&shape, l)))
        .reduce(|a, b| e.ori(a, b))
        .expect("a mask has lanes")
}

/// `a op b` on scalars or lanes (a scalar is broadcast to the other's
/// lanes); `op` one of the [`Emitter`]'s binary builders (`Emitter::addi`).
pub fn lanewise<'c>(e: &Emitter<'c>, op: fn(&Emitter<'c>, Val, Val) -> Val, a: Val, b: Val) -> Val {
    match shape_of(type_of(a)).or_else(|| shape_of(type_of(b))) {
        None => op(e, a, b),
        Some(s) => op(e, splat(e, a, &s), splat(e, b, &s)),
    }
}

/// `a && b` on `i1`s or lanes of them (folded on scalar constants).
pub fn and_lanes(e: &Emitter<'_>, a: Val, b: Val) -> Val {
    match is_vector(a) || is_vector(b) {
        true => lanewise(e, Emitter::andi, a, b),
        false => e.and(a, b),
    }
}

/// `arith.cmpi` on scalars or lanes.
pub fn cmpi_lanes(e: &Emitter<'_>, predicate: i64, a: Val, b: Val) -> Val {
    let Some(shape) = shape_of(type_of(a)).or_else(|| shape_of(type_of(b))) else {
        return e.cmpi(predicate, a, b);
    };
    let (a, b) = (splat(e, a, &shape), splat(e, b, &shape));
    e.cmpi_unfolded(predicate, a, b)
}

/// `sum(coeff * arg) + constant` over the current loop values.
pub fn affine_value(e: &Emitter<'_>, affine: &Affine, args: &[Val]) -> Val {
    let mut value = e.index(affine.constant);
    for &(arg, coeff) in &affine.terms {
        let term = if coeff == 1 {
            args[arg]
        } else {
            e.mul(args[arg], e.index(coeff))
        };
        value = e.add(value, term);
    }
    value
}

/// `affine(args)` where some arguments are vectors of lanes.
pub fn affine_lanes(e: &Emitter<'_>, affine: &Affine, args: &[Val]) -> Val {
    let vector = affine
        .terms
        .iter()
        .find(|(a, c)| *c != 0 && is_vector(args[*a]))
        .map(|(a, _)| type_of(args[*a]));
    let Some(ty) = vector else {
        return affine_value(e, affine, args);
    };
    let shape = shape_of(ty).expect("a vector");
    let mut value = splat(e, e.index(affine.constant), &shape);
    for &(arg, coeff) in &affine.terms {
        let x = splat(e, args[arg], &shape);
        let term = if coeff == 1 {
            x
        } else {
            e.muli(x, splat(e, e.index(coeff), &shape))
        };
        value = e.addi(value, term);
    }
    value
}
