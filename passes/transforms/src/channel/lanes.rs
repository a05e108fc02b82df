//! Lane-wise channel accesses: in a vectorized array each lane is a PE and
//! performs its own channel reads and writes. `vectorize` turns a PE's
//! `channel.read`/`channel.write` into `channel.read_lanes`/
//! `channel.write_lanes` (every lane, or the lanes of a mask, in row-major
//! order, each at its own indices); `spacetime-to-scf` unrolls those into
//! one scalar access per lane, which is what the channel runtime and the
//! OpenCL translation take.

use crate::channel::isolate::build::{read as read_scalar, write as write_scalar};
use melior::ir::{
    attribute::FlatSymbolRefAttribute,
    operation::{OperationLike, OperationRef},
    Type, ValueLike,
};
use t2s_ir::diag::OrInternal;
use t2s_ir::emit::Emitter;
use t2s_ir::handle::{AsVal, Val};
use t2s_ir::lanes::{self, element_of, shape_of, type_of};
use t2s_ir::ods;
use t2s_ir::pass::Failed;

/// `channel.read_lanes @channel[indices] (if mask) : ty`.
pub fn read<'c>(
    e: &Emitter<'c>,
    channel: &str,
    indices: &[Val],
    mask: Option<Val>,
    ty: Type<'c>,
) -> Val {
    let index_values = values(indices);
    let builder = ods::channel::ReadLanesOperation::builder(e.context, e.location)
        .value(ty)
        .channel(FlatSymbolRefAttribute::new(e.context, channel))
        .indices(&index_values);
    let op = match mask {
        Some(mask) => builder.mask(mask.value()).build(),
        None => builder.build(),
    };
    let sizes = [indices.len(), usize::from(mask.is_some())].map(|n| n as i32);
    let op = e.insert_segmented(op.into(), &sizes);
    op.result(0).expect("channel.read_lanes has a result").val()
}

/// `channel.write_lanes @channel[indices], value (if mask)`.
pub fn write(e: &Emitter<'_>, channel: &str, indices: &[Val], value: Val, mask: Option<Val>) {
    let index_values = values(indices);
    let builder = ods::channel::WriteLanesOperation::builder(e.context, e.location)
        .channel(FlatSymbolRefAttribute::new(e.context, channel))
        .indices(&index_values)
        .value(value.value());
    let op = match mask {
        Some(mask) => builder.mask(mask.value()).build(),
        None => builder.build(),
    };
    let sizes = [indices.len(), 1, usize::from(mask.is_some())].map(|n| n as i32);
    e.insert_segmented(op.into(), &sizes);
}

fn values<'c, 'a>(vals: &[Val]) -> Vec<melior::ir::Value<'c, 'a>> {
    vals.iter().map(|v| v.value()).collect()
}

/// Unrolls a lane-wise access (`spacetime-to-scf`): one `channel.read` or
/// `channel.write` per lane, in row-major lane order, each under its lane
/// of the mask. Lanes that do not read are zero.
pub fn unroll(e: &Emitter<'_>, op: &OperationRef<'_, '_>) -> Result<(), Failed> {
    let access =
        t2s_ir::ops::channel::lane_access(op).or_internal("a channel access with lanes")?;
    let is_read = access.is_read;
    let channel = t2s_ir::ops::channel::channel_of(op).unwrap_or_default();
    let indices = access.indices.clone();
    let (value, mask) = if is_read {
        (None, access.mask)
    } else {
        (Some(access.value), access.mask)
    };
    let ty = match value {
        Some(v) => type_of(v),
        None => op.result(0).or_internal("a result of the op")?.r#type(),
    };
    let shape = shape_of(ty).or_internal("a vector or scalar type of static shape")?;
    let element = element_of(ty);
    let mut read = Vec::new();
    for l in 0..lanes::count(&shape) {
        let at = lanes::unflatten(&shape, l);
        let lane_indices: Vec<Val> = indices.iter().map(|i| lanes::extract(e, *i, &at)).collect();
        let bit = mask.map(|m| lanes::extract(e, m, &at));
        let Some(v) = value else {
            read.push(scalar_read(e, &channel, &lane_indices, bit, element));
            continue;
        };
        guarded_write(e, &channel, &lane_indices, bit, |e| {
            lanes::extract(e, v, &at)
        });
    }
    if is_read {
        let vector = e.from_elements(&read, ty);
        let result = op.result(0).or_internal("a result of the op")?;
        result.val().replace_all_uses_with(vector);
    }
    Ok(())
}

/// `channel.read @channel[indices] : ty` when `bit` (if any) holds; zero
/// otherwise (what a masked-off lane reads).
pub fn scalar_read<'c>(
    e: &Emitter<'c>,
    channel: &str,
    indices: &[Val],
    bit: Option<Val>,
    ty: Type<'c>,
) -> Val {
    let Some(bit) = bit else {
        return read_scalar(e, channel, indices, ty);
    };
    let (then, other, results) = e.if_else(bit, &[ty]);
    let x = read_scalar(&e.at(then), channel, indices, ty);
    e.at(then).yield_values(&[x]);
    let z = e.at(other).zero(ty);
    e.at(other).yield_values(&[z]);
    results[0]
}

/// `channel.write @channel[indices], value` when `bit` (if any) holds; the
/// value is made where the write happens.
pub fn guarded_write<'c>(
    e: &Emitter<'c>,
    channel: &str,
    indices: &[Val],
    bit: Option<Val>,
    value: impl FnOnce(&Emitter<'c>) -> Val,
) {
    match bit {
        None => write_scalar(e, channel, indices, value(e)),
        Some(b) => {
            let then = e.at(e.if_then(b));
            write_scalar(&then, channel, indices, value(&then));
            e.finish_scf_block(then.block);
        }
    }
}
