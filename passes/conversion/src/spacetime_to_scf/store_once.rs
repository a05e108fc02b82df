//! Whether the output's stores are a bijection onto its elements, so that
//! the lowering needs neither the last-write stamps nor the zero fill
//! (docs/passes/spacetime-to-scf.md, "Output stores").
//!
//! One `spacetime.output` whose indices are recovered loop indices, each a
//! different loop spanning exactly the output's dimension, and every other
//! loop of the array fixed to one value by the `scf.if` conditions around
//! the store, which say nothing else (each conjunct is `loop == c`, `c` a
//! constant inside the loop's bounds or the last value `@P - 1` of a loop
//! `0 extent @P`, or `spacetime.scheduled`): every point that stores
//! stores a different element, and every element of the output's box is
//! stored once (each point of the nest runs once). A GEMM storing
//! `c(i, j)` where `k == K - 1` is one.

use t2s_ir::array::ArrayInfo;
use t2s_ir::guard::{enclosing_array, guard_of, recovered_at};
use t2s_ir::ops::spacetime::{OutputOp, OutputParts};
use t2s_ir::ops::ure::ElementBound;
use t2s_ir::ops::View;

/// How the output's elements are stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stores {
    /// Each element at most once, and every element of the box.
    Bijection,
    /// Each element at most once (the store's indices are all the loops).
    AtMostOnce,
    /// Possibly several times: "last write wins" needs stamps.
    Several,
}

/// `bounds` are the output's element bounds (its Func's declaration).
pub fn stores(stores: &[OutputOp<'_, '_>], bounds: &[ElementBound]) -> Stores {
    let [store] = stores else {
        return Stores::Several;
    };
    let OutputParts {
        indices, at, mask, ..
    } = store.parts();
    let Some(array) = enclosing_array(store.op()) else {
        return Stores::Several;
    };
    let Ok(info) = ArrayInfo::read(&array) else {
        return Stores::Several;
    };
    let mut loops: Vec<usize> = Vec::new();
    for index in &indices {
        match recovered_at(*index, &at) {
            Some(l) if !loops.contains(&l) => loops.push(l),
            _ => return Stores::Several,
        }
    }
    let spans_box = loops.len() == bounds.len()
        && loops.iter().zip(bounds).all(|(&l, b)| {
            let lp = &info.loops[l];
            lp.min == b.min && lp.extent == b.extent
        });
    let Some(mut guard) = guard_of(store.op(), &info, &at) else {
        return Stores::Several;
    };
    if let Some(mask) = mask {
        guard.and(mask, &info, &at);
    }
    let fixed = guard.fixed_loops();
    let is_fixed = |l: usize| guard.fixed.iter().any(|(f, _)| *f == l);
    // A loop that does not index the output is fixed, so no two points
    // store one element.
    let at_most_once = (0..info.loops.len()).all(|l| loops.contains(&l) || is_fixed(l));
    // And every element is stored when nothing else restricts the points:
    // every other loop fixed to one value, none that indexes the output.
    let every_element = spans_box
        && !guard.restricts_more
        && fixed.is_some_and(|fixed| {
            (0..info.loops.len()).all(|l| fixed.contains(&l) != loops.contains(&l))
        });
    match (at_most_once, every_element) {
        (true, true) => Stores::Bijection,
        (true, false) => Stores::AtMostOnce,
        (false, _) => Stores::Several,
    }
}
