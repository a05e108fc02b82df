//! What `outline-spirv-kernels` legalizes inside a kernel for SPIR-V 1.0:
//! small static allocations in private memory (the Function storage class),
//! buffers of `index` retyped to `i64` (SPIR-V's memref conversion takes no
//! `index` elements), and a scalar condition of a vector `arith.select`
//! broadcast (OpSelect takes a vector condition before SPIR-V 1.4).

use crate::outline_spirv_kernels::types::shape_of;
use melior::ir::{
    operation::{OperationLike, OperationRef},
    r#type::MemRefType,
    Attribute, Type, TypeLike, ValueLike,
};
use melior::Context;
use t2s_ir::diag::OrInternal;
use t2s_ir::emit::Emitter;
use t2s_ir::handle::{AsOp, AsVal, Op, Val};
use t2s_ir::ir;
use t2s_ir::ir::OpAccess;
use t2s_ir::lanes;
use t2s_ir::ods;
use t2s_ir::pass::Failed;

/// Erases the `memref.dealloc`s of `buffer`.
pub fn erase_deallocations(buffer: Val) {
    for user in buffer.users() {
        let user = user.op();
        if ods::is(&user, ods::memref::DeallocOperation::name()) {
            // SAFETY: the op has no uses left, and nothing refers to it after this.
            unsafe { ir::erase(user) };
        }
    }
}

/// The kernel's remaining (small, static) allocations in private memory.
pub fn privatize<'c>(context: &'c Context, kernel: OperationRef<'c, '_>) -> Result<(), Failed> {
    let function = Attribute::parse(context, "#spirv.storage_class<Function>")
        .or_internal("an attribute that parses")?;
    for op in ir::collect(kernel, ods::memref::AllocOperation::name())
        .into_iter()
        .chain(ir::collect(kernel, ods::memref::AllocaOperation::name()))
    {
        let result = op.result(0).or_internal("a result of the op")?;
        let ty = result.r#type();
        if t2s_ir::types::memory_space(ty).is_some() {
            continue;
        }
        let (shape, element) = shape_of(ty);
        let private = MemRefType::new(element, &shape, None, Some(function));
        let e = Emitter::before(context, op);
        let alloca = e.allocate(false, private.into(), &[]);
        erase_deallocations(result.val());
        // SAFETY: the loads and stores of the buffer take any memory space.
        result.val().replace_all_uses_with(alloca);
        // SAFETY: the op has no uses left, and nothing refers to it after this.
        unsafe { ir::erase(op) };
    }
    Ok(())
}

/// Buffers of `index` the body allocates become buffers of `i64`, their
/// loads and stores (scalar or vector) cast: SPIR-V's memref conversion and
/// `flatten-memref` take no `index` elements. Masked accesses are unrolled
/// (`spirv_masked.rs`) before.
pub fn retype_index_buffers<'c>(
    context: &'c Context,
    f: OperationRef<'c, '_>,
) -> Result<(), Failed> {
    let i64_type: Type = melior::ir::r#type::IntegerType::new(context, 64).into();
    for op in ir::collect(f, ods::memref::AllocOperation::name())
        .into_iter()
        .chain(ir::collect(f, ods::memref::AllocaOperation::name()))
    {
        let result = op.result(0).or_internal("a result of the op")?;
        let ty = result.r#type();
        let (shape, element) = shape_of(ty);
        if !element.is_index() {
            continue;
        }
        let space = t2s_ir::types::memory_space(ty);
        let retyped = MemRefType::new(i64_type, &shape, None, space);
        let e = Emitter::before(context, op);
        let operands: Vec<Val> = (0..op.operand_count())
            .map(|i| {
                op.operand(i)
                    .map(|v| v.val())
                    .or_internal("an operand of the op")
            })
            .collect::<Result<_, _>>()?;
        // Every operand of the allocation is a dynamic size (no symbols).
        let on_heap = ods::is(&op, ods::memref::AllocOperation::name());
        let buffer = e.allocate(on_heap, retyped.into(), &operands);
        for user in result.val().users() {
            retype_user(context, user.op(), result.val(), buffer)?;
        }
        // SAFETY: the op has no uses left, and nothing refers to it after this.
        unsafe { ir::erase(op) };
    }
    Ok(())
}

/// A user of an `index` buffer now of `i64` (`buffer`, replacing `old`):
/// loads and stores cast, other users given the new buffer.
fn retype_user<'c>(
    context: &'c Context,
    user: OperationRef<'c, '_>,
    old: Val,
    buffer: Val,
) -> Result<(), Failed> {
    let i64_type: Type = melior::ir::r#type::IntegerType::new(context, 64).into();
    let index = Type::index(context);
    let at = Emitter::before(context, user);
    let indices: Vec<Val> = (0..user.operand_count())
        .filter_map(|i| user.operand_at(i).map(|v| v.val()))
        .collect();
    t2s_ir::op_match!(ir::name(&user), {
        ods::memref::LoadOperation => {
            let loaded = at.load(buffer, &indices[1..], i64_type);
            let cast = at.index_cast(loaded, index);
            let old = user.result(0).or_internal("a result of the op")?.val();
            // SAFETY: same type (index) replaces the old load.
            old.replace_all_uses_with(cast);
            // SAFETY: the op has no uses left, and nothing refers to it after this.
            unsafe { ir::erase(user) };
        },
        ods::vector::LoadOperation => {
            let ty = user.result(0).or_internal("a result of the op")?.r#type();
            let shape = lanes::shape_of(ty).or_internal("a vector or scalar type of static shape")?;
            let wide = lanes::vector_type(context, &shape, i64_type);
            let loaded = at.vector_load(wide, buffer, &indices[1..]);
            let cast = at.index_cast(loaded, ty);
            let old = user.result(0).or_internal("a result of the op")?.val();
            // SAFETY: same type (a vector of index) replaces the old load.
            old.replace_all_uses_with(cast);
            // SAFETY: the op has no uses left, and nothing refers to it after this.
            unsafe { ir::erase(user) };
        },
        ods::memref::StoreOperation | ods::vector::StoreOperation => {
            let value_type = lanes::type_of(indices[0]);
            let cast_type = match lanes::shape_of(value_type) {
                Some(shape) => lanes::vector_type(context, &shape, i64_type),
                None => i64_type,
            };
            let cast = at.index_cast(indices[0], cast_type);
            // The same store (its hints kept) of the cast into the new buffer.
            Op::of(&user).set_operands(&[&[cast, buffer], &indices[2..]].concat());
        },
        _ => {
            // Type-agnostic users (dealloc, dim) take the new buffer;
            // any other fails the SPIR-V conversion, located there.
            let user = user.handle();
            for (i, v) in user.operands().into_iter().enumerate() {
                if v == old {
                    user.set_operand(i, buffer);
                }
            }
        },
    });
    Ok(())
}

/// `arith.select %c, %a, %b : vector<NxT>` with an `i1` condition selects
/// on `vector.broadcast %c : i1 to vector<Nxi1>`.
pub fn broadcast_select_conditions<'c>(
    context: &'c Context,
    kernel: OperationRef<'c, '_>,
) -> Result<(), Failed> {
    for op in ir::collect(kernel, ods::arith::SelectOperation::name()) {
        let condition = op.operand(0).or_internal("an operand of the op")?.val();
        let result_type = op.result(0).or_internal("a result of the op")?.r#type();
        let Some(shape) = lanes::shape_of(result_type) else {
            continue;
        };
        if lanes::is_vector(condition) {
            continue;
        }
        let mask = lanes::splat(&Emitter::before(context, op), condition, &shape);
        // The select takes a mask of its result's shape.
        op.handle().set_operand(0, mask);
    }
    Ok(())
}

/// Every `vector.load` and `vector.store` without an alignment gets its
/// element's: SPIR-V's pointer cast would otherwise claim the vector's
/// alignment (16 bytes for `vector<3xf32>`), which a load at an element
/// offset breaks (PoCL's CPU device faults on such loads).
pub fn align_vector_accesses<'c>(context: &'c Context, kernel: OperationRef<'c, '_>) {
    let i64_type: Type = melior::ir::r#type::IntegerType::new(context, 64).into();
    for op in ir::collect(kernel, ods::vector::LoadOperation::name())
        .into_iter()
        .chain(ir::collect(kernel, ods::vector::StoreOperation::name()))
    {
        if op.attribute("alignment").is_ok() {
            continue;
        }
        let vector = t2s_ir::op_match!(ir::name(&op), {
            ods::vector::LoadOperation => op.result(0).map(|r| r.r#type()),
            _ => op.operand(0).map(|v| v.r#type()),
        });
        let Ok(vector) = vector else { continue };
        let bytes =
            crate::outline_spirv_kernels::types::element_bytes(lanes::element_of(vector)).max(1);
        let alignment = melior::ir::attribute::IntegerAttribute::new(i64_type, bytes as i64).into();
        ir::set_inherent(op, "alignment", alignment);
    }
}
