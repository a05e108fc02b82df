//! A shared-memory tile that the PEs read instead of an input (the GPU
//! form's staged inputs, `gpu_shared`): how a read of the input becomes a
//! read of the tile; and the box the PEs store the output into instead
//! (`gpu_unload`).

use t2s_ir::emit::Emitter;
use t2s_ir::handle::Val;

/// What the PEs read instead of an input: its tile, and where the tile
/// starts in the input (this scope iteration's values).
#[derive(Clone)]
pub struct Tile {
    pub buffer: Val,
    pub origin: Vec<Val>,
    /// The slot the PEs read, when the tile has two.
    pub slot: Option<Val>,
}

/// The tile's element at the input's `indices`.
pub fn load_from_tile(e: &Emitter<'_>, tile: &Tile, indices: &[Val]) -> Val {
    let local = local_indices(e, tile, indices);
    let element = t2s_ir::types::element(tile.buffer.r#type());
    e.load(tile.buffer, &local, element)
}

/// Where the input's `indices` are in the tile's buffer: the slot, if
/// any, then each index less the tile's origin.
pub fn local_indices(e: &Emitter<'_>, tile: &Tile, indices: &[Val]) -> Vec<Val> {
    tile.slot
        .into_iter()
        .chain(indices.iter().zip(&tile.origin).map(|(i, o)| e.sub(*i, *o)))
        .collect()
}

/// Where the PEs store the output instead of global memory: the block's
/// box of it in shared memory (one buffer per result), and where the box
/// starts in the output's elements.
#[derive(Clone)]
pub struct OutputTile {
    pub buffers: Vec<Val>,
    pub origin: Vec<Val>,
}

impl OutputTile {
    /// Stores `values` at output element `point` (counted from 0).
    pub fn store(&self, e: &Emitter<'_>, values: &[Val], point: &[Val]) {
        let local: Vec<Val> = point
            .iter()
            .zip(&self.origin)
            .map(|(p, o)| e.sub(*p, *o))
            .collect();
        for (value, buffer) in values.iter().zip(&self.buffers) {
            e.store(*value, *buffer, &local);
        }
    }
}
