//! `outline-spirv-kernels`: every function with a body (a lowered program in
//! scf, memref, arith, math and vector) becomes a single-work-item OpenCL
//! kernel: a `gpu.func ... kernel` of a `gpu.module` that carries the OpenCL
//! SPIR-V target environment and the entry-point ABI, ready for upstream
//! `convert-gpu-to-spirv`. The function stays as the host side: it
//! allocates the kernel's global buffers and launches the kernel with
//! `gpu.launch_func` on one work-group of one work-item. That launch is the
//! kernel's calling convention (`t2s-run --mode spirv` reads it from the IR).
//!
//! What the SPIR-V conversion cannot take is rewritten at the boundary
//! (`spirv_boundary.rs`): buffers of dynamic sizes are passed flat with
//! their sizes, small static allocations go to private memory, large or
//! dynamic ones become global buffers the host allocates. What has no
//! SPIR-V form at all (channels, results, calls, vectors of 5 lanes or of
//! two dimensions that `split-vectors` did not split first, `i17`, `bf16`)
//! is a located error naming it.

use t2s_ir::diag::error;
use t2s_ir::diag::OrInternal;
use t2s_ir::handle::AsOp;
use t2s_ir::ir;
use t2s_ir::ir::OpAccess;
use t2s_ir::ods;
use t2s_ir::pass::{Anchor, Failed, NoOptions};

use melior::ir::{
    attribute::StringAttribute,
    block::BlockLike,
    operation::{OperationLike, OperationRef, WalkOrder, WalkResult},
    Attribute, Block, Region, RegionLike, Value, ValueLike,
};
use melior::Context;

t2s_ir::declare_pass! {
    /// Outline each function's body into a single-work-item gpu.func kernel for
    /// OpenCL SPIR-V (target environment and entry-point ABI attached); the
    /// function becomes the host side that allocates the kernel's global
    /// buffers and launches it with gpu.launch_func
    pub static PASS = "outline-spirv-kernels" (OutlineSpirvKernels)
        on Anchor::Module, creates ["gpu", "memref", "arith", "scf", "vector", "spirv"],
        run run;
}

/// The gpu.module holding the kernels.
pub const KERNEL_MODULE: &str = "t2s_kernels";

/// OpenCL's profile of SPIR-V 1.0 with what lowered programs use;
/// `spirv-update-vce` trims it to what the kernels need.
const TARGET_ENV: &str = "#spirv.target_env<#spirv.vce<v1.0, [Kernel, Addresses, Int64, Int8, \
     Int16, Float64, Float16, Vector16], []>, api=OpenCL, #spirv.resource_limits<>>";

fn run(module: OperationRef<'_, '_>, _: &NoOptions) -> Result<(), Failed> {
    let context_ref = module.context();
    // SAFETY: the context outlives the pass run.
    let context: &Context = unsafe { context_ref.to_ref() };
    let body = ir::body_block(&module).or_internal("a body block")?;
    let funcs: Vec<OperationRef> = ir::ops(body)
        .into_iter()
        .filter(|op| is_device_code(op))
        .collect();
    if funcs.is_empty() {
        return Ok(());
    }
    let mut checked = Ok(());
    for f in &funcs {
        if let Err(failed) = check(f) {
            checked = Err(failed);
        }
    }
    checked?;
    let kernels = kernel_module(context, module)?;
    for f in funcs {
        self::boundary::outline(context, f, kernels)?;
    }
    Ok(())
}

/// A function with a body that launches no kernel: host functions made by
/// an earlier run stay as they are.
fn is_device_code(op: &OperationRef<'_, '_>) -> bool {
    ods::is(op, ods::func::FuncOperation::name())
        && ir::body_block(op).is_some()
        && ir::collect(*op, ods::gpu::LaunchFuncOperation::name()).is_empty()
}

/// Reports what of `f` has no SPIR-V kernel form.
fn check(f: &OperationRef<'_, '_>) -> Result<(), Failed> {
    let location = f.location();
    let name = ir::symbol_name(f);
    let entry = ir::body_block(f).or_internal("a body block")?;
    let mut failed: Option<Failed> = None;
    if types::result_count(f) > 0 {
        failed = Some(error(
            location,
            format!("@{name} returns values; an OpenCL kernel returns nothing (write results to a buffer argument; a lowering's input status goes with input-checks=false, as the named SPIR-V pipelines do)"),
        ));
    }
    for i in 0..entry.argument_count() {
        let ty = Value::from(entry.argument(i).or_internal("a block argument")?).r#type();
        if let Some(why) = types::unsupported_argument(ty) {
            failed = Some(error(location, format!("argument {i} of @{name}: {why}")));
        }
    }
    // One error per function, at the first op with a source location:
    // the constants canonicalization hoists have none, and one construct
    // without a SPIR-V form usually shows in many ops.
    let mut first: Option<(melior::ir::Location, String)> = None;
    f.walk(WalkOrder::PreOrder, |op| {
        if op.handle() != f.handle() {
            if let Err(why) = check_op(&op, entry) {
                let here = op.handle().location();
                let located = is_known(here);
                if first.as_ref().is_none_or(|(l, _)| !is_known(*l) && located) {
                    first = Some((if located { here } else { location }, why));
                }
            }
        }
        WalkResult::Advance
    });
    if let Some((at, why)) = first {
        failed = Some(error(at, why));
    }
    failed.map_or(Ok(()), Err)
}

fn check_op(op: &OperationRef<'_, '_>, entry: melior::ir::BlockRef<'_, '_>) -> Result<(), String> {
    let name = ir::name(op);
    if name.starts_with("channel.") {
        return Err(format!(
            "'{name}' has no SPIR-V form: a design with channels is several kernels; emit it as OpenCL C (t2s-translate --t2s-to-opencl)"
        ));
    }
    if name == ods::func::CallOperation::name() || name == ods::func::CallIndirectOperation::name()
    {
        return Err(format!(
            "'{name}' has no outlined form: an OpenCL kernel calls no host function"
        ));
    }
    for i in 0..op.result_count() {
        let ty = op.result(i).map_err(|_| String::new())?.r#type();
        if let Some(why) = types::unsupported_type(ty) {
            return Err(format!("'{name}' produces {why}"));
        }
    }
    for r in 0..op.region_count() {
        let mut block = op.region_at(r).and_then(|r| r.first_block());
        while let Some(b) = block {
            for i in 0..b.argument_count() {
                let ty = Value::from(b.argument(i).map_err(|_| String::new())?).r#type();
                if let Some(why) = types::unsupported_type(ty) {
                    return Err(format!("'{name}' has a block argument of {why}"));
                }
            }
            block = b.next_in_region();
        }
    }
    if t2s_ir::op_in!(
        name,
        ods::memref::AllocOperation | ods::memref::AllocaOperation
    ) {
        types::check_allocation(op, entry)?;
    }
    Ok(())
}

/// `gpu.module @t2s_kernels` (a fresh name if taken) at the end of `module`,
/// with the OpenCL target environment; `module` becomes a GPU container.
fn kernel_module<'c, 'a>(
    context: &'c Context,
    module: OperationRef<'c, 'a>,
) -> Result<OperationRef<'c, 'a>, Failed> {
    let body = ir::body_block(&module).or_internal("a body block")?;
    let taken: Vec<String> = ir::ops(body).iter().map(ir::symbol_name).collect();
    let mut name = KERNEL_MODULE.to_string();
    let mut n = 0;
    while taken.contains(&name) {
        n += 1;
        name = format!("{KERNEL_MODULE}_{n}");
    }
    let env = Attribute::parse(context, TARGET_ENV).or_internal("an attribute that parses")?;
    let region = Region::new();
    region.append_block(Block::new(&[]));
    let op = ods::gpu::GPUModuleOperation::builder(context, module.location())
        .sym_name(StringAttribute::new(context, &name))
        .targets(melior::ir::attribute::ArrayAttribute::new(context, &[env]))
        .body_region(region)
        .build();
    let op = body.append_operation(op.into());
    ir::set_attribute(op, "spirv.target_env", env);
    ir::set_attribute(module, "gpu.container_module", Attribute::unit(context));
    Ok(op)
}

fn is_known(location: melior::ir::Location<'_>) -> bool {
    t2s_ir::location::is_known(location)
}

pub mod boundary;
pub mod linearize;

pub mod math;
pub mod private;
pub mod types;
