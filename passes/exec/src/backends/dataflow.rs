//! `t2s-run --mode dataflow`: isolates the program (`t2s-isolate`), lowers
//! its arrays to kernel functions (`spacetime-to-scf`), reads the design the
//! lowering declares (`channel.design`: the kernel functions and their
//! channels), lowers the rest (`t2s-channels-to-llvm`), and runs every
//! kernel on its own thread over the channel runtime, all on the program's
//! arguments (docs/dataflow.md).

use crate::backend::{Backend, Request, RunOptions};
use crate::error::ExecuteError;
use crate::interface::Interface;
use crate::session::{run_pipeline, select_program};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::Module;
use melior::Context;
use std::ffi::c_void;
use std::time::{Duration, Instant};
use t2s_ir::ir;
use t2s_ir::ops::{self, channel::DesignOp, channel::FifoOp, View};
use t2s_ir::pipeline::Pipeline;
use t2s_model::interpret::Buffer;
use t2s_passes::pipelines::{DATAFLOW_TO_LLVM, ISOLATE};
use t2s_runtime::channel::{enter, leave, ChannelSpec, DepthMode, Run};

/// The channels and kernel functions of a lowered design.
pub struct Design {
    pub channels: Vec<ChannelSpec>,
    pub kernels: Vec<String>,
}

/// The design of the lowered program `name`: its `channel.design`, or, for
/// a program without kernels or channels, its one function `@name`.
pub fn design_of<'c>(
    module: OperationRef<'c, '_>,
    name: &str,
) -> Result<(Design, Failures<'c>), ExecuteError> {
    // The design whose first kernel is the program's function.
    let Some(design) = ops::all::<DesignOp>(module)
        .into_iter()
        .find(|d| d.kernels().first().map(String::as_str) == Some(name))
    else {
        let design = Design {
            channels: Vec::new(),
            kernels: vec![name.to_string()],
        };
        return Ok((design, Failures::at(module.location(), Vec::new())));
    };
    let fifos: Vec<FifoOp> = ops::children(&module);
    let mut channels = Vec::new();
    let mut declared = Vec::new();
    for channel in design.channels() {
        let fifo = fifos.iter().find(|f| f.name() == channel).ok_or_else(|| {
            ExecuteError::Pipeline(format!(
                "the design @{name} names the channel @{channel}, which the module does not declare"
            ))
        })?;
        let layout = t2s_ir::channel_abi::fifo_layout(&fifo.op())
            .ok_or(ExecuteError::Unreadable("a channel's layout"))?;
        channels.push(ChannelSpec {
            name: channel,
            dims: layout.dims,
            depth: layout.depth as usize,
            bytes: layout.bytes as usize,
        });
        declared.push(fifo.op().location());
    }
    let location = design.op().location();
    Ok((
        Design {
            channels,
            kernels: design.kernels(),
        },
        Failures::at(location, declared),
    ))
}

/// `--mode dataflow`.
pub struct Dataflow;

impl Backend for Dataflow {
    fn name(&self) -> &'static str {
        "dataflow"
    }

    fn summary(&self) -> &'static str {
        "the array isolated into kernels (loaders, the array, drainers) on threads, talking through blocking FIFOs; deadlocks are diagnosed"
    }

    fn default_max_points(&self) -> u64 {
        crate::limits::DEFAULT_MAX_CHANNEL_POINTS
    }

    fn pipelines(&self) -> Vec<&'static Pipeline> {
        vec![&DATAFLOW_TO_LLVM]
    }

    fn run(
        &self,
        context: &Context,
        module: &mut Module,
        request: &Request<'_>,
    ) -> Result<(Vec<Buffer>, Vec<Duration>), ExecuteError> {
        // Cut where the calling convention can be read (the design is
        // isolated) and where the design can (the arrays became kernel
        // functions, which the `channel.design` names).
        let cuts = [ISOLATE.last_pass(), &t2s_conversion::spacetime_to_scf::PASS];
        let stages = request.stages(&DATAFLOW_TO_LLVM, &cuts)?;
        run_pipeline(context, module, &stages[0])?;
        let interface = isolated_interface(module, request)?;
        request.check_points(self, &interface)?;
        run_pipeline(context, module, &stages[1])?;
        let (design, failures) = design_of(module.as_operation(), &interface.name)?;
        run_pipeline(context, module, &stages[2])?;
        failures.report(
            &design,
            run_kernels(
                module,
                &interface,
                &design,
                request.inputs,
                request.params,
                request.options,
            ),
        )
    }
}

/// The calling convention of the requested program once `t2s-isolate`
/// has run.
pub fn isolated_interface(
    module: &Module<'_>,
    request: &Request<'_>,
) -> Result<Interface, ExecuteError> {
    let program = select_program(module.as_operation(), request.program)?;
    crate::session::read_ir("the calling convention", || {
        Interface::from_transformed(program)
    })
}

/// Where a run's failure is reported: the program, and the channels a
/// kernel can wait on (locations live in the context: they outlive the ops
/// that the lowering replaces).
pub struct Failures<'c> {
    location: melior::ir::Location<'c>,
    declared: Vec<melior::ir::Location<'c>>,
}

impl<'c> Failures<'c> {
    /// Failures reported at `location`, with notes at the channels'
    /// declarations (in the design's order).
    pub fn at(location: melior::ir::Location<'c>, declared: Vec<melior::ir::Location<'c>>) -> Self {
        Failures { location, declared }
    }

    /// `result`, with a deadlock or misuse reported at the program and a
    /// note at each channel a kernel waits on.
    pub fn report<T>(
        &self,
        design: &Design,
        result: Result<T, ExecuteError>,
    ) -> Result<T, ExecuteError> {
        match result {
            Err(ExecuteError::Deadlock(report, channels)) => {
                let notes: Vec<_> = channels
                    .iter()
                    .filter_map(|c| {
                        Some((
                            *self.declared.get(*c)?,
                            format!(
                                "a kernel waits on @{}, declared here",
                                design.channels[*c].name
                            ),
                        ))
                    })
                    .collect();
                t2s_ir::diag::emit(
                    self.location,
                    t2s_ir::diag::Severity::Error,
                    &report,
                    &notes,
                );
                Err(ExecuteError::Deadlock(
                    "the design did not run to its end (see the diagnostic above)".into(),
                    Vec::new(),
                ))
            }
            result => result,
        }
    }
}

/// A pointer that crosses to the kernel threads (which only read it).
#[derive(Clone, Copy)]
struct Shared(*mut c_void);
// SAFETY: the pointees (JIT code, argument arrays) outlive the threads, and
// the kernels only read the argument array (each writes its own status).
unsafe impl Send for Shared {}
unsafe impl Sync for Shared {}

/// A kernel thread's stack: unrolled PE arrays have large frames.
pub const KERNEL_STACK: usize = 64 << 20;

/// JIT-compiles the lowered design and runs its kernels, once plus
/// `options.repeat` timed runs.
pub fn run_kernels(
    module: &Module,
    interface: &Interface,
    design: &Design,
    inputs: &[Buffer],
    params: &[i64],
    options: &RunOptions,
) -> Result<(Vec<Buffer>, Vec<Duration>), ExecuteError> {
    crate::args::check_arguments(interface, inputs, params)?;
    let call = crate::memref_arg::Call::new(interface, inputs, params)?;
    // One packed call per kernel: each returns its own status.
    let mut packed_calls: Vec<_> = design.kernels.iter().map(|_| call.packed_call()).collect();
    let packed: Vec<Shared> = packed_calls
        .iter_mut()
        .map(|c| Shared(c.packed.as_mut_ptr() as *mut c_void))
        .collect();
    // SAFETY: the module is in the llvm dialect; the engine is destroyed
    // before returning, after every kernel thread has been joined.
    unsafe {
        let engine = crate::jit::new_engine(module)?;
        let result = lookup(engine.raw(), design).and_then(|functions| {
            let mut times = Vec::new();
            for run in 0..=options.repeat {
                let start = Instant::now();
                run_once(design, &functions, &packed, options.channel_depths)?;
                for c in &packed_calls {
                    c.check(interface)?;
                }
                if run > 0 {
                    times.push(start.elapsed());
                }
            }
            Ok(times)
        });
        drop(engine);
        result.map(|times| (call.outputs(), times))
    }
}

/// The kernels' packed entry points (the channels need none: each access
/// passes its descriptor, which names its position in the design).
///
/// # Safety
/// `engine` is a live execution engine.
unsafe fn lookup(
    engine: mlir_sys::MlirExecutionEngine,
    design: &Design,
) -> Result<Vec<Shared>, ExecuteError> {
    let mut functions = Vec::new();
    for kernel in &design.kernels {
        // The packed wrapper of the C interface (`llvm.emit_c_interface`)
        // takes pointers to memref descriptors, as invoke_packed does.
        let interface = format!("_mlir_ciface_{kernel}");
        // SAFETY: guaranteed by the caller.
        let function = unsafe {
            mlir_sys::mlirExecutionEngineLookupPacked(engine, ir::string_ref(&interface))
        };
        if function.is_null() {
            return Err(ExecuteError::Invoke(format!(
                "no kernel function {kernel} in the compiled module"
            )));
        }
        functions.push(Shared(function));
    }
    Ok(functions)
}

/// One run of every kernel, each on its thread; fails with the runtime's
/// report (a deadlock, a misuse).
fn run_once(
    design: &Design,
    functions: &[Shared],
    packed: &[Shared],
    mode: DepthMode,
) -> Result<(), ExecuteError> {
    let calls: Vec<Box<dyn Fn() + Send + Sync>> = functions
        .iter()
        .zip(packed)
        .map(|(function, packed)| {
            let (function, packed) = (*function, *packed);
            Box::new(move || {
                let function = function;
                let packed = packed;
                // SAFETY: the packed wrapper of a function taking the
                // program's arguments, which `packed` points to.
                unsafe {
                    let entry: extern "C" fn(*mut *mut c_void) = std::mem::transmute(function.0);
                    entry(packed.0 as *mut *mut c_void);
                }
            }) as Box<dyn Fn() + Send + Sync>
        })
        .collect();
    run_threads(design, &[], &calls, mode)
}

/// Runs `calls[k]` as kernel `k` of `design`, each on its thread, over a
/// fresh channel run (`emulated`: the OpenCL emulation's channel arrays;
/// empty for lowered code); fails with the runtime's report (a deadlock, a
/// misuse).
pub fn run_threads(
    design: &Design,
    emulated: &[usize],
    calls: &[Box<dyn Fn() + Send + Sync>],
    mode: DepthMode,
) -> Result<(), ExecuteError> {
    let run = Run::new(
        design.channels.clone(),
        emulated,
        design.kernels.clone(),
        mode,
    );
    let spawned = std::thread::scope(|scope| {
        let mut handles = Vec::new();
        for (k, call) in calls.iter().enumerate() {
            let kernel_run = run.clone();
            let spawned = std::thread::Builder::new()
                .name(design.kernels[k].clone())
                .stack_size(KERNEL_STACK)
                .spawn_scoped(scope, move || {
                    let run = kernel_run;
                    enter(&run, k);
                    call();
                    leave();
                    run.finish(k);
                });
            match spawned {
                Ok(handle) => handles.push(handle),
                Err(e) => {
                    // The threads already started still need their peers:
                    // fail the run so they finish, then report.
                    for missing in k..calls.len() {
                        run.finish(missing);
                    }
                    for handle in handles {
                        let _ = handle.join();
                    }
                    return Err(ExecuteError::Invoke(format!(
                        "cannot start a kernel thread: {e}"
                    )));
                }
            }
        }
        for handle in handles {
            let _ = handle.join();
        }
        Ok(())
    });
    spawned?;
    match run.failure() {
        Some(report) => Err(ExecuteError::Deadlock(report, run.stuck_on())),
        None => {
            tracing::info!(
                target: "t2s::channels",
                "{} values through the channels of {} kernels",
                run.moved(),
                calls.len()
            );
            Ok(())
        }
    }
}
