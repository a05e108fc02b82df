//! Builds the C++ dialect library (cmake/) against the system MLIR 22 and
//! tells rustc to link it, and points melior's `dialect!` macro at the `.td`s.

use std::path::{Path, PathBuf};

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let cmake_dir = manifest.join("../cmake");
    let prefix = std::env::var("MLIR_SYS_220_PREFIX").unwrap_or_else(|_| "/usr/lib/llvm-22".into());

    rerun_if_changed_under(&manifest, &["td", "cpp", "h"]);
    println!(
        "cargo:rerun-if-changed={}",
        cmake_dir.join("CMakeLists.txt").display()
    );
    println!("cargo:rerun-if-env-changed=MLIR_SYS_220_PREFIX");

    let out = cmake::Config::new(&cmake_dir)
        .generator("Ninja")
        .profile("Release")
        .define("MLIR_DIR", format!("{prefix}/lib/cmake/mlir"))
        .define("LLVM_DIR", format!("{prefix}/lib/cmake/llvm"))
        .build();

    println!(
        "cargo:rustc-link-search=native={}",
        out.join("lib").display()
    );
    println!("cargo:rustc-link-lib=static=t2s_dialects");
    println!("cargo:rustc-env=T2S_TD_DIR={}", manifest.display());
}

/// Re-runs the build script when any dialect source changes.
fn rerun_if_changed_under(dir: &Path, extensions: &[&str]) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            if path.file_name().is_some_and(|n| n != "src") {
                rerun_if_changed_under(&path, extensions);
            }
        } else if path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| extensions.contains(&e))
        {
            println!("cargo:rerun-if-changed={}", path.display());
        }
    }
}
