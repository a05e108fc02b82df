//! `t2s-run --mode spirv`: the program lowered to one single-work-item
//! OpenCL kernel in SPIR-V (`t2s-sequential-to-spirv`, or
//! `t2s-systolic-to-spirv` for a program with a space-time transform),
//! serialized as `t2s-translate --t2s-to-spirv` does, translated to SPIR 1.2
//! bitcode by `llvm-spirv-15 -r` and run by the system's OpenCL (PoCL built
//! with `-x spir -spir-std=1.2`).
//!
//! The kernel's arguments are read from the IR: the host function's
//! `gpu.launch_func` names the kernel and passes the function's buffers
//! (flat or whole), their sizes, its parameters, and the buffers it
//! allocates, with their sizes computed from the arguments.

use crate::backend::{Backend, Request, RunOptions};
use crate::error::ExecuteError;
use crate::interface::{array_interface, sequential_interface, Interface};
use crate::session::{is_spatial, run_pipeline, select_program};
use crate::tools::llvm_spirv;
use melior::ir::{
    attribute::AttributeLike, operation::OperationLike, operation::OperationRef, Module,
};
use melior::Context;
use std::path::Path;
use std::process::Command;
use std::time::Duration;
use t2s_ir::handle::{AsBlk, AsVal, Val};
use t2s_ir::ir;
use t2s_ir::ir::OpAccess;
use t2s_ir::ods;
use t2s_ir::pipeline::Pipeline;
use t2s_model::interpret::Buffer;
use t2s_passes::pipelines::{SEQUENTIAL_TO_SPIRV, SYSTOLIC_TO_SPIRV, TRANSFORM};
use t2s_runtime::opencl_host::{run_kernel, KernelArg};
use t2s_target::opencl::scratch::{self, Size};
use t2s_transforms::ure::merge_ures::PASS as MERGE_URES;

/// How the host passes one kernel argument.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Arg {
    /// The function's buffer argument of that index.
    Buffer(usize),
    /// A buffer the host allocates (zeroed), `sizes` row-major.
    Scratch {
        element_bytes: u64,
        sizes: Vec<Size>,
    },
    /// An `index` computed from the arguments.
    Index(Size),
}

/// The launched kernel: its name and arguments.
struct Launch {
    kernel: String,
    args: Vec<Arg>,
}

/// `--mode spirv`.
pub struct Spirv;

impl Backend for Spirv {
    fn name(&self) -> &'static str {
        "spirv"
    }

    fn summary(&self) -> &'static str {
        "the systolic array (or the sequential nest) as one single-work-item OpenCL kernel in SPIR-V, run by the system's OpenCL (PoCL)"
    }

    fn pipelines(&self) -> Vec<&'static Pipeline> {
        vec![&SYSTOLIC_TO_SPIRV, &SEQUENTIAL_TO_SPIRV]
    }

    fn run(
        &self,
        context: &Context,
        module: &mut Module,
        request: &Request<'_>,
    ) -> Result<(Vec<Buffer>, Vec<Duration>), ExecuteError> {
        execute(self, context, module, request)
    }
}

/// Lowers, serializes and runs `module`'s program on the OpenCL device.
fn execute(
    backend: &Spirv,
    context: &Context,
    module: &mut Module,
    request: &Request<'_>,
) -> Result<(Vec<Buffer>, Vec<Duration>), ExecuteError> {
    let (inputs, params, options) = (request.inputs, request.params, request.options);
    let name = request.program;
    let program = select_program(module.as_operation(), name)?;
    let spatial = is_spatial(&program) || request.asks_for_array();
    let (interface, rest) = if spatial {
        request.check_route(backend, &SYSTOLIC_TO_SPIRV, "array")?;
        let stages = request.stages(&SYSTOLIC_TO_SPIRV, &[TRANSFORM.last_pass()])?;
        run_pipeline(context, module, &stages[0])?;
        (array_interface(module, name)?, stages[1].clone())
    } else {
        request.check_route(backend, &SEQUENTIAL_TO_SPIRV, "sequential")?;
        let stages = request.stages(&SEQUENTIAL_TO_SPIRV, &[&MERGE_URES])?;
        run_pipeline(context, module, &stages[0])?;
        (
            sequential_interface(context, module, name)?,
            stages[1].clone(),
        )
    };
    request.check_points(backend, &interface)?;
    run_pipeline(context, module, &rest)?;
    let launch = read_launch(module.as_operation(), &interface.name)?;
    let binary = serialize(module.as_operation())?;
    let dir = crate::tools::work_dir()?;
    let result = to_spir(&binary, &dir)
        .and_then(|bitcode| run(&bitcode, &launch, &interface, inputs, params, options));
    let _ = std::fs::remove_dir_all(&dir);
    result
}

/// The kernel launched by the host function `@name` and its arguments.
fn read_launch(module: OperationRef<'_, '_>, name: &str) -> Result<Launch, ExecuteError> {
    let missing = |what: &str| ExecuteError::Pipeline(format!("the lowered program has {what}"));
    let host = ir::collect(module, ods::func::FuncOperation::name())
        .into_iter()
        .find(|f| ir::symbol_name(f) == name)
        .ok_or_else(|| missing(&format!("no host function @{name}")))?;
    let launch = ir::collect(host, ods::gpu::LaunchFuncOperation::name());
    let [launch] = launch.as_slice() else {
        return Err(missing(&format!(
            "{} kernel launches in @{name}, not one",
            launch.len()
        )));
    };
    let entry = ir::body_block(&host).ok_or_else(|| missing("an empty host function"))?;
    let operands = ir::launch_kernel_operands(launch)
        .ok_or_else(|| missing("a gpu.launch_func of an unknown form"))?;
    let args = operands
        .into_iter()
        .map(|v| {
            classify(v.val(), entry)
                .ok_or_else(|| missing("a kernel argument the host cannot compute"))
        })
        .collect::<Result<_, _>>()?;
    let kernel = launch
        .attribute("kernel")
        .ok()
        // SAFETY: an attribute query.
        .filter(|a| unsafe { mlir_sys::mlirAttributeIsASymbolRef(a.to_raw()) })
        // SAFETY: the leaf of a live symbol reference (the kernel's name).
        .map(|a| unsafe {
            let leaf = mlir_sys::mlirSymbolRefAttrGetLeafReference(a.to_raw());
            String::from_utf8_lossy(std::slice::from_raw_parts(
                leaf.data as *const u8,
                leaf.length,
            ))
            .into_owned()
        })
        .ok_or_else(|| missing("a launch without a kernel"))?;
    Ok(Launch { kernel, args })
}

/// How the host computes a launch operand.
fn classify(v: Val, entry: melior::ir::BlockRef<'_, '_>) -> Option<Arg> {
    if !t2s_ir::types::is_memref(v.r#type()) {
        return scratch::trace(v.value(), entry).map(Arg::Index);
    }
    let Some(op) = v.defining_op() else {
        return (v.owner_block() == Some(entry.blk()))
            .then(|| v.argument_number().map(Arg::Buffer))
            .flatten();
    };
    let op = op.op();
    t2s_ir::op_match!(ir::name(&op), {
        ods::memref::CollapseShapeOperation => classify(op.operand_at(0)?.val(), entry),
        ods::memref::AllocOperation => {
            let (shape, element) =
                t2s_conversion::outline_spirv_kernels::types::shape_of(v.r#type());
            let mut dynamic = (0..op.operand_count()).map(|i| op.operand_at(i));
            let sizes = shape
                .iter()
                .map(|d| match *d {
                    i64::MIN => scratch::trace(dynamic.next()??, entry),
                    d => Some(Size::Const(d)),
                })
                .collect::<Option<_>>()?;
            Some(Arg::Scratch {
                element_bytes: t2s_conversion::outline_spirv_kernels::types::element_bytes(element),
                sizes,
            })
        },
        _ => None,
    })
}

/// The binary of the module's one `spirv.module`.
fn serialize(module: OperationRef<'_, '_>) -> Result<Vec<u8>, ExecuteError> {
    unsafe extern "C" fn append(chunk: mlir_sys::MlirStringRef, out: *mut std::ffi::c_void) {
        // SAFETY: `out` is the Vec below; the chunk is valid for the call.
        unsafe {
            let out = &mut *(out as *mut Vec<u8>);
            out.extend_from_slice(std::slice::from_raw_parts(
                chunk.data as *const u8,
                chunk.length,
            ));
        }
    }
    let mut binary: Vec<u8> = Vec::new();
    // SAFETY: a live module; `binary` outlives the call.
    let result = unsafe {
        t2s_dialects::capi::t2sSerializeSpirv(
            module.to_raw(),
            append,
            &mut binary as *mut Vec<u8> as *mut std::ffi::c_void,
        )
    };
    if result.value == 0 {
        return Err(ExecuteError::Pipeline(
            "the kernels could not be serialized to SPIR-V (see the diagnostics above)".into(),
        ));
    }
    Ok(binary)
}

/// SPIR 1.2 bitcode of a SPIR-V binary, which PoCL builds.
fn to_spir(binary: &[u8], dir: &Path) -> Result<Vec<u8>, ExecuteError> {
    let spv = dir.join("program.spv");
    let bc = dir.join("program.bc");
    std::fs::write(&spv, binary)
        .map_err(|e| ExecuteError::Invoke(format!("cannot write {}: {e}", spv.display())))?;
    let output = Command::new(llvm_spirv())
        .arg("-r")
        .arg(&spv)
        .arg("-o")
        .arg(&bc)
        .output()
        .map_err(|e| {
            ExecuteError::Invoke(format!(
                "cannot run {} ({e}); install llvm-spirv-15",
                llvm_spirv().display()
            ))
        })?;
    if !output.status.success() {
        return Err(ExecuteError::Invoke(format!(
            "llvm-spirv could not translate the SPIR-V:\n{}",
            String::from_utf8_lossy(&output.stderr).trim_end()
        )));
    }
    std::fs::read(&bc)
        .map_err(|e| ExecuteError::Invoke(format!("cannot read {}: {e}", bc.display())))
}

fn run(
    bitcode: &[u8],
    launch: &Launch,
    interface: &Interface,
    inputs: &[Buffer],
    params: &[i64],
    options: &RunOptions,
) -> Result<(Vec<Buffer>, Vec<Duration>), ExecuteError> {
    crate::args::check_arguments(interface, inputs, params)?;
    let mut call = crate::memref_arg::Call::new(interface, inputs, params)?;
    let shapes: Vec<Vec<usize>> = call.buffers().into_iter().map(|b| b.1).collect();
    let storages = call.storages();
    let scalar = |i: usize| params.get(i.checked_sub(storages.len())?).copied();
    let dim = |i: usize, k: usize| shapes.get(i).and_then(|s| s.get(k)).map(|d| *d as i64);
    let mut scratch: Vec<Vec<u64>> = Vec::new();
    let mut args = Vec::new();
    let unknown = || {
        ExecuteError::Invoke(format!(
            "kernel {} takes arguments the program does not have",
            launch.kernel
        ))
    };
    for arg in &launch.args {
        args.push(match arg {
            Arg::Buffer(i) => {
                let (ptr, bytes) = *storages.get(*i).ok_or_else(unknown)?;
                KernelArg::Buffer(ptr, bytes)
            }
            Arg::Index(size) => {
                KernelArg::Long(scratch::eval(size, &scalar, &dim).ok_or_else(unknown)?)
            }
            Arg::Scratch {
                element_bytes,
                sizes,
            } => {
                let buffer = scratch::zeroed_buffer(*element_bytes, sizes, &scalar, &dim)
                    .ok_or_else(|| {
                        ExecuteError::TooLarge(format!("a buffer of kernel {}", launch.kernel))
                    })?;
                scratch.push(buffer);
                let buffer = scratch.last_mut().ok_or_else(unknown)?;
                KernelArg::Buffer(
                    buffer.as_mut_ptr() as *mut std::ffi::c_void,
                    buffer.len() * 8,
                )
            }
        });
    }
    let times = run_kernel(
        bitcode,
        "-x spir -spir-std=1.2",
        &launch.kernel,
        &args,
        options.repeat,
    )
    .map_err(ExecuteError::Invoke)?;
    Ok((call.outputs(), times))
}
