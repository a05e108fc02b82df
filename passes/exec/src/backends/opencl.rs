//! `t2s-run --mode opencl`: the program lowered to kernels, translated to
//! OpenCL C for Intel FPGAs (`opencl::translate`), compiled for the host by
//! clang with the emulation header (`include/t2s/opencl`), and run — one
//! thread per kernel over the blocking-FIFO channel runtime, as Intel's
//! emulator runs a design. The `.cl` that runs is the `.cl` that
//! `t2s-translate --t2s-to-opencl` prints for the same lowering.
//!
//! A program with a space-time transform takes `t2s-dataflow-to-scf`'s
//! passes (isolated kernels and channels); one without takes
//! `t2s-sequential-to-scf`'s (one kernel).

use crate::backend::{Backend, Request, RunOptions};
use crate::backends::dataflow::{design_of, isolated_interface, run_threads, Design, KERNEL_STACK};
use crate::error::ExecuteError;
use crate::interface::{sequential_interface, Interface};
use crate::session::{is_spatial, run_pipeline, select_program};
use crate::tools::{clang, work_dir};
use melior::ir::Module;
use melior::Context;
use std::ffi::c_void;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};
use t2s_ir::ops::{channel::FifoOp, View};
use t2s_ir::pipeline::Pipeline;
use t2s_model::interpret::Buffer;
use t2s_passes::pipelines::{DATAFLOW_TO_SCF, ISOLATE, SEQUENTIAL_TO_SCF};
use t2s_runtime::emulation::{
    t2s_emu_channel_index_error, t2s_emu_channel_read, t2s_emu_channel_write,
};
use t2s_target::opencl::{Param, Translation};
use t2s_transforms::ure::merge_ures::PASS as MERGE_URES;

pub use t2s_runtime::emulation::EMULATION_HEADER;
use t2s_runtime::emulation::EMULATION_HOOKS;

/// `--mode opencl`.
pub struct OpenCl;

impl Backend for OpenCl {
    fn name(&self) -> &'static str {
        "opencl"
    }

    fn summary(&self) -> &'static str {
        "the dataflow design (or the sequential nest) as OpenCL C for Intel FPGAs, compiled with the emulation header and run on threads"
    }

    fn default_max_points(&self) -> u64 {
        crate::limits::DEFAULT_MAX_CHANNEL_POINTS
    }

    fn pipelines(&self) -> Vec<&'static Pipeline> {
        vec![&DATAFLOW_TO_SCF, &SEQUENTIAL_TO_SCF]
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

/// Lowers, translates, compiles and runs `module`'s program.
fn execute(
    backend: &OpenCl,
    context: &Context,
    module: &mut Module,
    request: &Request<'_>,
) -> Result<(Vec<Buffer>, Vec<Duration>), ExecuteError> {
    let (inputs, params, options) = (request.inputs, request.params, request.options);
    let program = select_program(module.as_operation(), request.program)?;
    let spatial = is_spatial(&program) || request.asks_for_array();
    let (interface, rest) = if spatial {
        request.check_route(backend, &DATAFLOW_TO_SCF, "array")?;
        let stages = request.stages(&DATAFLOW_TO_SCF, &[ISOLATE.last_pass()])?;
        run_pipeline(context, module, &stages[0])?;
        (isolated_interface(module, request)?, stages[1].clone())
    } else {
        request.check_route(backend, &SEQUENTIAL_TO_SCF, "sequential")?;
        let stages = request.stages(&SEQUENTIAL_TO_SCF, &[&MERGE_URES])?;
        run_pipeline(context, module, &stages[0])?;
        let interface = sequential_interface(context, module, request.program)?;
        (interface, stages[1].clone())
    };
    request.check_points(backend, &interface)?;
    run_pipeline(context, module, &rest)?;
    // The kernels and channels the lowering declares (one kernel, the
    // program's function, for a sequential nest).
    let (mut design, failures) = design_of(module.as_operation(), &interface.name)?;
    fit_c_layout(module.as_operation(), &mut design);
    let translation = t2s_target::opencl::translate(module.as_operation()).map_err(|_| {
        ExecuteError::Pipeline(
            "the kernels have no OpenCL C form (see the diagnostics above)".into(),
        )
    })?;
    let dir = work_dir()?;
    let result = compile(&translation, &dir).and_then(|library| {
        run(
            &library,
            &translation,
            &design,
            &interface,
            inputs,
            params,
            options,
        )
    });
    let _ = std::fs::remove_dir_all(&dir);
    failures.report(&design, result)
}

fn run_clang(args: &[&str], what: &str) -> Result<(), ExecuteError> {
    let output = Command::new(clang())
        .args(args)
        .output()
        .map_err(|e| ExecuteError::Invoke(format!("cannot run {}: {e}", clang().display())))?;
    if output.status.success() {
        return Ok(());
    }
    Err(ExecuteError::Invoke(format!(
        "clang could not compile {what}:\n{}",
        String::from_utf8_lossy(&output.stderr).trim_end()
    )))
}

/// The source the emulation compiles: the `.cl` without its `#pragma
/// unroll` lines (blank, so that line numbers hold). The pragmas tell aoc
/// to build one PE per iteration; they do not change a value, and clang
/// honours them by unrolling every PE loop at -O2, which takes minutes for
/// a few hundred PEs.
fn without_unroll_pragmas(source: &str) -> String {
    source
        .lines()
        .map(|l| if l.trim() == "#pragma unroll" { "" } else { l })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Compiles the program and the channel hooks into a shared library.
/// The emulated kernels move each value as OpenCL C lays it out
/// (`CType::bytes`), which may take more bytes than the LLVM layout the
/// design's FIFOs were sized by: an `i1` lane is a `bool`, a byte, where
/// LLVM packs lanes into bits (`vector<3xi1>`: 3 bytes against 1). Each FIFO
/// holds the larger of the two, so no lane is cut off.
fn fit_c_layout(module: melior::ir::operation::OperationRef<'_, '_>, design: &mut Design) {
    let fifos: Vec<FifoOp> = t2s_ir::ops::children(&module);
    for channel in &mut design.channels {
        let c_bytes = fifos
            .iter()
            .find(|f| f.name() == channel.name)
            .and_then(|f| t2s_ir::channel_abi::fifo_layout(&f.op()))
            .and_then(|layout| t2s_target::opencl::c_bytes(layout.ty))
            .map_or(0, |b| b as usize);
        channel.bytes = channel.bytes.max(c_bytes);
    }
}

fn compile(translation: &Translation, dir: &Path) -> Result<libloading::Library, ExecuteError> {
    let write = |name: &str, text: &str| -> Result<String, ExecuteError> {
        let path = dir.join(name);
        std::fs::write(&path, text)
            .map_err(|e| ExecuteError::Invoke(format!("cannot write {}: {e}", path.display())))?;
        Ok(path.to_string_lossy().into_owned())
    };
    let header = write("t2s-fpga-emulation.h", EMULATION_HEADER)?;
    let hooks = write(
        "t2s-fpga-emulation.c",
        &format!("{EMULATION_HOOKS}{}", trampolines(translation)),
    )?;
    let source = write("program.cl", &without_unroll_pragmas(&translation.source))?;
    let program_o = dir.join("program.o").to_string_lossy().into_owned();
    let hooks_o = dir.join("hooks.o").to_string_lossy().into_owned();
    let library = dir.join("program.so").to_string_lossy().into_owned();
    #[rustfmt::skip]
    run_clang(&[
        "-x", "cl", "-cl-std=CL2.0", "-target", "x86_64-unknown-linux-gnu", "-O2", "-fPIC",
        "-fwrapv", "-ffp-contract=off", "-include", &header, "-c", &source, "-o", &program_o,
    ], "the emitted OpenCL C")?;
    run_clang(
        &["-O2", "-fPIC", "-c", &hooks, "-o", &hooks_o],
        "the channel hooks",
    )?;
    run_clang(
        // -Bsymbolic: a caller binds to this library's kernel even when the
        // kernel shares a name with a C library function (`div`).
        &[
            "-shared",
            "-Wl,-Bsymbolic",
            &program_o,
            &hooks_o,
            "-o",
            &library,
            "-lm",
        ],
        "the emulation library",
    )?;
    // SAFETY: a library we just built; its initializers are clang's.
    unsafe { libloading::Library::new(&library) }
        .map_err(|e| ExecuteError::Invoke(format!("cannot load the emulation library: {e}")))
}

/// One C function per kernel, `t2s_emu_call_<kernel>(const unsigned long
/// *args)`, calling it with its arguments spread: the host then calls every
/// kernel the same way, whatever its argument count. Pointers and `long`s
/// are both 64-bit integer arguments in the C calling convention, so each
/// is declared `unsigned long`.
fn trampolines(translation: &Translation) -> String {
    let mut text = String::from("\n/* Generated: one caller per kernel. */\n");
    for kernel in &translation.kernels {
        let n = kernel.params.len();
        let declared = if n == 0 {
            "void".to_string()
        } else {
            vec!["unsigned long"; n].join(", ")
        };
        let spread: Vec<String> = (0..n).map(|i| format!("a[{i}]")).collect();
        text.push_str(&format!(
            "extern void {k}({declared});\nvoid t2s_emu_call_{k}(const unsigned long *a) {{ (void)a; {k}({}); }}\n",
            spread.join(", "),
            k = kernel.name
        ));
    }
    text
}

/// A kernel's caller (`t2s_emu_call_<kernel>`) and its arguments, for the
/// kernel threads.
struct Entry(*const c_void, Vec<u64>);
// SAFETY: code of a library that outlives the threads; the arguments are
// buffers the caller keeps alive, written by one kernel at a time per
// element (each output element has one writer).
unsafe impl Send for Entry {}
unsafe impl Sync for Entry {}

type Hook = extern "C" fn(usize, usize, i64);
type IndexHook = extern "C" fn(usize, i64, i64);

/// The argument words of `kernel`: the program's buffers, their sizes and
/// scalars, and zeroed scratch buffers (kept alive in `scratch`).
fn kernel_args(
    kernel: &t2s_target::opencl::Kernel,
    buffers: &[(*mut c_void, Vec<usize>)],
    params: &[i64],
    scratch: &mut Vec<Vec<u64>>,
) -> Result<Vec<u64>, ExecuteError> {
    let scalar = |i: usize| params.get(i.checked_sub(buffers.len())?).copied();
    let dim = |i: usize, k: usize| buffers.get(i).and_then(|b| b.1.get(k)).map(|d| *d as i64);
    let mut args = Vec::new();
    for p in &kernel.params {
        args.push(match p {
            Param::Buffer(i) => buffers.get(*i).map(|b| b.0 as u64),
            Param::Dim(i, k) => dim(*i, *k).map(|d| d as u64),
            Param::Scalar(i) => scalar(*i).map(|v| v as u64),
            Param::Scratch {
                element_bytes,
                sizes,
            } => {
                let buffer = t2s_target::opencl::scratch::zeroed_buffer(
                    *element_bytes,
                    sizes,
                    &scalar,
                    &dim,
                )
                .ok_or_else(|| {
                    ExecuteError::TooLarge(format!("a buffer of kernel {}", kernel.name))
                })?;
                scratch.push(buffer);
                scratch.last_mut().map(|b| b.as_mut_ptr() as u64)
            }
        });
    }
    args.into_iter()
        .collect::<Option<Vec<u64>>>()
        .ok_or_else(|| {
            ExecuteError::Invoke(format!(
                "kernel {} takes arguments the program does not have",
                kernel.name
            ))
        })
}

fn run(
    library: &libloading::Library,
    translation: &Translation,
    design: &Design,
    interface: &Interface,
    inputs: &[Buffer],
    params: &[i64],
    options: &RunOptions,
) -> Result<(Vec<Buffer>, Vec<Duration>), ExecuteError> {
    crate::args::check_arguments(interface, inputs, params)?;
    let mut call = crate::memref_arg::Call::new(interface, inputs, params)?;
    let buffers = call.buffers();
    let symbol = |name: &str| -> Result<*mut c_void, ExecuteError> {
        // SAFETY: the address of a symbol the translation defined.
        unsafe { library.get::<*mut c_void>(name.as_bytes()) }
            .map(|s| *s)
            .map_err(|e| ExecuteError::Invoke(format!("no {name} in the emulation library: {e}")))
    };
    // SAFETY: the hooks are function pointers of the library's C file.
    unsafe {
        *(symbol("t2s_emu_read_hook")? as *mut Hook) = t2s_emu_channel_read;
        *(symbol("t2s_emu_write_hook")? as *mut Hook) = t2s_emu_channel_write;
        *(symbol("t2s_emu_index_hook")? as *mut IndexHook) = t2s_emu_channel_index_error;
    }
    let mut addresses = Vec::new();
    for spec in &design.channels {
        let (_, c_name) = translation
            .channels
            .iter()
            .find(|(s, _)| *s == spec.name)
            .ok_or_else(|| {
                ExecuteError::Invoke(format!("no channel @{} in the translation", spec.name))
            })?;
        addresses.push(symbol(c_name)? as usize);
    }
    let mut entries = Vec::new();
    let mut scratch: Vec<Vec<u64>> = Vec::new();
    for name in &design.kernels {
        let kernel = translation
            .kernels
            .iter()
            .find(|k| k.symbol == *name)
            .ok_or_else(|| ExecuteError::Invoke(format!("no kernel @{name} in the translation")))?;
        if kernel.private_bytes > (KERNEL_STACK / 2) as u64 {
            return Err(ExecuteError::TooLarge(format!(
                "kernel {}'s private arrays ({} bytes, more than the emulation's {} MiB stack)",
                kernel.name,
                kernel.private_bytes,
                KERNEL_STACK >> 21
            )));
        }
        let args = kernel_args(kernel, &buffers, params, &mut scratch)?;
        let caller = symbol(&format!("t2s_emu_call_{}", kernel.name))?;
        entries.push(Entry(caller as *const c_void, args));
    }
    let calls: Vec<Box<dyn Fn() + Send + Sync>> = entries
        .into_iter()
        .map(|entry| {
            Box::new(move || {
                let entry = &entry;
                // SAFETY: the kernel's caller, which reads exactly the
                // kernel's argument count from the array.
                let call: unsafe extern "C" fn(*const u64) =
                    unsafe { std::mem::transmute(entry.0) };
                unsafe { call(entry.1.as_ptr()) }
            }) as Box<dyn Fn() + Send + Sync>
        })
        .collect();
    let mut times = Vec::new();
    for run in 0..=options.repeat {
        let start = Instant::now();
        run_threads(design, &addresses, &calls, options.channel_depths)?;
        if run > 0 {
            times.push(start.elapsed());
        }
    }
    Ok((call.outputs(), times))
}
