//! The types and buffers an OpenCL SPIR-V kernel can take, for
//! `outline-spirv-kernels`: what has no SPIR-V form (a located error), which
//! allocations stay private, and which sizes the host can compute.

use melior::ir::{
    attribute::TypeAttribute,
    operation::{OperationLike, OperationRef},
    r#type::FunctionType,
    BlockRef, Type, TypeLike, ValueLike,
};
use mlir_sys::MlirValue;
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
    let raw = ty.to_raw();
    // SAFETY: type queries.
    unsafe {
        if mlir_sys::mlirTypeIsAVector(raw) {
            let rank = mlir_sys::mlirShapedTypeGetRank(raw);
            let lanes = mlir_sys::mlirShapedTypeGetDimSize(raw, 0);
            if rank != 1 || mlir_sys::mlirVectorTypeIsScalable(raw) {
                return Some(format!(
                    "{ty}, which has no SPIR-V form (SPIR-V vectors have one fixed dimension)"
                ));
            }
            if ![2, 3, 4, 8, 16].contains(&lanes) {
                return Some(format!(
                    "{ty}, which has no SPIR-V form (SPIR-V vectors have 2, 3, 4, 8 or 16 lanes)"
                ));
            }
            return unsupported_scalar(Type::from_raw(mlir_sys::mlirShapedTypeGetElementType(raw)));
        }
        if mlir_sys::mlirTypeIsAMemRef(raw) {
            let element = Type::from_raw(mlir_sys::mlirShapedTypeGetElementType(raw));
            if mlir_sys::mlirTypeIsAVector(element.to_raw()) {
                return unsupported_type(element);
            }
            return unsupported_scalar(element);
        }
    }
    unsupported_scalar(ty)
}

fn unsupported_scalar(ty: Type<'_>) -> Option<String> {
    let raw = ty.to_raw();
    // SAFETY: type queries.
    unsafe {
        if mlir_sys::mlirTypeIsAInteger(raw) {
            let width = mlir_sys::mlirIntegerTypeGetWidth(raw);
            return (![1, 8, 16, 32, 64].contains(&width)).then(|| {
                format!("{ty}, which has no SPIR-V form (integers have 1, 8, 16, 32 or 64 bits)")
            });
        }
        if mlir_sys::mlirTypeIsAIndex(raw)
            || mlir_sys::mlirTypeIsAF16(raw)
            || mlir_sys::mlirTypeIsAF32(raw)
            || mlir_sys::mlirTypeIsAF64(raw)
            || mlir_sys::mlirTypeIsAMemRef(raw)
            || mlir_sys::mlirTypeIsAVector(raw)
        {
            return None;
        }
    }
    Some(format!("{ty}, which has no SPIR-V form for OpenCL"))
}

/// Why a kernel cannot take an argument of type `ty`, if it cannot.
pub fn unsupported_argument(ty: Type<'_>) -> Option<String> {
    let raw = ty.to_raw();
    // SAFETY: type queries.
    unsafe {
        if mlir_sys::mlirTypeIsAVector(raw) {
            return Some(format!(
                "{ty}: a kernel takes scalars and buffers, not vectors"
            ));
        }
        if mlir_sys::mlirTypeIsAMemRef(raw) {
            let layout = mlir_sys::mlirMemRefTypeGetAffineMap(raw);
            if !mlir_sys::mlirAffineMapIsIdentity(layout) {
                return Some(format!("{ty}: a buffer argument has the identity layout"));
            }
            if !mlir_sys::mlirMemRefTypeGetMemorySpace(raw).ptr.is_null() {
                return Some(format!(
                    "{ty}: a buffer argument is in the default (global) memory space"
                ));
            }
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
    if op.block().map(|b| b.to_raw().ptr) != Some(entry.to_raw().ptr) {
        return Err(
            "a buffer of dynamic size allocated inside a loop or branch has no SPIR-V form: the host allocates such buffers once, before the kernel runs".into(),
        );
    }
    for i in 0..op.operand_count() {
        let v = op.operand(i).map_err(|_| String::new())?.to_raw();
        if !host_computable(v, entry) {
            return Err("the sizes of this buffer are not computable from the function's arguments before the kernel runs, where the host allocates it".into());
        }
    }
    Ok(())
}

fn host_computable(v: MlirValue, entry: BlockRef<'_, '_>) -> bool {
    // SAFETY: queries of live values.
    unsafe {
        if mlir_sys::mlirValueIsABlockArgument(v) {
            return mlir_sys::mlirBlockArgumentGetOwner(v).ptr == entry.to_raw().ptr;
        }
    }
    let Some(op) = t2s_ir::ir::defining_op(v) else {
        return false;
    };
    // SAFETY: the defining op of a live value.
    let op = unsafe { OperationRef::from_raw(op) };
    is_host_op(&ir::name(&op))
        && op.block().map(|b| b.to_raw().ptr) == Some(entry.to_raw().ptr)
        && (0..op.operand_count()).all(|i| {
            op.operand(i)
                .is_ok_and(|o| host_computable(o.to_raw(), entry))
        })
}

pub fn shape_of(ty: Type<'_>) -> (Vec<i64>, Type<'_>) {
    let raw = ty.to_raw();
    // SAFETY: queries of a memref type.
    unsafe {
        let rank = mlir_sys::mlirShapedTypeGetRank(raw);
        let shape = (0..rank)
            .map(|k| mlir_sys::mlirShapedTypeGetDimSize(raw, k as isize))
            .collect();
        (
            shape,
            Type::from_raw(mlir_sys::mlirShapedTypeGetElementType(raw)),
        )
    }
}

pub fn is_memref(ty: Type<'_>) -> bool {
    // SAFETY: a type query.
    unsafe { mlir_sys::mlirTypeIsAMemRef(ty.to_raw()) }
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
    let raw = element.to_raw();
    // SAFETY: type queries.
    unsafe {
        if mlir_sys::mlirTypeIsAVector(raw) {
            let lanes = mlir_sys::mlirShapedTypeGetDimSize(raw, 0).max(1) as u64;
            let lanes = if lanes == 3 { 4 } else { lanes };
            return lanes
                * element_bytes(Type::from_raw(mlir_sys::mlirShapedTypeGetElementType(raw)));
        }
        if mlir_sys::mlirTypeIsAInteger(raw) {
            return u64::from(mlir_sys::mlirIntegerTypeGetWidth(raw)).div_ceil(8);
        }
        if mlir_sys::mlirTypeIsAF16(raw) {
            return 2;
        }
        if mlir_sys::mlirTypeIsAF32(raw) {
            return 4;
        }
    }
    8
}
