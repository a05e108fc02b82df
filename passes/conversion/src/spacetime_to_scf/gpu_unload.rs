//! The staged output of the GPU form (`ure.gpu_map ... staged_output`):
//! T2S's collector and unloader on a GPU. A block's outputs are the
//! elements whose indices vary with its threads, its PEs and the threads'
//! own time loops while the blocks' coordinates stay put. When each index
//! is a dense mix of those coordinates (coefficients 1, then the product of
//! the extents before, each coordinate in one index), they are exactly a
//! box, found from the IR alone: the output's recovered loops and the
//! coordinates' bounds. The PEs store into the box in shared memory; after
//! the last step the block meets at a barrier, and its threads write the
//! box to the output together, consecutive threads to consecutive elements
//! of its last dimension: coalesced stores, where each thread's own stores
//! would be strided by its PEs.

use super::gpu::{self, Grid, Launch, Processor};
use super::gpu_block;
use super::gpu_shared;
use super::tile::OutputTile;
use super::*;
use crate::spacetime_to_scf::lowered::Output;
use t2s_ir::ops::spacetime::{OutputOp, OutputParts};
use t2s_model::program::Affine;

/// The box of the output a block stores.
pub(super) struct OutputBox<'c> {
    /// Per output dimension, counted from the output's first element: the
    /// box's origin, a constant plus terms over the blocks' coordinates.
    origin: Vec<Affine>,
    extent: Vec<i64>,
    types: Vec<Type<'c>>,
    /// The output buffers' memory order.
    layout: t2s_model::Layout,
}

impl OutputBox<'_> {
    /// The shared memory the box takes.
    pub fn bytes(&self) -> i64 {
        let volume: i64 = self.extent.iter().product();
        volume
            * self
                .types
                .iter()
                .map(|t| gpu::element_bytes(*t))
                .sum::<i64>()
    }
}

/// The box of the program's `ure.gpu_map ... staged_output`, checked
/// against the array; `None` without the directive's `staged_output`.
pub(super) fn plan<'c>(
    array: OperationRef<'c, '_>,
    info: &ArrayInfo,
    grid: &Grid<'_>,
    output: &Output<'c>,
) -> Result<Option<OutputBox<'c>>, Failed> {
    let (true, Some(at)) = (grid.memory.staged_output, grid.at) else {
        return Ok(None);
    };
    if output.stamps || output.zero_fill {
        // gpu::plan refused it already: a mapped grid stores each element
        // once.
        return Err(t2s_ir::diag::internal(
            at,
            "an output stored once per element",
        ));
    }
    let stores: Vec<OutputOp> = t2s_ir::ops::all(array);
    let [store] = stores.as_slice() else {
        return Err(error(at, "staged_output needs one store of the output"));
    };
    let OutputParts {
        indices, at: point, ..
    } = store.parts();
    let ranges = gpu_shared::coordinate_ranges(info);
    let is_block = |c: usize| matches!(grid.on.get(c), Some(Some(Processor::Block(_))));
    let mut used = Vec::new();
    let mut origin = Vec::new();
    let mut extent = Vec::new();
    for (d, index) in indices.iter().enumerate() {
        let l = t2s_ir::guard::recovered_at(*index, &point)
            .or_internal("an output index that is a loop of the array")?;
        let (low, fixed, size) = dimension_box(info, &ranges, &is_block, &mut used, l)
            .map_err(|(c, why)| {
                error(
                    at,
                    format!(
                        "staged_output: the elements a block stores in dimension {d} of @{} are not provably a box: coordinate '{}' {why} (each output index must be the blocks' coordinates plus a dense mix of the threads', the PEs' and the threads' own loops: coefficients 1, then the product of the extents before, each coordinate in one index)",
                        output.func,
                        coordinate_name(info, c),
                    ),
                )
            })?;
        origin.push(Affine {
            terms: fixed,
            constant: low - output.bounds[d].min,
        });
        extent.push(size);
    }
    // Each index is a loop spanning its dimension (the stores are a
    // bijection), so every block's box lies inside the output.
    let overhangs = origin
        .iter()
        .zip(&extent)
        .zip(&output.shape)
        .any(|((o, n), dim)| {
            let last_origin: i64 = o.constant
                + o.terms
                    .iter()
                    .map(|&(c, w)| (w * ranges[c].0).max(w * ranges[c].1))
                    .sum::<i64>();
            dim.is_none_or(|dim| o.constant < 0 || last_origin + n > dim)
        });
    if overhangs {
        return Err(t2s_ir::diag::internal(
            at,
            "each block's box of the staged output inside the output",
        ));
    }
    Ok(Some(OutputBox {
        origin,
        extent,
        types: output.types.clone(),
        layout: output.layout.clone(),
    }))
}

/// The box a block stores along the output index that is original loop
/// `l`: its lowest point, the blocks' coordinates that move it, and its
/// size; or the coordinate that breaks the box and why. `used` collects
/// the coordinates of the dimensions so far.
#[allow(clippy::type_complexity)]
fn dimension_box(
    info: &ArrayInfo,
    ranges: &[(i64, i64)],
    is_block: &dyn Fn(usize) -> bool,
    used: &mut Vec<usize>,
    l: usize,
) -> Result<(i64, Vec<(usize, i64)>, i64), (usize, String)> {
    let row = &info.recover[l];
    let (mut low, mut size) = (row.constant, 1);
    let mut fixed = Vec::new();
    let mut varying: Vec<(usize, i64)> = Vec::new();
    for &(c, w) in &row.terms {
        let (lo, hi) = ranges[c];
        if is_block(c) {
            fixed.push((c, w));
        } else if lo == hi {
            low += w * lo;
        } else {
            varying.push((c, w));
        }
    }
    varying.sort_by_key(|(_, w)| w.abs());
    for (c, w) in varying {
        if used.contains(&c) {
            return Err((c, "indexes two dimensions".to_string()));
        }
        if w.abs() != size {
            return Err((
                c,
                format!("has coefficient {w} where {size} would be dense"),
            ));
        }
        used.push(c);
        let (lo, hi) = ranges[c];
        low += (w * lo).min(w * hi);
        size *= hi - lo + 1;
    }
    Ok((low, fixed, size))
}

/// A coordinate's name: a time loop's or a space loop's.
fn coordinate_name(info: &ArrayInfo, c: usize) -> &str {
    info.time
        .iter()
        .chain(&info.space)
        .nth(c)
        .map_or("?", |b| b.name.as_str())
}

/// The box's shared buffers (attributions of the launch) and its origin
/// for this block, computed at `e` (the launch's body, before the time
/// loops).
pub(super) fn attribute_box(
    e: &Emitter<'_>,
    launch_body: Blk,
    output_box: &OutputBox<'_>,
    launch: &Launch,
) -> Result<OutputTile, Failed> {
    let buffers = output_box
        .types
        .iter()
        .map(|t| gpu_shared::workgroup_buffer(e, launch_body, *t, &output_box.extent))
        .collect();
    let mut origin = Vec::new();
    for o in &output_box.origin {
        let mut value = e.index(o.constant);
        for (c, w) in &o.terms {
            // The terms are over the blocks' coordinates: launch indices.
            let coordinate = launch
                .ivs
                .get(*c)
                .copied()
                .flatten()
                .or_internal("a block index of the launch")?;
            value = e.add(value, e.mul(coordinate, e.index(*w)));
        }
        origin.push(value);
    }
    Ok(OutputTile { buffers, origin })
}

/// After the last step: the block meets at a barrier, then its threads
/// write the box to the outputs, consecutive threads to consecutive
/// elements (in the outputs' memory order).
pub(super) fn write_out(
    e: &Emitter<'_>,
    output_box: &OutputBox<'_>,
    tile: &OutputTile,
    outputs: &[Val],
    tid: Val,
    threads: i64,
) {
    gpu_block::barrier(e);
    let volume: i64 = output_box.extent.iter().product();
    let layout = &output_box.layout;
    gpu_block::for_each_element(e, volume, threads, tid, |at, element| {
        let local = gpu_block::unravel_in(at, element, &output_box.extent, layout);
        let global: Vec<Val> = local
            .iter()
            .zip(&tile.origin)
            .map(|(l, o)| at.add(*o, *l))
            .collect();
        let global = layout.physical(&global);
        for (buffer, output) in tile.buffers.iter().zip(outputs) {
            let ty = t2s_ir::types::element(buffer.r#type());
            let value = at.load(*buffer, &local, ty);
            at.store(value, *output, &global);
        }
    });
}
