//! The command line of `t2s-run`, declared once with clap: the parser, the
//! `--help` text and its check (`tests::every_option_is_documented`) come
//! from the same declaration. The modes and the pipeline options they take
//! are listed from the backends themselves.

use anyhow::{anyhow, bail, Result};
use clap::{CommandFactory, FromArgMatches, Parser};
use std::collections::HashMap;
use std::path::PathBuf;
use t2s_exec::execute::Mode;
use t2s_runtime::channel::DepthMode;

#[derive(Parser, Debug)]
#[command(
    name = "t2s-run",
    version,
    about = "Runs a URE program: the reference interpreter, or the program compiled and run \
             (JIT, threads over FIFOs, OpenCL emulation, SPIR-V on PoCL), on .npy or seeded \
             random inputs.",
    long_about = None
)]
pub struct Cli {
    /// The .mlir file: a program as written, or one t2s-opt transformed (then give
    /// the original with --reference for the interpret mode)
    pub file: PathBuf,

    /// The mode to run in (MODES below)
    #[arg(long, value_name = "MODE", default_value = "interpret", value_parser = parse_mode)]
    pub mode: Mode,

    /// Run two or more modes on the same inputs and compare each with the first:
    /// exactly for integers, within --rtol/--atol for floats; exit 1 on a mismatch
    #[arg(
        long,
        value_name = "MODE,MODE,...",
        value_delimiter = ',',
        value_parser = parse_mode,
        conflicts_with = "mode"
    )]
    pub compare: Vec<Mode>,

    /// The program as written, which the interpret mode runs when FILE is transformed
    #[arg(long, value_name = "FILE.mlir")]
    pub reference: Option<PathBuf>,

    /// The ure.program to run, when the file holds several
    #[arg(long, value_name = "NAME")]
    pub program: Option<String>,

    /// An input from a .npy file (repeatable); inputs not given are seeded random data
    #[arg(long = "input", value_name = "NAME=FILE.npy", value_parser = parse_input)]
    pub inputs: Vec<(String, PathBuf)>,

    /// The value of a ure.param (repeatable; every parameter needs one)
    #[arg(long = "param", value_name = "NAME=VALUE", value_parser = parse_param)]
    pub params: Vec<(String, i64)>,

    /// The seed of the random inputs (input k uses SEED + k)
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u64,

    /// Write each output as DIR/<name>.npy (of the first mode); an output
    /// laid out in Halide's order is written in Fortran order
    #[arg(short = 'o', long, value_name = "DIR")]
    pub output_dir: Option<PathBuf>,

    /// Write each input (given or seeded random) as DIR/<name>.npy, in its
    /// layout's order (Halide's as Fortran order): with -o,
    /// the inputs and the expected outputs of a run elsewhere (tools/gpu)
    #[arg(long, value_name = "DIR")]
    pub write_inputs: Option<PathBuf>,

    /// Print the outputs (of the first mode) as text
    #[arg(long)]
    pub print: bool,

    /// Print the compiler's remarks (time loops, register files, unrolling, ...)
    #[arg(long)]
    pub remarks: bool,

    /// Relative tolerance of float comparisons
    #[arg(long, value_name = "X", default_value_t = 1e-5)]
    pub rtol: f64,

    /// Absolute tolerance of float comparisons
    #[arg(long, value_name = "X", default_value_t = 1e-6)]
    pub atol: f64,

    /// Time N more calls of the compiled kernel (parsing, lowering and JIT excluded)
    /// and print the best and the median
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub time: usize,

    /// The fastmath flags of the lowered float ops (e.g. contract, fast); the same as
    /// --pipeline-options 'fastmath=FLAGS'
    #[arg(long, value_name = "FLAGS")]
    pub fastmath: Option<String>,

    /// The largest iteration space a run may take, in points, and the
    /// largest work of an array, in flattened steps x PEs (default: the mode's)
    #[arg(long, value_name = "N", default_value_t = 0, hide_default_value = true)]
    pub max_points: u64,

    /// Options of the passes in the modes' pipelines, as 'key=value key2=value2'
    /// (PIPELINE OPTIONS below); an option no chosen mode takes is an error
    #[arg(
        long,
        visible_alias = "systolic-options",
        value_name = "'OPT=VALUE ...'"
    )]
    pub pipeline_options: Vec<String>,

    /// Upstream passes run after every t2s pass of the modes' pipelines, e.g.
    /// 'canonicalize,cse,loop-invariant-code-motion'
    #[arg(
        long,
        value_name = "'PASS,...'",
        default_value = "",
        hide_default_value = true
    )]
    pub between_passes: String,

    /// The channels' depths in the dataflow and opencl modes: strict (as declared; a
    /// full FIFO blocks and deadlocks are diagnosed) or unbounded
    #[arg(long, value_name = "strict|unbounded", default_value = "strict", value_parser = parse_depths)]
    pub channel_depths: DepthMode,
}

/// What a run is asked to do, once the command line is checked.
#[derive(Debug)]
pub struct Options {
    pub file: PathBuf,
    pub reference: Option<PathBuf>,
    pub time: usize,
    pub pipeline_options: Vec<(String, String)>,
    pub between_passes: String,
    pub channel_depths: DepthMode,
    pub max_points: u64,
    /// The modes to run; with more than one, each is compared with the first.
    pub modes: Vec<Mode>,
    pub program: Option<String>,
    pub inputs: HashMap<String, PathBuf>,
    pub params: HashMap<String, i64>,
    pub seed: u64,
    pub output_dir: Option<PathBuf>,
    pub write_inputs: Option<PathBuf>,
    pub print: bool,
    pub remarks: bool,
    pub rtol: f64,
    pub atol: f64,
}

fn parse_mode(text: &str) -> Result<Mode, String> {
    Mode::parse(text).ok_or_else(|| {
        format!(
            "unknown mode '{text}' (modes: {})",
            Mode::names().join(", ")
        )
    })
}

fn parse_input(text: &str) -> Result<(String, PathBuf), String> {
    let (name, path) = text
        .split_once('=')
        .ok_or_else(|| format!("'{text}' is not NAME=FILE.npy"))?;
    Ok((
        name.trim_start_matches('@').to_string(),
        PathBuf::from(path),
    ))
}

fn parse_param(text: &str) -> Result<(String, i64), String> {
    let (name, value) = text
        .split_once('=')
        .ok_or_else(|| format!("'{text}' is not NAME=VALUE"))?;
    let value = value
        .parse()
        .map_err(|_| format!("@{name}: '{value}' is not an integer"))?;
    Ok((name.trim_start_matches('@').to_string(), value))
}

fn parse_depths(text: &str) -> Result<DepthMode, String> {
    match text {
        "strict" => Ok(DepthMode::Strict),
        "unbounded" => Ok(DepthMode::Unbounded),
        other => Err(format!("'{other}' is neither strict nor unbounded")),
    }
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

/// The modes and the pipeline options each takes, for `--help`.
fn modes_help() -> String {
    let mut text = String::from("MODES:\n");
    for name in Mode::names() {
        let mode = Mode::parse(name).expect("a listed mode");
        text.push_str(&format!("  {name:<11} {}\n", mode.0.summary()));
    }
    text.push_str(
        "\nPIPELINE OPTIONS (--pipeline-options 'key=value ...'; --fastmath X is fastmath=X),\n\
         with the modes that take them:\n",
    );
    // Each option with the modes that take it, grouped by the default the
    // mode's route gives it (the OpenCL route has its own).
    type ByDefault<'a> = Vec<(&'static str, Vec<&'a str>)>;
    let mut options: Vec<(t2s_ir::pass::PassOption, ByDefault)> = Vec::new();
    for name in Mode::names() {
        let mode = Mode::parse(name).expect("a listed mode");
        for pipeline in mode.0.pipelines() {
            for o in pipeline.options() {
                let index = match options.iter().position(|(p, _)| p.name == o.name) {
                    Some(i) => i,
                    None => {
                        options.push((o, Vec::new()));
                        options.len() - 1
                    }
                };
                let groups = &mut options[index].1;
                if groups.iter().any(|(_, modes)| modes.contains(&name)) {
                    continue;
                }
                match groups.iter_mut().find(|(d, _)| *d == o.default) {
                    Some((_, modes)) => modes.push(name),
                    None => groups.push((o.default, vec![name])),
                }
            }
        }
    }
    for (o, groups) in options {
        let description: Vec<&str> = o.description.split_whitespace().collect();
        let defaults: Vec<String> = groups
            .iter()
            .map(|(d, modes)| format!("default '{d}': {}", modes.join(", ")))
            .collect();
        text.push_str(&format!(
            "  {}=<{}> ({})\n      {}\n",
            o.name,
            o.kind.text(),
            defaults.join("; "),
            description.join(" ")
        ));
    }
    text.push_str(
        "\nEXAMPLES:\n  \
         t2s-run examples/gemm.mlir --mode interpret --print\n  \
         t2s-run examples/systolic/gemm.mlir --compare interpret,sequential,systolic\n  \
         t2s-run examples/fir-symbolic.mlir --param N=16 --param K=4 --input x=x.npy --input w=w.npy -o out/\n  \
         t2s-run array.mlir --reference examples/systolic/gemm.mlir --compare interpret,systolic\n  \
         t2s-run examples/systolic/gemm-tiled.mlir --mode systolic --time 10 --fastmath contract\n\n\
         Exit status: 0 on success, 1 on an error or a mismatch; diagnostics go to stderr as\n\
         file:line:col: error: message. RUST_LOG=debug logs what the passes do.",
    );
    text
}

/// The clap command with the generated sections.
pub fn command() -> clap::Command {
    Cli::command().after_help(modes_help())
}

/// Parses the arguments (without the program name). `Ok(None)` when the help
/// or the version was asked for and printed.
pub fn parse(args: &[String]) -> Result<Option<Options>> {
    let argv = std::iter::once("t2s-run".to_string()).chain(args.iter().cloned());
    let matches = match command().try_get_matches_from(argv) {
        Ok(m) => m,
        Err(e) if !e.use_stderr() => {
            e.print()
                .map_err(|e| anyhow!("cannot write the help: {e}"))?;
            return Ok(None);
        }
        Err(e) => bail!(
            "{}",
            e.render()
                .to_string()
                .trim_start_matches("error: ")
                .trim_end()
        ),
    };
    let cli = Cli::from_arg_matches(&matches).map_err(|e| anyhow!("{e}"))?;
    let modes = if cli.compare.is_empty() {
        vec![cli.mode]
    } else if cli.compare.len() < 2 {
        bail!("--compare takes two or more modes, e.g. --compare interpret,sequential");
    } else {
        cli.compare.clone()
    };
    let mut pipeline_options = Vec::new();
    if let Some(flags) = &cli.fastmath {
        pipeline_options.push(("fastmath".to_string(), flags.clone()));
    }
    for text in &cli.pipeline_options {
        pipeline_options.extend(parse_pipeline_options(text)?);
    }
    let options = Options {
        file: cli.file,
        reference: cli.reference,
        time: cli.time,
        pipeline_options,
        between_passes: cli.between_passes,
        channel_depths: cli.channel_depths,
        max_points: cli.max_points,
        modes,
        program: cli.program.map(|p| p.trim_start_matches('@').to_string()),
        inputs: cli.inputs.into_iter().collect(),
        params: cli.params.into_iter().collect(),
        seed: cli.seed,
        output_dir: cli.output_dir,
        write_inputs: cli.write_inputs,
        print: cli.print,
        remarks: cli.remarks,
        rtol: cli.rtol,
        atol: cli.atol,
    };
    check_pipeline_options(&options)?;
    Ok(Some(options))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_is_consistent() {
        command().debug_assert();
    }

    /// `--help` documents every option the parser accepts, and lists every
    /// mode with its summary.
    #[test]
    fn every_option_is_documented() {
        let mut cmd = command();
        let help = cmd.render_long_help().to_string();
        for arg in cmd.get_arguments() {
            let id = arg.get_id().as_str();
            if id == "help" || id == "version" {
                continue;
            }
            assert!(
                arg.get_help().is_some_and(|h| !h.to_string().is_empty()),
                "--{id} has no help text"
            );
            let shown = match arg.get_long() {
                Some(long) => format!("--{long}"),
                None => arg
                    .get_value_names()
                    .map_or(id.to_uppercase(), |v| v[0].to_string()),
            };
            assert!(help.contains(&shown), "--help does not show {shown}");
        }
        for name in Mode::names() {
            assert!(
                help.contains(&format!("  {name} ")),
                "--help does not list the mode {name}"
            );
        }
    }

    #[test]
    fn compare_takes_any_number_of_modes() {
        let args: Vec<String> = ["f.mlir", "--compare", "interpret,sequential,systolic"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let options = parse(&args).unwrap().unwrap();
        assert_eq!(
            options.modes,
            vec![Mode::INTERPRET, Mode::SEQUENTIAL, Mode::SYSTOLIC]
        );
    }

    #[test]
    fn errors_name_what_is_valid() {
        let args: Vec<String> = ["f.mlir", "--mode", "fast"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let e = parse(&args).unwrap_err().to_string();
        assert!(e.contains("modes: interpret, sequential"), "{e}");
        let args: Vec<String> = ["f.mlir", "--colour"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert!(parse(&args).unwrap_err().to_string().contains("--colour"));
    }
}
