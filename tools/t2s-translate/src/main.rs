//! `t2s-translate`: the t2s translation driver.
//!
//! It is mlir-translate over the t2s dialects: the same flags (`-o`,
//! `--split-input-file`, `--verify-diagnostics`, ...) and the upstream
//! translations (`--serialize-spirv`, `--mlir-to-llvmir`, ...), plus
//! `--t2s-to-opencl` (OpenCL C for Intel FPGAs, docs/backends.md).

use std::ffi::{c_char, CString};
use std::process::ExitCode;

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
    t2s_target::opencl::register_translation();
    let args: Vec<CString> = std::env::args_os()
        .map(|a| CString::new(a.into_encoded_bytes()).unwrap_or_default())
        .collect();
    let mut argv: Vec<*mut c_char> = args.iter().map(|a| a.as_ptr() as *mut c_char).collect();
    let tool = CString::new("t2s-translate: the t2s translation driver\n").unwrap();
    // SAFETY: argv and the tool name outlive the call.
    let code = unsafe {
        t2s_dialects::capi::t2sMlirTranslateMain(
            argv.len() as i32,
            argv.as_mut_ptr(),
            tool.as_ptr(),
        )
    };
    ExitCode::from(code.clamp(0, 255) as u8)
}
