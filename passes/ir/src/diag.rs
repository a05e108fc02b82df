//! Located diagnostics of every severity, with notes, emitted through the
//! context's diagnostic engine (so `--verify-diagnostics` sees them).

use melior::ir::Location;
use mlir_sys::{MlirLocation, MlirStringRef};
use t2s_dialects::capi;

/// Marker: the pass failed and has reported why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Failed;

/// A view of `s` for the C API (which copies what it keeps).
pub fn string_ref(s: &str) -> mlir_sys::MlirStringRef {
    mlir_sys::MlirStringRef {
        data: s.as_ptr() as *const _,
        length: s.len(),
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    Error,
    Warning,
    Remark,
}

thread_local! {
    /// Errors this thread has emitted: a failure that emitted none is
    /// reported by whoever sees it (the pass bridge, the runners).
    static ERRORS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// The number of errors emitted on this thread so far.
pub fn error_count() -> u64 {
    ERRORS.with(|e| e.get())
}

/// Emits `message` at `location`, with `notes` attached at their locations.
pub fn emit(
    location: Location<'_>,
    severity: Severity,
    message: &str,
    notes: &[(Location<'_>, String)],
) {
    let note_locs: Vec<MlirLocation> = notes.iter().map(|(l, _)| l.to_raw()).collect();
    let note_msgs: Vec<MlirStringRef> = notes.iter().map(|(_, m)| string_ref(m)).collect();
    if severity == Severity::Error {
        ERRORS.with(|e| e.set(e.get() + 1));
    }
    let severity = match severity {
        Severity::Error => capi::T2S_SEVERITY_ERROR,
        Severity::Warning => capi::T2S_SEVERITY_WARNING,
        Severity::Remark => capi::T2S_SEVERITY_REMARK,
    };
    // SAFETY: every string and location outlives the call; C++ copies them.
    unsafe {
        capi::t2sEmitDiagnostic(
            location.to_raw(),
            severity,
            string_ref(message),
            notes.len() as isize,
            note_locs.as_ptr(),
            note_msgs.as_ptr(),
        )
    }
}

/// Emits an error and returns the failure marker, for `return Err(error(..))`.
pub fn error(location: Location<'_>, message: impl AsRef<str>) -> Failed {
    emit(location, Severity::Error, message.as_ref(), &[]);
    Failed
}

/// Emits a remark.
pub fn remark(location: Location<'_>, message: impl AsRef<str>) {
    emit(location, Severity::Remark, message.as_ref(), &[]);
}
