//! The GPU form of one array's lowering, in the order `lower_array` needs
//! it: the grid and the launch around the function's body, the shared
//! tiles and their fill at each scope iteration, the barrier that ends an
//! iteration, and the launch's end. `None` of it on the CPU routes.

use super::gpu::{self, Grid, Launch};
use super::gpu_block;
use super::gpu_shared::{self, Staging};
use super::gpu_unload;
use super::phases::TimeLoops;
use super::tile::OutputTile;
use super::*;
use crate::spacetime_to_scf::lowered::{Lowered, Output};

/// The launch an array runs in, and its shared tiles.
pub(super) struct GpuForm<'c> {
    pub grid: Grid<'c>,
    pub launch: Launch,
    staging: Option<(Staging<'c>, Vec<Val>)>,
    unload: Option<(gpu_unload::OutputBox<'c>, OutputTile)>,
}

impl<'c> GpuForm<'c> {
    /// The grid of the program's `ure.gpu_map` (checked) and the launch
    /// opened in the function's body.
    pub fn open(
        e: &Emitter<'c>,
        function: &Function,
        body_ops: &[OperationRef<'c, '_>],
        array: OperationRef<'c, '_>,
        info: &ArrayInfo,
        output: &Output<'c>,
    ) -> Result<Self, Failed> {
        gpu::check_static(function, output, array.location())?;
        gpu::mark_roles(function, e.context)?;
        let grid = gpu::plan(body_ops, array, info, output)?;
        let launch = gpu::open_launch(e, &grid, info);
        Ok(GpuForm {
            grid,
            launch,
            staging: None,
            unload: None,
        })
    }

    /// The shared tiles and the staged output the directive asks for, as
    /// the launch's workgroup attributions; the PEs then store into the
    /// output's box (`lowered.output_tile`).
    pub fn stage(
        &mut self,
        e: &Emitter<'c>,
        array: OperationRef<'c, '_>,
        info: &ArrayInfo,
        lowered: &mut Lowered<'c>,
    ) -> Result<(), Failed> {
        let body = self.launch.body;
        let staging = gpu_shared::plan(
            array,
            info,
            &self.grid,
            &lowered.inputs,
            &lowered.input_layouts,
        )?;
        let output_box = gpu_unload::plan(array, info, &self.grid, &lowered.output)?;
        let tile_bytes = staging.as_ref().map_or(0, |s| s.bytes);
        if let Some(output_box) = &output_box {
            let bytes = tile_bytes + output_box.bytes();
            if bytes > gpu_shared::MAX_SHARED_BYTES {
                return Err(error(
                    self.grid.at.unwrap_or(array.location()),
                    format!("the staged output's box takes {} bytes and the shared tiles {tile_bytes}: {bytes} bytes, more than a block's {} bytes of shared memory: make the block smaller", output_box.bytes(), gpu_shared::MAX_SHARED_BYTES),
                ));
            }
        }
        let mut count = 0;
        self.staging = staging.map(|s| {
            let buffers = gpu_shared::attribute_tiles(e, body, &s);
            count += buffers.len();
            (s, buffers)
        });
        if let Some(output_box) = output_box {
            let tile = gpu_unload::attribute_box(e, body, &output_box, &self.launch)?;
            count += tile.buffers.len();
            lowered.output_tile = Some(tile.clone());
            self.unload = Some((output_box, tile));
        }
        gpu_shared::count_attributions(e, body, count);
        Ok(())
    }

    /// The scope loop of the tiles, if any.
    pub fn scope(&self) -> Option<usize> {
        self.staging.as_ref().map(|(s, _)| s.scope)
    }

    /// At the top of the scope loop: the tiles filled; the PEs then read
    /// them (`lowered.tiles`). Double-buffered: the first tile is copied
    /// before the scope loop, and each iteration waits for its tile, meets
    /// the block at a barrier, then starts the copy of the next tile into
    /// the other slot before the PEs read this one.
    pub fn fill(
        &self,
        e: &Emitter<'c>,
        time: &TimeLoops,
        info: &ArrayInfo,
        lowered: &mut Lowered<'c>,
    ) -> Result<(), Failed> {
        let (Some((staging, buffers)), Some(scope_body)) = (&self.staging, time.scope_body) else {
            return Ok(());
        };
        let fill = phases::top_of(e, scope_body, time.bodies.iter().copied());
        let filler = |at: &Emitter<'c>| {
            gpu_shared::Filler::new(
                at,
                staging,
                buffers,
                &lowered.inputs,
                &self.grid,
                &self.launch.thread_ids,
            )
        };
        if !staging.double {
            let filler = filler(&fill)?;
            let origins = filler.origins(&fill, &time.ivs);
            // Synchronous: a single slot is read right after its copy.
            filler.copy(&fill, &origins, None);
            gpu_block::barrier(&fill);
            lowered.tiles = filler.tiles(origins, None);
            return Ok(());
        }
        let scope_loop = scope_body.parent_op().or_internal("the scope loop")?;
        let bounds = &info.time[staging.scope];
        let extent = bounds
            .extent
            .as_const()
            .or_internal("a static scope loop")?;
        let (first, last) = (bounds.min, bounds.min + extent - 1);
        let before = e
            .at(scope_loop.block().or_internal("the scope loop's block")?)
            .before_op(scope_loop);
        let filler = filler(&before)?;
        let at_scope = |value: Val| -> Vec<Val> {
            let mut coords = time.ivs.clone();
            coords[staging.scope] = value;
            coords
        };
        let origins = filler.origins(&before, &at_scope(before.index(first)));
        let group = filler.copy(&before, &origins, Some(before.index(0)));

        filler.wait(&fill, group);
        gpu_block::barrier(&fill);
        let iv = time.ivs[staging.scope];
        let slot = fill.remui(fill.sub(iv, fill.index(first)), fill.index(2));
        let has_next = fill.cmpi(t2s_ir::emit::CMPI_ULT, iv, fill.index(last));
        let then = fill.if_then(has_next);
        let next = fill.at(then);
        let origins = filler.origins(&next, &at_scope(next.add(iv, next.index(1))));
        filler.copy(&next, &origins, Some(next.sub(next.index(1), slot)));
        fill.finish_scf_block(then);
        lowered.tiles = filler.tiles(filler.origins(&fill, &time.ivs), Some(slot));
        Ok(())
    }

    /// Where a tile's reads end: single-buffered, at the end of the scope
    /// loop's body (the next iteration's copy waits until every thread
    /// read this tile); double-buffered, after the scope loop (the barrier
    /// of each iteration orders the slots; the loop's next run copies into
    /// a slot its last iteration may still be reading).
    pub fn end_scope(&self, e: &Emitter<'c>, time: &TimeLoops) -> Result<(), Failed> {
        let (Some((staging, _)), Some(scope_body)) = (&self.staging, time.scope_body) else {
            return Ok(());
        };
        if !staging.double {
            gpu_block::barrier(&e.at(scope_body));
            return Ok(());
        }
        let scope_loop = scope_body.parent_op().or_internal("the scope loop")?;
        let after = e.at(scope_loop.block().or_internal("the scope loop's block")?);
        let after = match scope_loop.op().next_in_block() {
            Some(next) => after.before_op(t2s_ir::handle::Op::of(&next)),
            None => after,
        };
        gpu_block::barrier(&after);
        Ok(())
    }

    /// The launch's end: the staged output written out, if any.
    pub fn close(&self, e: &Emitter<'c>, outputs: &[Val]) {
        if let Some((output_box, tile)) = &self.unload {
            let at = e.at(self.launch.body);
            let tid = gpu_block::linear_thread(&at, &self.grid, &self.launch.thread_ids);
            let threads = self.grid.threads.iter().product();
            gpu_unload::write_out(&at, output_box, tile, outputs, tid, threads);
        }
        gpu::close_launch(e, self.launch.body);
    }
}
