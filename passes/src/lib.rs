//! t2s passes, written in Rust and registered in MLIR's pass registry.
//!
//! Each pass lives in a file named after it and is described by a
//! [`registry::PassDef`]; [`register_passes`] makes all of them available by
//! name to textual pipelines and to `t2s-opt`'s command line.

pub(crate) mod chain;
pub mod channel_emulation;
mod channel_lanes;
pub mod channel_runtime;
pub mod dataflow;
pub mod diag;
pub mod emit;
pub mod execute;
pub mod extract;
pub mod gather;
mod gather_lanes;
pub mod interface;
pub mod ir;
pub mod isolate;
pub(crate) mod isolate_build;
mod isolate_pes;
mod isolate_slice;
pub mod lanes;
pub mod lower_channels;
mod lower_lanes;
pub mod memref_arg;
pub mod merge_ures;
pub mod minimize_storage;
pub mod op_names;
pub mod opencl;
pub mod opencl_host;
pub mod opencl_run;
pub mod outline_spirv_kernels;
pub mod pack_channels;
pub mod pad_inputs;
pub mod pipelines;
pub mod registry;
pub mod scatter;
pub mod source;
pub mod space_time_transform;
pub mod spacetime_attrs;
pub mod spacetime_build;
pub mod spacetime_loads;
mod spacetime_output;
mod spacetime_pes;
pub mod spacetime_registers;
pub mod spacetime_rewrite;
pub mod spacetime_to_scf;
mod spacetime_vector;
mod spacetime_vector_output;
mod spirv_boundary;
pub mod spirv_composites;
mod spirv_linearize;
mod spirv_masked;
mod spirv_math;
mod spirv_private;
pub mod spirv_run;
pub mod spirv_types;
mod split_lanes;
mod split_memory;
pub mod split_vectors;
pub mod total_division;
pub mod ure_to_scf;
mod vector_indexed;
pub mod vectorize;
mod vectorize_channels;
mod vectorize_legal;
mod vectorize_widen;

use std::sync::Once;

/// Every t2s pass.
pub fn all_passes() -> [&'static registry::PassDef; 16] {
    [
        &merge_ures::PASS,
        &space_time_transform::PASS,
        &minimize_storage::PASS,
        &isolate::PASS,
        &vectorize::PASS,
        &scatter::PASS,
        &gather::PASS,
        &pack_channels::PASS,
        &spacetime_to_scf::PASS,
        &lower_channels::PASS,
        &ure_to_scf::PASS,
        &total_division::PASS,
        &pad_inputs::PASS,
        &outline_spirv_kernels::PASS,
        &spirv_composites::PASS,
        &split_vectors::PASS,
    ]
}

/// Registers the t2s passes and every upstream pass (once per process).
pub fn register_passes() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        t2s_dialects::register_upstream_passes();
        register_t2s_passes();
    });
}

/// Registers only the t2s passes and named pipelines (once per process):
/// what a host that has its own upstream passes (mlir-opt loading the
/// plugin, another MLIR tool) needs. The pipelines name upstream passes, so
/// the host must register those before running one.
pub fn register_t2s_passes() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        for pass in all_passes() {
            registry::register(pass);
        }
        for pipeline in pipelines::all_pipelines() {
            pipelines::register(pipeline);
        }
    });
}

/// `void t2sRegisterPasses(void)` of `include/t2s-c/T2S.h`: the C API of
/// [`register_t2s_passes`].
#[no_mangle]
pub extern "C" fn t2sRegisterPasses() {
    // A panic must not unwind into C.
    if std::panic::catch_unwind(register_t2s_passes).is_err() {
        eprintln!("t2s: internal error while registering the passes");
    }
}
