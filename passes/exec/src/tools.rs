//! The programs and places outside the process a backend uses: a scratch
//! directory, clang 22, llvm-spirv-15.

use crate::error::ExecuteError;
use std::path::{Path, PathBuf};

/// A fresh scratch directory for one run (the caller removes it).
pub fn work_dir() -> Result<PathBuf, ExecuteError> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static COUNTER: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "t2s-opencl-{}-{}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir)
        .map_err(|e| ExecuteError::Invoke(format!("cannot create {}: {e}", dir.display())))?;
    Ok(dir)
}

/// clang 22: `T2S_CLANG`, LLVM 22's, or `clang-22` on the path.
pub fn clang() -> PathBuf {
    if let Some(c) = std::env::var_os("T2S_CLANG") {
        return PathBuf::from(c);
    }
    let debian = Path::new("/usr/lib/llvm-22/bin/clang");
    if debian.exists() {
        return debian.to_path_buf();
    }
    PathBuf::from("clang-22")
}

/// `llvm-spirv-15`: `T2S_LLVM_SPIRV`, or on the path.
pub fn llvm_spirv() -> PathBuf {
    std::env::var_os("T2S_LLVM_SPIRV")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("llvm-spirv-15"))
}
