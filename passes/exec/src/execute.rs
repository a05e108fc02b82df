//! Executes URE programs: the reference interpreter, and compiled modes that
//! lower the program to the `llvm` dialect and JIT-run it with MLIR's
//! ExecutionEngine.

use crate::interface::Interface;
use melior::ir::operation::OperationRef;
use melior::ir::Module;
use melior::pass::PassManager;
use melior::Context;
use std::ffi::c_void;
use std::time::{Duration, Instant};
use t2s_ir::import::{extract_program, find_nest};
use t2s_ir::ir;
use t2s_model::interpret::{interpret, Buffer};
use t2s_model::Program;
use thiserror::Error;

#[derive(Debug, Error)]
pub enum ExecuteError {
    #[error("{0}")]
    Pipeline(String),
    #[error("the module holds no ure.program")]
    NoProgram,
    #[error("the module holds several ure.programs ({0}); choose one with --program")]
    SeveralPrograms(String),
    #[error("no ure.program named @{0}")]
    UnknownProgram(String),
    #[error("cannot convert the program (see the diagnostics above)")]
    Extract,
    #[error(transparent)]
    Interpret(#[from] t2s_model::interpret::InterpretError),
    #[error("the JIT could not compile the lowered module")]
    Jit,
    #[error("the JIT-compiled function failed: {0}")]
    Invoke(String),
    #[error("input @{name}: {reason}")]
    Input { name: String, reason: String },
    #[error("{0}")]
    Arguments(String),
    #[error("{0} cannot be allocated (more than {MAX_ELEMENTS} elements)")]
    TooLarge(String),
    /// The dataflow run failed: a deadlock, or a misuse of channels; the
    /// channels (indices in the design) that kernels waited on.
    #[error("{0}")]
    Deadlock(String, Vec<usize>),
    #[error("@{0} is isolated into kernels that talk through channels (channel.kernel @{1}): run it with --mode dataflow")]
    Isolated(String, String),
    #[error("@{0} is space-time transformed: the {1} mode needs its UREs; give the program as written (t2s-run --reference FILE runs the interpreter on it)")]
    Transformed(String, &'static str),
}

pub use t2s_runtime::MAX_ELEMENTS;

/// Checks that a buffer of `shape` can be allocated.
pub fn check_buffer(what: &str, shape: &[usize]) -> Result<(), ExecuteError> {
    match t2s_model::interpret::element_count(shape) {
        Some(n) if n as u64 <= MAX_ELEMENTS => Ok(()),
        _ => Err(ExecuteError::TooLarge(format!(
            "{what} of shape [{}]",
            shape
                .iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ))),
    }
}

/// How a program is executed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The reference interpreter, straight from the equations.
    Interpret,
    /// merge-ures, then the sequential lowering to scf/llvm, JIT-run.
    Sequential,
    /// merge-ures, the space-time transform of the program's directives,
    /// the systolic array lowered to scf/llvm, JIT-run.
    Systolic,
    /// Systolic, then `isolate`: loaders, the array and drainers as kernels
    /// on threads, talking through blocking FIFOs.
    Dataflow,
    /// Dataflow (or sequential, without a space-time transform) lowered to
    /// OpenCL C for Intel FPGAs, compiled for the host with the emulation
    /// header and run on threads.
    OpenCl,
    /// Sequential (or systolic, with a space-time transform) lowered to one
    /// single-work-item OpenCL kernel in SPIR-V, run by the system's OpenCL
    /// (PoCL, through SPIR 1.2 bitcode from `llvm-spirv-15 -r`).
    Spirv,
}

impl Mode {
    pub fn parse(text: &str) -> Option<Mode> {
        match text {
            "interpret" => Some(Mode::Interpret),
            "sequential" => Some(Mode::Sequential),
            "systolic" => Some(Mode::Systolic),
            "dataflow" => Some(Mode::Dataflow),
            "opencl" => Some(Mode::OpenCl),
            "spirv" => Some(Mode::Spirv),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Mode::Interpret => "interpret",
            Mode::Sequential => "sequential",
            Mode::Systolic => "systolic",
            Mode::Dataflow => "dataflow",
            Mode::OpenCl => "opencl",
            Mode::Spirv => "spirv",
        }
    }

    /// The pipeline that brings a `ure.program` to the `llvm` dialect.
    fn pipeline(self) -> &'static str {
        match self {
            Mode::Interpret => "builtin.module(merge-ures)",
            Mode::Sequential => "builtin.module(t2s-sequential-to-llvm)",
            Mode::Systolic | Mode::Spirv => "builtin.module(t2s-lower-to-llvm)",
            Mode::Dataflow | Mode::OpenCl => "builtin.module(t2s-dataflow-to-llvm)",
        }
    }

    /// The pipeline with the options of a run: `t2s-lower-to-llvm` with
    /// spacetime-to-scf's options spelled out.
    pub(crate) fn pipeline_with(self, options: &RunOptions) -> String {
        let mut lowering: Vec<String> = Vec::new();
        if !options.fastmath.is_empty() {
            lowering.push(format!("fastmath={}", options.fastmath));
        }
        if !options.systolic_options.trim().is_empty() {
            lowering.push(options.systolic_options.trim().to_string());
        }
        let passes = match self {
            Mode::Dataflow | Mode::OpenCl => t2s_passes::pipelines::LOWER_KERNELS,
            _ if lowering.is_empty() => return self.pipeline().to_string(),
            Mode::Systolic => t2s_passes::pipelines::LOWER_TO_LLVM.passes,
            _ => return self.pipeline().to_string(),
        };
        format!(
            "builtin.module({})",
            with_spacetime_options(passes, &lowering.join(" "))
        )
    }
}

/// How a compiled program is built and run.
#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    /// Extra timed calls of the compiled function.
    pub repeat: usize,
    /// Fastmath flags of the PEs' floating-point arithmetic (systolic mode).
    pub fastmath: String,
    /// More options of `spacetime-to-scf` (systolic mode), e.g.
    /// `unroll-pes=false`.
    pub systolic_options: String,
    /// The channels' depths (dataflow mode).
    pub channel_depths: t2s_runtime::channel::DepthMode,
    /// The largest iteration space (points) a run may take; 0 for the
    /// mode's default ([`DEFAULT_MAX_POINTS`], [`DEFAULT_MAX_INTERPRETED_POINTS`]).
    pub max_points: u64,
}

/// About a minute of compiled code: a larger iteration space is refused
/// rather than left to run for hours (`t2s-run --max-points` raises it).
pub const DEFAULT_MAX_POINTS: u64 = 1 << 36;

/// About a minute of the (release-built) interpreter, which takes some
/// 250 ns a point.
pub const DEFAULT_MAX_INTERPRETED_POINTS: u64 = 1 << 28;

/// The iteration space must stay within `max` points (0: the mode's default).
pub fn check_points(
    interface: &Interface,
    params: &[i64],
    mode: Mode,
    max: u64,
) -> Result<(), ExecuteError> {
    let max = match (max, mode) {
        (0, Mode::Interpret | Mode::Dataflow | Mode::OpenCl) => DEFAULT_MAX_INTERPRETED_POINTS,
        (0, _) => DEFAULT_MAX_POINTS,
        (max, _) => max,
    };
    interface
        .check_params(params)
        .map_err(ExecuteError::Arguments)?;
    match interface.points(params) {
        Some(n) if n <= max => Ok(()),
        n => Err(ExecuteError::Arguments(format!(
            "@{}: the iteration space has {} points, more than the limit of {max} (t2s-run --max-points raises it)",
            interface.name,
            n.map_or("more than 2^64".to_string(), |n| n.to_string())
        ))),
    }
}

/// A context with every upstream and t2s dialect, the LLVM translations (for
/// the JIT) and every pass registered.
pub fn new_context() -> Context {
    let registry = melior::dialect::DialectRegistry::new();
    t2s_dialects::register_all_dialects(&registry);
    let context = Context::new();
    context.append_dialect_registry(&registry);
    context.load_all_available_dialects();
    melior::utility::register_all_llvm_translations(&context);
    t2s_passes::register_passes();
    context
}

/// Runs `pipeline` over `module`; diagnostics go to the context's handlers.
pub fn run_pipeline(
    context: &Context,
    module: &mut Module,
    pipeline: &str,
) -> Result<(), ExecuteError> {
    t2s_passes::register_passes();
    let pm = PassManager::new(context);
    melior::utility::parse_pass_pipeline(pm.as_operation_pass_manager(), pipeline)
        .map_err(|e| ExecuteError::Pipeline(format!("bad pipeline '{pipeline}': {e}")))?;
    pm.run(module).map_err(|_| {
        ExecuteError::Pipeline("compilation failed (see the diagnostics above)".into())
    })
}

/// The `ure.program` to run: the one named `name`, or the only one.
pub fn select_program<'c, 'a>(
    module: OperationRef<'c, 'a>,
    name: Option<&str>,
) -> Result<OperationRef<'c, 'a>, ExecuteError> {
    let programs = ir::collect(module, "ure.program");
    match name {
        Some(n) => programs
            .into_iter()
            .find(|p| ir::symbol_name(p) == n)
            .ok_or_else(|| ExecuteError::UnknownProgram(n.to_string())),
        None => match programs.len() {
            0 => Err(ExecuteError::NoProgram),
            1 => Ok(programs[0]),
            _ => Err(ExecuteError::SeveralPrograms(
                programs
                    .iter()
                    .map(|p| format!("@{}", ir::symbol_name(p)))
                    .collect::<Vec<_>>()
                    .join(", "),
            )),
        },
    }
}

/// Merges the program (if needed) and converts it into the model.
pub fn program_model(
    context: &Context,
    module: &mut Module,
    name: Option<&str>,
) -> Result<Program, ExecuteError> {
    let program = select_program(module.as_operation(), name)?;
    if find_nest(&program).is_none() {
        run_pipeline(context, module, Mode::Interpret.pipeline())?;
    }
    let program = select_program(module.as_operation(), name)?;
    extract_program(program).map_err(|_| ExecuteError::Extract)
}

/// Whether the program's UREs were space-time transformed already.
pub fn is_transformed(program: &OperationRef<'_, '_>) -> bool {
    find_nest(program).is_some_and(|n| ir::name(&n) == "spacetime.array")
}

/// Whether the program is (or its directives make it) a systolic array.
pub fn is_spatial(program: &OperationRef<'_, '_>) -> bool {
    is_transformed(program) || !ir::collect(*program, "ure.space_time_transform").is_empty()
}

/// `passes` with `spacetime-to-scf` given `options` (none when empty).
pub fn with_spacetime_options(passes: &str, options: &str) -> String {
    let options = options.trim();
    if options.is_empty() {
        return passes.to_string();
    }
    passes.replace(
        "spacetime-to-scf",
        &format!("spacetime-to-scf{{{options}}}"),
    )
}

/// The calling convention of `module`'s program: from the IR when it is
/// space-time transformed, from its UREs otherwise.
pub fn program_interface(
    context: &Context,
    module: &mut Module,
    name: Option<&str>,
) -> Result<Interface, ExecuteError> {
    let program = select_program(module.as_operation(), name)?;
    if is_transformed(&program) {
        return Interface::from_transformed(program).map_err(|_| ExecuteError::Extract);
    }
    if find_nest(&program).is_none() {
        run_pipeline(context, module, Mode::Interpret.pipeline())?;
    }
    let program = select_program(module.as_operation(), name)?;
    Interface::from_merged(program).map_err(|_| ExecuteError::Extract)
}

/// Executes `module`'s program in `mode` on `inputs` and `params`.
pub fn execute(
    context: &Context,
    module: &mut Module,
    name: Option<&str>,
    mode: Mode,
    inputs: &[Buffer],
    params: &[i64],
) -> Result<Vec<Buffer>, ExecuteError> {
    execute_timed(
        context,
        module,
        name,
        mode,
        inputs,
        params,
        &RunOptions::default(),
    )
    .map(|(outputs, _)| outputs)
}

/// [`execute`], then, for a compiled mode, `repeat` more calls of the
/// compiled function, each timed alone (no parsing, lowering or JIT
/// compilation): the kernel times of a benchmark.
pub fn execute_timed(
    context: &Context,
    module: &mut Module,
    name: Option<&str>,
    mode: Mode,
    inputs: &[Buffer],
    params: &[i64],
    options: &RunOptions,
) -> Result<(Vec<Buffer>, Vec<Duration>), ExecuteError> {
    if mode == Mode::Dataflow {
        return crate::dataflow::execute(context, module, name, inputs, params, options);
    }
    if mode == Mode::OpenCl {
        return crate::opencl_run::execute(context, module, name, inputs, params, options);
    }
    if mode == Mode::Spirv {
        return crate::spirv_run::execute(context, module, name, inputs, params, options);
    }
    let repeat = options.repeat;
    let pipeline = mode.pipeline_with(options);
    let program = select_program(module.as_operation(), name)?;
    if mode != Mode::Systolic && is_transformed(&program) {
        return Err(ExecuteError::Transformed(
            ir::symbol_name(&program),
            mode.name(),
        ));
    }
    if mode == Mode::Systolic {
        let interface = crate::interface::array_interface(context, module, name)?;
        check_points(&interface, params, mode, options.max_points)?;
        run_pipeline(context, module, &pipeline)?;
        return jit_run_timed(module, &interface, inputs, params, repeat);
    }
    let decls = ir::param_decls(&program);
    let model = program_model(context, module, name)?;
    let mut interface = Interface::from_model(&model);
    interface.param_max = crate::interface::param_max(&decls, &model.params);
    check_points(&interface, params, mode, options.max_points)?;
    match mode {
        Mode::Interpret => Ok((interpret(&model, params, inputs)?, Vec::new())),
        Mode::Sequential | Mode::Systolic | Mode::Dataflow | Mode::OpenCl | Mode::Spirv => {
            if mode == Mode::Sequential {
                // The rolling buffers the lowered code will allocate.
                let slots =
                    t2s_model::interpret::rolling_slots(&model, params).ok_or_else(|| {
                        ExecuteError::TooLarge(
                            "the sequential storage (its size overflows i64)".into(),
                        )
                    })?;
                let total: u64 = slots
                    .iter()
                    .map(|s| *s as u64)
                    .fold(0u64, u64::saturating_add);
                if total > MAX_ELEMENTS {
                    return Err(ExecuteError::TooLarge(format!(
                        "the sequential storage ({total} values)"
                    )));
                }
            }
            run_pipeline(context, module, &pipeline)?;
            jit_run_timed(
                module,
                &Interface::from_model(&model),
                inputs,
                params,
                repeat,
            )
        }
    }
}

/// JIT-compiles a module in the `llvm` dialect and calls the program's
/// function (`llvm.emit_c_interface`) on copies of the inputs.
pub fn jit_run(
    module: &Module,
    model: &Interface,
    inputs: &[Buffer],
    params: &[i64],
) -> Result<Vec<Buffer>, ExecuteError> {
    jit_run_timed(module, model, inputs, params, 0).map(|(outputs, _)| outputs)
}

/// [`jit_run`], then `repeat` more timed calls (the function zeroes its
/// outputs first, so every call computes the same result).
pub fn jit_run_timed(
    module: &Module,
    model: &Interface,
    inputs: &[Buffer],
    params: &[i64],
    repeat: usize,
) -> Result<(Vec<Buffer>, Vec<Duration>), ExecuteError> {
    check_arguments(model, inputs, params)?;
    let mut call = crate::memref_arg::Call::new(model, inputs, params)?;
    let packed = &mut call.packed;
    let mut times = Vec::with_capacity(repeat);
    // SAFETY: the module is in the llvm dialect; the engine is destroyed below.
    unsafe {
        let engine = new_engine(module)?;
        // The C API calls the `_mlir_ciface_` wrapper of the name it is given.
        let name = model.name.clone();
        let name_ref = ir::string_ref(&name);
        let result = mlir_sys::mlirExecutionEngineInvokePacked(
            engine,
            name_ref,
            packed.as_mut_ptr() as *mut *mut c_void,
        );
        if result.value == 0 {
            mlir_sys::mlirExecutionEngineDestroy(engine);
            return Err(ExecuteError::Invoke(format!(
                "no function {name} in the compiled module"
            )));
        }
        for _ in 0..repeat {
            let start = Instant::now();
            mlir_sys::mlirExecutionEngineInvokePacked(
                engine,
                name_ref,
                packed.as_mut_ptr() as *mut *mut c_void,
            );
            times.push(start.elapsed());
        }
        mlir_sys::mlirExecutionEngineDestroy(engine);
    }
    Ok((call.outputs(), times))
}

/// A JIT engine for `module` (in the llvm dialect), with the runtime
/// functions the compiled code may call. The caller destroys it.
pub(crate) fn new_engine(module: &Module) -> Result<mlir_sys::MlirExecutionEngine, ExecuteError> {
    // SAFETY: the module outlives the engine (the caller destroys it first);
    // no symbol is looked up before the runtime is registered.
    unsafe {
        let engine = mlir_sys::mlirExecutionEngineCreate(
            module.to_raw(),
            2,
            0,
            std::ptr::null(),
            false,
            false,
        );
        if engine.ptr.is_null() {
            return Err(ExecuteError::Jit);
        }
        register_runtime(engine);
        Ok(engine)
    }
}

/// Conversions of 16-bit floats that LLVM calls (compiler-rt's names) and
/// Debian 12's libgcc lacks. On x86-64 a half or bfloat travels in the low
/// 16 bits of an XMM register: an `f32` carrying those bits.
mod soft_float {
    fn low16(x: f32) -> u16 {
        x.to_bits() as u16
    }
    fn bits(b: u16) -> f32 {
        f32::from_bits(u32::from(b))
    }
    pub extern "C" fn truncsfbf2(x: f32) -> f32 {
        bits(half::bf16::from_f32(x).to_bits())
    }
    pub extern "C" fn truncdfbf2(x: f64) -> f32 {
        bits(half::bf16::from_f64(x).to_bits())
    }
    pub extern "C" fn truncsfhf2(x: f32) -> f32 {
        bits(half::f16::from_f32(x).to_bits())
    }
    pub extern "C" fn truncdfhf2(x: f64) -> f32 {
        bits(half::f16::from_f64(x).to_bits())
    }
    pub extern "C" fn extendhfsf2(x: f32) -> f32 {
        half::f16::from_bits(low16(x)).to_f32()
    }
    pub extern "C" fn extendbfsf2(x: f32) -> f32 {
        half::bf16::from_bits(low16(x)).to_f32()
    }
}

/// Registers the runtime functions the compiled code may call.
///
/// # Safety
/// `engine` is a live execution engine whose symbols are not looked up yet.
unsafe fn register_runtime(engine: mlir_sys::MlirExecutionEngine) {
    let symbols: [(&str, *mut c_void); 10] = [
        ("__truncsfbf2", soft_float::truncsfbf2 as *mut c_void),
        ("__truncdfbf2", soft_float::truncdfbf2 as *mut c_void),
        ("__truncsfhf2", soft_float::truncsfhf2 as *mut c_void),
        ("__truncdfhf2", soft_float::truncdfhf2 as *mut c_void),
        ("__gnu_f2h_ieee", soft_float::truncsfhf2 as *mut c_void),
        ("__extendhfsf2", soft_float::extendhfsf2 as *mut c_void),
        ("__gnu_h2f_ieee", soft_float::extendhfsf2 as *mut c_void),
        ("__extendbfsf2", soft_float::extendbfsf2 as *mut c_void),
        (
            t2s_conversion::lower_channels::READ,
            t2s_runtime::channel::t2s_channel_read as *mut c_void,
        ),
        (
            t2s_conversion::lower_channels::WRITE,
            t2s_runtime::channel::t2s_channel_write as *mut c_void,
        ),
    ];
    for (name, address) in symbols {
        let name_ref = ir::string_ref(name);
        // SAFETY: guaranteed by the caller; the functions live for the process.
        unsafe { mlir_sys::mlirExecutionEngineRegisterSymbol(engine, name_ref, address) };
    }
}

/// The inputs and parameters of a call of `model`'s compiled code.
pub(crate) fn check_arguments(
    model: &Interface,
    inputs: &[Buffer],
    params: &[i64],
) -> Result<(), ExecuteError> {
    check_inputs(model, inputs, params)?;
    model.check_params(params).map_err(ExecuteError::Arguments)
}

/// The compiled code trusts its arguments: check them as the interpreter does.
fn check_inputs(model: &Interface, inputs: &[Buffer], params: &[i64]) -> Result<(), ExecuteError> {
    if params.len() != model.params.len() || inputs.len() != model.inputs.len() {
        return Err(ExecuteError::Arguments(format!(
            "@{} takes {} inputs and {} parameters, got {} and {}",
            model.name,
            model.inputs.len(),
            model.params.len(),
            inputs.len(),
            params.len()
        )));
    }
    for (input, buffer) in model.inputs.iter().zip(inputs) {
        let bad = buffer.elem != input.elem
            || buffer.shape.len() != input.shape.len()
            || input
                .shape
                .iter()
                .zip(&buffer.shape)
                .any(|(s, &b)| s.is_some_and(|s| s as usize != b))
            || buffer.shape.contains(&0);
        if bad {
            return Err(ExecuteError::Input {
                name: input.name.clone(),
                reason: format!(
                    "expected {} of shape {}, got {} of shape {}",
                    input.elem,
                    shape_text(
                        input
                            .shape
                            .iter()
                            .map(|d| d.map_or("?".to_string(), |d| d.to_string()))
                    ),
                    buffer.elem,
                    shape_text(buffer.shape.iter().map(|d| d.to_string())),
                ),
            });
        }
    }
    Ok(())
}

fn shape_text(dims: impl Iterator<Item = String>) -> String {
    format!("[{}]", dims.collect::<Vec<_>>().join(", "))
}
