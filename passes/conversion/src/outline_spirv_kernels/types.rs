//! The types and buffers an OpenCL SPIR-V kernel can take, for
//! `outline-spirv-kernels`: what has no SPIR-V form (a located error), which
//! allocations stay private, and which sizes the host can compute.

use melior::ir::{
    attribute::TypeAttribute,
    operation::{OperationLike, OperationRef},
    r#type::FunctionType,
    BlockRef, Type, TypeLike, ValueLike,
};
use t2s_ir::handle::{AsBlk, AsVal, Val};
use t2s_ir::ir;
use t2s_ir::ods;

/// Static allocations up to this size live in private memory; larger ones
/// are global buffers (a CPU device runs work-items on small stacks).
pub const MAX_PRIVATE_BYTES: u64 = 16 * 1024;

pub const DYNAMIC: i64 = i64::MIN;

/// Whether `name` is an op whose results the host can compute before the
/// launch (sizes).
fn is_host_op(name: &str) -> bool {
    t2s_ir::op_in!(
        name,
        ods::arith::ConstantOperation
            | ods::arith::AddIOperation
            | ods::arith::SubIOperation
            | ods::arith::MulIOperation
            | ods::arith::DivSIOperation
            | ods::arith::RemSIOperation
            | ods::arith::MaxSIOperation
            | ods::arith::MinSIOperation
            | ods::arith::SelectOperation
            | ods::arith::CmpIOperation
            | ods::arith::AndIOperation
            | ods::arith::OrIOperation
            | ods::arith::IndexCastOperation
            | ods::memref::DimOperation
    )
}

pub fn result_count(f: &OperationRef<'_, '_>) -> usize {
    f.attribute("function_type")
        .ok()
        .and_then(|a| TypeAttribute::try_from(a).ok())
        .and_then(|t| FunctionType::try_from(t.value()).ok())
        .map_or(0, |t| t.result_count())
}

/// Why a scalar or vector type has no SPIR-V form for OpenCL, if it has none.
pub fn unsupported_type(ty: Type<'_>) -> Option<String> {
    if t2s_ir::types::is_vector(ty) {
        let shape = t2s_ir::types::shape(ty).unwrap_or_default();
        let [lanes] = shape[..] else {
            return Some(format!(
                "{ty}, which has no SPIR-V form (SPIR-V vectors have one fixed dimension)"
            ));
        };
        if t2s_ir::types::is_scalable(ty) {
            return Some(format!(
                "{ty}, which has no SPIR-V form (SPIR-V vectors have one fixed dimension)"
            ));
        }
        if ![2, 3, 4, 8, 16].contains(&lanes) {
            return Some(format!(
                "{ty}, which has no SPIR-V form (SPIR-V vectors have 2, 3, 4, 8 or 16 lanes)"
            ));
        }
        return unsupported_scalar(t2s_ir::types::element(ty));
    }
    if t2s_ir::types::is_memref(ty) {
        let element = t2s_ir::types::element(ty);
        if t2s_ir::types::is_vector(element) {
            return unsupported_type(element);
        }
        return unsupported_scalar(element);
    }
    unsupported_scalar(ty)
}

fn unsupported_scalar(ty: Type<'_>) -> Option<String> {
    if let Some(width) = t2s_ir::types::int_width(ty) {
        return (![1, 8, 16, 32, 64].contains(&width)).then(|| {
            format!("{ty}, which has no SPIR-V form (integers have 1, 8, 16, 32 or 64 bits)")
        });
    }
    if ty.is_index()
        || ty.is_f16()
        || ty.is_f32()
        || ty.is_f64()
        || t2s_ir::types::is_memref(ty)
        || t2s_ir::types::is_vector(ty)
    {
        return None;
    }
    Some(format!("{ty}, which has no SPIR-V form for OpenCL"))
}

/// Why a kernel cannot take an argument of type `ty`, if it cannot.
pub fn unsupported_argument(ty: Type<'_>) -> Option<String> {
    if t2s_ir::types::is_vector(ty) {
        return Some(format!(
            "{ty}: a kernel takes scalars and buffers, not vectors"
        ));
    }
    if t2s_ir::types::is_memref(ty) {
        if !t2s_ir::types::has_identity_layout(ty) {
            return Some(format!("{ty}: a buffer argument has the identity layout"));
        }
        if t2s_ir::types::memory_space(ty).is_some() {
            return Some(format!(
                "{ty}: a buffer argument is in the default (global) memory space"
            ));
        }
    }
    unsupported_type(ty)
}

/// Checks that an allocation can live in private memory or be allocated by
/// the host before the launch.
pub fn check_allocation(op: &OperationRef<'_, '_>, entry: BlockRef<'_, '_>) -> Result<(), String> {
    let ty = op.result(0).map_err(|_| String::new())?.r#type();
    if let Some(why) = unsupported_argument(ty) {
        return Err(format!("'{}' allocates {why}", ir::name(op)));
    }
    if op.operand_count() == 0 {
        return Ok(());
    }
    if op.block().map(|b| b.blk()) != Some(entry.blk()) {
        return Err(
            "a buffer of dynamic size allocated inside a loop or branch has no SPIR-V form: the host allocates such buffers once, before the kernel runs".into(),
        );
    }
    for i in 0..op.operand_count() {
        let v = op.operand(i).map_err(|_| String::new())?.val();
        if !host_computable(v, entry) {
            return Err("the sizes of this buffer are not computable from the function's arguments before the kernel runs, where the host allocates it".into());
        }
    }
    Ok(())
}

fn host_computable(v: Val, entry: BlockRef<'_, '_>) -> bool {
    let Some(op) = v.defining_op() else {
        return v.owner_block() == Some(entry.blk());
    };
    let op = op.op();
    is_host_op(&ir::name(&op))
        && op.block().map(|b| b.blk()) == Some(entry.blk())
        && (0..op.operand_count())
            .all(|i| op.operand(i).is_ok_and(|o| host_computable(o.val(), entry)))
}

pub fn shape_of(ty: Type<'_>) -> (Vec<i64>, Type<'_>) {
    (
        t2s_ir::types::shape(ty).unwrap_or_default(),
        t2s_ir::types::element(ty),
    )
}

pub fn is_memref(ty: Type<'_>) -> bool {
    t2s_ir::types::is_memref(ty)
}

/// Whether an allocation of `ty` stays in the kernel, in private memory.
pub fn is_private(ty: Type<'_>) -> bool {
    let (shape, element) = shape_of(ty);
    if shape.contains(&DYNAMIC) {
        return false;
    }
    let count = shape.iter().try_fold(1u64, |n, d| n.checked_mul(*d as u64));
    let bytes = count.and_then(|c| c.checked_mul(element_bytes(element)));
    bytes.is_some_and(|b| b <= MAX_PRIVATE_BYTES)
}

/// The bytes of one element of a buffer (`i1`: one byte).
pub fn element_bytes(element: Type<'_>) -> u64 {
    if t2s_ir::types::is_vector(element) {
        let lanes = t2s_ir::types::shape(element)
            .and_then(|s| s.first().copied())
            .unwrap_or(1)
            .max(1) as u64;
        let lanes = if lanes == 3 { 4 } else { lanes };
        return lanes * element_bytes(t2s_ir::types::element(element));
    }
    if let Some(width) = t2s_ir::types::int_width(element) {
        return u64::from(width).div_ceil(8);
    }
    if element.is_f16() {
        return 2;
    }
    if element.is_f32() {
        return 4;
    }
    8
}
