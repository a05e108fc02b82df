//! Accesses of a buffer of dynamic sizes, for `outline-spirv-kernels`: the
//! kernel takes the buffer flat (`memref<?xT>`) with its sizes, so each
//! load and store of the shaped buffer becomes one of the flat buffer at
//! the row-major linear index, and each `memref.dim` the size passed.
//! SPIR-V pointers carry no sizes or strides, and upstream `flatten-memref`
//! stops at buffers of `index` or of vectors.

use melior::ir::operation::OperationLike;
use t2s_ir::diag::error;
use t2s_ir::emit::Emitter;
use t2s_ir::handle::{AsOp, AsVal, Val};
use t2s_ir::ir;
use t2s_ir::ir::OpAccess;
use t2s_ir::ods;
use t2s_ir::pass::Failed;

/// A size of a buffer: static, or an `index` value.
#[derive(Clone, Copy)]
pub enum Extent {
    Static(i64),
    Value(Val),
}

/// Rewrites every use of `shaped` onto `flat`, whose sizes are `extents`.
pub fn linearize(
    e: &Emitter<'_>,
    shaped: Val,
    flat: Val,
    extents: &[Extent],
) -> Result<(), Failed> {
    resolve_dims(e, shaped, extents);
    let rank = extents.len();
    for user in shaped.users() {
        let user = user.op();
        let name = ir::name(&user);
        let operands: Vec<Val> = (0..user.operand_count())
            .filter_map(|i| user.operand_at(i).map(|v| v.val()))
            .collect();
        // Where the buffer and its indices are among the operands.
        let base = t2s_ir::op_match!(name, {
            ods::memref::LoadOperation | ods::vector::LoadOperation | ods::vector::MaskedLoadOperation | ods::vector::MaskedStoreOperation => 0,
            ods::memref::StoreOperation | ods::vector::StoreOperation => 1,
            ods::memref::DeallocOperation => {
                // SAFETY: the op has no uses left, and nothing refers to it after this.
                unsafe { ir::erase(user) };
                continue;
            },
            _ => {
                return Err(error(
                    user.location(),
                    format!("'{name}' of a buffer of dynamic size has no SPIR-V form here: a kernel takes it flat, and only loads, stores and dims are rewritten"),
                ))
            },
        });
        if operands.get(base).map(|v| v.key()) != Some(shaped.key())
            || operands.len() < base + 1 + rank
        {
            return Err(error(
                user.location(),
                format!("'{name}' of a buffer of dynamic size takes it as data"),
            ));
        }
        let at = e.before_op(user.handle()).located(user.location());
        let index = linear(&at, &operands[base + 1..base + 1 + rank], extents);
        let mut new_operands = operands[..base].to_vec();
        new_operands.push(flat);
        new_operands.push(index);
        new_operands.extend_from_slice(&operands[base + 1 + rank..]);
        // The same access (same results) of the flat buffer at one index.
        user.handle().set_operands(&new_operands);
    }
    Ok(())
}

/// The row-major linear index: `((i0 * d1 + i1) * d2 + i2) ...`.
fn linear(e: &Emitter<'_>, indices: &[Val], extents: &[Extent]) -> Val {
    let mut acc = indices[0];
    for (i, extent) in indices.iter().zip(extents).skip(1) {
        let size = match extent {
            Extent::Static(d) => e.index(*d),
            Extent::Value(v) => *v,
        };
        acc = e.add(e.mul(acc, size), *i);
    }
    acc
}

/// Replaces `memref.dim` of `buffer` at a constant dimension by its size.
pub fn resolve_dims(e: &Emitter<'_>, buffer: Val, extents: &[Extent]) {
    for user in buffer.users() {
        let user = user.op();
        if !ods::is(&user, ods::memref::DimOperation::name()) {
            continue;
        }
        let k = user
            .operand_at(1)
            .and_then(t2s_ir::ir::constant_index)
            .and_then(|k| extents.get(usize::try_from(k).ok()?));
        let size = match k {
            Some(Extent::Value(v)) => *v,
            Some(Extent::Static(d)) => e.index(*d),
            None => continue,
        };
        if let Ok(result) = user.result(0) {
            // SAFETY: the size dominates the body (a parameter, or a
            // constant of the prologue).
            result.val().replace_all_uses_with(size);
            // SAFETY: the op has no uses left, and nothing refers to it after this.
            unsafe { ir::erase(user) };
        }
    }
}
