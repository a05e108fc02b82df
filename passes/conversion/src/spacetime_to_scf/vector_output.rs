//! Vector output stores in `spacetime-to-scf`: a `spacetime.output` of a
//! vectorized array whose last index walks the last lane dimension with
//! stride 1, and whose other indices stay put along it, stores each row of
//! lanes (a 1-D vector) at once: `vector.store`, or `vector.maskedstore`
//! under the row's mask. When the output drops loops ("last write wins"),
//! the row's stamps are loaded, compared with the row's ranks and stored
//! lane-wise too, the compare folded into the store's mask.
//!
//! The lanes of a row write distinct elements, so storing them at once is
//! storing them in lane order; rows are stored one after another, in row
//! order, as the lane-by-lane store of `spacetime_output.rs` does. The
//! pattern is read off the `recover` rows before the rewrite. The last
//! index must be proven inside the output over the box of coordinates (a
//! masked-off lane must still address the buffer); another index out of
//! the proof is checked once per row. A store on behalf of another PE (a
//! gather's end PE, `at`) qualifies when its point is one of the array's
//! and its lanes the PE's own. Anything else (indices computed by the PE,
//! elements LLVM packs into bits) keeps the lane-by-lane store.

use crate::spacetime_to_scf::lowered::in_range;
use crate::spacetime_to_scf::lowered::Lowered;
use crate::spacetime_to_scf::vector::{byte_sized, coefficient, lane_coords, lanewise};
use melior::ir::operation::OperationRef;
use std::collections::HashMap;
use t2s_ir::array::ArrayInfo;
use t2s_ir::diag::OrInternal;
use t2s_ir::emit::Emitter;
use t2s_ir::guard::recovered_at;
use t2s_ir::handle::{Op, Val};
use t2s_ir::lanes::{self, element_of, shape_of, type_of};
use t2s_ir::ods;
use t2s_ir::ops::spacetime::{output_parts, OutputParts};
use t2s_ir::ops::ure::ElementBound;
use t2s_ir::pass::Failed;

/// A `spacetime.output` stored row by row: per index, whether it is
/// proven inside its output dimension, and whether the lanes of a row are
/// scattered (they are not consecutive in the output).
pub struct VectorStore {
    proven: Vec<bool>,
    scatter: bool,
}

/// The `spacetime.output`s among `ops` (before the rewrite) whose rows of
/// lanes can be stored at once.
pub fn vector_stores(
    ops: &[Op],
    info: &ArrayInfo,
    lowered: &Lowered<'_>,
    coords: &[Val],
) -> HashMap<usize, VectorStore> {
    let mut found = HashMap::new();
    let lane_coords = lane_coords(info);
    // A staged output (GPU) is stored lane by lane into the block's box,
    // which its threads then write out together. An output laid out other
    // than row-major is stored lane by lane too.
    if lane_coords.is_empty()
        || lowered.output_tile.is_some()
        || !lowered.output.layout.is_row_major()
    {
        return found;
    }
    let box_ranges = info.box_ranges();
    for op in ops {
        let r = op.op();
        if !ods::is(&r, ods::spacetime::OutputOperation::name()) {
            continue;
        }
        match row_store(
            op,
            info,
            &lowered.output.bounds,
            &lane_coords,
            &box_ranges,
            coords,
        ) {
            Some(store) => {
                tracing::debug!(target: "t2s", proven = ?store.proven, "output stored by rows of lanes");
                found.insert(op.key(), store);
            }
            None => tracing::debug!(target: "t2s", "output stored lane by lane"),
        }
    }
    found
}

/// The analysis of one output: `None` unless every row can be one store.
fn row_store(
    op: &Op,
    info: &ArrayInfo,
    bounds: &[ElementBound],
    lane_coords: &[usize],
    box_ranges: &[Option<(i64, i64)>],
    coords: &[Val],
) -> Option<VectorStore> {
    let OutputParts {
        values,
        indices,
        mask,
        at,
    } = output_parts(&op.op());
    if indices.is_empty() || indices.len() != bounds.len() {
        return None;
    }
    // A store on behalf of another PE (a gather's end PE): its point must
    // lie in the array's box, its lanes be the PE's own.
    if !at.is_empty() && !at_in_box(op, info, &at, coords) {
        return None;
    }
    let shape = shape_of(type_of(*values.first()?))?;
    if shape.len() != lane_coords.len() {
        return None;
    }
    let same_shape = |v: &Val| shape_of(type_of(*v)).as_ref() == Some(&shape);
    if !values.iter().chain(&mask).all(same_shape)
        || !values.iter().all(|v| byte_sized(element_of(type_of(*v))))
    {
        return None;
    }
    let last_lane = lane_coords.len() - 1;
    let last = indices.len() - 1;
    let mut proven = Vec::new();
    let mut consecutive = true;
    let mut moves = false;
    for (d, index) in indices.iter().enumerate() {
        let stride_along_row = if lanes::is_vector(*index) {
            let l = recovered_at(*index, &at)?;
            coefficient(&info.recover[l], lane_coords[last_lane])
        } else {
            0
        };
        consecutive &= stride_along_row == i64::from(d == last);
        moves |= stride_along_row != 0;
        // Inside the output's dimension d.
        let b = &bounds[d];
        let inside = |(lo, hi): (i64, i64)| {
            b.extent
                .as_const()
                .is_some_and(|n| lo >= b.min && hi < b.min.saturating_add(n))
        };
        let range = recovered_at(*index, &at).and_then(|l| box_ranges.get(l).copied().flatten());
        proven.push(range.is_some_and(inside));
    }
    if consecutive && proven[last] {
        return Some(VectorStore {
            proven,
            scatter: false,
        });
    }
    // The lanes of a row address distinct elements: one scatter.
    moves.then_some(VectorStore {
        proven,
        scatter: true,
    })
}

/// Whether the point `at` of a store lies in the array's box of
/// coordinates: each coordinate the PE's own (`coords`, in the lowered
/// PE), or the variable of an enclosing `scf.for` whose bounds stay inside
/// that coordinate's range (a gather's count loop: from the PE's own
/// coordinate or a constant, to a constant or the PE's own plus one).
fn at_in_box(op: &Op, info: &ArrayInfo, at: &[Val], coords: &[Val]) -> bool {
    let bounds: Vec<&t2s_ir::array::Bound> = info.time.iter().chain(&info.space).collect();
    if at.len() != coords.len() || at.len() != bounds.len() {
        return false;
    }
    at.iter().zip(coords).zip(&bounds).all(|((a, own), b)| {
        *a == *own
            || b.extent.as_const().is_some_and(|n| {
                count_loop_of(op, *a).is_some_and(|(lower, upper)| {
                    let lower_ok = lower == *own || constant_of(lower).is_some_and(|c| c >= b.min);
                    let upper_ok = constant_of(upper).is_some_and(|c| c <= b.min + n)
                        || is_plus_one(upper, *own);
                    lower_ok && upper_ok
                })
            })
    })
}

/// The bounds of the `scf.for` (step 1) enclosing `op` whose induction
/// variable `iv` is.
fn count_loop_of(op: &Op, iv: Val) -> Option<(Val, Val)> {
    use melior::ir::block::BlockLike;
    use melior::ir::operation::OperationLike;
    use melior::ir::RegionLike;
    use t2s_ir::handle::AsVal;
    let mut parent = op.op().parent_operation();
    while let Some(p) = parent {
        if ods::is(&p, ods::scf::ForOperation::name()) {
            let var = p
                .region(0)
                .ok()
                .and_then(|r| r.first_block())
                .and_then(|b| b.argument(0).ok())
                .map(|a| a.val());
            if var == Some(iv) {
                let step = p.operand(2).ok()?.val();
                return (constant_of(step) == Some(1))
                    .then(|| Some((p.operand(0).ok()?.val(), p.operand(1).ok()?.val())))?;
            }
        }
        parent = p.parent_operation();
    }
    None
}

fn constant_of(v: Val) -> Option<i64> {
    let op = v.defining_op()?.op();
    ods::is(&op, ods::arith::ConstantOperation::name())
        .then(|| t2s_ir::ir::int(&op, "value"))
        .flatten()
}

/// `v` is `own + 1`.
fn is_plus_one(v: Val, own: Val) -> bool {
    use melior::ir::operation::OperationLike;
    use t2s_ir::handle::AsVal;
    v.defining_op().is_some_and(|d| {
        let d = d.op();
        ods::is(&d, ods::arith::AddIOperation::name())
            && d.operand(0).is_ok_and(|x| x.val() == own)
            && d.operand(1).is_ok_and(|y| constant_of(y.val()) == Some(1))
    })
}

/// Lowers one `spacetime.output` found by `vector_stores`, row by row.
pub fn store_rows(
    e: &Emitter<'_>,
    op: &OperationRef<'_, '_>,
    store: &VectorStore,
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
    // A PE storing on behalf of another one: the ranks are that one's.
    let at_recovered: Vec<Val>;
    let recovered = if at.is_empty() {
        recovered
    } else {
        at_recovered = crate::spacetime_to_scf::lowered::recover_at(e, info, &at);
        &at_recovered
    };
    let shape = shape_of(type_of(*values.first().or_internal("a first element")?))
        .or_internal("a vector or scalar type of static shape")?;
    let rank = stamps.map(|_| rank_lanes(e, info, recovered, lowered));
    let rows = &shape[..shape.len() - 1];
    if store.scatter {
        let first = *lowered.outputs.first().or_internal("a first element")?;
        let dims = t2s_ir::vector_indexed::dims(e, first);
        for row in 0..lanes::count(rows) {
            let at = lanes::unflatten(rows, row);
            let pick = |v: &Val| lanes::extract_row(e, *v, &at);
            let row_indices: Vec<Val> = indices.iter().map(pick).collect();
            let row_values: Vec<Val> = values.iter().map(pick).collect();
            let row_mask = mask.map(|m| pick(&m));
            let row_rank = rank.map(|r| pick(&r));
            let row = Row {
                values: &row_values,
                indices: &row_indices,
                mask: row_mask,
                lanes: shape[shape.len() - 1],
                dims: &dims,
            };
            scatter_row(e, &row, store, info, lowered, stamps.zip(row_rank));
        }
        return Ok(());
    }
    for row in 0..lanes::count(rows) {
        let at = lanes::unflatten(rows, row);
        let mut first = at.clone();
        first.push(0);
        let (point, inside) = row_point(e, &indices, store, lowered, &first);
        let guard = inside.map(|c| e.if_then(c));
        let inner = guard.map_or(*e, |g| e.at(g));
        let row_mask = mask.map(|m| lanes::extract_row(&inner, m, &at));
        let row_values: Vec<Val> = values
            .iter()
            .map(|v| lanes::extract_row(&inner, *v, &at))
            .collect();
        let row_rank = rank.map(|r| lanes::extract_row(&inner, r, &at));
        store_row(
            &inner,
            &row_values,
            &lowered.outputs,
            &point,
            row_mask,
            stamps.zip(row_rank),
        );
        if let Some(g) = guard {
            e.finish_scf_block(g);
        }
    }
    Ok(())
}

/// The element a row's first lane stores at (from the output's minima),
/// and whether it lies inside the output where that is not proven.
fn row_point(
    e: &Emitter<'_>,
    indices: &[Val],
    store: &VectorStore,
    lowered: &Lowered<'_>,
    first: &[i64],
) -> (Vec<Val>, Option<Val>) {
    let mut point = Vec::new();
    let mut inside = None;
    for (d, (index, b)) in indices.iter().zip(&lowered.output.bounds).enumerate() {
        let base = lanes::extract(e, *index, first);
        if !store.proven[d] {
            let ok = in_range(e, base, b.min, lowered.output_extents[d]);
            inside = Some(match inside {
                None => ok,
                Some(a) => e.and(a, ok),
            });
        }
        point.push(e.sub(base, e.index(b.min)));
    }
    (point, inside)
}

/// One row of lanes of an output: its values, indices (lanes or
/// scalars), mask and lane count, and the output buffers' sizes.
struct Row<'a> {
    values: &'a [Val],
    indices: &'a [Val],
    mask: Option<Val>,
    lanes: i64,
    dims: &'a [Val],
}

/// Stores one row of lanes whose elements are not consecutive: a
/// `vector.scatter` at each lane's linear position, under the row's mask
/// and, for an index not proven inside, the lane's range check. With
/// stamps, a `vector.gather` of the stamps first, as `store_row` does.
fn scatter_row(
    e: &Emitter<'_>,
    row: &Row<'_>,
    store: &VectorStore,
    _info: &ArrayInfo,
    lowered: &Lowered<'_>,
    stamps: Option<(Val, Val)>,
) {
    use t2s_ir::vector_indexed as indexed;
    let shape = [row.lanes];
    let mut on = row.mask;
    let mut point = Vec::new();
    for (d, (index, b)) in row.indices.iter().zip(&lowered.output.bounds).enumerate() {
        if !store.proven[d] {
            let ok = lanes::splat(
                e,
                in_range(e, *index, b.min, lowered.output_extents[d]),
                &shape,
            );
            on = Some(match on {
                None => ok,
                Some(m) => lanes::and_lanes(e, m, ok),
            });
        }
        point.push(lanewise(e, Emitter::subi, *index, e.index(b.min)));
    }
    let positions = lanes::splat(e, indexed::linear_lanes(e, &point, row.dims), &shape);
    let on = on.unwrap_or_else(|| indexed::all_on(e, &shape));
    let positions = indexed::position_or_zero(e, on, positions);
    let on = match stamps {
        None => on,
        Some((stamps, rank)) => {
            // A lane that is off reads its own rank, which is not later.
            let previous = indexed::gather(e, stamps, positions, on, rank);
            let later = crate::spacetime_to_scf::vector::cmpi_lanes(e, 4, rank, previous); // sgt
            indexed::scatter(e, stamps, positions, later, rank);
            later
        }
    };
    for (value, buffer) in row.values.iter().zip(&lowered.outputs) {
        indexed::scatter(e, *buffer, positions, on, *value);
    }
}

/// Each lane's point, ranked in loop order (what the stamps keep).
fn rank_lanes(e: &Emitter<'_>, info: &ArrayInfo, recovered: &[Val], lowered: &Lowered<'_>) -> Val {
    let mut rank = e.index(0);
    for ((value, l), extent) in recovered.iter().zip(&info.loops).zip(&lowered.loop_extents) {
        let offset = lanewise(e, Emitter::subi, *value, e.index(l.min));
        rank = lanewise(
            e,
            Emitter::addi,
            lanewise(e, Emitter::muli, rank, *extent),
            offset,
        );
    }
    rank
}

/// Stores one row of lanes at `point`: under `mask`, and, with stamps,
/// only the lanes whose rank is later than their element's stamp.
fn store_row(
    e: &Emitter<'_>,
    values: &[Val],
    buffers: &[Val],
    point: &[Val],
    mask: Option<Val>,
    stamps: Option<(Val, Val)>,
) {
    let at = |buffer: Val| -> Vec<Val> {
        let mut operands = vec![buffer];
        operands.extend_from_slice(point);
        operands
    };
    let mask = match stamps {
        None => mask,
        Some((stamps, rank)) => {
            let ty = type_of(rank);
            // A masked-off lane reads its own rank, which is not later.
            let previous = match mask {
                Some(m) => {
                    let at = at(stamps);
                    e.masked_load(at[0], &at[1..], m, rank)
                }
                None => {
                    let at = at(stamps);
                    e.vector_load(ty, at[0], &at[1..])
                }
            };
            let later = crate::spacetime_to_scf::vector::cmpi_lanes(e, 4, rank, previous); // sgt
            masked_store(e, rank, &at(stamps), Some(later));
            Some(later)
        }
    };
    for (value, buffer) in values.iter().zip(buffers) {
        masked_store(e, *value, &at(*buffer), mask);
    }
}

/// `vector.maskedstore` under `mask`, `vector.store` without one.
fn masked_store(e: &Emitter<'_>, value: Val, at: &[Val], mask: Option<Val>) {
    match mask {
        Some(m) => {
            e.masked_store(at[0], &at[1..], m, value);
        }
        None => {
            e.vector_store(value, at[0], &at[1..]);
        }
    }
}
