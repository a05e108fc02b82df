//! Lane-wise channel accesses: in a vectorized array each lane is a PE and
//! performs its own channel reads and writes. `vectorize` turns a PE's
//! `channel.read`/`channel.write` into `channel.read_lanes`/
//! `channel.write_lanes` (every lane, or the lanes of a mask, in row-major
//! order, each at its own indices); `spacetime-to-scf` unrolls those into
//! one scalar access per lane, which is what the channel runtime and the
//! OpenCL translation take.

use crate::emit::Emitter;
use crate::ir;
use crate::lanes::{self, element_of, shape_of, type_of};
use crate::registry::Failed;
use melior::ir::{
    attribute::FlatSymbolRefAttribute,
    operation::{OperationBuilder, OperationLike, OperationRef},
    Attribute, Identifier, Type, Value, ValueLike,
};
use mlir_sys::{MlirOperation, MlirValue};

/// The operand groups of an op with `operandSegmentSizes`.
pub fn segments(op: MlirOperation) -> Vec<Vec<MlirValue>> {
    // SAFETY: a live op whose segment attribute its verifier checked.
    unsafe {
        let attr =
            mlir_sys::mlirOperationGetAttributeByName(op, ir::string_ref("operandSegmentSizes"));
        let operands: Vec<MlirValue> = (0..mlir_sys::mlirOperationGetNumOperands(op))
            .map(|i| mlir_sys::mlirOperationGetOperand(op, i))
            .collect();
        let mut start = 0;
        (0..mlir_sys::mlirDenseArrayGetNumElements(attr))
            .map(|s| {
                let n = mlir_sys::mlirDenseI32ArrayGetElement(attr, s) as usize;
                let part = operands[start..start + n].to_vec();
                start += n;
                part
            })
            .collect()
    }
}

fn values(raw: &[MlirValue]) -> Vec<Value<'_, '_>> {
    // SAFETY: live values of the block being built.
    raw.iter().map(|v| unsafe { Value::from_raw(*v) }).collect()
}

/// `channel.read_lanes @channel[indices] (if mask) : ty`.
pub fn read<'c>(
    e: &Emitter<'c>,
    channel: &str,
    indices: &[MlirValue],
    mask: Option<MlirValue>,
    ty: Type<'c>,
) -> MlirValue {
    let mut operands = indices.to_vec();
    operands.extend(mask);
    let op = build(
        e,
        "channel.read_lanes",
        channel,
        &operands,
        &[ty],
        &[indices.len(), usize::from(mask.is_some())],
    );
    // SAFETY: the op has one result.
    unsafe { mlir_sys::mlirOperationGetResult(op, 0) }
}

/// `channel.write_lanes @channel[indices], value (if mask)`.
pub fn write(
    e: &Emitter<'_>,
    channel: &str,
    indices: &[MlirValue],
    value: MlirValue,
    mask: Option<MlirValue>,
) {
    let mut operands = indices.to_vec();
    operands.push(value);
    operands.extend(mask);
    build(
        e,
        "channel.write_lanes",
        channel,
        &operands,
        &[],
        &[indices.len(), 1, usize::from(mask.is_some())],
    );
}

fn build<'c>(
    e: &Emitter<'c>,
    name: &str,
    channel: &str,
    operands: &[MlirValue],
    results: &[Type<'c>],
    sizes: &[usize],
) -> MlirOperation {
    let sizes: Vec<String> = sizes.iter().map(usize::to_string).collect();
    let segments = Attribute::parse(e.context, &format!("array<i32: {}>", sizes.join(", ")))
        .expect("segment sizes");
    let op = OperationBuilder::new(name, e.location)
        .add_operands(&values(operands))
        .add_results(results)
        .add_attributes(&[
            (
                Identifier::new(e.context, "channel"),
                FlatSymbolRefAttribute::new(e.context, channel).into(),
            ),
            (Identifier::new(e.context, "operandSegmentSizes"), segments),
        ])
        .build()
        .expect("a lane-wise channel access is well formed");
    e.insert(op).to_raw()
}

/// Unrolls a lane-wise access (`spacetime-to-scf`): one `channel.read` or
/// `channel.write` per lane, in row-major lane order, each under its lane
/// of the mask. Lanes that do not read are zero.
pub fn unroll(e: &Emitter<'_>, op: &OperationRef<'_, '_>) -> Result<(), Failed> {
    let raw = op.to_raw();
    let groups = segments(raw);
    let is_read = ir::name(op) == "channel.read_lanes";
    let channel = ir::symbol(op, "channel");
    let indices = groups.first().cloned().unwrap_or_default();
    let (value, mask) = if is_read {
        (None, groups.get(1).and_then(|m| m.first().copied()))
    } else {
        (
            groups.get(1).and_then(|v| v.first().copied()),
            groups.get(2).and_then(|m| m.first().copied()),
        )
    };
    let ty = match value {
        Some(v) => type_of(v),
        None => op.result(0).map_err(|_| Failed)?.r#type(),
    };
    let shape = shape_of(ty).ok_or(Failed)?;
    let element = element_of(ty);
    let mut read = Vec::new();
    for l in 0..lanes::count(&shape) {
        let at = lanes::unflatten(&shape, l);
        let lane_indices: Vec<MlirValue> =
            indices.iter().map(|i| lanes::extract(e, *i, &at)).collect();
        let access = |e: &Emitter<'_>| match value {
            Some(v) => {
                let mut operands = lane_indices.clone();
                operands.push(lanes::extract(e, v, &at));
                scalar(e, "channel.write", &channel, &operands, &[]);
                None
            }
            None => scalar(e, "channel.read", &channel, &lane_indices, &[element]),
        };
        match (mask, is_read) {
            (None, _) => read.extend(access(e)),
            (Some(m), false) => {
                let then = e.if_then(lanes::extract(e, m, &at));
                access(&e.at(then));
                e.finish_scf_block(then);
            }
            (Some(m), true) => {
                let (then, other, results) = e.if_else(lanes::extract(e, m, &at), &[element]);
                let inner = e.at(then);
                let x = access(&inner).ok_or(Failed)?;
                inner.op("scf.yield", &[x], &[], &[]);
                let outer = e.at(other);
                let z = crate::spacetime_rewrite::zero(&outer, element);
                outer.op("scf.yield", &[z], &[], &[]);
                read.push(results[0]);
            }
        }
    }
    if is_read {
        let vector = e.op1("vector.from_elements", &read, ty);
        let result = op.result(0).map_err(|_| Failed)?;
        // SAFETY: live values of one type; the access is erased next.
        unsafe { mlir_sys::mlirValueReplaceAllUsesOfWith(result.to_raw(), vector) };
    }
    Ok(())
}

fn scalar<'c>(
    e: &Emitter<'c>,
    name: &str,
    channel: &str,
    operands: &[MlirValue],
    results: &[Type<'c>],
) -> Option<MlirValue> {
    let op = OperationBuilder::new(name, e.location)
        .add_operands(&values(operands))
        .add_results(results)
        .add_attributes(&[(
            Identifier::new(e.context, "channel"),
            FlatSymbolRefAttribute::new(e.context, channel).into(),
        )])
        .build()
        .expect("a channel access is well formed");
    let op = e.insert(op);
    op.result(0).ok().map(|r| r.to_raw())
}
