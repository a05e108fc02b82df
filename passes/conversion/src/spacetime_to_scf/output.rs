//! `spacetime.output` in the lowering of `spacetime-to-scf`: a store into
//! the output buffer that keeps, when the output drops loops, the point
//! last in loop order ("last write wins"). A vector store (vectorized
//! array) stores its lanes one by one, in lane order, each under its lane
//! of the mask.

use crate::spacetime_to_scf::lowered::in_range;
use crate::spacetime_to_scf::lowered::Lowered;
use melior::ir::operation::OperationRef;
use t2s_ir::array::ArrayInfo;
use t2s_ir::emit::Emitter;
use t2s_ir::handle::Val;
use t2s_ir::lanes::{self, is_vector, shape_of, type_of};
use t2s_ir::ops::spacetime::{output_parts, OutputParts};
use t2s_ir::pass::Failed;

/// Lowers one `spacetime.output`.
pub fn output(
    e: &Emitter<'_>,
    op: &OperationRef<'_, '_>,
    info: &ArrayInfo,
    recovered: &[Val],
    lowered: &Lowered<'_>,
    stamps: Option<Val>,
) -> Result<(), Failed> {
    let OutputParts {
        values,
        indices,
        mask,
        at,
    } = output_parts(op);
    // A PE storing on behalf of another one: "last write wins" compares
    // that one's point.
    let at_recovered: Vec<Val>;
    let recovered = if at.is_empty() {
        recovered
    } else {
        at_recovered = crate::spacetime_to_scf::lowered::recover_at(e, info, &at);
        &at_recovered
    };
    let shape = values
        .iter()
        .chain(&indices)
        .chain(mask.iter())
        .find_map(|v| shape_of(type_of(*v)));
    let Some(shape) = shape else {
        return store_point(e, &values, &indices, info, recovered, lowered, stamps);
    };
    for l in 0..lanes::count(&shape) {
        let at = lanes::unflatten(&shape, l);
        let pick = |v: &Val| lanes::extract(e, *v, &at);
        let (vs, is): (Vec<_>, Vec<_>) = (
            values.iter().map(pick).collect(),
            indices.iter().map(pick).collect(),
        );
        let rec: Vec<Val> = recovered
            .iter()
            .map(|r| if is_vector(*r) { pick(r) } else { *r })
            .collect();
        match mask {
            Some(m) => {
                let then = e.if_then(lanes::extract(e, m, &at));
                store_point(&e.at(then), &vs, &is, info, &rec, lowered, stamps)?;
                e.finish_scf_block(then);
            }
            None => store_point(e, &vs, &is, info, &rec, lowered, stamps)?,
        }
    }
    Ok(())
}

/// Stores the output values of one point, kept only if the point is the
/// last in loop order to write the element so far (when the output drops
/// loops); a store outside the output is dropped.
fn store_point(
    e: &Emitter<'_>,
    values: &[Val],
    indices: &[Val],
    info: &ArrayInfo,
    recovered: &[Val],
    lowered: &Lowered<'_>,
    stamps: Option<Val>,
) -> Result<(), Failed> {
    let mut point = Vec::new();
    let mut inside = None;
    for (d, index) in indices.iter().enumerate() {
        let b = &lowered.output.bounds[d];
        let ok = in_range(e, *index, b.min, lowered.output_extents[d]);
        inside = Some(match inside {
            None => ok,
            Some(a) => e.and(a, ok),
        });
        point.push(e.sub(*index, e.index(b.min)));
    }
    let mut inner = *e;
    let mut blocks = Vec::new();
    if let Some(inside) = inside {
        let then = inner.if_then(inside);
        blocks.push((inner, then));
        inner = inner.at(then);
    }
    if let Some(stamps) = stamps {
        let mut rank = inner.index(0);
        for ((value, l), extent) in recovered.iter().zip(&info.loops).zip(&lowered.loop_extents) {
            let offset = inner.sub(*value, inner.index(l.min));
            rank = inner.add(inner.mul(rank, *extent), offset);
        }
        let previous = inner.load(stamps, &point, inner.index_type());
        let later = inner.cmpi(4, rank, previous); // sgt
        let then = inner.if_then(later);
        blocks.push((inner, then));
        inner = inner.at(then);
        inner.store(rank, stamps, &point);
    }
    match &lowered.output_tile {
        Some(tile) => tile.store(&inner, values, &point),
        None => {
            let at = lowered.output.at(&point);
            for (value, buffer) in values.iter().zip(&lowered.outputs) {
                inner.store(*value, *buffer, &at);
            }
        }
    }
    for (outer, then) in blocks.into_iter().rev() {
        outer.finish_scf_block(then);
    }
    Ok(())
}
