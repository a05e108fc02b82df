//! `libT2SPlugin.so`: the t2s dialects, the pass bridge and the Rust passes
//! in one shared object, loaded by upstream `mlir-opt-22`:
//!
//! ```sh
//! mlir-opt-22 --load-dialect-plugin=libT2SPlugin.so --load-pass-plugin=libT2SPlugin.so \
//!     in.mlir --pass-pipeline='builtin.module(merge-ures, space-time-transform, canonicalize)'
//! ```
//!
//! Both entry points live in the same object: two objects each holding the
//! dialects would give two sets of TypeIDs. The object also exports the C
//! API of `include/t2s-c/T2S.h` (defined in the `t2s-dialects` and
//! `t2s-passes` crates) for programs that link it.
#![allow(non_snake_case)]

use std::ffi::{c_char, c_void};

/// `MLIR_PLUGIN_API_VERSION` of `mlir/Tools/Plugins/PassPlugin.h` (MLIR 22).
const MLIR_PLUGIN_API_VERSION: u32 = 1;
const NAME: &[u8] = b"T2SPlugin\0";
const VERSION: &[u8] = concat!(env!("CARGO_PKG_VERSION"), "\0").as_bytes();

/// `mlir::DialectPluginLibraryInfo`.
#[repr(C)]
pub struct DialectPluginLibraryInfo {
    api_version: u32,
    plugin_name: *const c_char,
    plugin_version: *const c_char,
    register_dialect_registry_callbacks: unsafe extern "C" fn(*mut c_void),
}

/// `mlir::PassPluginLibraryInfo`.
#[repr(C)]
pub struct PassPluginLibraryInfo {
    api_version: u32,
    plugin_name: *const c_char,
    plugin_version: *const c_char,
    register_pass_registry_callbacks: extern "C" fn(),
}

unsafe extern "C" fn register_dialects(registry: *mut c_void) {
    // SAFETY: mlir-opt passes its live `mlir::DialectRegistry *`.
    unsafe { t2s_dialects::insert_into_cpp_registry(registry) }
}

extern "C" fn register_passes() {
    // mlir-opt has registered the upstream passes already; a panic must not
    // unwind into C++.
    if std::panic::catch_unwind(t2s_passes::register_t2s_passes).is_err() {
        eprintln!("T2SPlugin: internal error while registering the passes");
    }
}

/// The dialect plugin entry point (`--load-dialect-plugin`).
#[no_mangle]
pub extern "C" fn mlirGetDialectPluginInfo() -> DialectPluginLibraryInfo {
    DialectPluginLibraryInfo {
        api_version: MLIR_PLUGIN_API_VERSION,
        plugin_name: NAME.as_ptr().cast(),
        plugin_version: VERSION.as_ptr().cast(),
        register_dialect_registry_callbacks: register_dialects,
    }
}

/// The pass plugin entry point (`--load-pass-plugin`).
#[no_mangle]
pub extern "C" fn mlirGetPassPluginInfo() -> PassPluginLibraryInfo {
    PassPluginLibraryInfo {
        api_version: MLIR_PLUGIN_API_VERSION,
        plugin_name: NAME.as_ptr().cast(),
        plugin_version: VERSION.as_ptr().cast(),
        register_pass_registry_callbacks: register_passes,
    }
}

// Keep the C API of the dependencies in the link: a cdylib exports the
// `#[no_mangle]` functions of the crates it uses.
pub use t2s_dialects::{
    mlirGetDialectHandle__channel__, mlirGetDialectHandle__spacetime__,
    mlirGetDialectHandle__ure__, t2sRegisterDialects,
};
pub use t2s_passes::t2sRegisterPasses;
