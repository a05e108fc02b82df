//! `t2s-fuzz`: a differential fuzzer for t2s.
//!
//! ```text
//! t2s-fuzz [--cases N] [--mutants N] [--seed S] [--timeout SECONDS] [--keep DIR]
//! ```
//!
//! - **Programs**: random valid URE programs with random schedules
//!   (`generate.rs`), some with isolation directives, run in every mode
//!   (interpreter, sequential, systolic, dataflow);
//!   the compiled results must equal the interpreter's, and an illegal
//!   schedule must be rejected with a diagnostic.
//! - **Mutants**: the shipped examples with random edits (`mutate.rs`);
//!   parsing, every pipeline and every mode must end in a result or a
//!   diagnostic.
//!
//! Each case runs in a forked child (in-process MLIR and JIT, so it is fast),
//! which the parent watches: a signal, a panic, an internal error of a pass,
//! a mismatch or a hang (`--timeout`) is a failure; the case's program is
//! written to `--keep DIR` (default `fuzz-failures/`). Exit 1 if any failed.
//! The README's test command runs a seeded short run; see tools/t2s-fuzz/README.md.

mod case;
mod generate;
mod mutate;
mod oracle;

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

struct Options {
    cases: u64,
    mutants: u64,
    seed: u64,
    timeout: Duration,
    keep: PathBuf,
    examples: PathBuf,
}

fn parse_options() -> Result<Options, String> {
    let mut o = Options {
        cases: 200,
        mutants: 200,
        seed: 1,
        timeout: Duration::from_secs(20),
        keep: PathBuf::from("fuzz-failures"),
        examples: PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples")),
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let value = |i: usize| {
            args.get(i + 1)
                .cloned()
                .ok_or(format!("{} needs a value", args[i]))
        };
        let number = |i: usize| -> Result<u64, String> {
            value(i)?
                .parse()
                .map_err(|_| format!("{} takes a number", args[i]))
        };
        match args[i].as_str() {
            "--cases" => o.cases = number(i)?,
            "--mutants" => o.mutants = number(i)?,
            "--seed" => o.seed = number(i)?,
            "--timeout" => o.timeout = Duration::from_secs(number(i)?),
            "--keep" => o.keep = PathBuf::from(value(i)?),
            "--examples" => o.examples = PathBuf::from(value(i)?),
            "--print" => {
                print!("{}", generate::generate(number(i)?).listing());
                std::process::exit(0);
            }
            "--help" | "-h" => {
                println!("usage: t2s-fuzz [--cases N] [--mutants N] [--seed S] [--timeout SECONDS] [--keep DIR] [--examples DIR] [--print ID]");
                std::process::exit(0);
            }
            other => return Err(format!("unknown option '{other}'")),
        }
        i += 2;
    }
    Ok(o)
}

/// How a child ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Outcome {
    /// Every mode agreed (or a mutant ran / was rejected cleanly).
    Ok,
    /// A clean rejection (a diagnostic): an illegal schedule, a bad mutant.
    Rejected,
    Mismatch,
    Panic,
    Signal,
    Hang,
}

impl Outcome {
    fn from_code(code: i32) -> Outcome {
        match code {
            case::OK => Outcome::Ok,
            case::REJECTED => Outcome::Rejected,
            case::MISMATCH => Outcome::Mismatch,
            _ => Outcome::Panic,
        }
    }
    fn failed(self) -> bool {
        self >= Outcome::Mismatch
    }
}

/// Runs `job` in a forked child; its first line of output is the report.
fn run_forked(timeout: Duration, job: impl FnOnce() -> (i32, String)) -> (Outcome, String) {
    let mut fds = [0i32; 2];
    // SAFETY: plain POSIX calls; the child only runs `job` and exits.
    unsafe {
        if libc::pipe(fds.as_mut_ptr()) != 0 {
            return (Outcome::Panic, "pipe failed".into());
        }
        let pid = libc::fork();
        if pid == 0 {
            libc::close(fds[0]);
            let (code, report) = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job))
                .unwrap_or((case::PANIC, "panic (caught in the child)".to_string()));
            let mut out = std::fs::File::from_raw_fd_compat(fds[1]);
            let _ = out.write_all(report.as_bytes());
            drop(out);
            libc::_exit(code);
        }
        libc::close(fds[1]);
        let start = Instant::now();
        let mut status = 0i32;
        loop {
            let r = libc::waitpid(pid, &mut status, libc::WNOHANG);
            if r == pid {
                break;
            }
            if start.elapsed() > timeout {
                libc::kill(pid, libc::SIGKILL);
                libc::waitpid(pid, &mut status, 0);
                libc::close(fds[0]);
                return (Outcome::Hang, format!("no result after {:?}", timeout));
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        let mut report = String::new();
        let mut input = std::fs::File::from_raw_fd_compat(fds[0]);
        let _ = input.read_to_string(&mut report);
        if libc::WIFSIGNALED(status) {
            return (
                Outcome::Signal,
                format!("signal {}", libc::WTERMSIG(status)),
            );
        }
        (Outcome::from_code(libc::WEXITSTATUS(status)), report)
    }
}

trait FromRawFdCompat {
    /// # Safety
    /// `fd` is an open descriptor owned by the caller.
    unsafe fn from_raw_fd_compat(fd: i32) -> std::fs::File;
}

impl FromRawFdCompat for std::fs::File {
    unsafe fn from_raw_fd_compat(fd: i32) -> std::fs::File {
        use std::os::fd::FromRawFd;
        // SAFETY: guaranteed by the caller.
        unsafe { std::fs::File::from_raw_fd(fd) }
    }
}

/// What a program's listing may carry, counted per outcome: the directives
/// (loops inside the PE among them),
/// inputs of dynamic size, quasi-affine input indices, buffers laid out
/// other than row-major, triangular bounds, and runs with an input too small (whose Ok is
/// every mode refusing it).
const DIRECTIVES: [&str; 17] = [
    "ure.isolate_",
    "ure.stream_input",
    "ure.stream_output",
    "ure.vectorize",
    "ure.scatter",
    "ure.gather",
    "ure.unload",
    "ure.reorder",
    "ure.split",
    "ure.unroll",
    "inside the PE",
    "projection affine_map",
    "memref<?",
    ") mod ",
    "affine_map<(d0",
    "(one too small)",
    "triangular bounds",
];

/// What a program's compile may make, as its report says, counted with the
/// directives: register files split by `split-register-files`, lane
/// reductions made by `vectorize`.
const COMPILED: [&str; 2] = ["split register files", "lane reductions"];

/// The oracle's verdict a case reports (`oracle: legal`), or the kind of
/// its disagreement with the oracle.
fn oracle_verdict(report: &str) -> Option<String> {
    if let Some(v) = report.strip_prefix("oracle: ") {
        // Up to what the compile made of it (`; split register files`).
        return Some(v.split(';').next().unwrap_or(v).trim().to_string());
    }
    if report.contains("refuses a legal schedule") {
        return Some("wrongly refused".into());
    }
    report
        .contains("accepts an illegal schedule")
        .then(|| "wrongly accepted".into())
}

/// What a run counts: outcomes per kind, per directive and against the
/// legality oracle, and the failures (each kept as a file).
#[derive(Default)]
struct Tally {
    counts: BTreeMap<(&'static str, Outcome), u64>,
    /// How often each directive ran to the end (Ok) or was refused: a
    /// directive that is always refused exercises nothing.
    by_directive: BTreeMap<(&'static str, Outcome), u64>,
    /// Schedules against the legality oracle: (verdict, outcome) counts.
    oracle: BTreeMap<(String, Outcome), u64>,
    failures: u64,
}

impl Tally {
    fn record(
        &mut self,
        keep: &std::path::Path,
        (kind, id): (&'static str, u64),
        text: &str,
        outcome: Outcome,
        report: &str,
    ) {
        *self.counts.entry((kind, outcome)).or_default() += 1;
        if let Some(verdict) = oracle_verdict(report) {
            *self.oracle.entry((verdict, outcome)).or_default() += 1;
        }
        if kind == "program" {
            for d in DIRECTIVES.iter().filter(|d| text.contains(*d)) {
                *self.by_directive.entry((d, outcome)).or_default() += 1;
            }
            for d in COMPILED.iter().filter(|d| report.contains(*d)) {
                *self.by_directive.entry((d, outcome)).or_default() += 1;
            }
        }
        if outcome.failed() {
            self.failures += 1;
            let _ = std::fs::create_dir_all(keep);
            let path = keep.join(format!("{kind}-{id}.mlir"));
            let _ = std::fs::write(&path, format!("// {outcome:?}: {report}\n{text}"));
            eprintln!(
                "t2s-fuzz: {kind} {id}: {outcome:?}: {report} ({})",
                path.display()
            );
        }
    }

    fn print(&self) {
        for kind in ["program", "mutant"] {
            let line: Vec<String> = [
                Outcome::Ok,
                Outcome::Rejected,
                Outcome::Mismatch,
                Outcome::Panic,
                Outcome::Signal,
                Outcome::Hang,
            ]
            .iter()
            .map(|o| {
                format!(
                    "{} {:?}",
                    self.counts.get(&(kind, *o)).copied().unwrap_or(0),
                    o
                )
            })
            .collect();
            println!("  {kind}s: {}", line.join(", "));
        }
        for d in DIRECTIVES.iter().chain(&COMPILED) {
            let count = |o: Outcome| self.by_directive.get(&(*d, o)).copied().unwrap_or(0);
            let (ok, refused) = (count(Outcome::Ok), count(Outcome::Rejected));
            println!("    with {d}: {ok} Ok, {refused} Rejected");
        }
        let count =
            |v: &str, o: Outcome| self.oracle.get(&(v.to_string(), o)).copied().unwrap_or(0);
        println!(
            "  schedules against the oracle: {} legal ({} Ok, {} Rejected for another reason), {} illegal (all Rejected), {} too large (either); {} wrongly refused, {} wrongly accepted",
            count("legal", Outcome::Ok) + count("legal", Outcome::Rejected),
            count("legal", Outcome::Ok),
            count("legal", Outcome::Rejected),
            count("illegal", Outcome::Rejected) + count("illegal", Outcome::Ok),
            count("too large", Outcome::Ok) + count("too large", Outcome::Rejected),
            count("wrongly refused", Outcome::Mismatch),
            count("wrongly accepted", Outcome::Mismatch),
        );
    }
}

fn main() -> ExitCode {
    let options = match parse_options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("t2s-fuzz: error: {e}");
            return ExitCode::FAILURE;
        }
    };
    // Registered once, inherited by every child.
    t2s_passes::register_passes();
    let examples = mutate::load_examples(&options.examples);
    let start = Instant::now();
    let mut tally = Tally::default();
    for i in 0..options.cases {
        let id = options.seed.wrapping_add(i);
        let program = generate::generate(id);
        let text = program.listing();
        let (outcome, report) = run_forked(options.timeout, || case::run_program(&program));
        tally.record(&options.keep, ("program", id), &text, outcome, &report);
    }
    for i in 0..options.mutants {
        let id = options.seed.wrapping_add(i);
        let text = mutate::mutant(&examples, id);
        let between = generate::between_for(id);
        let (outcome, report) = run_forked(options.timeout, || case::run_mutant(&text, &between));
        tally.record(&options.keep, ("mutant", id), &text, outcome, &report);
    }
    println!(
        "t2s-fuzz: seed {}, {:.1} s",
        options.seed,
        start.elapsed().as_secs_f64()
    );
    tally.print();
    let total = options.cases + options.mutants;
    println!(
        "{} passed, {} failed",
        total - tally.failures,
        tally.failures
    );
    if tally.failures == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
