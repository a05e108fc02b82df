//! The GPU form of one array's lowering, in the order `lower_array` needs
//! it: the grid and the launch around the function's body, the shared
//! tiles and their fill at each scope iteration, the barrier that ends an
//! iteration, and the launch's end. `None` of it on the CPU routes.

use super::gpu::{self, Grid, Launch};
use super::gpu_shared::{self, Staging};
use super::phases::TimeLoops;
use super::*;
use crate::spacetime_to_scf::lowered::{Lowered, Output};

/// The launch an array runs in, and its shared tiles.
pub(super) struct GpuForm<'c> {
    pub grid: Grid<'c>,
    pub launch: Launch,
    staging: Option<(Staging<'c>, Vec<Val>)>,
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
        })
    }

    /// The shared tiles the directive asks for, as the launch's workgroup
    /// attributions.
    pub fn stage(
        &mut self,
        e: &Emitter<'c>,
        body_ops: &[OperationRef<'c, '_>],
        array: OperationRef<'c, '_>,
        info: &ArrayInfo,
        inputs: &HashMap<String, Val>,
    ) -> Result<(), Failed> {
        self.staging = gpu_shared::plan(body_ops, array, info, &self.grid, inputs)?.map(|s| {
            let buffers = gpu_shared::attribute_tiles(e, self.launch.body, &s);
            (s, buffers)
        });
        Ok(())
    }

    /// The scope loop of the tiles, if any.
    pub fn scope(&self) -> Option<usize> {
        self.staging.as_ref().map(|(s, _)| s.scope)
    }

    /// At the top of the scope loop: the tiles filled; the PEs then read
    /// them (`lowered.tiles`).
    pub fn fill(
        &self,
        e: &Emitter<'c>,
        time: &TimeLoops,
        lowered: &mut Lowered<'c>,
    ) -> Result<(), Failed> {
        let (Some((staging, buffers)), Some(scope_body)) = (&self.staging, time.scope_body) else {
            return Ok(());
        };
        let fill = phases::top_of(e, scope_body, time.bodies.iter().copied());
        lowered.tiles = gpu_shared::fill_tiles(
            &fill,
            staging,
            buffers,
            &lowered.inputs,
            &time.ivs,
            &self.grid,
            &self.launch.thread_ids,
        )?;
        Ok(())
    }

    /// At the end of the scope loop's body: the next iteration's copy waits
    /// until every thread read this tile.
    pub fn end_scope(&self, e: &Emitter<'c>, time: &TimeLoops) {
        if let (Some(_), Some(scope_body)) = (&self.staging, time.scope_body) {
            gpu_shared::barrier(&e.at(scope_body));
        }
    }

    pub fn close(&self, e: &Emitter<'c>) {
        gpu::close_launch(e, self.launch.body);
    }
}
