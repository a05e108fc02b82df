//! `t2s-opt`: the t2s optimizer driver.
//!
//! It is mlir-opt over the t2s dialects and passes: the same flags
//! (`--pass-pipeline`, one flag per registered pass, `--split-input-file`,
//! `--verify-diagnostics`, `--mlir-print-ir-after-all`, ...), the same exit
//! codes. Debug logs of the Rust passes: `RUST_LOG=t2s=debug`.

use std::ffi::{c_char, CString};
use std::process::ExitCode;

mod progress;

fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::from_env("RUST_LOG"))
        // Colour codes only on a terminal, not in a pipe or a log file.
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .with_writer(std::io::stderr)
        .init();

    t2s_ir::source::end_quietly_on_closed_pipe();
    if let Some(code) = t2s_ir::source::check_arguments(std::env::args().skip(1)) {
        return code;
    }
    if std::env::args().skip(1).any(|a| a == "--list-passes") {
        // Ours first, with the named pipelines (which mlir-opt's list
        // omits); then mlir-opt's list of the upstream passes alone.
        print!("{}", t2s_passes::list_t2s());
        println!("\nUpstream passes (as mlir-opt lists them):");
        // MLIR prints through its own stream: ours must be out first.
        let _ = std::io::Write::flush(&mut std::io::stdout());
        t2s_dialects::register_upstream_passes();
    } else {
        t2s_passes::register_passes();
    }
    let _progress = progress::Progress::start();
    // SAFETY: the registry lives until the end of main; mlir-opt's main takes
    // a reference to it, and argv outlives the call.
    let code = unsafe {
        let registry = mlir_sys::mlirDialectRegistryCreate();
        t2s_dialects::capi::t2sRegisterAllDialects(registry);
        let args: Vec<CString> = std::env::args_os()
            .map(|a| CString::new(a.into_encoded_bytes()).unwrap_or_default())
            .collect();
        let mut argv: Vec<*mut c_char> = args.iter().map(|a| a.as_ptr() as *mut c_char).collect();
        let tool = CString::new("t2s-opt: the t2s optimizer driver\n").unwrap();
        let code = t2s_dialects::capi::t2sMlirOptMain(
            argv.len() as i32,
            argv.as_mut_ptr(),
            registry,
            tool.as_ptr(),
        );
        mlir_sys::mlirDialectRegistryDestroy(registry);
        code
    };
    ExitCode::from(code.clamp(0, 255) as u8)
}
