//! Accesses narrower than their channel (vectorization.md, "Match data
//! length"): a read of `1/k` of a value's lanes takes the `k` slices of
//! each value in turn; a write of `1/k` fills them in turn and sends the
//! value with its last slice. Either keeps, per function and channel
//! element, the value being sliced or filled and the next slice.

use super::{alloca, at_entry, lanes, Access, Buffers, Transfer};
use melior::ir::operation::OperationLike;
use std::collections::HashMap;
use t2s_ir::channel_abi::MAX_SLICED_CHANNELS;
use t2s_ir::diag::error;
use t2s_ir::emit::{Emitter, CMPI_EQ, CMPI_SLT};
use t2s_ir::handle::Val;
use t2s_ir::pass::Failed;

/// The value and next-slice buffers of `access`'s channel in its function,
/// from `states` (made at the function's entry on first use, next slices
/// 0).
fn slice_state(
    e: &Emitter<'_>,
    access: &Access<'_, '_>,
    states: &mut HashMap<(usize, String), (Val, Val)>,
) -> Result<(Val, Val), Failed> {
    let count: i64 = access.dims.iter().product();
    if count > MAX_SLICED_CHANNELS {
        return Err(error(
            access.op.location(),
            format!(
                "an access narrower than its channel keeps a value per channel element; @{} has {count}, more than {MAX_SLICED_CHANNELS}",
                access.channel
            ),
        ));
    }
    Ok(*states
        .entry((access.entry.key(), access.channel.clone()))
        .or_insert_with(|| {
            let at = at_entry(e.context, access.op.location(), access.entry);
            let wide = alloca(&at, access.channel_type, &[count]);
            let next = alloca(&at, at.index_type(), &[count]);
            let (body, iv) = at.for_loop(at.index(0), at.index(count));
            let inner = at.at(body);
            inner.store(inner.index(0), next, &[iv]);
            at.finish_scf_block(body);
            (wide, next)
        }))
}

/// The element whose state an access uses: an index outside the array
/// reaches the runtime, which reports it; the state is read at a clamped
/// index meanwhile.
fn state_element(e: &Emitter<'_>, transfer: &Transfer) -> Val {
    let zero = e.index(0);
    let negative = e.cmpi(CMPI_SLT, transfer.element, zero);
    e.select(negative, zero, transfer.element)
}

/// `next + 1`, back to 0 after slice `k - 1`; and whether it wrapped.
fn advance(e: &Emitter<'_>, slice_index: Val, k: i64) -> (Val, Val) {
    let after = e.add(slice_index, e.index(1));
    let wrapped = e.cmpi(CMPI_EQ, after, e.index(k));
    (e.select(wrapped, e.index(0), after), wrapped)
}

/// A read of `1/k` of its channel's lanes: one value of the channel is
/// taken every `k` reads of an element and kept, per element, with the
/// next slice to hand out.
pub(super) fn narrow_read(
    e: &Emitter<'_>,
    access: &Access<'_, '_>,
    transfer: &Transfer,
    buffers: &mut Buffers,
    k: i64,
) -> Result<Val, Failed> {
    let channel_type = access.channel_type;
    let (wide, next) = slice_state(e, access, &mut buffers.slicing)?;
    let element = state_element(e, transfer);
    let slice_index = e.load(next, &[element], e.index_type());
    let first = e.cmpi(CMPI_EQ, slice_index, e.index(0));
    let then = e.if_then(first);
    let inner = e.at(then);
    let fresh = transfer.take(&inner, channel_type);
    inner.store(fresh, wide, &[element]);
    e.finish_scf_block(then);
    let current = e.load(wide, &[element], channel_type);
    let value = lanes::select_slice(e, current, channel_type, access.ty, slice_index, k);
    let (after, _) = advance(e, slice_index, k);
    e.store(after, next, &[element]);
    Ok(value)
}

/// A write of `1/k` of its channel's lanes: the slices of one value are
/// filled in turn, per element, and the value is sent when its last slice
/// is written.
pub(super) fn narrow_write(
    e: &Emitter<'_>,
    access: &Access<'_, '_>,
    transfer: &Transfer,
    buffers: &mut Buffers,
    value: Val,
) -> Result<(), Failed> {
    let channel_type = access.channel_type;
    let k = match (lanes::lanes(access.ty), lanes::lanes(channel_type)) {
        (Some((_, part)), Some((_, whole))) if part < whole && whole % part == 0 => whole / part,
        _ => {
            return Err(error(
                access.op.location(),
                format!(
                    "a write of {} into channel @{} of {channel_type}: a write carries the channel's type or a divisor of its lanes",
                    access.ty, access.channel
                ),
            ))
        }
    };
    let (wide, next) = slice_state(e, access, &mut buffers.filling)?;
    let element = state_element(e, transfer);
    let slice_index = e.load(next, &[element], e.index_type());
    let current = e.load(wide, &[element], channel_type);
    let filled = lanes::insert_slice(e, current, value, slice_index, k);
    e.store(filled, wide, &[element]);
    let (after, full) = advance(e, slice_index, k);
    let then = e.if_then(full);
    let inner = e.at(then);
    inner.store(filled, transfer.buffer, &[inner.index(0)]);
    transfer.emit(&inner);
    e.finish_scf_block(then);
    e.store(after, next, &[element]);
    Ok(())
}
