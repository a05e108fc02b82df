//! Builds the C++ dialect library (cmake/) against the system MLIR 22 and
//! tells rustc to link it, makes the MLIR C API library that Debian does not
//! ship, and points melior's `dialect!` macro at the `.td`s.
//!
//! Everything links against the shared `libMLIR.so`/`libLLVM.so` of LLVM 22
//! (`MLIR_SYS_LINK_SHARED=1` in `.cargo/config.toml`): one copy of MLIR per
//! process, small binaries, fast links, and a plugin `mlir-opt-22` can load.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let out_dir = PathBuf::from(std::env::var("OUT_DIR").unwrap());
    let cmake_dir = manifest.join("../cmake");
    let prefix = std::env::var("MLIR_SYS_220_PREFIX").unwrap_or_else(|_| "/usr/lib/llvm-22".into());

    rerun_if_changed_under(&manifest, &["td", "cpp", "h"]);
    println!(
        "cargo:rerun-if-changed={}",
        cmake_dir.join("CMakeLists.txt").display()
    );
    println!("cargo:rerun-if-env-changed=MLIR_SYS_220_PREFIX");
    println!("cargo:rerun-if-env-changed=MLIR_SYS_LINK_SHARED");

    // Compiled by LLVM 22's clang++, as libMLIR.so was: MLIR names the TypeIDs
    // of templates (traits, interfaces) by their compiler-printed type name,
    // and g++ prints them differently, so a g++-built dialect would fail
    // trait checks against libMLIR.so ("parent must have the SymbolTable trait").
    let out = cmake::Config::new(&cmake_dir)
        .generator("Ninja")
        .profile("Release")
        .define("CMAKE_CXX_COMPILER", format!("{prefix}/bin/clang++"))
        .define("CMAKE_C_COMPILER", format!("{prefix}/bin/clang"))
        .define("MLIR_DIR", format!("{prefix}/lib/cmake/mlir"))
        .define("LLVM_DIR", format!("{prefix}/lib/cmake/llvm"))
        .build();

    println!(
        "cargo:rustc-link-search=native={}",
        out.join("lib").display()
    );
    println!("cargo:rustc-link-lib=static=t2s_dialects");
    println!("cargo:rustc-env=T2S_TD_DIR={}", manifest.display());

    let mlir_c = out_dir.join("mlir-c");
    if let Err(e) = make_mlir_c(&Path::new(&prefix).join("lib"), &mlir_c) {
        panic!("cannot make libMLIR-C.a from Debian's libMLIRCAPI*.a: {e}");
    }
    // mlir-sys links `-lMLIR-C` in shared mode; it resolves to this archive,
    // whose objects call into the shared libMLIR.so.
    println!("cargo:rustc-link-search=native={}", mlir_c.display());
    // Exposed to dependents (DEP_T2S_DIALECTS_*) and to tests that build
    // C programs against the C API.
    println!("cargo:mlir_c_dir={}", mlir_c.display());
    println!("cargo:include={}", manifest.display());
}

/// Merges Debian's static C API archives into one `libMLIR-C.a` (Debian
/// ships no `libMLIR-C.so`). Idempotent: redone only when an input archive is
/// newer than the result.
fn make_mlir_c(libdir: &Path, dir: &Path) -> std::io::Result<()> {
    let mut archives: Vec<PathBuf> = std::fs::read_dir(libdir)?
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("libMLIRCAPI") && n.ends_with(".a"))
        })
        .collect();
    archives.sort();
    if archives.is_empty() {
        return Err(std::io::Error::other(format!(
            "no libMLIRCAPI*.a in {}",
            libdir.display()
        )));
    }
    std::fs::create_dir_all(dir)?;
    let target = dir.join("libMLIR-C.a");
    let modified = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    if let Some(made) = modified(&target) {
        if archives
            .iter()
            .all(|a| modified(a).is_some_and(|m| m <= made))
        {
            return Ok(());
        }
    }
    let partial = dir.join("libMLIR-C.a.partial");
    let _ = std::fs::remove_file(&partial);
    let mut script = format!("CREATE {}\n", partial.display());
    for a in &archives {
        println!("cargo:rerun-if-changed={}", a.display());
        script.push_str(&format!("ADDLIB {}\n", a.display()));
    }
    script.push_str("SAVE\nEND\n");
    let mut child = Command::new("ar").arg("-M").stdin(Stdio::piped()).spawn()?;
    {
        use std::io::Write;
        child
            .stdin
            .take()
            .expect("piped stdin")
            .write_all(script.as_bytes())?;
    }
    let status = child.wait()?;
    if !status.success() {
        return Err(std::io::Error::other(format!("ar -M failed: {status}")));
    }
    std::fs::rename(&partial, &target)
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
