//! The registry of t2s: the only place that knows every pass and named
//! pipeline. [`register_passes`] makes all of them available by name to
//! textual pipelines and to `t2s-opt`'s command line.

pub mod pipelines;

use std::sync::Once;

use t2s_conversion as conversion;
use t2s_ir::pass::PassDef;
use t2s_ir::{pipeline, registration};
use t2s_transforms as transforms;

/// Every t2s pass.
pub fn all_passes() -> [&'static PassDef; 22] {
    [
        &transforms::ure::merge_ures::PASS,
        &transforms::spacetime::space_time_transform::PASS,
        &transforms::spacetime::minimize_storage::PASS,
        &transforms::ure::expand_streams::PASS,
        &transforms::channel::isolate::PASS,
        &transforms::channel::buffer::PASS,
        &transforms::spacetime::vectorize::PASS,
        &transforms::channel::scatter::PASS,
        &transforms::channel::gather::PASS,
        &transforms::channel::unload::PASS,
        &transforms::channel::pack_channels::PASS,
        &transforms::channel::pack_inner_lanes::PASS,
        &transforms::spacetime::split_register_files::PASS,
        &conversion::spacetime_to_scf::PASS,
        &conversion::lower_channels::PASS,
        &conversion::ure_to_scf::PASS,
        &transforms::arith::total_division::PASS,
        &transforms::memref::pad_inputs::PASS,
        &conversion::outline_spirv_kernels::PASS,
        &transforms::spirv::spirv_insert_composites::PASS,
        &transforms::vector::split_vectors::PASS,
        &t2s_target::report::PASS,
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

/// The t2s passes and named pipelines with their options, as
/// `t2s-opt --list-passes` shows them before the upstream passes.
pub fn list_t2s() -> String {
    use t2s_ir::pass::{one_line, PassOption};
    let options = |text: &mut String, options: &[PassOption]| {
        for o in options {
            text.push_str(&format!(
                "      --{}=<{}> - {} (default '{}')\n",
                o.name,
                o.kind.text(),
                one_line(o.description),
                o.default
            ));
        }
    };
    let mut text = String::from("t2s passes:\n");
    for pass in all_passes() {
        text.push_str(&format!(
            "  --{} - {}\n",
            pass.argument,
            one_line(pass.description)
        ));
        options(&mut text, pass.options);
    }
    text.push_str("\nt2s pipelines (each takes the options of its t2s passes):\n");
    for pipeline in pipelines::all_pipelines() {
        text.push_str(&format!(
            "  --{} - {}\n",
            pipeline.argument,
            one_line(pipeline.description)
        ));
        if let Ok(steps) = pipeline.render(&[]) {
            text.push_str(&format!("      runs: {steps}\n"));
        }
    }
    text
}

/// Registers only the t2s passes and named pipelines (once per process):
/// what a host that has its own upstream passes (mlir-opt loading the
/// plugin, another MLIR tool) needs. The pipelines name upstream passes, so
/// the host must register those before running one.
pub fn register_t2s_passes() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        for pass in all_passes() {
            registration::register(pass);
        }
        for pipeline in pipelines::all_pipelines() {
            pipeline::register(pipeline);
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
