//! JIT execution of lowered modules with MLIR's ExecutionEngine, and the
//! runtime functions compiled code may call.

use crate::args::check_arguments;
use crate::error::ExecuteError;
use crate::interface::Interface;
use melior::ir::Module;
use std::ffi::c_void;
use std::time::{Duration, Instant};
use t2s_ir::ir;
use t2s_model::interpret::Buffer;

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
    let call = crate::memref_arg::Call::new(model, inputs, params)?;
    let mut packed_call = call.packed_call();
    let packed = &mut packed_call.packed;
    let mut times = Vec::with_capacity(repeat);
    // SAFETY: the module is in the llvm dialect and outlives the engine.
    unsafe {
        let engine = new_engine(module)?;
        // The C API calls the `_mlir_ciface_` wrapper of the name it is given.
        let name = model.name.clone();
        let name_ref = ir::string_ref(&name);
        let result = mlir_sys::mlirExecutionEngineInvokePacked(
            engine.raw(),
            name_ref,
            packed.as_mut_ptr() as *mut *mut c_void,
        );
        if result.value == 0 {
            return Err(ExecuteError::Invoke(format!(
                "no function {name} in the compiled module"
            )));
        }
        for _ in 0..repeat {
            let start = Instant::now();
            mlir_sys::mlirExecutionEngineInvokePacked(
                engine.raw(),
                name_ref,
                packed.as_mut_ptr() as *mut *mut c_void,
            );
            times.push(start.elapsed());
        }
    }
    packed_call.check(model)?;
    Ok((call.outputs(), times))
}

/// A JIT engine for a module, destroyed on drop. When the compiled code
/// runs tasks on MLIR's async runtime (`ure.parallel`), the drop first waits
/// until no worker thread is still in the compiled code: a task's coroutine
/// signals its group done and only then finishes (drops its references,
/// returns), so the caller's await may return while a worker is still in
/// code the engine is about to free.
pub struct Engine {
    raw: mlir_sys::MlirExecutionEngine,
    uses_async: bool,
}

impl Engine {
    pub fn raw(&self) -> mlir_sys::MlirExecutionEngine {
        self.raw
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        if self.uses_async && !async_quiesce::wait() {
            // A worker never reached the barrier: keep the code mapped
            // (leak the engine) rather than free it under a running thread.
            tracing::warn!("the async runtime's workers did not quiesce; the JIT engine is leaked");
            return;
        }
        // SAFETY: created by `new_engine`, destroyed once; no worker thread
        // is in its code any more.
        unsafe { mlir_sys::mlirExecutionEngineDestroy(self.raw) }
    }
}

/// A JIT engine for `module` (in the llvm dialect), with the runtime
/// functions the compiled code may call. The module must outlive it.
pub fn new_engine(module: &Module) -> Result<Engine, ExecuteError> {
    let async_symbols = async_runtime_symbols(module)?;
    // SAFETY: the module outlives the engine (the caller drops it first);
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
        for (name, address) in &async_symbols {
            // SAFETY: the library stays loaded for the process.
            mlir_sys::mlirExecutionEngineRegisterSymbol(engine, ir::string_ref(name), *address);
        }
        Ok(Engine {
            raw: engine,
            uses_async: !async_symbols.is_empty(),
        })
    }
}

/// MLIR's async runtime (Debian's libmlir-22), which the lowering of
/// `ure.parallel` (upstream `async-parallel-for`) calls.
const ASYNC_RUNTIMES: [&str; 2] = [
    "/usr/lib/llvm-22/lib/libmlir_async_runtime.so.22.1",
    "/usr/lib/llvm-22/lib/libmlir_async_runtime.so",
];

/// The async runtime, loaded once for the process. The engine is not
/// given the library to load: an engine's destruction resets the
/// library's default runtime (`__mlir_execution_engine_destroy`), which
/// the next engine of the process would then find gone.
pub(crate) fn async_runtime() -> Result<&'static libloading::Library, ExecuteError> {
    static LIBRARY: std::sync::OnceLock<Result<libloading::Library, String>> =
        std::sync::OnceLock::new();
    let loaded = LIBRARY.get_or_init(|| {
        let path = ASYNC_RUNTIMES
            .iter()
            .find(|p| std::path::Path::new(p).exists())
            .ok_or_else(|| format!("{} is missing: install libmlir-22", ASYNC_RUNTIMES[0]))?;
        // SAFETY: MLIR's runtime library; its initializers only set up
        // statics.
        unsafe { libloading::Library::new(path) }.map_err(|e| format!("{path}: {e}"))
    });
    loaded.as_ref().map_err(|why| {
        ExecuteError::Invoke(format!(
            "the program runs loops on threads (ure.parallel), which needs MLIR's async runtime: {why}"
        ))
    })
}

/// The async runtime's functions the module declares, with their
/// addresses (none for a module without `ure.parallel`).
fn async_runtime_symbols(module: &Module) -> Result<Vec<(String, *mut c_void)>, ExecuteError> {
    let names: Vec<String> = ir::body_ops(&module.as_operation(), 0)
        .iter()
        .map(ir::symbol_name)
        .filter(|n| n.starts_with("mlirAsyncRuntime"))
        .collect();
    if names.is_empty() {
        return Ok(Vec::new());
    }
    let library = async_runtime()?;
    names
        .into_iter()
        .map(|name| {
            // SAFETY: only the address is taken; the JIT calls it with the
            // signature the async lowering declares.
            let symbol = unsafe { library.get::<*mut c_void>(name.as_bytes()) }.map_err(|e| {
                ExecuteError::Invoke(format!("the async runtime lacks {name}: {e}"))
            })?;
            Ok((name, *symbol))
        })
        .collect()
}

mod async_quiesce;

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
            t2s_ir::channel_abi::READ,
            t2s_runtime::channel::t2s_channel_read as *mut c_void,
        ),
        (
            t2s_ir::channel_abi::WRITE,
            t2s_runtime::channel::t2s_channel_write as *mut c_void,
        ),
    ];
    for (name, address) in symbols {
        let name_ref = ir::string_ref(name);
        // SAFETY: guaranteed by the caller; the functions live for the process.
        unsafe { mlir_sys::mlirExecutionEngineRegisterSymbol(engine, name_ref, address) };
    }
}
