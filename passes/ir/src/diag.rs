//! Located diagnostics of every severity, with notes, emitted through the
//! context's diagnostic engine (so `--verify-diagnostics` sees them).

use melior::ir::Location;
use mlir_sys::{MlirLocation, MlirStringRef};
use t2s_dialects::capi;

/// Marker: the pass failed and has reported why, at a location. Only this
/// module makes one, and each of its makers emits an error: a failure
/// without a located diagnostic cannot be written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Failed {
    _reported: (),
}

const REPORTED: Failed = Failed { _reported: () };

thread_local! {
    /// Where a failure with no better place is reported: the op the
    /// running pass was given, and the ops a pass says it works on
    /// ([`working_on`]). Locations live in the context, which outlives a
    /// pass run.
    static WORKING_ON: std::cell::RefCell<Vec<MlirLocation>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// While the guard lives, [`OrInternal::or_internal`] reports at `location`
/// (the innermost guard wins).
pub fn working_on(location: Location<'_>) -> WorkingOn {
    WORKING_ON.with(|w| w.borrow_mut().push(location.to_raw()));
    WorkingOn { _private: () }
}

/// The scope of a [`working_on`] location.
pub struct WorkingOn {
    _private: (),
}

impl Drop for WorkingOn {
    fn drop(&mut self) {
        WORKING_ON.with(|w| {
            w.borrow_mut().pop();
        });
    }
}

/// An invariant the verifiers or an earlier step guarantee did not hold:
/// an internal error at `location`, saying what was expected.
pub fn internal(location: Location<'_>, what: impl AsRef<str>) -> Failed {
    error(
        location,
        format!("internal error: {} (please report this)", what.as_ref()),
    )
}

/// An internal error at the innermost [`working_on`] location (the op the
/// pass runs on, at least); outside a pass, at an unknown location.
pub fn internal_here(what: impl AsRef<str>) -> Failed {
    let raw = WORKING_ON.with(|w| w.borrow().last().copied());
    match raw {
        // SAFETY: a location of the context the running pass works in,
        // which outlives the pass run (locations are uniqued in it).
        Some(raw) => internal(unsafe { Location::from_raw(raw) }, what),
        None => {
            ERRORS.with(|e| e.set(e.get() + 1));
            eprintln!("t2s: internal error: {}", what.as_ref());
            REPORTED
        }
    }
}

/// The text a caught panic carries (`panic!("...")`), for the internal
/// error that reports it where it must not unwind into C++.
pub fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".into())
}

/// `option.or_internal("what")?`: a `None` (or an `Err`) where an invariant
/// promises a value is an internal error naming what was missing, located
/// at the op being worked on.
pub trait OrInternal<T> {
    fn or_internal(self, what: &str) -> Result<T, Failed>;
}

impl<T> OrInternal<T> for Option<T> {
    fn or_internal(self, what: &str) -> Result<T, Failed> {
        self.ok_or_else(|| internal_here(what))
    }
}

impl<T, E> OrInternal<T> for Result<T, E> {
    fn or_internal(self, what: &str) -> Result<T, Failed> {
        self.map_err(|_| internal_here(what))
    }
}

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
    REPORTED
}

/// Emits an error with notes and returns the failure marker.
pub fn error_with_notes(
    location: Location<'_>,
    message: impl AsRef<str>,
    notes: &[(Location<'_>, String)],
) -> Failed {
    emit(location, Severity::Error, message.as_ref(), notes);
    REPORTED
}

/// Emits a remark.
pub fn remark(location: Location<'_>, message: impl AsRef<str>) {
    emit(location, Severity::Remark, message.as_ref(), &[]);
}
