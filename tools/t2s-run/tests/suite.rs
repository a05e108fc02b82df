//! The whole suite as one `cargo test`: the lit tests and a seeded fuzz run
//! against the binaries of the tree under test. It is what a mutant is
//! judged by in mutation testing (`scripts/mutants.sh`: cargo-mutants runs
//! `cargo test`, and this test with `--include-ignored`), so that a slip
//! only a lit test or the fuzzer sees counts as caught.
//!
//! Ignored by default: `scripts/test.sh` runs lit and the fuzzer directly,
//! and running them twice would double its time. Run it alone with
//! `cargo test -p t2s-run --test suite -- --ignored`.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The repository: two levels above this package.
fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `target/<profile>` of this build: the test binary lives in its `deps/`.
fn bin_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("the test's path");
    exe.parent()
        .and_then(Path::parent)
        .expect("target/<profile>/deps/<test>")
        .to_path_buf()
}

fn run(command: &mut Command, what: &str) {
    let status = command
        .status()
        .unwrap_or_else(|e| panic!("{what}: cannot start: {e}"));
    assert!(status.success(), "{what} failed ({status})");
}

#[test]
#[ignore = "minutes long: scripts/test.sh runs lit and the fuzzer itself; scripts/mutants.sh runs this"]
fn lit_suite_and_fuzz() {
    let repo = repo();
    let bin = bin_dir();
    // The tools, the plugin and the fuzzer of this tree (a mutant's build
    // compiles the library crates; the binaries that link them are built
    // here, as `cargo build` would).
    run(
        Command::new(env!("CARGO"))
            .args(["build", "--workspace"])
            .current_dir(&repo),
        "cargo build --workspace",
    );
    // Stop at the first failure: a caught mutant needs no more.
    let lit = std::env::var("T2S_LIT").unwrap_or_else(|_| "/usr/lib/llvm-22/bin/lit".into());
    run(
        Command::new(lit)
            .args(["-q", "--max-failures=1", "test/"])
            .env("T2S_BIN_DIR", &bin)
            .env("T2S_REQUIRE_PLUGIN", "1")
            .current_dir(&repo),
        "lit test/",
    );
    let keep = std::env::temp_dir().join(format!("t2s-suite-fuzz-{}", std::process::id()));
    run(
        Command::new(bin.join("t2s-fuzz"))
            .args([
                "--cases",
                "150",
                "--mutants",
                "100",
                "--seed",
                "1",
                "--keep",
            ])
            .arg(&keep)
            .current_dir(&repo),
        "t2s-fuzz --cases 150 --mutants 100 --seed 1",
    );
}
