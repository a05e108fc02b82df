//! Registers Rust passes in MLIR's pass registry through the C++ bridge of
//! `dialects/capi`, so that they compose by name with upstream passes and
//! take their options in MLIR's `{key=value}` syntax.

pub use crate::diag::Failed;
use crate::diag::{emit, Severity};
use melior::ir::operation::{OperationLike, OperationRef};
use mlir_sys::{MlirOperation, MlirStringRef};
use std::collections::HashMap;
use std::ffi::{c_void, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};
use t2s_dialects::capi;

/// The type of a pass option; MLIR parses and checks its values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    Bool,
    Int,
    String,
    IntList,
}

/// A declared pass option.
#[derive(Clone, Copy, Debug)]
pub struct PassOption {
    pub name: &'static str,
    pub description: &'static str,
    pub kind: OptionKind,
    /// Textual default; lists are comma separated.
    pub default: &'static str,
}

/// The option values of one pass run, as parsed by MLIR.
#[derive(Clone, Debug, Default)]
pub struct PassOptions {
    values: HashMap<&'static str, String>,
}

impl PassOptions {
    pub fn from_pairs(pairs: impl IntoIterator<Item = (&'static str, String)>) -> Self {
        Self {
            values: pairs.into_iter().collect(),
        }
    }

    fn raw(&self, name: &str) -> &str {
        self.values.get(name).map(String::as_str).unwrap_or("")
    }

    pub fn bool(&self, name: &str) -> bool {
        self.raw(name) == "true"
    }

    pub fn int(&self, name: &str) -> i64 {
        self.raw(name).parse().unwrap_or(0)
    }

    pub fn string(&self, name: &str) -> &str {
        self.raw(name)
    }

    /// An integer list; MLIR has already checked every element.
    pub fn int_list(&self, name: &str) -> Vec<i64> {
        let raw = self.raw(name);
        if raw.is_empty() {
            return Vec::new();
        }
        raw.split(',')
            .filter_map(|v| v.trim().parse().ok())
            .collect()
    }

    /// Whether the user gave a value for a list option.
    pub fn has(&self, name: &str) -> bool {
        !self.raw(name).is_empty()
    }
}

/// Runs a pass on an operation. An `Err` means diagnostics were emitted.
pub type RunFn = fn(OperationRef<'_, '_>, &PassOptions) -> Result<(), Failed>;

/// A pass written in Rust.
pub struct PassDef {
    /// The pipeline name, e.g. `merge-ures`.
    pub argument: &'static str,
    /// The class-style name used in timing and statistics, e.g. `MergeUres`.
    pub name: &'static str,
    pub description: &'static str,
    /// The operation the pass runs on, or `""` for any.
    pub anchor: &'static str,
    pub options: &'static [PassOption],
    /// Dialects whose ops the pass creates.
    pub dependent_dialects: &'static [&'static str],
    pub run: RunFn,
}

/// Registers `def` in MLIR's pass registry. Registration lives as long as the
/// process, as MLIR's own registrations do.
pub fn register(def: &'static PassDef) {
    let keep = |s: &str| {
        CString::new(s)
            .expect("pass strings have no NUL")
            .into_raw() as *const _
    };
    let options: Vec<capi::T2sPassOptionSpec> = def
        .options
        .iter()
        .map(|o| capi::T2sPassOptionSpec {
            name: keep(o.name),
            description: keep(o.description),
            kind: match o.kind {
                OptionKind::Bool => capi::T2S_PASS_OPTION_BOOL,
                OptionKind::Int => capi::T2S_PASS_OPTION_INT,
                OptionKind::String => capi::T2S_PASS_OPTION_STRING,
                OptionKind::IntList => capi::T2S_PASS_OPTION_INT_LIST,
            },
            default_value: keep(o.default),
        })
        .collect();
    let dialects: Vec<*const std::ffi::c_char> =
        def.dependent_dialects.iter().map(|d| keep(d)).collect();
    let spec = capi::T2sPassSpec {
        argument: keep(def.argument),
        name: keep(def.name),
        description: keep(def.description),
        anchor_op: keep(def.anchor),
        num_options: options.len() as isize,
        options: options.as_ptr(),
        num_dependent_dialects: dialects.len() as isize,
        dependent_dialects: dialects.as_ptr(),
        run: run_trampoline,
        user_data: def as *const PassDef as *mut c_void,
    };
    // SAFETY: the spec and its strings outlive the call; C++ copies them.
    unsafe { capi::t2sRegisterRustPass(&spec) };
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
    let raw_values: Vec<String> = (0..num_values.max(0) as usize)
        .map(|i| {
            // SAFETY: C++ passes one string per declared option.
            let v = unsafe { *values.add(i) };
            let bytes = unsafe { std::slice::from_raw_parts(v.data as *const u8, v.length) };
            String::from_utf8_lossy(bytes).into_owned()
        })
        .collect();
    let options = PassOptions::from_pairs(def.options.iter().map(|o| o.name).zip(raw_values));
    tracing::debug!(target: "t2s", pass = def.argument, ?options, "running pass");
    match catch_unwind(AssertUnwindSafe(|| (def.run)(op, &options))) {
        Ok(Ok(())) => true,
        Ok(Err(Failed)) => false,
        Err(panic) => {
            let message = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".into());
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
