//! Masked memory accesses for `outline-spirv-kernels`: SPIR-V has no
//! masked load or store, and upstream's vector-to-SPIR-V conversion takes
//! neither, so each `vector.maskedload` and `vector.maskedstore` (1-D)
//! becomes one scalar access per lane under its mask bit. A lane whose bit
//! is clear touches no memory, as the masked op promises: it may address
//! an element outside the buffer.

use crate::emit::Emitter;
use crate::ir;
use crate::lanes::{self, element_of, shape_of};
use crate::registry::Failed;
use melior::ir::{
    operation::{OperationLike, OperationRef},
    ValueLike,
};
use melior::Context;
use mlir_sys::MlirValue;

/// Rewrites every masked load and store under `root` lane by lane.
pub fn unmask_memory_accesses<'c>(
    context: &'c Context,
    root: OperationRef<'c, '_>,
) -> Result<(), Failed> {
    for op in ir::collect(root, "vector.maskedload") {
        let result = op.result(0).map_err(|_| Failed)?;
        let all = operands(&op);
        let Some((base, indices, mask, pass_thru)) = split(&all) else {
            return Err(Failed);
        };
        let Some(lane_count) = one_dimension(result.r#type()) else {
            continue;
        };
        let e = Emitter::before(context, op).located(op.location());
        let element = element_of(result.r#type());
        let mut value = pass_thru;
        for l in 0..lane_count {
            let (then, other, results) =
                e.if_else(lanes::extract(&e, mask, &[l]), &[result.r#type()]);
            let inner = e.at(then);
            let x = inner.load(base, &lane_indices(&inner, indices, l), element);
            let inserted = lanes::insert(&inner, x, value, &[l]);
            inner.op("scf.yield", &[inserted], &[], &[]);
            e.at(other).op("scf.yield", &[value], &[], &[]);
            value = results[0];
        }
        // SAFETY: a value of the load's type replaces its result.
        unsafe { mlir_sys::mlirValueReplaceAllUsesOfWith(result.to_raw(), value) };
        ir::erase(op);
    }
    for op in ir::collect(root, "vector.maskedstore") {
        let all = operands(&op);
        let Some((base, indices, mask, value)) = split(&all) else {
            return Err(Failed);
        };
        let Some(lane_count) = one_dimension(lanes::type_of(value)) else {
            continue;
        };
        let e = Emitter::before(context, op).located(op.location());
        for l in 0..lane_count {
            let then = e.if_then(lanes::extract(&e, mask, &[l]));
            let inner = e.at(then);
            let x = lanes::extract(&inner, value, &[l]);
            inner.store(x, base, &lane_indices(&inner, indices, l));
            e.finish_scf_block(then);
        }
        ir::erase(op);
    }
    Ok(())
}

/// The base, indices, mask and last operand of a masked access.
fn split(all: &[MlirValue]) -> Option<(MlirValue, &[MlirValue], MlirValue, MlirValue)> {
    match all {
        [base, indices @ .., mask, last] => Some((*base, indices, *mask, *last)),
        _ => None,
    }
}

fn operands(op: &OperationRef<'_, '_>) -> Vec<MlirValue> {
    op.operands().map(|v| v.to_raw()).collect()
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
fn lane_indices(e: &Emitter<'_>, indices: &[MlirValue], l: i64) -> Vec<MlirValue> {
    let mut at = indices.to_vec();
    if let Some(last) = at.last_mut().filter(|_| l != 0) {
        *last = e.add(*last, e.index(l));
    }
    at
}
