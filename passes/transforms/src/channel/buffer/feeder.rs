//! The feeder's rewrite: its loads of the input read a double buffer, and
//! its first PE fills the buffer from the loader's channel.
//!
//! Tile `p` (the tile loops' flattened index) is read from half `p mod 2`.
//! During tile `p` the first PE of each step takes in `q` more values of
//! tile `p + 1` (all of it within the tile's steps) and stores them in the
//! other half; before the first step it takes in all of tile 0. Values are
//! the loader's vectors along the tile's last dimension, in row-major order
//! of the tile.

use crate::channel::buffer::tile::Tile;
use melior::ir::r#type::IntegerType;
use melior::ir::Type;
use t2s_ir::array::ArrayInfo;
use t2s_ir::diag::OrInternal;
use t2s_ir::emit::{Emitter, CMPI_EQ, CMPI_SLT};
use t2s_ir::handle::{Blk, Val};
use t2s_ir::pass::Failed;
use t2s_model::Linear;

/// Where the fill reads and writes.
pub struct Fill<'t> {
    pub tile: &'t Tile,
    /// The buffer (the array body's argument).
    pub buffer: Val,
    /// The loader's channel and the type of its values.
    pub channel: String,
    pub value_type: Type<'t>,
    pub element: Type<'t>,
}

/// Rewrites the array whose body is `body` (read as `info`).
pub fn rewrite(
    e: &Emitter<'_>,
    body: Blk,
    info: &ArrayInfo,
    fill: &Fill<'_>,
) -> Result<(), Failed> {
    let first = body.ops().first().copied().or_internal("a first op")?;
    let e = e.at(body).before_op(first);
    let coords = body.arguments();
    let tile = fill.tile;
    let ntile = tile.tile_loops.len();
    // The tile's flattened index and the step inside the tile.
    let time_value = |c: usize| e.sub(coords[c], e.index(info.time[c].min));
    let mut p = e.index(0);
    let mut tiles = e.index(1);
    for c in (0..ntile).rev() {
        p = e.add(p, e.mul(time_value(c), tiles));
        tiles = e.mul(tiles, linear(&e, &info.time[c].extent)?);
    }
    let mut s = e.index(0);
    let mut stride = 1i64;
    for c in (ntile..info.time.len()).rev() {
        s = e.add(s, e.mul(time_value(c), e.index(stride)));
        stride *= info.time[c]
            .extent
            .as_const()
            .or_internal("a constant extent")?;
    }
    let half = e.remui(p, e.index(2));
    let other = e.sub(e.index(1), half);
    let first_pe = first_pe(&e, info, &coords[info.time.len()..])?;
    let then = e.if_then(first_pe);
    let inside = e.at(then);
    // Before the first step: all of tile 0 into half 0.
    let at_start = and(
        &inside,
        inside.cmpi(CMPI_EQ, p, inside.index(0)),
        inside.cmpi(CMPI_EQ, s, inside.index(0)),
    );
    let prologue = inside.if_then(at_start);
    let start = inside.at(prologue);
    let (zero, all) = (start.index(0), start.index(tile.vectors()));
    receive(&start, fill, zero, all, zero)?;
    inside.finish_scf_block(prologue);
    // During tile p: the next tile's share of this step into the other half.
    let next = inside.add(p, inside.index(1));
    let has_next = inside.cmpi(CMPI_SLT, next, tiles);
    let streaming = inside.if_then(has_next);
    let at = inside.at(streaming);
    let lo = at.mul(s, at.index(tile.per_step()));
    let end = at.add(lo, at.index(tile.per_step()));
    let hi = at.minsi(end, at.index(tile.vectors()));
    receive(&at, fill, lo, hi, other)?;
    inside.finish_scf_block(streaming);
    e.finish_scf_block(then);
    // The loads read the half of the current tile.
    for access in &tile.accesses {
        replace_load(context_of(&e), access, fill, half)?;
    }
    Ok(())
}

fn context_of<'c>(e: &Emitter<'c>) -> &'c melior::Context {
    e.context
}

/// `extent` as a value: parameters through `ure.param_value`.
fn linear(e: &Emitter<'_>, extent: &Linear) -> Result<Val, Failed> {
    let mut value = e.index(extent.constant);
    for (p, c) in &extent.terms {
        let param = e.param_value(p);
        value = e.add(value, e.mul(param, e.index(*c)));
    }
    Ok(value)
}

fn and(e: &Emitter<'_>, a: Val, b: Val) -> Val {
    e.andi(a, b)
}

/// Whether this is the step's first PE (every space coordinate at the end
/// its loop starts from).
fn first_pe(e: &Emitter<'_>, info: &ArrayInfo, space: &[Val]) -> Result<Val, Failed> {
    let i1: Type = IntegerType::new(e.context, 1).into();
    let mut all = e.constant_attribute(melior::ir::attribute::IntegerAttribute::new(i1, 1).into());
    for (s, coord) in info.space.iter().zip(space) {
        let start = if s.descending {
            s.min + s.pe_extent() - 1
        } else {
            s.min
        };
        all = and(e, all, e.cmpi(CMPI_EQ, *coord, e.index(start)));
    }
    Ok(all)
}

/// Takes in values `lo .. hi` of a tile from the loader's channel into
/// half `half` of the buffer.
fn receive(e: &Emitter<'_>, fill: &Fill<'_>, lo: Val, hi: Val, half: Val) -> Result<(), Failed> {
    let tile = fill.tile;
    let (body, v) = e.for_loop(lo, hi);
    let at = e.at(body);
    let value = at.channel_read(&fill.channel, &[], fill.value_type);
    // v in row-major order of the tile, the last dimension in vectors.
    let chunks = tile.dims.last().or_internal("a last element")?.extent / tile.lanes;
    let mut indices = Vec::new();
    let mut rest = v;
    let mut radix: Vec<i64> = tile.dims.iter().map(|d| d.extent).collect();
    *radix.last_mut().or_internal("a non-empty list")? = chunks;
    for &r in radix.iter().rev() {
        indices.push(at.remui(rest, at.index(r)));
        rest = at.divui(rest, at.index(r));
    }
    indices.reverse();
    let last = indices.last_mut().or_internal("a non-empty list")?;
    *last = at.mul(*last, at.index(tile.lanes));
    let mut all = vec![half];
    all.extend(indices);
    let element = t2s_ir::lanes::element_of(fill.value_type);
    if tile.lanes > 1 && t2s_ir::lanes::byte_sized(element) {
        at.vector_store(value, fill.buffer, &all);
    } else if tile.lanes > 1 {
        // Lanes of a width LLVM packs into bits (i1, i3, ...) go one by
        // one: the buffer pads each element to bytes.
        let first = *all.last().or_internal("a last element")?;
        for lane in 0..tile.lanes {
            let mut indices = all.clone();
            *indices.last_mut().or_internal("a non-empty list")? = at.add(first, at.index(lane));
            let scalar = t2s_ir::lanes::extract(&at, value, &[lane]);
            at.store(scalar, fill.buffer, &indices);
        }
    } else {
        at.store(value, fill.buffer, &all);
    }
    e.finish_scf_block(body);
    Ok(())
}

/// `ure.load @A(...)` -> `memref.load %buffer[half, local...]`.
fn replace_load(
    context: &melior::Context,
    access: &crate::channel::buffer::tile::Access,
    fill: &Fill<'_>,
    half: Val,
) -> Result<(), Failed> {
    let op = access.op;
    let e = Emitter::before(context, op.op());
    let mut indices = vec![half];
    for (terms, constant) in &access.local {
        let mut index = e.index(*constant);
        for (value, c) in terms {
            index = e.add(index, e.mul(*value, e.index(*c)));
        }
        indices.push(index);
    }
    let loaded = e.load(fill.buffer, &indices, fill.element);
    let old = op.result(0).or_internal("a result of the op")?;
    old.replace_all_uses_with(loaded);
    // SAFETY: its uses were just replaced; nothing refers to it.
    unsafe { op.erase() };
    Ok(())
}
