//! Masked memory accesses for `outline-spirv-kernels`: SPIR-V has no
//! masked load or store, and upstream's vector-to-SPIR-V conversion takes
//! neither, so each `vector.maskedload`, `vector.maskedstore`,
//! `vector.gather` and `vector.scatter` (1-D) becomes one scalar access per
//! lane under its mask bit. A lane whose bit
//! is clear touches no memory, as the masked op promises: it may address
//! an element outside the buffer. `split-vectors` does the same to such
//! accesses of vectors of widths the target lacks.

use melior::ir::{
    operation::{OperationLike, OperationRef},
    ValueLike,
};
use melior::Context;
use t2s_ir::diag::OrInternal;
use t2s_ir::emit::Emitter;
use t2s_ir::handle::{AsVal, Val};
use t2s_ir::ir;
use t2s_ir::lanes::{self, element_of, shape_of};
use t2s_ir::ods;
use t2s_ir::pass::Failed;

/// Rewrites every masked or indexed access under `root` lane by lane.
pub fn unmask_memory_accesses<'c>(
    context: &'c Context,
    root: OperationRef<'c, '_>,
) -> Result<(), Failed> {
    unmask_where(context, root, |_| true)
}

/// Rewrites the masked or indexed accesses under `root` that `pick` takes
/// lane by lane: each lane a scalar load or store under its mask bit, the
/// loaded scalars inserted into the vector outside the `scf.if` (so only
/// scalars cross its boundary).
pub fn unmask_where<'c>(
    context: &'c Context,
    root: OperationRef<'c, '_>,
    pick: impl Fn(&OperationRef<'c, '_>) -> bool,
) -> Result<(), Failed> {
    for name in [
        ods::vector::MaskedLoadOperation::name(),
        ods::vector::MaskedStoreOperation::name(),
        ods::vector::GatherOperation::name(),
        ods::vector::ScatterOperation::name(),
    ] {
        for op in ir::collect(root, name) {
            if pick(&op) {
                unmask(context, op)?;
            }
        }
    }
    Ok(())
}

/// Where lane `l` of an access is.
enum At<'a> {
    /// `base[indices]` with the last index moved by `l` (masked accesses).
    Shifted(&'a [Val]),
    /// The linear position of `base[offsets]` in a buffer of `dims`, moved
    /// by the lane's index (gather, scatter).
    Indexed {
        origin: Val,
        dims: Vec<Val>,
        positions: Val,
    },
}

fn unmask<'c>(context: &'c Context, op: OperationRef<'c, '_>) -> Result<(), Failed> {
    let name = ir::name(&op);
    let all = operands(&op);
    let indexed = !t2s_ir::op_in!(
        name,
        ods::vector::MaskedLoadOperation | ods::vector::MaskedStoreOperation
    );
    let (base, indices, positions, mask, last) = if indexed {
        split_indexed(&all).or_internal("the operands of a vector access")?
    } else {
        let (base, indices, mask, last) =
            split(&all).or_internal("the operands of a vector access")?;
        (base, indices, last, mask, last)
    };
    let Some(lane_count) = one_dimension(lanes::type_of(last)) else {
        return Ok(());
    };
    let e = Emitter::before(context, op).located(op.location());
    // The buffer's sizes and the offsets' position, once for all lanes.
    let at = if indexed {
        let dims = t2s_ir::vector_indexed::dims(&e, base);
        let origin = t2s_ir::vector_indexed::linear_lanes(&e, indices, &dims);
        At::Indexed {
            origin,
            dims,
            positions,
        }
    } else {
        At::Shifted(indices)
    };
    let lane_at = |inner: &Emitter<'_>, l: i64| match &at {
        At::Shifted(indices) => lane_indices(inner, indices, l),
        At::Indexed {
            origin,
            dims,
            positions,
        } => indexed_lane(inner, *origin, dims, *positions, l),
    };
    if let Ok(result) = op.result(0) {
        // A load: `last` is the pass-through.
        let element = element_of(result.r#type());
        let mut value = last;
        for l in 0..lane_count {
            let (then, other, results) = e.if_else(lanes::extract(&e, mask, &[l]), &[element]);
            let inner = e.at(then);
            let x = inner.load(base, &lane_at(&inner, l), element);
            inner.yield_values(&[x]);
            let other = e.at(other);
            let kept = lanes::extract(&other, last, &[l]);
            other.yield_values(&[kept]);
            value = lanes::insert(&e, results[0], value, &[l]);
        }
        result.val().replace_all_uses_with(value);
    } else {
        for l in 0..lane_count {
            let then = e.if_then(lanes::extract(&e, mask, &[l]));
            let inner = e.at(then);
            let x = lanes::extract(&inner, last, &[l]);
            inner.store(x, base, &lane_at(&inner, l));
            e.finish_scf_block(then);
        }
    }
    // SAFETY: the op has no uses left, and nothing refers to it after this.
    unsafe { ir::erase(op) };
    Ok(())
}

/// The base, offsets, index vector, mask and last operand of a gather or
/// scatter.
fn split_indexed(all: &[Val]) -> Option<(Val, &[Val], Val, Val, Val)> {
    match all {
        [base, offsets @ .., positions, mask, last] => {
            Some((*base, offsets, *positions, *mask, *last))
        }
        _ => None,
    }
}

/// The indices of lane `l` of a gather or scatter: `base[offsets]` moved
/// by the lane's index in row-major order, so the index may carry into
/// outer dimensions.
fn indexed_lane(e: &Emitter<'_>, origin: Val, dims: &[Val], positions: Val, l: i64) -> Vec<Val> {
    let mut step = lanes::extract(e, positions, &[l]);
    if !melior::ir::TypeLike::is_index(&lanes::type_of(step)) {
        step = e.index_cast(step, e.index_type());
    }
    let mut linear = e.add(origin, step);
    let mut at = vec![linear; dims.len()];
    for d in (1..dims.len()).rev() {
        at[d] = e.remsi(linear, dims[d]);
        linear = e.divsi(linear, dims[d]);
    }
    at[0] = linear;
    at
}

/// The base, indices, mask and last operand of a masked access.
fn split(all: &[Val]) -> Option<(Val, &[Val], Val, Val)> {
    match all {
        [base, indices @ .., mask, last] => Some((*base, indices, *mask, *last)),
        _ => None,
    }
}

fn operands(op: &OperationRef<'_, '_>) -> Vec<Val> {
    op.operands().map(|v| v.val()).collect()
}

/// The lane count of a 1-D vector type (an n-D one is left to the
/// conversion, which reports it).
fn one_dimension(ty: melior::ir::Type<'_>) -> Option<i64> {
    match shape_of(ty)?.as_slice() {
        [n] => Some(*n),
        _ => None,
    }
}

/// The indices of lane `l`: the last index moved by `l`.
fn lane_indices(e: &Emitter<'_>, indices: &[Val], l: i64) -> Vec<Val> {
    let mut at = indices.to_vec();
    if let Some(last) = at.last_mut().filter(|_| l != 0) {
        *last = e.add(*last, e.index(l));
    }
    at
}
