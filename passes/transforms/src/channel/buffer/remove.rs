//! `ure.remove @loader (loops)` (T2S's `loader.remove(...)`), checked
//! against the loader `buffer` builds. A streaming loader reads each tile
//! once, over the box of indices that the loops inside the scope reach, so
//! the loops inside the scope that do not index the input are never its
//! loops: the directive holds when each loop it names is such a loop. It
//! changes no value; `buffer` erases it once checked.

use crate::channel::buffer::tile::Tile;
use melior::ir::operation::{OperationLike, OperationRef};
use t2s_ir::array::{recovered_loop, ArrayInfo};
use t2s_ir::diag::error;
use t2s_ir::handle::Op;
use t2s_ir::ops::ure::RemoveOp;
use t2s_ir::ops::View;
use t2s_ir::pass::Failed;

/// The loader a buffer builds: its name, the input it streams, its scope.
pub struct Built<'t> {
    pub loader: &'t str,
    pub input: &'t str,
    pub scope: &'t str,
    pub info: &'t ArrayInfo,
    pub tile: &'t Tile,
}

/// The `ure.remove`s of `built.loader`, each checked: every loop a loop of
/// the feeder's array, inside the scope, not indexing the input.
pub fn check(program: &OperationRef<'_, '_>, built: &Built<'_>) -> Result<Vec<Op>, Failed> {
    let mut checked = Vec::new();
    for remove in t2s_ir::ops::children::<RemoveOp>(program) {
        if remove.kernel() != built.loader {
            continue;
        }
        for name in remove.loops() {
            check_loop(&remove.op(), &name, built)?;
        }
        checked.push(Op::of(&remove.op()));
    }
    Ok(checked)
}

fn check_loop(at: &OperationRef<'_, '_>, name: &str, built: &Built<'_>) -> Result<(), Failed> {
    let loops = &built.info.loops;
    let Some(position) = loops.iter().position(|l| l.name == name) else {
        let names: Vec<&str> = loops.iter().map(|l| l.name.as_str()).collect();
        return Err(error(
            at.location(),
            format!(
                "removes loop '{name}', which is not a loop of the array whose tiles @{} loads (its loops: {})",
                built.loader,
                names.join(", ")
            ),
        ));
    };
    if built.tile.tile_loops.contains(&position) {
        let outer: Vec<&str> = built
            .tile
            .tile_loops
            .iter()
            .map(|t| loops[*t].name.as_str())
            .collect();
        return Err(error(
            at.location(),
            format!(
                "loop '{name}' numbers the tiles of @{}: @{} streams a tile for each iteration of the loops up to the scope '{}' ({}), so it cannot drop '{name}' (to keep a tile across '{name}', choose a scope outside it)",
                built.input,
                built.loader,
                built.scope,
                outer.join(", ")
            ),
        ));
    }
    if indexes(built.tile, position) {
        return Err(error(
            at.location(),
            format!(
                "loop '{name}' indexes @{}: @{} streams every element of a tile once, and '{name}' chooses which",
                built.input, built.loader
            ),
        ));
    }
    Ok(())
}

/// Whether loop `position` appears with a coefficient in an index of a
/// load of the tile.
fn indexes(tile: &Tile, position: usize) -> bool {
    tile.accesses.iter().any(|access| {
        access.local.iter().any(|(terms, _)| {
            terms
                .iter()
                .any(|(value, c)| *c != 0 && recovered_loop(*value) == Some(position))
        })
    })
}

/// An error at the first `ure.remove` that no buffer checked: it names a
/// kernel that is not a streaming loader.
pub fn unclaimed(program: &OperationRef<'_, '_>, checked: &[Op]) -> Result<(), Failed> {
    let Some(remove) = t2s_ir::ops::children::<RemoveOp>(program)
        .into_iter()
        .find(|r| !checked.contains(&Op::of(&r.op())))
    else {
        return Ok(());
    };
    Err(error(
        remove.op().location(),
        format!(
            "removes loops of @{}, which no ure.buffer or ure.stream_input makes a loader of: t2s drops loops only from a loader that streams its tiles",
            remove.kernel()
        ),
    ))
}
