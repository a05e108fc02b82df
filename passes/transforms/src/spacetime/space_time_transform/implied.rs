//! The transform a program without `ure.space_time_transform` asks for
//! through its other directives: the loops `ure.vectorize` and `ure.unroll`
//! name are the space loops (T2S's `unroll(i).unroll(j)` without a
//! space-time transform builds those loops as PEs).

use super::Request;
use melior::ir::operation::OperationRef;
use t2s_ir::ops::ure::{UnrollOp, VectorizeOp};
use t2s_model::spacetime::{NestLoop, TransformSpec};

/// Without a space-time directive, the loops that `ure.vectorize` and
/// `ure.unroll` directives on `rep` name are the space loops (no scheduling
/// vector: every PE of a time step at once, which is what a vector of them
/// computes and what T2S's unrolled loops build). Vectorized loops alone
/// keep their directives' order; with unrolled ones the loops go innermost
/// first, as the nest has them.
pub(super) fn directives_as_space<'c>(
    program: &OperationRef<'c, '_>,
    rep: &str,
    loops: &[NestLoop],
) -> Option<Request<'c>> {
    let vectorized: Vec<VectorizeOp> = t2s_ir::ops::children::<VectorizeOp>(program)
        .into_iter()
        .filter(|d| d.func() == rep)
        .collect();
    let unrolled: Vec<UnrollOp> = t2s_ir::ops::children::<UnrollOp>(program)
        .into_iter()
        .filter(|d| d.func() == rep)
        .collect();
    let mut space: Vec<String> = vectorized.iter().flat_map(|d| d.loops()).collect();
    let (location, what) = match (vectorized.first(), unrolled.first()) {
        (Some(v), None) => (v.location(), "vectorized"),
        (None, Some(u)) => (u.location(), "unrolled"),
        (Some(_), Some(u)) => (u.location(), "unrolled and vectorized"),
        (None, None) => return None,
    };
    if !unrolled.is_empty() {
        space.extend(unrolled.iter().flat_map(|d| d.loops()));
        space.dedup();
        let position = |l: &String| loops.iter().position(|n| &n.name == l);
        space.sort_by_key(|l| std::cmp::Reverse(position(l)));
        space.dedup();
    }
    t2s_ir::diag::remark(
        location,
        format!(
            "no ure.space_time_transform: the {what} loops ({}) become the space loops",
            space.join(", ")
        ),
    );
    Some(Request {
        spec: TransformSpec {
            space,
            vector: None,
            check_time: false,
        },
        location,
        from_options: false,
    })
}
