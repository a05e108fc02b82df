//! The Rust example of docs/embedding.md, verbatim: another melior-based
//! MLIR tool that registers the t2s dialects and passes in its own context
//! and runs a pipeline mixing t2s and upstream passes by name.

use melior::dialect::DialectRegistry;
use melior::ir::Module;
use melior::pass::PassManager;
use melior::utility::{parse_pass_pipeline, register_all_dialects, register_all_passes};
use melior::Context;

fn compile(source: &str, pipeline: &str) -> Result<String, String> {
    // The host's own dialects and passes...
    let registry = DialectRegistry::new();
    register_all_dialects(&registry);
    // ...plus ure, spacetime and channel, and the t2s passes and pipelines.
    t2s_dialects::register_t2s_dialects(&registry);
    register_all_passes();
    t2s_passes::register_t2s_passes();

    let context = Context::new();
    context.append_dialect_registry(&registry);
    context.load_all_available_dialects();
    let mut module = Module::parse(&context, source).ok_or("parse error")?;
    let pm = PassManager::new(&context);
    parse_pass_pipeline(pm.as_operation_pass_manager(), pipeline).map_err(|e| e.to_string())?;
    pm.run(&mut module)
        .map_err(|_| "pipeline failed".to_string())?;
    Ok(module.as_operation().to_string())
}

fn gemm() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/gemm.mlir");
    std::fs::read_to_string(path).expect("examples/gemm.mlir")
}

#[test]
fn host_tool_runs_t2s_and_upstream_passes() {
    let text = compile(
        &gemm(),
        "builtin.module(merge-ures, ure-to-scf{emit-c-interface=false}, canonicalize, cse)",
    )
    .expect("compiles");
    assert!(text.contains("func.func public @gemm"), "{text}");
    assert!(!text.contains("ure."), "{text}");
    assert!(!text.contains("llvm.emit_c_interface"), "{text}");
}

#[test]
fn host_tool_runs_named_t2s_pipeline() {
    let text = compile(&gemm(), "builtin.module(t2s-sequential-to-llvm)").expect("compiles");
    assert!(text.contains("llvm.func @gemm"), "{text}");
}

#[test]
fn host_tool_reports_t2s_errors() {
    let error = compile(&gemm(), "builtin.module(space-time-transform)");
    assert_eq!(error, Err("pipeline failed".to_string()));
}
