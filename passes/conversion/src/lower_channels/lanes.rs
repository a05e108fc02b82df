//! Lane matching across a channel (vectorization.md, "Match data length"):
//! a reader whose vector is longer or shorter than the channel's values.
//!
//! - A read of `k * n` lanes from a channel of `n`-lane values (a scalar is
//!   one lane) takes `k` values and concatenates them.
//! - A read of `n / k` lanes takes the `k` slices of each value in turn: one
//!   value feeds `k` reads, and no lane is dropped (the design README's
//!   decision). The reader keeps, per channel element, the value it is
//!   slicing and which slice comes next.
//!
//! - A write of `n / k` lanes fills the `k` slices of a value in turn; the
//!   value is sent with its last slice.
//!
//! The verifiers (`channel.read`, `channel.write`) admit only these cases.

use melior::ir::Type;
use t2s_ir::emit::Emitter;
use t2s_ir::handle::Val;

/// The element type and lane count of a scalar (1 lane) or 1-D vector.
pub fn lanes<'c>(ty: Type<'c>) -> Option<(Type<'c>, i64)> {
    if !t2s_ir::types::is_vector(ty) {
        return Some((ty, 1));
    }
    match t2s_ir::types::shape(ty)?.as_slice() {
        [lanes] => Some((t2s_ir::types::element(ty), *lanes)),
        _ => None,
    }
}

/// `parts` (each of `part` type, `n` lanes) concatenated into `whole`,
/// with ops that lower straight to LLVM (`vector.from_elements`,
/// `vector.shuffle`).
pub fn concatenate<'c>(e: &Emitter<'c>, parts: &[Val], part: Type<'c>, whole: Type<'c>) -> Val {
    if !is_vector(part) {
        return e.from_elements(parts, whole);
    }
    let (_, n) = lanes(part).expect("lanes");
    let mut acc = parts[0];
    for (j, p) in parts.iter().enumerate().skip(1) {
        let m = j as i64 * n;
        let mask: Vec<i64> = (0..m + n).collect();
        acc = e.shuffle(acc, *p, &mask);
    }
    acc
}

/// Slice `j` (of `slice` type) of `value` (of `whole` type).
pub fn slice<'c>(e: &Emitter<'c>, value: Val, whole: Type<'c>, slice: Type<'c>, j: i64) -> Val {
    let _ = whole;
    if !is_vector(slice) {
        return e.vector_extract(value, &[j]);
    }
    let (_, n) = lanes(slice).expect("lanes");
    let mask: Vec<i64> = (j * n..(j + 1) * n).collect();
    e.shuffle(value, value, &mask)
}

fn is_vector(ty: Type<'_>) -> bool {
    t2s_ir::types::is_vector(ty)
}

/// The slice of `value` that `counter` (an index in `[0, k)`) selects.
pub fn select_slice<'c>(
    e: &Emitter<'c>,
    value: Val,
    whole: Type<'c>,
    part: Type<'c>,
    counter: Val,
    k: i64,
) -> Val {
    if !is_vector(part) {
        return e.vector_extract_at(value, counter);
    }
    let mut acc = slice(e, value, whole, part, 0);
    for j in 1..k {
        let this = slice(e, value, whole, part, j);
        let is = e.cmpi(t2s_ir::emit::CMPI_EQ, counter, e.index(j));
        acc = e.select(is, this, acc);
    }
    acc
}

/// `whole` with slice `counter` (an index in `[0, k)`) replaced by `part`.
pub fn insert_slice(e: &Emitter<'_>, whole: Val, part: Val, counter: Val, k: i64) -> Val {
    if !is_vector(part.r#type()) {
        return e.vector_insert_at(part, whole, counter);
    }
    let (_, n) = lanes(part.r#type()).expect("lanes");
    let mut acc = whole;
    for j in 0..k {
        // Lanes of slice `j` from `part` (numbered after `whole`'s), the
        // others from `whole`.
        let h = n * k;
        let mask: Vec<i64> = (0..h)
            .map(|l| if l / n == j { h + l - j * n } else { l })
            .collect();
        let this = e.shuffle(whole, part, &mask);
        let is = e.cmpi(t2s_ir::emit::CMPI_EQ, counter, e.index(j));
        acc = e.select(is, this, acc);
    }
    acc
}
