//! The t2s dialects (`ure`, `spacetime`, `channel`) for Rust.
//!
//! The dialects are defined in ODS and compiled as C++ against MLIR 22 (see
//! `cmake/`); this crate links that library, exposes its C API, and generates
//! typed builders for the ops from the same `.td` files with melior's
//! `dialect!` macro.

use melior::dialect::{DialectHandle, DialectRegistry};

pub mod capi;

/// Typed builders for the ops of the three dialects, generated from their
/// `.td` files: `ods::ure`, `ods::spacetime`, `ods::channel`.
#[allow(clippy::all, unused, missing_docs)]
pub mod ods {
    melior::dialect! {
        name: "ure",
        files: ["ure/Ure.td"],
        include_directory_env_vars: ["T2S_TD_DIR"],
    }
    melior::dialect! {
        name: "spacetime",
        files: ["spacetime/Spacetime.td"],
        include_directory_env_vars: ["T2S_TD_DIR"],
    }
    melior::dialect! {
        name: "channel",
        files: ["channel/Channel.td"],
        include_directory_env_vars: ["T2S_TD_DIR"],
    }
}

/// The dialect handle of `ure`.
pub fn ure_handle() -> DialectHandle {
    // SAFETY: the handle is a static registration hook defined in C++.
    unsafe { DialectHandle::from_raw(mlirGetDialectHandle__ure__()) }
}

/// The dialect handle of `spacetime`.
pub fn spacetime_handle() -> DialectHandle {
    // SAFETY: as above.
    unsafe { DialectHandle::from_raw(mlirGetDialectHandle__spacetime__()) }
}

/// The dialect handle of `channel`.
pub fn channel_handle() -> DialectHandle {
    // SAFETY: as above.
    unsafe { DialectHandle::from_raw(mlirGetDialectHandle__channel__()) }
}

// The public C API of `include/t2s-c/T2S.h`. Defined here, in Rust, because a
// Rust cdylib (the plugin libT2SPlugin.so) exports only Rust-defined symbols.

/// `MlirDialectHandle mlirGetDialectHandle__ure__(void)`.
#[no_mangle]
pub extern "C" fn mlirGetDialectHandle__ure__() -> mlir_sys::MlirDialectHandle {
    // SAFETY: returns a pointer to static registration hooks.
    unsafe { capi::mlirGetDialectHandle__t2s_impl_ure__() }
}

/// `MlirDialectHandle mlirGetDialectHandle__spacetime__(void)`.
#[no_mangle]
pub extern "C" fn mlirGetDialectHandle__spacetime__() -> mlir_sys::MlirDialectHandle {
    // SAFETY: as above.
    unsafe { capi::mlirGetDialectHandle__t2s_impl_spacetime__() }
}

/// `MlirDialectHandle mlirGetDialectHandle__channel__(void)`.
#[no_mangle]
pub extern "C" fn mlirGetDialectHandle__channel__() -> mlir_sys::MlirDialectHandle {
    // SAFETY: as above.
    unsafe { capi::mlirGetDialectHandle__t2s_impl_channel__() }
}

/// `void t2sRegisterDialects(MlirDialectRegistry)`: inserts the three t2s
/// dialects into a registry.
#[no_mangle]
pub extern "C" fn t2sRegisterDialects(registry: mlir_sys::MlirDialectRegistry) {
    for handle in [
        mlirGetDialectHandle__ure__(),
        mlirGetDialectHandle__spacetime__(),
        mlirGetDialectHandle__channel__(),
    ] {
        // SAFETY: the caller passes a live registry; the handles are static.
        unsafe { mlir_sys::mlirDialectHandleInsertDialect(handle, registry) };
    }
}

/// Inserts the t2s dialects into a C++ `mlir::DialectRegistry *`, as a
/// dialect plugin's callback receives it.
///
/// # Safety
/// `cpp_registry` must point to a live `mlir::DialectRegistry`.
pub unsafe fn insert_into_cpp_registry(cpp_registry: *mut std::ffi::c_void) {
    // SAFETY: guaranteed by the caller.
    unsafe { capi::t2sInsertDialects(cpp_registry) }
}

/// Inserts the t2s dialects into `registry`.
pub fn register_t2s_dialects(registry: &DialectRegistry) {
    ure_handle().insert_dialect(registry);
    spacetime_handle().insert_dialect(registry);
    channel_handle().insert_dialect(registry);
}

/// Inserts every upstream dialect and extension and the t2s dialects.
pub fn register_all_dialects(registry: &DialectRegistry) {
    // SAFETY: the registry is alive for the call.
    unsafe { capi::t2sRegisterAllDialects(registry.to_raw()) }
}

/// Registers every upstream pass in MLIR's global pass registry (idempotent).
pub fn register_upstream_passes() {
    // SAFETY: guarded by a once-flag in C++.
    unsafe { capi::t2sRegisterUpstreamPasses() }
}
