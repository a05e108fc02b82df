//! Registers Rust passes in MLIR's pass registry through the C++ bridge of
//! `dialects/capi`, so that they compose by name with upstream passes and
//! take their options in MLIR's `{key=value}` syntax.

use crate::diag::{emit, Severity};
use crate::pass::{OptionKind, PassDef, RawOptions};
use melior::ir::operation::{OperationLike, OperationRef};
use mlir_sys::{MlirOperation, MlirStringRef};
use std::ffi::{c_char, c_void, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};
use t2s_dialects::capi;

pub use crate::pass::one_line;

/// A string the registry keeps for the life of the process.
pub(crate) fn keep(s: &str) -> *const c_char {
    CString::new(s)
        .expect("pass strings have no NUL")
        .into_raw()
}

pub(crate) fn option_kind(kind: OptionKind) -> std::ffi::c_int {
    match kind {
        OptionKind::Bool => capi::T2S_PASS_OPTION_BOOL,
        OptionKind::Int => capi::T2S_PASS_OPTION_INT,
        OptionKind::String => capi::T2S_PASS_OPTION_STRING,
        OptionKind::IntList => capi::T2S_PASS_OPTION_INT_LIST,
    }
}

/// The option specs of the C API (their strings kept for the process).
pub(crate) fn option_specs(options: &[crate::pass::PassOption]) -> Vec<capi::T2sPassOptionSpec> {
    options
        .iter()
        .map(|o| capi::T2sPassOptionSpec {
            name: keep(o.name),
            description: keep(&one_line(o.description)),
            kind: option_kind(o.kind),
            default_value: keep(o.default),
        })
        .collect()
}

/// Registers `def` in MLIR's pass registry. Registration lives as long as the
/// process, as MLIR's own registrations do.
pub fn register(def: &'static PassDef) {
    let options = option_specs(def.options);
    let dialects: Vec<*const c_char> = def.dependent_dialects.iter().map(|d| keep(d)).collect();
    let spec = capi::T2sPassSpec {
        argument: keep(def.argument),
        name: keep(def.name),
        description: keep(&one_line(def.description)),
        anchor_op: keep(def.anchor.name()),
        num_options: options.len() as isize,
        options: options.as_ptr(),
        num_dependent_dialects: dialects.len() as isize,
        dependent_dialects: dialects.as_ptr(),
        run: run_trampoline,
        check: check_trampoline,
        user_data: def as *const PassDef as *mut c_void,
    };
    // SAFETY: the spec and its strings outlive the call; C++ copies them.
    unsafe { capi::t2sRegisterRustPass(&spec) };
}

/// The option values C++ hands over, owned.
///
/// # Safety
/// `values` points to `num_values` strings alive for the call.
unsafe fn raw_options(num_values: isize, values: *const MlirStringRef) -> RawOptions {
    RawOptions {
        values: (0..num_values.max(0) as usize)
            .map(|i| {
                // SAFETY: within the caller's `num_values` live strings.
                let v = unsafe { *values.add(i) };
                let bytes = unsafe { std::slice::from_raw_parts(v.data as *const u8, v.length) };
                String::from_utf8_lossy(bytes).into_owned()
            })
            .collect(),
    }
}

/// Called by the C++ pass when its options are parsed: the pass's check of
/// the values together. A panic must not unwind into C++: it is the reason.
unsafe extern "C" fn check_trampoline(
    user_data: *mut c_void,
    num_values: isize,
    values: *const MlirStringRef,
    write: unsafe extern "C" fn(MlirStringRef, *mut c_void),
    stream: *mut c_void,
) -> bool {
    // SAFETY: user_data is the &'static PassDef given at registration.
    let def = unsafe { &*(user_data as *const PassDef) };
    // SAFETY: C++ passes one string per declared option, alive for the call.
    let raw = unsafe { raw_options(num_values, values) };
    let why = match catch_unwind(AssertUnwindSafe(|| (def.check_options)(&raw))) {
        Ok(Ok(())) => return true,
        Ok(Err(why)) => why,
        Err(panic) => format!(
            "internal error: {}",
            crate::diag::panic_message(panic.as_ref())
        ),
    };
    let text = MlirStringRef {
        data: why.as_ptr() as *const c_char,
        length: why.len(),
    };
    // SAFETY: `write` appends the text, alive for the call, to `stream`.
    unsafe { write(text, stream) };
    false
}

/// Called by the C++ pass for each operation it runs on. A panic must not
/// unwind into C++: it becomes an error diagnostic at the operation.
unsafe extern "C" fn run_trampoline(
    user_data: *mut c_void,
    op: MlirOperation,
    num_values: isize,
    values: *const MlirStringRef,
) -> bool {
    // SAFETY: user_data is the &'static PassDef given at registration.
    let def = unsafe { &*(user_data as *const PassDef) };
    // SAFETY: the operation is alive for the duration of the pass run.
    let op = unsafe { OperationRef::from_raw(op) };
    // SAFETY: C++ passes one string per declared option, alive for the call.
    let raw = unsafe { raw_options(num_values, values) };
    tracing::debug!(target: "t2s", pass = def.argument, options = ?raw.values, "running pass");
    let _running = crate::progress::running(def.argument);
    let errors_before = crate::diag::error_count();
    let _at = crate::diag::working_on(op.location());
    match catch_unwind(AssertUnwindSafe(|| (def.run)(op, &raw))) {
        Ok(Ok(())) => true,
        Ok(Err(_)) => {
            // Every failure is located: one that said nothing is a bug of
            // the pass, reported as such rather than as a silent exit 1.
            if crate::diag::error_count() == errors_before {
                emit(
                    op.location(),
                    Severity::Error,
                    &format!(
                        "internal error in pass '{}': it failed without a diagnostic",
                        def.argument
                    ),
                    &[],
                );
            }
            false
        }
        Err(panic) => {
            let message = crate::diag::panic_message(panic.as_ref());
            emit(
                op.location(),
                Severity::Error,
                &format!("internal error in pass '{}': {message}", def.argument),
                &[],
            );
            false
        }
    }
}
