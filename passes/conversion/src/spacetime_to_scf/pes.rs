//! The PEs of an array in `spacetime-to-scf`: the order in which unrolled
//! PEs run inside a step (lexicographic, descending loops counting down;
//! a vectorized loop is one PE of lanes), and the lane ramp that is a
//! vectorized loop's coordinate.

use t2s_ir::array::ArrayInfo;
use t2s_ir::emit::Emitter;
use t2s_ir::handle::Val;

/// The coordinate of vectorized space loop `d`: its values along its own
/// lane dimension.
pub fn ramp(e: &Emitter<'_>, info: &ArrayInfo, d: usize) -> Val {
    let lane_dims: Vec<usize> = (0..info.space.len())
        .filter(|&s| info.space[s].vectorized)
        .collect();
    let k = lane_dims.iter().position(|&s| s == d).unwrap_or(0);
    let min = info.space[d].min;
    t2s_ir::lanes::constant_lanes(e, &info.lane_shape(), e.index_type(), |at| min + at[k])
}

/// Every PE's coordinates, in the array's (lexicographic) order; a
/// vectorized loop takes one value (its min): its PEs are lanes.
pub fn pe_points(info: &ArrayInfo) -> Vec<Vec<i64>> {
    let mut points = vec![Vec::new()];
    for s in &info.space {
        let end = if s.vectorized {
            s.min + 1
        } else {
            s.min + s.pe_extent()
        };
        points = points
            .into_iter()
            .flat_map(|p| {
                let values: Vec<i64> = if s.descending {
                    (s.min..end).rev().collect()
                } else {
                    (s.min..end).collect()
                };
                values.into_iter().map(move |v| {
                    let mut q = p.clone();
                    q.push(v);
                    q
                })
            })
            .collect();
    }
    points
}
