//! `t2s-run`: runs a URE program.
//!
//! ```text
//! t2s-run FILE.mlir [--mode MODE] [--compare MODE,MODE] [--program NAME]
//!         [--input NAME=FILE.npy]... [--seed N] [--param NAME=VALUE]...
//!         [--output-dir DIR] [--print] [--rtol X] [--atol X]
//! ```
//!
//! Modes: `interpret` (the reference interpreter), `sequential` (merge-ures,
//! lowered to scf and llvm, JIT-run) and `systolic` (the space-time
//! transform, the array lowered and JIT-run), `dataflow` (isolated kernels
//! on threads over channels) and `opencl` (the kernels translated to OpenCL
//! C for Intel FPGAs, compiled for the host with clang and the emulation
//! header, run on threads) and `spirv` (one single-work-item kernel in
//! SPIR-V, run by the system's OpenCL: PoCL). Inputs not given as `.npy`
//! files are seeded random data. `--compare` runs two modes on the same inputs
//! and checks their outputs: exactly for integers, within `--rtol`/`--atol`
//! for floats.
//!
//! A space-time transformed file (a `spacetime.array`, e.g. edited by hand)
//! runs in `systolic` mode only: its UREs are gone. `--reference FILE` names
//! the program as written, which the `interpret` mode then runs.

use anyhow::{anyhow, bail, Context as _, Result};
use melior::diagnostic::DiagnosticSeverity;
use melior::ir::Module;
use melior::Context;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use t2s_exec::execute::{execute_timed, program_interface, ExecuteError, Mode, RunOptions};
use t2s_exec::interface::Interface;
use t2s_model::interpret::Buffer;
use t2s_model::{npy, random::random_buffer, Value};
use t2s_runtime::channel::DepthMode;

/// `println!` that returns a clean error (instead of panicking) when stdout
/// is gone, e.g. closed by `| head -1`.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        writeln!(std::io::stdout(), $($arg)*)
            .map_err(|e| anyhow!("cannot write the output: {e}"))?
    }};
}

const USAGE: &str =
    "usage: t2s-run FILE.mlir [--mode interpret|sequential|systolic|dataflow|opencl|spirv] [--compare MODE,MODE]
               [--program NAME] [--input NAME=FILE.npy]... [--seed N]
               [--param NAME=VALUE]... [--output-dir DIR] [--print]
               [--remarks] [--rtol X] [--atol X] [--reference FILE.mlir]
               [--time N] [--fastmath FLAGS] [--max-points N]
               [--pipeline-options 'OPT=VALUE ...'] [--between-passes 'PASS, ...'] [--channel-depths strict|unbounded]";

#[derive(Debug)]
struct Options {
    file: PathBuf,
    /// The program as written, for the interpreter, when `file` is transformed.
    reference: Option<PathBuf>,
    /// Extra timed calls of the compiled function (kernel time only).
    time: usize,
    /// Options of the t2s passes in the modes' pipelines: `--fastmath X`
    /// is `fastmath=X`, `--pipeline-options 'unroll-pes=false ...'` the rest.
    pipeline_options: Vec<(String, String)>,
    /// Upstream passes run after every t2s pass.
    between_passes: String,
    /// The channels' depths in dataflow mode.
    channel_depths: DepthMode,
    /// The largest iteration space a run may take (0: the default).
    max_points: u64,
    modes: Vec<Mode>,
    program: Option<String>,
    inputs: HashMap<String, PathBuf>,
    params: HashMap<String, i64>,
    seed: u64,
    output_dir: Option<PathBuf>,
    print: bool,
    remarks: bool,
    rtol: f64,
    atol: f64,
}

fn parse_options(args: &[String]) -> Result<Options> {
    let mut file = None;
    let mut options = Options {
        file: PathBuf::new(),
        reference: None,
        time: 0,
        pipeline_options: Vec::new(),
        between_passes: String::new(),
        channel_depths: DepthMode::Strict,
        max_points: 0,
        modes: vec![Mode::INTERPRET],
        program: None,
        inputs: HashMap::new(),
        params: HashMap::new(),
        seed: 1,
        output_dir: None,
        print: false,
        remarks: false,
        rtol: 1e-5,
        atol: 1e-6,
    };
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(v.to_string())),
            _ => (arg.as_str(), None),
        };
        let mut value = || -> Result<String> {
            inline
                .clone()
                .or_else(|| iter.next().cloned())
                .ok_or_else(|| anyhow!("{flag} needs a value"))
        };
        match flag {
            "--mode" => options.modes = vec![parse_mode(&value()?)?],
            "--compare" => {
                let v = value()?;
                let modes = v.split(',').map(parse_mode).collect::<Result<Vec<_>>>()?;
                if modes.len() != 2 {
                    bail!("--compare takes two modes, e.g. --compare interpret,sequential");
                }
                options.modes = modes;
            }
            "--reference" => options.reference = Some(PathBuf::from(value()?)),
            "--fastmath" => options
                .pipeline_options
                .push(("fastmath".to_string(), value()?)),
            "--between-passes" => options.between_passes = value()?,
            "--pipeline-options" | "--systolic-options" => options
                .pipeline_options
                .extend(parse_pipeline_options(&value()?)?),
            "--channel-depths" => {
                options.channel_depths = match value()?.as_str() {
                    "strict" => DepthMode::Strict,
                    "unbounded" => DepthMode::Unbounded,
                    other => bail!("--channel-depths takes strict or unbounded, not '{other}'"),
                }
            }
            "--max-points" => {
                options.max_points = value()?
                    .parse()
                    .context("--max-points takes a number of points")?
            }
            "--time" => {
                options.time = value()?
                    .parse()
                    .context("--time takes a number of timed runs")?
            }
            "--program" => options.program = Some(value()?.trim_start_matches('@').to_string()),
            "--input" => {
                let v = value()?;
                let (name, path) = v
                    .split_once('=')
                    .ok_or_else(|| anyhow!("--input takes NAME=FILE.npy"))?;
                options.inputs.insert(
                    name.trim_start_matches('@').to_string(),
                    PathBuf::from(path),
                );
            }
            "--param" => {
                let v = value()?;
                let (name, n) = v
                    .split_once('=')
                    .ok_or_else(|| anyhow!("--param takes NAME=VALUE"))?;
                let n = n
                    .parse()
                    .with_context(|| format!("--param {name}: '{n}' is not an integer"))?;
                options
                    .params
                    .insert(name.trim_start_matches('@').to_string(), n);
            }
            "--seed" => options.seed = value()?.parse().context("--seed takes an integer")?,
            "--output-dir" | "-o" => options.output_dir = Some(PathBuf::from(value()?)),
            "--print" => options.print = true,
            "--remarks" => options.remarks = true,
            "--rtol" => options.rtol = value()?.parse().context("--rtol takes a number")?,
            "--atol" => options.atol = value()?.parse().context("--atol takes a number")?,
            "--help" | "-h" => {
                out!("{USAGE}");
                std::process::exit(0);
            }
            f if f.starts_with('-') && f != "-" => bail!("unknown option '{f}'\n{USAGE}"),
            _ if file.is_none() => file = Some(PathBuf::from(arg)),
            _ => bail!("more than one input file given"),
        }
    }
    options.file = file.ok_or_else(|| anyhow!("no input file\n{USAGE}"))?;
    check_pipeline_options(&options)?;
    Ok(options)
}

/// `key=value key2=value2` (a bare key is `key=true`).
fn parse_pipeline_options(text: &str) -> Result<Vec<(String, String)>> {
    text.split_whitespace()
        .map(|item| match item.split_once('=') {
            Some((k, v)) if !k.is_empty() => Ok((k.to_string(), v.to_string())),
            Some(_) => bail!("--pipeline-options: '{item}' has no option name"),
            None => Ok((item.to_string(), "true".to_string())),
        })
        .collect()
}

/// Every pipeline option must be taken by a pipeline of a chosen mode.
fn check_pipeline_options(options: &Options) -> Result<()> {
    let mut taken: Vec<&str> = Vec::new();
    for mode in &options.modes {
        for pipeline in mode.0.pipelines() {
            for o in pipeline.options() {
                if !taken.contains(&o.name) {
                    taken.push(o.name);
                }
            }
        }
    }
    for (name, _) in &options.pipeline_options {
        if !taken.contains(&name.as_str()) {
            let modes: Vec<&str> = options.modes.iter().map(|m| m.name()).collect();
            bail!(
                "no pipeline of the {} mode{} takes the option '{name}' (they take: {})",
                modes.join(", "),
                if modes.len() == 1 { "" } else { "s" },
                if taken.is_empty() {
                    "none".to_string()
                } else {
                    taken.join(", ")
                }
            );
        }
    }
    Ok(())
}

fn parse_mode(text: &str) -> Result<Mode> {
    Mode::parse(text).ok_or_else(|| {
        anyhow!(
            "unknown mode '{text}' (modes: {})",
            Mode::names().join(", ")
        )
    })
}

fn new_context(remarks: bool) -> Context {
    let context = t2s_exec::execute::new_context();
    // Diagnostics as t2s-opt prints them: `file:line:col: error: message`.
    // The compiler's remarks (register sizes, ...) only with --remarks.
    context.attach_diagnostic_handler(move |diagnostic| {
        let severity = match diagnostic.severity() {
            DiagnosticSeverity::Error => "error",
            DiagnosticSeverity::Warning => "warning",
            DiagnosticSeverity::Note => "note",
            DiagnosticSeverity::Remark if remarks => "remark",
            DiagnosticSeverity::Remark => return true,
        };
        // Called from C++: write errors are ignored rather than panicking.
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
    for name in options.params.keys() {
        if !model.params.contains(name) {
            bail!("@{}: no ure.param named @{name}", model.name);
        }
    }
    for name in options.inputs.keys() {
        if !model.inputs.iter().any(|i| &i.name == name) {
            bail!("@{}: no ure.input named @{name}", model.name);
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
            "{} kernel time: best {:.6} s, median {:.6} s over {} runs",
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

fn run(args: &[String]) -> Result<bool> {
    let options = parse_options(args)?;
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
        if other != model {
            bail!(
                "the reference {} does not have the inputs, parameters and output of {}",
                reference.display(),
                options.file.display()
            );
        }
    }
    let (inputs, params) = gather_inputs(&model, &options)?;
    model.check_params(&params).map_err(|e| anyhow!(e))?;
    let names = model.output_names();

    let mut results = Vec::new();
    for &mode in &options.modes {
        results.push(run_mode(&context, &options, mode, &inputs, &params)?);
    }
    let outputs = &results[0];
    if let Some(dir) = &options.output_dir {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
        for (name, buffer) in names.iter().zip(outputs) {
            let path = dir.join(format!("{name}.npy"));
            npy::write_npy(&path, buffer)
                .with_context(|| format!("cannot write {}", path.display()))?;
        }
    }
    if options.print {
        for (name, buffer) in names.iter().zip(outputs) {
            print_buffer(name, buffer)?;
        }
    }
    if let [a, b] = options.modes.as_slice() {
        let mut all_match = true;
        for ((name, x), y) in names.iter().zip(&results[0]).zip(&results[1]) {
            match compare(x, y, options.rtol, options.atol) {
                None => out!(
                    "@{name}: {} and {} match ({} elements)",
                    a.name(),
                    b.name(),
                    x.data.len()
                ),
                Some((i, p, q)) => {
                    all_match = false;
                    out!(
                        "@{name}: MISMATCH between {} and {} at element {i}: {} vs {}",
                        a.name(),
                        b.name(),
                        format_value(p),
                        format_value(q)
                    );
                }
            }
        }
        return Ok(all_match);
    }
    if !options.print && options.output_dir.is_none() {
        for (name, buffer) in names.iter().zip(outputs) {
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
                options.modes[0].name()
            );
        }
    }
    Ok(true)
}

fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::from_env("RUST_LOG"))
        .with_writer(std::io::stderr)
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
