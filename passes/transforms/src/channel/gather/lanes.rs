//! `gather` along a vectorized loop (gathering.md, Code 4): the kernel's
//! PEs along `i` are the lanes of its vectors, and each lane reads its own
//! value (`channel.read_lanes`). Gathering brings loop `i` back as
//! unrolled PEs that build the vector along a chain:
//!
//! ```text
//! for p = I-1 down to 0 (unrolled; up: p = 0 .. I-1)
//!   tmp = p is the chain's start ? 0 : read FIFO[p + 1]   (up: p - 1)
//!   tmp[p] = <PE p's own read>                             (its lanes)
//!   if p is the chain's end: the store takes tmp   else: write FIFO[p], tmp
//! ```
//!
//! The FIFOs carry the whole vector and are dimensioned by the unrolled
//! loops (`i` and the array's non-vectorized space loops); the other
//! vectorized loops stay lanes of the vector. A PE's own read keeps its
//! lanes' mask, and the store keeps its own, so the chain itself runs at
//! every step the read did: its values outside the mask are never stored.

use crate::channel::chain::Chain;
use crate::channel::isolate::build::{read, write};
use melior::ir::operation::OperationLike;
use t2s_ir::diag::remark;
use t2s_ir::diag::OrInternal;
use t2s_ir::emit::Emitter;
use t2s_ir::handle::{Blk, Op, Val};
use t2s_ir::ir;
use t2s_ir::lanes::{self, element_of, shape_of, type_of, vector_type};
use t2s_ir::ods;
use t2s_ir::pass::Failed;

/// Rewrites the kernel's lane-wise read of `@A` into the chain along the
/// vectorized space loop `dim`; returns nothing but a remark.
pub fn gather_lanes(chain: &Chain<'_, '_>, dim: usize) -> Result<(), Failed> {
    let access =
        crate::channel::gather::access::find_read(chain, ods::channel::ReadLanesOperation::name())?;
    crate::channel::gather::access::the_store(chain, access, true)?;
    let (value, access_ref) = (access.result(0).expect("a result"), access.op());
    let ty = type_of(value);
    let shape = shape_of(ty).or_internal("a vector or scalar type of static shape")?;
    let lane_dim = chain.info.space[..dim]
        .iter()
        .filter(|s| s.vectorized)
        .count();
    // The chain's vectors have `i`'s lanes first.
    let mut perm: Vec<i64> = vec![lane_dim as i64];
    perm.extend((0..shape.len() as i64).filter(|d| *d != lane_dim as i64));
    let tshape: Vec<i64> = perm.iter().map(|d| shape[*d as usize]).collect();
    let element = element_of(ty);
    let tty = vector_type(chain.context, &tshape, element);
    let s = &chain.info.space[dim];
    let extent = s.pe_extent();
    let mut fifo_shape = Vec::new();
    for (d, sp) in chain.info.space.iter().enumerate() {
        if d == dim {
            fifo_shape.push(extent);
        } else if !sp.vectorized {
            fifo_shape.push(sp.pe_extent());
        }
    }
    // Each PE's vector is read by its neighbour right after it is written.
    let fifo = chain.declare_fifo_shaped("gather", tty, 1, &fifo_shape)?;
    let e = Emitter::new(chain.context, access_ref.location(), block_of(access)).before_op(access);
    let parts = t2s_ir::ops::channel::lane_access(&access_ref)
        .or_internal("a channel access with lanes")?;
    let (indices, mask) = (parts.indices, parts.mask);
    let source = t2s_ir::ops::channel::channel_of(&access_ref).unwrap_or_default();
    let order: Vec<i64> = if chain.down {
        (0..extent).rev().collect()
    } else {
        (0..extent).collect()
    };
    let lane_read = LaneRead {
        source: &source,
        indices: &indices,
        mask,
        shape: &shape,
        perm: &perm,
        element,
    };
    let carried = pass_lanes(chain, &e, &lane_read, &fifo, dim, &order, tty)?;
    let gathered = transpose(&e, carried, &inverse(&perm), ty);
    // SAFETY: live values of one type; the read is erased next.
    value.replace_all_uses_with(gathered);
    // SAFETY: the op has no uses left, and nothing refers to it after this.
    unsafe { ir::erase(access_ref) };
    let end = if chain.down {
        s.min
    } else {
        s.min + extent - 1
    };
    remark(
        chain.location,
        format!(
            "gathered @{} along vectorized '{}' ({}): loop {} is unrolled back into {extent} PEs, each puts its lanes into the vector it receives and passes it on through @{fifo}; the PE at {} = {end} stores the whole vector",
            chain.source,
            chain.loop_name,
            chain.strategy(),
            chain.loop_name,
            chain.loop_name,
        ),
    );
    Ok(())
}

/// The chain along `dim`, PE by PE in `order`: each PE receives the
/// vector so far, puts its own lanes in and passes it on; the last PE's
/// vector is returned.
fn pass_lanes<'c>(
    chain: &Chain<'c, '_>,
    e: &Emitter<'c>,
    lane_read: &LaneRead<'_, 'c>,
    fifo: &str,
    dim: usize,
    order: &[i64],
    tty: melior::ir::Type<'c>,
) -> Result<Val, Failed> {
    let mut carried = None;
    for (k, &p) in order.iter().enumerate() {
        let mut tmp = if k == 0 {
            // The chain's start before its first lane.
            e.zero(tty)
        } else {
            read(e, fifo, &fifo_index(chain, e, dim, order[k - 1]), tty)
        };
        let own = own_read(e, lane_read, p)?;
        tmp = insert(e, own, tmp, p);
        if k + 1 < order.len() {
            write(e, fifo, &fifo_index(chain, e, dim, p), tmp);
        } else {
            carried = Some(tmp);
        }
    }
    carried.or_internal("a carried vector")
}

fn block_of(op: Op) -> Blk {
    op.block().expect("an op in a block")
}

/// The FIFO of PE `p` along `dim` at the current other PE: the unrolled
/// space loops' coordinates from their mins.
fn fifo_index(chain: &Chain<'_, '_>, e: &Emitter<'_>, dim: usize, p: i64) -> Vec<Val> {
    let time = chain.info.time.len();
    let mut index = Vec::new();
    for (d, s) in chain.info.space.iter().enumerate() {
        if d == dim {
            index.push(e.index(p));
        } else if !s.vectorized {
            let c = chain.coordinate(time + d);
            index.push(if s.min == 0 {
                c
            } else {
                e.sub(c, e.index(s.min))
            });
        }
    }
    index
}

/// The kernel's lane-wise read, and how the chain lays out its lanes.
struct LaneRead<'s, 'c> {
    source: &'s str,
    indices: &'s [Val],
    mask: Option<Val>,
    /// The read's lane shape.
    shape: &'s [i64],
    /// The chain's lane order: the gathered loop's lanes first.
    perm: &'s [i64],
    element: melior::ir::Type<'c>,
}

/// PE `p`'s own value: its lanes' read (a scalar when `i` is the only
/// vectorized loop), under its lanes of the mask.
fn own_read(e: &Emitter<'_>, r: &LaneRead<'_, '_>, p: i64) -> Result<Val, Failed> {
    let LaneRead {
        source,
        indices,
        mask,
        shape,
        perm,
        element,
    } = *r;
    let row = |v: Val| -> Val {
        match shape_of(type_of(v)) {
            None => v,
            Some(lanes_of_v) => {
                let tshape: Vec<i64> = perm.iter().map(|d| lanes_of_v[*d as usize]).collect();
                let t = transpose(
                    e,
                    v,
                    perm,
                    vector_type(e.context, &tshape, element_of(type_of(v))),
                );
                lanes::extract_row(e, t, &[p])
            }
        }
    };
    let lane_indices: Vec<Val> = indices.iter().map(|i| row(*i)).collect();
    let lane_mask = mask.map(row);
    if perm.len() > 1 {
        let rest: Vec<i64> = perm[1..].iter().map(|d| shape[*d as usize]).collect();
        let ty = vector_type(e.context, &rest, element);
        return Ok(crate::channel::lanes::read(
            e,
            source,
            &lane_indices,
            lane_mask,
            ty,
        ));
    }
    Ok(crate::channel::lanes::scalar_read(
        e,
        source,
        &lane_indices,
        lane_mask,
        element,
    ))
}

/// `tmp` with its row (or lane) `p` along the first dimension set to `own`.
fn insert(e: &Emitter<'_>, own: Val, tmp: Val, p: i64) -> Val {
    lanes::insert(e, own, tmp, &[p])
}

/// `vector.transpose` by `perm` (nothing for the identity).
fn transpose<'c>(e: &Emitter<'c>, v: Val, perm: &[i64], result: melior::ir::Type<'c>) -> Val {
    if perm.iter().enumerate().all(|(i, d)| i as i64 == *d) {
        return v;
    }
    e.transpose(v, perm, result)
}

fn inverse(perm: &[i64]) -> Vec<i64> {
    let mut inv = vec![0; perm.len()];
    for (i, d) in perm.iter().enumerate() {
        inv[*d as usize] = i as i64;
    }
    inv
}

#[cfg(test)]
mod tests {
    use crate::channel::gather::lanes::inverse;

    #[test]
    fn the_inverse_permutation_undoes_it() {
        // perm maps position i to dimension perm[i]; inverse maps back.
        assert_eq!(inverse(&[2, 0, 1]), vec![1, 2, 0]);
        assert_eq!(inverse(&[0, 1]), vec![0, 1]);
        let perm = [3, 1, 0, 2];
        let inv = inverse(&perm);
        for (i, d) in perm.iter().enumerate() {
            assert_eq!(inv[*d as usize], i as i64);
        }
    }
}
