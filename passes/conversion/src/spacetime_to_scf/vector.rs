//! Vectorized arrays in the lowering of `spacetime-to-scf`: the lanes of a
//! vectorized space loop are the lanes of `vector` values.
//!
//! - recovered indices and `spacetime.scheduled` are computed lane-wise
//!   from the coordinates (a vectorized coordinate is a constant ramp);
//! - a `ure.load` of a vector is, from the pattern of its indices over the
//!   lanes (read off the array's `recover` map before the rewrite): one
//!   `vector.load` per row of lanes where the last index walks the last lane
//!   dimension with stride 1 and every lane is proven inside the input, else
//!   a gather of clamped scalar loads;
//! - reads across a vectorized loop shift lanes (`vector.shuffle`);
//! - output stores of rows of lanes are `spacetime_vector_output.rs`.

use crate::spacetime_to_scf::lowered::Lowered;
use melior::ir::{
    operation::{OperationLike, OperationRef},
    Type, ValueLike,
};
use std::collections::HashMap;
use t2s_ir::array::recovered_loop;
use t2s_ir::array::ArrayInfo;
use t2s_ir::diag::OrInternal;
use t2s_ir::emit::Emitter;
use t2s_ir::handle::{AsVal, Op, Val};
use t2s_ir::ir::OpAccess;
use t2s_ir::lanes::{self, element_of, is_vector, shape_of, splat, type_of};
use t2s_ir::ods;
use t2s_ir::pass::Failed;
use t2s_model::Affine;

pub use t2s_ir::lanes::{affine_lanes, cmpi_lanes, lanewise};

/// The lane pattern of each index of a vector `ure.load`: per index, its
/// stride along each lane dimension, when every vector operand is a
/// recovered index (whose `recover` row says how it moves across lanes).
pub type Strides = Vec<Vec<i64>>;

/// What the lowering needs of a vector `ure.load`, read before the rewrite.
pub struct VectorLoad {
    pub strides: Option<Strides>,
    /// Each operand's range: from the guard (`spacetime.scheduled`), else
    /// over the box of coordinates for a recovered index.
    pub ranges: Vec<Option<(i64, i64)>>,
}

/// The vector `ure.load`s among `ops` (before the rewrite).
pub fn vector_loads(
    ops: &[Op],
    info: &ArrayInfo,
    guarded: &HashMap<usize, Vec<Option<(i64, i64)>>>,
) -> HashMap<usize, VectorLoad> {
    let mut found = HashMap::new();
    if !info.space.iter().any(|s| s.vectorized) {
        return found;
    }
    let box_ranges = info.box_ranges();
    let lane_coords = lane_coords(info);
    for op in ops {
        let r = op.op();
        if !ods::is(&r, ods::ure::LoadOperation::name())
            || !r.result_at(0).is_some_and(|x| is_vector(x.val()))
        {
            continue;
        }
        let operands: Vec<Val> = r.operands().map(|v| v.val()).collect();
        let loops: Vec<Option<usize>> = operands.iter().map(|v| recovered_loop(*v)).collect();
        let guard = guarded.get(&{ op.key() });
        let ranges = loops
            .iter()
            .enumerate()
            .map(|(i, l)| {
                guard
                    .and_then(|g| g.get(i).copied().flatten())
                    .or_else(|| box_ranges.get((*l)?).copied().flatten())
            })
            .collect();
        // Per operand: its stride along each lane dimension.
        let per_operand: Option<Vec<Vec<i64>>> = operands
            .iter()
            .zip(&loops)
            .map(|(v, l)| {
                if !is_vector(*v) {
                    return Some(vec![0; lane_coords.len()]);
                }
                let row = &info.recover[(*l)?];
                Some(lane_coords.iter().map(|c| coefficient(row, *c)).collect())
            })
            .collect();
        let rows = t2s_ir::quasi::quasi_map_rows(&r, "map")
            .ok()
            .and_then(|rows| {
                rows.into_iter()
                    .map(|q| q.as_affine().cloned())
                    .collect::<Option<Vec<Affine>>>()
            });
        let strides = match (per_operand, rows) {
            (Some(per_operand), Some(rows)) => Some(
                rows.iter()
                    .map(|row| {
                        (0..lane_coords.len())
                            .map(|k| row.terms.iter().map(|(a, c)| c * per_operand[*a][k]).sum())
                            .collect()
                    })
                    .collect(),
            ),
            _ => None,
        };
        found.insert(op.key(), VectorLoad { strides, ranges });
    }
    found
}

/// The coordinate (among time, then space) of each lane dimension: the
/// vectorized space loops, in order.
pub(crate) fn lane_coords(info: &ArrayInfo) -> Vec<usize> {
    info.space
        .iter()
        .enumerate()
        .filter(|(_, s)| s.vectorized)
        .map(|(d, _)| info.time.len() + d)
        .collect()
}

pub(crate) fn coefficient(row: &Affine, var: usize) -> i64 {
    row.terms
        .iter()
        .find(|(v, _)| *v == var)
        .map_or(0, |(_, c)| *c)
}

/// A load of one element per lane: contiguous rows where the pattern and
/// the proven ranges allow, a gather of clamped loads otherwise.
pub fn load_lanes(
    e: &Emitter<'_>,
    op: &OperationRef<'_, '_>,
    lowered: &Lowered<'_>,
    strides: Option<&Strides>,
    in_bounds: bool,
) -> Result<Val, Failed> {
    let name = t2s_ir::ops::ure::input_of(op);
    let args: Vec<Val> = op.operands().map(|v| v.val()).collect();
    let ty = op.result(0).or_internal("a result of the op")?.r#type();
    if let Some(packed) = lowered.packed.get(&name) {
        return Ok(crate::spacetime_to_scf::packed::load(
            e,
            packed,
            &args,
            Some(ty),
        ));
    }
    if let Some(tile) = lowered.tiles.get(&name) {
        return tile_lanes(e, op, tile, &args, ty);
    }
    let buffer = *lowered
        .inputs
        .get(&name)
        .or_internal("an element at that index")?;
    // The buffer is in its memory order: the indices (and their lane
    // strides) permuted alike, so that contiguity is along its last
    // dimension.
    let layout = lowered.input_layout(&name);
    let quasi = layout.physical(&t2s_ir::quasi::quasi_map_rows(op, "map")?);
    let strides = strides.map(|s| layout.physical(s));
    let strides = strides.as_ref();
    let shape = shape_of(ty).or_internal("a vector or scalar type of static shape")?;
    let element = element_of(ty);
    if quasi.iter().any(|r| r.as_affine().is_none()) {
        // `mod`, `floordiv`, `ceildiv`: each lane's indices from its own
        // operands.
        let index_of = |at: &[i64]| lane_indices(e, &quasi, &args, at);
        return Ok(t2s_ir::vector_indexed::lane_by_lane(
            e, buffer, ty, &shape, element, index_of,
        ));
    }
    let rows: Vec<Affine> = quasi.into_iter().map(|r| r.affine).collect();
    let indices: Vec<Val> = rows.iter().map(|r| affine_lanes(e, r, &args)).collect();
    let last = shape.len() - 1;
    let contiguous = in_bounds && byte_sized(element) && strides.is_some_and(rows_contiguous);
    let row_count = lanes::count(&shape[..last]);
    if contiguous {
        let row_ty = lanes::vector_type(e.context, &shape[last..], element);
        let mut parts = Vec::new();
        for row in 0..row_count {
            let mut at = lanes::unflatten(&shape[..last], row);
            at.push(0);
            let base: Vec<Val> = indices.iter().map(|i| lanes::extract(e, *i, &at)).collect();
            parts.push(e.vector_load(row_ty, buffer, &base));
        }
        if shape.len() == 1 {
            return Ok(parts[0]);
        }
        return Ok(assemble_rows(e, &parts, ty, &shape));
    }
    if byte_sized(element) {
        return Ok(gather_clamped(e, buffer, &indices, ty, &shape));
    }
    // Elements LLVM packs into bits: each lane's scalar load.
    Ok(t2s_ir::vector_indexed::lane_by_lane(
        e,
        buffer,
        ty,
        &shape,
        element,
        |at| indices.iter().map(|i| lanes::extract(e, *i, at)).collect(),
    ))
}

/// Whether the lanes of a row are consecutive elements: the lane strides
/// (per buffer dimension, per lane dimension) move only the buffer's last
/// dimension, by 1, along the last lane dimension.
fn rows_contiguous(strides: &Strides) -> bool {
    let n = strides.len();
    strides.iter().enumerate().all(|(d, st)| {
        let along = if d + 1 == n { 1 } else { 0 };
        st.last() == Some(&along)
    })
}

/// The indices `rows` give for lane `at`: each vector operand's lane `at`,
/// each scalar operand as it is.
fn lane_indices(
    e: &Emitter<'_>,
    rows: &[t2s_model::quasi::QuasiAffine],
    args: &[Val],
    at: &[i64],
) -> Vec<Val> {
    let lane_args: Vec<Val> = args
        .iter()
        .map(|a| {
            if is_vector(*a) {
                lanes::extract(e, *a, at)
            } else {
                *a
            }
        })
        .collect();
    rows.iter()
        .map(|r| t2s_ir::quasi::quasi_value(e, r, &lane_args))
        .collect()
}

/// A vectorized read of an input staged in a shared tile (the GPU form):
/// each lane's element of the tile, at the indices its own operands give.
/// A GPU thread runs its lanes as scalars, so nothing is lost to the lanes'
/// separate loads.
fn tile_lanes(
    e: &Emitter<'_>,
    op: &OperationRef<'_, '_>,
    tile: &crate::spacetime_to_scf::tile::Tile,
    args: &[Val],
    ty: melior::ir::Type<'_>,
) -> Result<Val, Failed> {
    let rows = t2s_ir::quasi::quasi_map_rows(op, "map")?;
    let shape = shape_of(ty).or_internal("a vector or scalar type of static shape")?;
    let index_of = |at: &[i64]| {
        let indices = lane_indices(e, &rows, args, at);
        crate::spacetime_to_scf::tile::local_indices(e, tile, &indices)
    };
    Ok(t2s_ir::vector_indexed::lane_by_lane(
        e,
        tile.buffer,
        ty,
        &shape,
        element_of(ty),
        index_of,
    ))
}

pub(crate) use t2s_ir::lanes::byte_sized;

/// A `vector.gather` of every lane, each lane's indices clamped into the
/// input (a lane outside it is masked off by the program and may read any
/// element).
fn gather_clamped<'c>(
    e: &Emitter<'c>,
    buffer: Val,
    indices: &[Val],
    ty: Type<'c>,
    shape: &[i64],
) -> Val {
    use t2s_ir::vector_indexed as indexed;
    let flat = [lanes::count(shape) as i64];
    let to_flat = |v: Val| {
        if !is_vector(v) {
            return splat(e, v, &flat);
        }
        if shape.len() == 1 {
            return v;
        }
        let t = lanes::vector_type(e.context, &flat, element_of(type_of(v)));
        e.shape_cast(v, t)
    };
    let dims = indexed::dims(e, buffer);
    let clamped: Vec<Val> = indices
        .iter()
        .zip(&dims)
        .map(|(i, dim)| {
            let low = lanewise(e, Emitter::maxsi, to_flat(*i), e.index(0));
            lanewise(e, Emitter::minsi, low, e.sub(*dim, e.index(1)))
        })
        .collect();
    let positions = indexed::linear_lanes(e, &clamped, &dims);
    let flat_type = lanes::vector_type(e.context, &flat, element_of(ty));
    let pass = indexed::zeros_like(e, flat_type);
    let v = indexed::gather(e, buffer, positions, indexed::all_on(e, &flat), pass);
    if shape.len() == 1 {
        return v;
    }
    e.shape_cast(v, ty)
}

/// An n-D vector from its rows (vectors of the last dimension).
fn assemble_rows<'c>(e: &Emitter<'c>, parts: &[Val], ty: Type<'c>, shape: &[i64]) -> Val {
    let element = element_of(ty);
    let zero = crate::spacetime_to_scf::lowered::zero(e, element);
    let mut acc = splat(e, zero, shape);
    let last = shape.len() - 1;
    for (row, part) in parts.iter().enumerate() {
        acc = lanes::insert(e, *part, acc, &lanes::unflatten(&shape[..last], row));
    }
    acc
}

/// A read's value moved across lanes by `offsets` (one per lane
/// dimension): lane `l` takes lane `l - offset`; lanes from outside keep
/// their own value (undefined for the program).
pub fn shift_lanes(e: &Emitter<'_>, value: Val, offsets: &[i64]) -> Val {
    let Some(shape) = shape_of(type_of(value)) else {
        return value;
    };
    if offsets.iter().all(|o| *o == 0) {
        return value;
    }
    let source: Vec<usize> = (0..lanes::count(&shape))
        .map(|l| {
            let at = lanes::unflatten(&shape, l);
            let from: Vec<i64> = at.iter().zip(offsets).map(|(a, o)| a - o).collect();
            let inside = from.iter().zip(&shape).all(|(f, n)| *f >= 0 && f < n);
            if inside {
                lanes::flatten(&shape, &from)
            } else {
                l
            }
        })
        .collect();
    lanes::permute(e, value, &source)
}

/// Every lane of the load is inside the input (static dimensions).
pub fn proven_inside(
    op: &OperationRef<'_, '_>,
    lowered: &Lowered<'_>,
    ranges: &[Option<(i64, i64)>],
) -> bool {
    let name = t2s_ir::ops::ure::input_of(op);
    let Some(buffer) = lowered.inputs.get(&name) else {
        return false;
    };
    let Ok(rows) = t2s_ir::quasi::quasi_map_rows(op, "map") else {
        return false;
    };
    let ty = type_of(*buffer);
    let layout = lowered.input_layout(&name);
    rows.iter().enumerate().all(|(d, row)| {
        // The buffer is in its memory order.
        let dim = t2s_ir::types::shape(ty)
            .and_then(|s| s.get(layout.position(d)).copied())
            .unwrap_or(t2s_ir::types::dynamic_size());
        dim != t2s_ir::types::dynamic_size()
            && row
                .range(&|p| ranges.get(p).copied().flatten())
                .is_some_and(|(lo, hi)| lo >= 0 && hi < i128::from(dim))
    })
}
