//! The outlining of `outline-spirv-kernels`: the body moved into a
//! `gpu.func`, its buffers reshaped or re-homed, and the host side that
//! launches it.
//!
//! - A buffer of dynamic sizes is passed as a flat `memref<?xT>` and one
//!   `index` per dynamic size, its accesses linearized in the kernel
//!   (`spirv_linearize.rs`): SPIR-V pointers carry no sizes or strides.
//! - A static allocation of at most [`MAX_PRIVATE_BYTES`](crate::outline_spirv_kernels::types::MAX_PRIVATE_BYTES) becomes a
//!   `memref.alloca` in the Function storage class (private memory); a
//!   larger one, or one of dynamic size, becomes a global buffer that the
//!   host allocates before the launch, with its sizes computed there from
//!   the arguments, and passes like an argument.

use melior::ir::{
    attribute::{StringAttribute, TypeAttribute},
    block::BlockLike,
    operation::{OperationLike, OperationRef},
    r#type::{FunctionType, MemRefType},
    Attribute, Block, BlockRef, Location, Region, RegionLike, Type, Value, ValueLike,
};
use melior::Context;
use std::collections::HashMap;
use t2s_ir::diag::OrInternal;
use t2s_ir::emit::Emitter;
use t2s_ir::handle::{AsBlk, AsOp, AsVal, Op, Val};
use t2s_ir::ir;
use t2s_ir::ods;
use t2s_ir::pass::Failed;

use crate::outline_spirv_kernels::linearize::{linearize, resolve_dims, Extent};
use crate::outline_spirv_kernels::private::{
    align_vector_accesses, broadcast_select_conditions, erase_deallocations, privatize,
    retype_index_buffers,
};
use crate::outline_spirv_kernels::types::{is_memref, is_private, shape_of, DYNAMIC};

/// Where a buffer crossing the boundary comes from.
#[derive(Clone, Copy)]
enum Source {
    /// The function argument of that index.
    Arg(usize),
    /// A global allocation of the body, which the host makes instead.
    Alloc(Op),
}

/// A buffer crossing the boundary.
struct Crossing<'c> {
    source: Source,
    ty: Type<'c>,
    shape: Vec<i64>,
}

impl Crossing<'_> {
    fn is_static(&self) -> bool {
        self.shape.iter().all(|d| *d != DYNAMIC)
    }
}

/// How a kernel parameter is passed.
#[derive(Clone, Copy)]
enum Role {
    /// The function argument of that index, as is.
    Scalar(usize),
    /// A static buffer (crossing index), as is.
    Whole(usize),
    /// A buffer of dynamic sizes, flat.
    Flat(usize),
    /// Dimension `k` of a buffer of dynamic sizes.
    Size(usize, usize),
}

/// Moves the body of `f` into a kernel `gpu.func` of `kernels` and makes
/// `f` the host side that launches it.
pub fn outline<'c>(
    context: &'c Context,
    f: OperationRef<'c, '_>,
    kernels: OperationRef<'c, '_>,
) -> Result<(), Failed> {
    let location = f.location();
    let name = ir::symbol_name(&f);
    let entry = ir::body_block(&f).or_internal("a body block")?;
    let arg_types: Vec<Type> = (0..entry.argument_count())
        .map(|i| Ok(Value::from(entry.argument(i).or_internal("a block argument")?).r#type()))
        .collect::<Result<_, Failed>>()?;
    t2s_transforms::vector::unmask::unmask_memory_accesses(context, f)?;
    retype_index_buffers(context, f)?;
    let (crossings, params) = plan(context, f, &arg_types);
    let types: Vec<Type> = params.iter().map(|(_, t)| *t).collect();
    let kernel = kernel_func(context, &name, location, &types, kernels)?;
    // The function's body moves to the kernel.
    kernel
        .handle()
        .take_body(0, f.handle(), 0)
        .or_internal("a body to move")?;
    let k_entry = ir::body_block(&kernel).or_internal("a body block")?;
    let new_args: Vec<Val> = types
        .iter()
        .map(|t| k_entry.add_argument(*t, location).val())
        .collect();
    let host_block = f
        .region(0)
        .or_internal("a region of the op")?
        .append_block(Block::new(
            &arg_types.iter().map(|t| (*t, location)).collect::<Vec<_>>(),
        ));
    let host = Emitter::new(context, location, host_block.blk());
    let host_args: Vec<Val> = (0..host_block.argument_count())
        .map(|i| Ok((host_block.argument(i).or_internal("a block argument")?).val()))
        .collect::<Result<_, Failed>>()?;
    let host_buffers = launch(
        context, &host, &name, kernels, &crossings, &params, k_entry, &host_args,
    )?;
    let old_args: Vec<Val> = (0..arg_types.len())
        .map(|i| Ok((k_entry.argument(i).or_internal("a block argument")?).val()))
        .collect::<Result<_, Failed>>()?;
    let first = k_entry
        .first_operation()
        .or_internal("a first operation")?
        .handle();
    let kernel_emitter = Emitter::new(context, location, k_entry.blk()).before_op(first);
    rebind(&kernel_emitter, &crossings, &params, &new_args, &old_args)?;
    for _ in 0..old_args.len() {
        // SAFETY: the old arguments have no uses left.
        unsafe { k_entry.erase_argument(0) };
    }
    privatize(context, kernel)?;
    broadcast_select_conditions(context, kernel)?;
    align_vector_accesses(context, kernel);
    crate::outline_spirv_kernels::math::expand_math(context, kernel);
    crate::outline_spirv_kernels::math::expand_bool_index_casts(context, kernel);
    return_from_kernel(kernel)?;
    for buffer in host_buffers {
        host.dealloc(buffer);
    }
    host.return_values(&[]);
    Ok(())
}

/// The buffers crossing the boundary of `f` and the kernel's parameters:
/// the arguments in order (a buffer of dynamic sizes flat, then its
/// sizes), then the global allocations the same way.
fn plan<'c>(
    context: &'c Context,
    f: OperationRef<'c, '_>,
    arg_types: &[Type<'c>],
) -> (Vec<Crossing<'c>>, Vec<(Role, Type<'c>)>) {
    let mut crossings = Vec::new();
    let mut params = Vec::new();
    let mut cross = |source: Source, ty: Type<'c>, params: &mut Vec<(Role, Type<'c>)>| {
        let (shape, element) = shape_of(ty);
        let c = Crossing { source, ty, shape };
        let index = crossings.len();
        if c.is_static() {
            params.push((Role::Whole(index), ty));
        } else {
            params.push((
                Role::Flat(index),
                MemRefType::new(element, &[DYNAMIC], None, None).into(),
            ));
            for (k, d) in c.shape.iter().enumerate() {
                if *d == DYNAMIC {
                    params.push((Role::Size(index, k), Type::index(context)));
                }
            }
        }
        crossings.push(c);
    };
    for (j, ty) in arg_types.iter().enumerate() {
        if is_memref(*ty) {
            cross(Source::Arg(j), *ty, &mut params);
        } else {
            params.push((Role::Scalar(j), *ty));
        }
    }
    for op in ir::collect(f, ods::memref::AllocOperation::name())
        .into_iter()
        .chain(ir::collect(f, ods::memref::AllocaOperation::name()))
    {
        if let Ok(result) = op.result(0) {
            let ty = result.r#type();
            if !is_private(ty) {
                cross(Source::Alloc(op.handle()), ty, &mut params);
            }
        }
    }
    (crossings, params)
}

/// `gpu.func @name(types) kernel` at the end of `kernels`, run by one
/// work-item, with an empty body region.
fn kernel_func<'c, 'a>(
    context: &'c Context,
    name: &str,
    location: Location<'c>,
    types: &[Type<'c>],
    kernels: OperationRef<'c, 'a>,
) -> Result<OperationRef<'c, 'a>, Failed> {
    let abi = Attribute::parse(
        context,
        "#spirv.entry_point_abi<workgroup_size = [1, 1, 1]>",
    )
    .or_internal("a value the IR guarantees")?;
    let i64_type = melior::ir::r#type::IntegerType::new(context, 64).into();
    let op = ods::gpu::GPUFuncOperation::builder(context, location)
        .function_type(TypeAttribute::new(
            FunctionType::new(context, types, &[]).into(),
        ))
        .body(Region::new())
        .build();
    let op = ir::body_block(&kernels)
        .or_internal("a body block")?
        .append_operation(op.into());
    // The symbol name and the workgroup attributions are not among
    // gpu.func's ODS arguments; the others are discardable attributes of the
    // GPU and SPIR-V dialects.
    let none = melior::ir::attribute::IntegerAttribute::new(i64_type, 0).into();
    ir::set_attribute(op, "sym_name", StringAttribute::new(context, name).into());
    ir::set_attribute(op, "workgroup_attributions", none);
    ir::set_attribute(op, "gpu.kernel", Attribute::unit(context));
    ir::set_attribute(op, "spirv.entry_point_abi", abi);
    Ok(op)
}

/// Emits the host side: the global buffers allocated, the launch on one
/// work-item. Returns the buffers to free after it.
#[allow(clippy::too_many_arguments)]
fn launch<'c>(
    context: &'c Context,
    host: &Emitter<'c>,
    name: &str,
    kernels: OperationRef<'c, '_>,
    crossings: &[Crossing<'c>],
    params: &[(Role, Type<'c>)],
    k_entry: BlockRef<'c, '_>,
    host_args: &[Val],
) -> Result<Vec<Val>, Failed> {
    let mut map: HashMap<usize, Val> = HashMap::new();
    for (i, host_arg) in host_args.iter().enumerate() {
        let old = (k_entry.argument(i).or_internal("a block argument")?).val();
        map.insert(old.key(), *host_arg);
    }
    let mut values: Vec<(Val, Vec<Extent>)> = Vec::new();
    let mut allocated = Vec::new();
    for c in crossings {
        let (v, extents) = host_buffer(host, c, host_args, &mut map, &mut allocated)?;
        values.push((v, extents));
    }
    let mut operands = vec![host.index(1); 6];
    for (role, ty) in params {
        operands.push(match *role {
            Role::Scalar(j) => host_args[j],
            Role::Whole(c) => values[c].0,
            Role::Flat(c) if crossings[c].shape.len() == 1 => values[c].0,
            Role::Flat(c) => {
                let all: Vec<String> = (0..crossings[c].shape.len())
                    .map(|k| k.to_string())
                    .collect();
                let reassociation = Attribute::parse(context, &format!("[[{}]]", all.join(", ")))
                    .or_internal("an attribute that parses")?;
                let collapse = ods::memref::CollapseShapeOperation::builder(context, host.location)
                    .result(*ty)
                    .src(values[c].0.value())
                    .reassociation(reassociation.try_into().or_internal("an array attribute")?)
                    .build();
                host.result_of(collapse.into())
            }
            Role::Size(c, k) => match values[c].1[k] {
                Extent::Value(v) => v,
                Extent::Static(d) => host.index(d),
            },
        });
    }
    let module = ir::symbol_name(&kernels);
    let kernel = Attribute::parse(context, &format!("@\"{module}\"::@\"{name}\""))
        .or_internal("an attribute that parses")?;
    let values: Vec<melior::ir::Value> = operands.iter().map(|v| v.value()).collect();
    let launch = ods::gpu::LaunchFuncOperation::builder(context, host.location)
        .async_dependencies(&[])
        .grid_size_x(values[0])
        .grid_size_y(values[1])
        .grid_size_z(values[2])
        .block_size_x(values[3])
        .block_size_y(values[4])
        .block_size_z(values[5])
        .kernel_operands(&values[6..])
        .kernel(kernel)
        .build();
    // Segments: async dependencies, the grid and block sizes, no cluster
    // sizes, no dynamic shared memory, the kernel's operands, no object.
    let segments = [0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, params.len() as i32, 0];
    host.insert_segmented(launch.into(), &segments);
    Ok(allocated)
}

/// The host's buffer of a crossing and its extents: an argument, or a
/// buffer allocated here (added to `allocated`) with its sizes computed on
/// the host.
fn host_buffer<'c>(
    host: &Emitter<'c>,
    c: &Crossing<'c>,
    host_args: &[Val],
    map: &mut HashMap<usize, Val>,
    allocated: &mut Vec<Val>,
) -> Result<(Val, Vec<Extent>), Failed> {
    match c.source {
        Source::Arg(j) => {
            let v = host_args[j];
            let extents = c
                .shape
                .iter()
                .enumerate()
                .map(|(k, d)| match *d {
                    DYNAMIC => {
                        let k = host.index(k as i64);
                        Extent::Value(host.dim(v, k))
                    }
                    d => Extent::Static(d),
                })
                .collect();
            Ok((v, extents))
        }
        Source::Alloc(op) => {
            let op = op.op();
            let sizes: Vec<Val> = (0..op.operand_count())
                .map(|i| {
                    let v = op.operand(i).or_internal("an operand of the op")?.val();
                    clone_to_host(v, map, host).or_internal("a value the host can compute")
                })
                .collect::<Result<_, Failed>>()?;
            let v = host.allocate(true, c.ty, &sizes);
            let mut dynamic = sizes.into_iter();
            let extents = c
                .shape
                .iter()
                .map(|d| match *d {
                    DYNAMIC => dynamic
                        .next()
                        .map(Extent::Value)
                        .or_internal("a size for each dynamic dimension"),
                    d => Ok(Extent::Static(d)),
                })
                .collect::<Result<_, Failed>>()?;
            allocated.push(v);
            Ok((v, extents))
        }
    }
}

/// The host's copy of a size the kernel body computes from its arguments
/// (checked computable by `check_allocation`).
fn clone_to_host(v: Val, map: &mut HashMap<usize, Val>, host: &Emitter<'_>) -> Option<Val> {
    if let Some(h) = map.get(&{ v.key() }) {
        return Some(*h);
    }
    let op = v.defining_op()?;
    let operands: Vec<Val> = op
        .operands()
        .into_iter()
        .map(|o| clone_to_host(o, map, host))
        .collect::<Option<_>>()?;
    // A single-result op whose operands are rebound to the host's values.
    let sources = op.operands();
    let clone = host.clone_op(op, |v| {
        sources.iter().position(|s| *s == v).map(|i| operands[i])
    });
    let result = clone.result(0)?;
    map.insert(v.key(), result);
    Some(result)
}

/// Binds the body to the kernel's parameters: scalars directly, buffers
/// whole or reshaped from flat, `memref.dim` of them to their sizes, and
/// the global allocations to the buffers the host passes.
fn rebind(
    e: &Emitter<'_>,
    crossings: &[Crossing<'_>],
    params: &[(Role, Type<'_>)],
    new_args: &[Val],
    old_args: &[Val],
) -> Result<(), Failed> {
    let mut extents: Vec<Vec<Extent>> = crossings
        .iter()
        .map(|c| c.shape.iter().map(|d| Extent::Static(*d)).collect())
        .collect();
    let mut passed: Vec<Option<Val>> = vec![None; crossings.len()];
    for ((role, _), arg) in params.iter().zip(new_args) {
        match *role {
            Role::Scalar(j) => old_args[j].replace_all_uses_with(*arg),
            Role::Whole(c) | Role::Flat(c) => passed[c] = Some(*arg),
            Role::Size(c, k) => extents[c][k] = Extent::Value(*arg),
        }
    }
    for (c, crossing) in crossings.iter().enumerate() {
        let arg = passed[c].or_internal("a value at that index")?;
        let old = match crossing.source {
            Source::Arg(j) => old_args[j],
            Source::Alloc(op) => {
                // An allocation of the body, replaced below.
                let result = op.result(0).or_internal("a result of the op")?;
                erase_deallocations(result);
                result
            }
        };
        if crossing.is_static() {
            old.replace_all_uses_with(arg);
            resolve_dims(e, arg, &extents[c]);
        } else {
            linearize(e, old, arg, &extents[c])?;
        }
        if let Source::Alloc(op) = crossing.source {
            // SAFETY: the allocation has no uses left.
            // SAFETY: the op has no uses left, and nothing refers to it after this.
            unsafe { ir::erase(OperationRef::from_raw(op.raw())) };
        }
    }
    Ok(())
}

/// `func.return` of the moved body becomes `gpu.return`.
fn return_from_kernel(kernel: OperationRef<'_, '_>) -> Result<(), Failed> {
    let context_ref = kernel.context();
    // SAFETY: the context outlives the pass run.
    let context: &Context = unsafe { context_ref.to_ref() };
    for ret in ir::collect(kernel, ods::func::ReturnOperation::name()) {
        let e = Emitter::before(context, ret);
        let op = ods::gpu::ReturnOperation::builder(context, e.location)
            .operands(&[])
            .build();
        e.insert(op.into());
        // SAFETY: the op has no uses left, and nothing refers to it after this.
        unsafe { ir::erase(ret) };
    }
    Ok(())
}
