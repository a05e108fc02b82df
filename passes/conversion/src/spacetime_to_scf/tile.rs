//! A shared-memory tile that the PEs read instead of an input (the GPU
//! form's staged inputs, `gpu_shared`): how a read of the input becomes a
//! read of the tile.

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
    let local: Vec<Val> = tile
        .slot
        .into_iter()
        .chain(indices.iter().zip(&tile.origin).map(|(i, o)| e.sub(*i, *o)))
        .collect();
    let element = t2s_ir::types::element(tile.buffer.r#type());
    e.load(tile.buffer, &local, element)
}
