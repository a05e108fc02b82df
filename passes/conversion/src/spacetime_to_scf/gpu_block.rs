//! A block's cooperative work on the GPU: its threads over the elements of
//! a box (the copies into shared tiles, the staged output's write-out),
//! its linear thread index, and its barrier.

use crate::spacetime_to_scf::gpu::Grid;
use t2s_ir::emit::Emitter;
use t2s_ir::handle::Val;
use t2s_ir::ods;
use t2s_model::Layout;

/// `for r in 0..ceil(volume / threads)`: `body` at element `r * threads +
/// tid` of a block's box, under a guard when the threads do not divide the
/// volume. Consecutive threads take consecutive elements.
pub(super) fn for_each_element(
    e: &Emitter<'_>,
    volume: i64,
    threads: i64,
    tid: Val,
    body: impl FnOnce(&Emitter<'_>, Val),
) {
    let rounds = (volume + threads - 1) / threads;
    let (round, r) = e.for_loop(e.index(0), e.index(rounds));
    let at = e.at(round);
    let element = at.add(at.mul(r, at.index(threads)), tid);
    if volume % threads == 0 {
        body(&at, element);
    } else {
        let inside = at.cmpi(t2s_ir::emit::CMPI_ULT, element, at.index(volume));
        let then = at.if_then(inside);
        body(&at.at(then), element);
        at.finish_scf_block(then);
    }
    e.finish_scf_block(round);
}

/// The indices of element `element` of a box of `extent` laid out as
/// `layout`: consecutive elements are consecutive in the layout's memory
/// order (so consecutive threads touch consecutive addresses).
pub(super) fn unravel_in(
    e: &Emitter<'_>,
    element: Val,
    extent: &[i64],
    layout: &Layout,
) -> Vec<Val> {
    let physical = unravel(e, element, &layout.physical(extent));
    (0..physical.len())
        .map(|d| physical[layout.position(d)])
        .collect()
}

/// The indices of element `element` of a box of `extent`, the last
/// dimension fastest.
fn unravel(e: &Emitter<'_>, element: Val, extent: &[i64]) -> Vec<Val> {
    let mut rest = element;
    let mut local = vec![rest; extent.len()];
    for d in (0..extent.len()).rev() {
        let n = e.index(extent[d]);
        local[d] = e.remui(rest, n);
        rest = e.divui(rest, n);
    }
    local
}

/// The block's linear thread index: x fastest, as CUDA numbers a block's
/// threads.
pub(super) fn linear_thread(e: &Emitter<'_>, grid: &Grid<'_>, thread_ids: &[Val]) -> Val {
    e.add(
        thread_ids[0],
        e.add(
            e.mul(thread_ids[1], e.index(grid.threads[0])),
            e.mul(thread_ids[2], e.index(grid.threads[0] * grid.threads[1])),
        ),
    )
}

/// `gpu.barrier`: the block's threads meet.
pub(super) fn barrier(e: &Emitter<'_>) {
    let op = ods::gpu::BarrierOperation::builder(e.context, e.location).build();
    e.insert(op.into());
}
