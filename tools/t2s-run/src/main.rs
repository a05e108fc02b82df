//! `t2s-run`: runs a URE program in one mode, or in several and compares
//! them. `t2s-run --help` lists the options (`cli.rs`), the modes (the
//! backends of `t2s-exec`) and the pipeline options each mode takes.
//!
//! A space-time transformed file (a `spacetime.array`, e.g. edited by hand)
//! runs in the systolic, dataflow, opencl and spirv modes; `--reference FILE`
//! names the program as written, which the `interpret` mode then runs.

mod cli;
mod progress;

use anyhow::{anyhow, bail, Context as _, Result};
use cli::Options;
use melior::diagnostic::DiagnosticSeverity;
use melior::ir::Module;
use melior::Context;
use std::path::Path;
use std::process::ExitCode;
use t2s_exec::execute::{execute_timed, program_interface, ExecuteError, Mode, RunOptions};
use t2s_exec::interface::Interface;
use t2s_model::interpret::Buffer;
use t2s_model::{npy, random::random_buffer, Layout, Value};

/// `println!` that returns a clean error (instead of panicking) when stdout
/// is gone, e.g. closed by `| head -1`.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        writeln!(std::io::stdout(), $($arg)*)
            .map_err(|e| anyhow!("cannot write the output: {e}"))?
    }};
}

/// Whether the last error reported was an op's verifier's (`'ure.at' op
/// ...`): a file that parsed but does not verify is not "cannot parse".
static VERIFIER_ERROR: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

fn new_context(remarks: bool) -> Context {
    let context = t2s_exec::execute::new_context();
    // Diagnostics as t2s-opt prints them: `file:line:col: error: message`.
    // The compiler's remarks (register sizes, ...) only with --remarks.
    context.attach_diagnostic_handler(move |diagnostic| {
        let severity = match diagnostic.severity() {
            DiagnosticSeverity::Error => {
                let text = diagnostic.to_string();
                let verifier = text.starts_with('\'') && text.contains("' op ");
                VERIFIER_ERROR.store(verifier, std::sync::atomic::Ordering::Relaxed);
                "error"
            }
            DiagnosticSeverity::Warning => "warning",
            DiagnosticSeverity::Note => "note",
            DiagnosticSeverity::Remark if remarks => "remark",
            DiagnosticSeverity::Remark => return true,
        };
        // Called from C++: write errors are ignored rather than panicking.
        progress::suspended(|| {
            use std::io::Write as _;
            let mut err = std::io::stderr();
            let _ = writeln!(
                err,
                "{}: {severity}: {diagnostic}",
                location_text(diagnostic.location())
            );
            for note in (0..diagnostic.note_count()).filter_map(|i| diagnostic.note(i).ok()) {
                let _ = writeln!(err, "{}: note: {note}", location_text(note.location()));
            }
        });
        true
    });
    context
}

/// `file:line:col` for file locations, MLIR's own text otherwise.
fn location_text(location: melior::ir::Location<'_>) -> String {
    match t2s_ir::location::file_line_col(location) {
        Some((file, line, column)) => format!("{file}:{line}:{column}"),
        None => location.to_string(),
    }
}

/// Parses the file with its name in every location, so diagnostics point at
/// `file:line:col`.
fn parse_file<'c>(context: &'c Context, path: &Path) -> Result<Module<'c>> {
    if !path.exists() {
        bail!("cannot open '{}': no such file", path.display());
    }
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read '{}'", path.display()))?;
    if let Err((line, column, message)) = t2s_ir::source::check_source(&text) {
        bail!("{}:{line}:{column}: {message}", path.display());
    }
    let name = path.to_string_lossy();
    // SAFETY: the context is alive; a null module means the parse failed and
    // its diagnostics were printed.
    let raw = unsafe {
        mlir_sys::mlirModuleCreateParseFromFile(
            context.to_raw(),
            mlir_sys::MlirStringRef {
                data: name.as_ptr() as *const _,
                length: name.len(),
            },
        )
    };
    if raw.ptr.is_null() {
        if VERIFIER_ERROR.load(std::sync::atomic::Ordering::Relaxed) {
            bail!(
                "'{}' parsed, but an op fails its verifier (see the error above)",
                path.display()
            );
        }
        bail!("cannot parse '{}'", path.display());
    }
    // SAFETY: a valid module owned from here on.
    Ok(unsafe { Module::from_raw(raw) })
}

/// Inputs from `.npy` files or seeded random data, and parameter values.
fn gather_inputs(model: &Interface, options: &Options) -> Result<(Vec<Buffer>, Vec<i64>)> {
    let params = model
        .params
        .iter()
        .map(|p| {
            options
                .params
                .get(p)
                .copied()
                .ok_or_else(|| anyhow!("parameter @{p} needs a value: --param {p}=<integer>"))
        })
        .collect::<Result<Vec<_>>>()?;
    let listed = |names: Vec<&String>| {
        if names.is_empty() {
            "it has none".to_string()
        } else {
            let at: Vec<String> = names.iter().map(|n| format!("@{n}")).collect();
            format!("it has {}", at.join(", "))
        }
    };
    for name in options.params.keys() {
        if !model.params.contains(name) {
            bail!(
                "@{}: no ure.param named @{name} ({})",
                model.name,
                listed(model.params.iter().collect())
            );
        }
    }
    for name in options.inputs.keys() {
        if !model.inputs.iter().any(|i| &i.name == name) {
            bail!(
                "@{}: no ure.input named @{name} ({})",
                model.name,
                listed(model.inputs.iter().map(|i| &i.name).collect())
            );
        }
    }
    let inputs = model
        .inputs
        .iter()
        .enumerate()
        .map(|(index, input)| match options.inputs.get(&input.name) {
            Some(path) => npy::read_npy(path).with_context(|| format!("input @{}", input.name)),
            None => {
                let shape = input
                    .shape
                    .iter()
                    .map(|d| d.map(|d| d as usize))
                    .collect::<Option<Vec<_>>>()
                    .ok_or_else(|| {
                        anyhow!(
                            "input @{} has a dynamic size: give it with --input {}=FILE.npy",
                            input.name,
                            input.name
                        )
                    })?;
                t2s_exec::execute::check_buffer(&format!("input @{}", input.name), &shape)?;
                Ok(random_buffer(
                    input.elem,
                    &shape,
                    options.seed.wrapping_add(index as u64),
                ))
            }
        })
        .collect::<Result<Vec<_>>>()?;
    Ok((inputs, params))
}

fn run_mode(
    context: &Context,
    options: &Options,
    mode: Mode,
    inputs: &[Buffer],
    params: &[i64],
) -> Result<Vec<Buffer>> {
    let file = match &options.reference {
        Some(reference) if mode == Mode::INTERPRET => reference,
        _ => &options.file,
    };
    let mut module = parse_file(context, file)?;
    let _spinner = progress::Spinner::start(mode.name());
    let (outputs, times) = execute_timed(
        context,
        &mut module,
        options.program.as_deref(),
        mode,
        inputs,
        params,
        &RunOptions {
            repeat: options.time,
            pipeline_options: options.pipeline_options.clone(),
            between_passes: options.between_passes.clone(),
            channel_depths: options.channel_depths,
            max_points: options.max_points,
        },
    )
    .map_err(|e: ExecuteError| anyhow!("{} mode: {e}", mode.name()))?;
    if !times.is_empty() {
        let mut seconds: Vec<f64> = times.iter().map(|t| t.as_secs_f64()).collect();
        seconds.sort_by(f64::total_cmp);
        out!(
            "{} kernel time: best {:.9} s, median {:.9} s over {} runs",
            mode.name(),
            seconds[0],
            seconds[seconds.len() / 2],
            seconds.len()
        );
    }
    Ok(outputs)
}

/// The first element where two outputs differ beyond the tolerance.
fn compare(a: &Buffer, b: &Buffer, rtol: f64, atol: f64) -> Option<(usize, Value, Value)> {
    if a.shape != b.shape || a.elem != b.elem {
        return Some((0, Value::Poison, Value::Poison));
    }
    a.data
        .iter()
        .zip(&b.data)
        .enumerate()
        .find_map(|(i, (x, y))| {
            let same = match (x, y) {
                (Value::Int(p), Value::Int(q)) => p == q,
                (Value::F32(p), Value::F32(q)) => close(*p as f64, *q as f64, rtol, atol),
                (Value::F64(p), Value::F64(q)) => close(*p, *q, rtol, atol),
                _ => false,
            };
            (!same).then_some((i, *x, *y))
        })
}

fn close(p: f64, q: f64, rtol: f64, atol: f64) -> bool {
    p == q || (p.is_nan() && q.is_nan()) || (p - q).abs() <= atol + rtol * q.abs()
}

fn format_value(v: Value) -> String {
    match v {
        Value::Int(i) => i.to_string(),
        Value::F32(f) => format!("{f}"),
        Value::F64(f) => format!("{f}"),
        Value::Poison => "poison".into(),
    }
}

fn print_buffer(name: &str, buffer: &Buffer) -> Result<()> {
    let dims: Vec<String> = buffer.shape.iter().map(|d| d.to_string()).collect();
    out!("@{name}: {}x{}", dims.join("x"), buffer.elem);
    let row = buffer.shape.last().copied().unwrap_or(1).max(1);
    for chunk in buffer.data.chunks(row) {
        out!(
            "  {}",
            chunk
                .iter()
                .map(|v| format_value(*v))
                .collect::<Vec<_>>()
                .join(" ")
        );
    }
    Ok(())
}

/// Prints whether output `name` of two modes matches; whether it does.
fn report_comparison(
    name: &str,
    a: Mode,
    b: Mode,
    x: &Buffer,
    y: &Buffer,
    options: &Options,
) -> Result<bool> {
    match compare(x, y, options.rtol, options.atol) {
        None => {
            out!(
                "@{name}: {} and {} match ({} elements)",
                a.name(),
                b.name(),
                x.data.len()
            );
            Ok(true)
        }
        Some((i, p, q)) => {
            out!(
                "@{name}: MISMATCH between {} and {} at element {i}: {} vs {}",
                a.name(),
                b.name(),
                format_value(p),
                format_value(q)
            );
            Ok(false)
        }
    }
}

/// Writes each `(name, buffer, layout)` to `dir/name.npy`.
fn write_npys<'b>(
    dir: &Path,
    files: impl Iterator<Item = (&'b str, &'b Buffer, &'b Layout)>,
) -> Result<()> {
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    for (name, buffer, layout) in files {
        let path = dir.join(format!("{name}.npy"));
        npy::write_npy_in(&path, buffer, layout)
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(())
}

/// One line per output when nothing else is asked for: its shape, type,
/// mode and the sum of its elements.
fn print_summary(name: &str, buffer: &Buffer, mode: Mode) -> Result<()> {
    let sum: f64 = buffer
        .data
        .iter()
        .map(|v| match v {
            Value::Int(i) => *i as f64,
            Value::F32(f) => *f as f64,
            Value::F64(f) => *f,
            Value::Poison => 0.0,
        })
        .sum::<f64>()
        + 0.0; // An empty or all-(-0.0) sum prints as 0, not -0.
    let dims: Vec<String> = buffer.shape.iter().map(|d| d.to_string()).collect();
    out!(
        "@{name}: {}x{} computed by {}, sum {sum}",
        dims.join("x"),
        buffer.elem,
        mode.name()
    );
    Ok(())
}

fn run(args: &[String]) -> Result<bool> {
    let Some(options) = cli::parse(args)? else {
        return Ok(true);
    };
    let context = new_context(options.remarks);
    let interface = |path: &Path| -> Result<Interface> {
        let mut module = parse_file(&context, path)?;
        Ok(program_interface(
            &context,
            &mut module,
            options.program.as_deref(),
        )?)
    };
    let model = interface(&options.file)?;
    if let Some(reference) = &options.reference {
        let other = interface(reference)?;
        if let Some((theirs, ours)) = other.mismatch(&model) {
            bail!(
                "the reference {} does not take the arguments of {}: the reference has {theirs} where {} has {ours}",
                reference.display(),
                options.file.display(),
                options.file.display()
            );
        }
    }
    let (inputs, params) = gather_inputs(&model, &options)?;
    model.check_params(&params).map_err(|e| anyhow!(e))?;
    let names = model.output_names();
    if let Some(dir) = &options.write_inputs {
        let files = model.inputs.iter().zip(&inputs);
        write_npys(dir, files.map(|(i, b)| (i.name.as_str(), b, &i.layout)))?;
    }

    let mut results = Vec::new();
    for &mode in &options.modes {
        if options.remarks && options.modes.len() > 1 {
            // Each mode compiles the program again: say whose remarks follow.
            use std::io::Write as _;
            let _ = writeln!(
                std::io::stderr(),
                "t2s-run: remarks of the {} mode:",
                mode.name()
            );
        }
        results.push(run_mode(&context, &options, mode, &inputs, &params)?);
    }
    let outputs = &results[0];
    if let Some(dir) = &options.output_dir {
        let files = names.iter().zip(outputs);
        write_npys(
            dir,
            files.map(|(n, b)| (n.as_str(), b, &model.output_layout)),
        )?;
    }
    if options.print {
        for (name, buffer) in names.iter().zip(outputs) {
            print_buffer(name, buffer)?;
        }
    }
    if let [first, others @ ..] = options.modes.as_slice() {
        if !others.is_empty() {
            let mut all_match = true;
            for (other, result) in others.iter().zip(&results[1..]) {
                for ((name, x), y) in names.iter().zip(&results[0]).zip(result) {
                    all_match &= report_comparison(name, *first, *other, x, y, &options)?;
                }
            }
            return Ok(all_match);
        }
    }
    if !options.print && options.output_dir.is_none() {
        for (name, buffer) in names.iter().zip(outputs) {
            print_summary(name, buffer, options.modes[0])?;
        }
    }
    Ok(true)
}

fn main() -> ExitCode {
    use std::io::IsTerminal as _;
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::from_env("RUST_LOG"))
        .with_writer(std::io::stderr)
        // Colour codes only on a terminal, not in a pipe or a log file.
        .with_ansi(std::io::stderr().is_terminal())
        .init();
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            use std::io::Write as _;
            let _ = writeln!(std::io::stderr(), "t2s-run: error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
