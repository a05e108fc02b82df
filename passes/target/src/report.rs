//! `t2s-report`: the resources and throughput of a transformed design on an
//! Intel FPGA, as remarks and as JSON (`docs/report.md` has the model, its
//! assumptions and the JSON schema). It reads the IR after the space-time
//! transform (and, for a dataflow design, after `isolate`): every
//! `spacetime.array` is a kernel whose space loops aoc unrolls into PEs,
//! its register files, the `channel.fifo`s between kernels, and the
//! arithmetic of the PE body. The IR is not changed.

pub mod model;
#[cfg(test)]
mod tests;

use melior::ir::{
    attribute::TypeAttribute,
    operation::{OperationLike, OperationRef},
    Location,
};
use model::{count_ops, value_bits, OpCount};
use serde::Serialize;
use t2s_ir::array::ArrayInfo;
use t2s_ir::diag::{error, remark};
use t2s_ir::ir;
use t2s_ir::ods;
use t2s_ir::ops::{spacetime::ArrayOp, View};
use t2s_ir::pass::{Anchor, Failed};

t2s_ir::declare_pass! {
    /// Report the PEs, registers, channels, DSP blocks, trip counts,
    /// initiation interval and predicted throughput of each systolic array
    /// on an Intel FPGA (remarks, and JSON with file=...)
    pub static PASS = "t2s-report" (T2sReport)
        on Anchor::Module, creates [],
        run run;
    options Options {
        /// Write the report as JSON to this file ('-' for stdout)
        file: String = ("file", ""),
        /// Clock in MHz for the predicted throughput (0: none predicted)
        fmax: i64 = ("fmax", "0"),
    }
}

/// The JSON schema this pass writes (docs/report.md).
pub const SCHEMA: &str = "t2s-report/1";

/// The report of a module.
#[derive(Debug, Serialize)]
pub struct Report {
    pub schema: &'static str,
    pub fmax_mhz: Option<f64>,
    pub programs: Vec<ProgramReport>,
}

/// One program's design: its kernels and channels, and the totals.
#[derive(Debug, Serialize)]
pub struct ProgramReport {
    pub name: String,
    pub kernels: Vec<KernelReport>,
    pub channels: Vec<ChannelReport>,
    pub total: Total,
}

#[derive(Debug, Serialize)]
pub struct Loop {
    pub name: String,
    pub min: i64,
    pub extent: i64,
}

/// One kernel (the program's array, or a `channel.kernel`'s).
#[derive(Debug, Serialize)]
pub struct KernelReport {
    pub name: String,
    /// The space loops aoc unrolls (vectorized ones are lanes).
    pub pe_loops: Vec<Loop>,
    pub pes: u64,
    pub lanes: u64,
    pub time_loops: Vec<Loop>,
    /// Iterations of the time loops: one step of every PE each.
    pub steps: u64,
    /// Initiation interval of the innermost time loop, in cycles.
    pub ii: u64,
    pub register_bits: u64,
    pub buffer_bits: u64,
    pub operations: Vec<OpCount>,
    pub dsps: u64,
}

#[derive(Debug, Serialize)]
pub struct ChannelReport {
    pub name: String,
    pub count: u64,
    pub depth: u64,
    pub width_bits: u64,
    pub bits: u64,
}

#[derive(Debug, Serialize)]
pub struct Total {
    pub pes: u64,
    pub dsps: u64,
    pub register_bits: u64,
    pub channel_bits: u64,
    pub buffer_bits: u64,
    /// Points of the iteration space (each computes the UREs once).
    pub points: u64,
    /// Arithmetic operations of the whole run (a multiply-add is two).
    pub operations: u64,
    pub flops: u64,
    /// Cycles of the run: the longest kernel's steps times its II.
    pub cycles: u64,
    /// Operations every cycle with all PEs busy.
    pub peak_ops_per_cycle: u64,
    pub peak_flops_per_cycle: u64,
    /// Operations per cycle over the run (fill and drain included).
    pub ops_per_cycle: f64,
    pub peak_gflops: Option<f64>,
    pub gflops: Option<f64>,
    pub gops: Option<f64>,
}

fn run(root: OperationRef<'_, '_>, options: &Options) -> Result<(), Failed> {
    if options.fmax < 0 {
        return Err(error(
            root.location(),
            format!("t2s-report: fmax={} is not a clock in MHz", options.fmax),
        ));
    }
    let fmax = (options.fmax > 0).then_some(options.fmax as f64);
    let mut programs = Vec::new();
    for program in ir::collect(root, ods::ure::ProgramOperation::name()) {
        programs.push(report_program(&program, fmax)?);
    }
    if programs.is_empty() {
        return Err(error(
            root.location(),
            "t2s-report reads the systolic arrays of ure.program ops: run it after space-time-transform (and isolate), before spacetime-to-scf",
        ));
    }
    let report = Report {
        schema: SCHEMA,
        fmax_mhz: fmax,
        programs,
    };
    if !options.file.is_empty() {
        write(root.location(), &options.file, &report)?;
    }
    Ok(())
}

fn write(at: Location<'_>, file: &str, report: &Report) -> Result<(), Failed> {
    let text = serde_json::to_string_pretty(report)
        .map_err(|e| error(at, format!("t2s-report: cannot encode the report: {e}")))?;
    if file == "-" {
        println!("{text}");
        return Ok(());
    }
    std::fs::write(file, text + "\n")
        .map_err(|e| error(at, format!("t2s-report: cannot write '{file}': {e}")))
}

fn report_program(
    program: &OperationRef<'_, '_>,
    fmax: Option<f64>,
) -> Result<ProgramReport, Failed> {
    let name = ir::symbol_name(program);
    let body = ir::body_ops(program, 0);
    let mut arrays: Vec<(String, OperationRef<'_, '_>)> = Vec::new();
    for op in &body {
        if ods::is(op, ods::spacetime::ArrayOperation::name()) {
            arrays.push((name.clone(), *op));
        } else if ods::is(op, ods::channel::KernelOperation::name()) {
            for inner in ir::body_ops(op, 0) {
                if ods::is(&inner, ods::spacetime::ArrayOperation::name()) {
                    arrays.push((format!("{name}.{}", ir::symbol_name(op)), inner));
                }
            }
        }
    }
    if arrays.is_empty() {
        return Err(error(
            program.location(),
            format!("t2s-report: program @{name} has no spacetime.array; run space-time-transform first"),
        ));
    }
    let mut kernels = Vec::new();
    for (kernel, array) in &arrays {
        kernels.push(report_kernel(kernel, array)?);
    }
    let channels: Vec<ChannelReport> = body
        .iter()
        .filter(|op| ods::is(op, ods::channel::FifoOperation::name()))
        .map(report_channel)
        .collect();
    let info = ArrayInfo::read(&arrays[0].1)?;
    let points = constant_product(&info.loops.iter().map(|l| &l.extent).collect::<Vec<_>>())
        .ok_or_else(|| {
            error(
                arrays[0].1.location(),
                "t2s-report: the loop extents depend on parameters; give them values first (a symbolic design has no trip counts to report)",
            )
        })?;
    let total = totals(&kernels, &channels, points, fmax);
    let message = summary(&total, fmax);
    remark(
        program.location(),
        format!("t2s-report: @{name}: {message}"),
    );
    Ok(ProgramReport {
        name,
        kernels,
        channels,
        total,
    })
}

fn constant_product(extents: &[&t2s_model::Linear]) -> Option<u64> {
    extents.iter().try_fold(1u64, |n, e| {
        n.checked_mul(u64::try_from(e.as_const()?).ok()?)
    })
}

fn report_kernel(name: &str, array: &OperationRef<'_, '_>) -> Result<KernelReport, Failed> {
    let info = ArrayInfo::read(array)?;
    let loops = |bounds: &[t2s_ir::array::Bound]| -> Option<Vec<Loop>> {
        bounds
            .iter()
            .map(|b| {
                Some(Loop {
                    name: b.name.clone(),
                    min: b.min,
                    extent: b.extent.as_const()?,
                })
            })
            .collect()
    };
    let symbolic = || {
        error(
            array.location(),
            format!("t2s-report: kernel {name}: the time loops' extents depend on parameters; give them values first"),
        )
    };
    let time_loops = loops(&info.time).ok_or_else(symbolic)?;
    let space: Vec<&t2s_ir::array::Bound> = info.space.iter().filter(|s| !s.vectorized).collect();
    let pe_loops: Vec<Loop> = space
        .iter()
        .map(|b| Loop {
            name: b.name.clone(),
            min: b.min,
            extent: b.pe_extent(),
        })
        .collect();
    let pes: u64 = space.iter().map(|s| s.pe_extent().max(1) as u64).product();
    let lanes: u64 = info
        .space
        .iter()
        .filter(|s| s.vectorized)
        .map(|s| s.pe_extent().max(1) as u64)
        .product();
    let steps = time_loops
        .iter()
        .try_fold(1u64, |n, l| n.checked_mul(u64::try_from(l.extent).ok()?))
        .ok_or_else(symbolic)?;
    let view = ArrayOp::cast(*array).ok_or(Failed)?;
    // A file holds its registers for every PE (and lane) of the array.
    let register_bits = view
        .files()
        .iter()
        .map(|f| {
            let ty = f.decl.file_type();
            let slots: u64 = t2s_ir::types::shape(ty)
                .unwrap_or_default()
                .iter()
                .map(|d| (*d).max(1) as u64)
                .product();
            slots * value_bits(t2s_ir::types::element(ty))
        })
        .sum();
    let operations = count_ops(array, pes);
    let dsps = operations.iter().map(|o| o.dsps).sum::<f64>().ceil() as u64;
    let shape: Vec<String> = pe_loops
        .iter()
        .map(|l| format!("{} {}", l.name, l.extent))
        .collect();
    let ops: Vec<String> = operations
        .iter()
        .map(|o| format!("{} {} {}", o.per_step, o.element, o.kind))
        .collect();
    remark(
        array.location(),
        format!(
            "t2s-report: kernel {name}: {pes} PEs ({}) x {lanes} lane{}; {steps} steps at II 1; {dsps} DSPs ({}); {register_bits} register bits",
            if shape.is_empty() { "one".to_string() } else { shape.join(" x ") },
            if lanes == 1 { "" } else { "s" },
            if ops.is_empty() { "no arithmetic".to_string() } else { format!("per step {}", ops.join(", ")) },
        ),
    );
    Ok(KernelReport {
        name: name.to_string(),
        pe_loops,
        pes,
        lanes,
        time_loops,
        steps,
        ii: 1,
        register_bits,
        buffer_bits: 0,
        operations,
        dsps,
    })
}

fn report_channel(op: &OperationRef<'_, '_>) -> ChannelReport {
    let count: u64 = ir::i64s(op, "shape")
        .iter()
        .map(|d| (*d).max(1) as u64)
        .product();
    let depth = ir::int(op, "depth").unwrap_or(1).max(1) as u64;
    let width_bits = op
        .attribute("element_type")
        .ok()
        .and_then(|a| TypeAttribute::try_from(a).ok())
        .map_or(0, |t| value_bits(t.value()));
    ChannelReport {
        name: ir::symbol_name(op),
        count,
        depth,
        width_bits,
        bits: count * depth * width_bits,
    }
}

fn totals(
    kernels: &[KernelReport],
    channels: &[ChannelReport],
    points: u64,
    fmax: Option<f64>,
) -> Total {
    let per_step = |k: &KernelReport, floats: bool| -> u64 {
        k.operations
            .iter()
            .filter(|o| !floats || o.element.starts_with('f'))
            .map(|o| o.per_step * if o.kind == "multiply-add" { 2 } else { 1 })
            .sum()
    };
    let peak_ops_per_cycle: u64 = kernels.iter().map(|k| per_step(k, false)).sum();
    let peak_flops_per_cycle: u64 = kernels.iter().map(|k| per_step(k, true)).sum();
    // Each point runs the body once in one lane of one PE: the operations
    // per point are those of a step over the PEs' lanes.
    let run = |floats: bool| -> u64 {
        kernels
            .iter()
            .map(|k| {
                let lanes = u128::from((k.pes * k.lanes).max(1));
                (u128::from(points) * u128::from(per_step(k, floats)) / lanes) as u64
            })
            .sum()
    };
    let operations = run(false);
    let flops = run(true);
    let cycles = kernels
        .iter()
        .map(|k| k.steps * k.ii)
        .max()
        .unwrap_or(0)
        .max(1);
    let per_second = |n: u64| fmax.map(|f| n as f64 * f * 1e6 / cycles as f64 / 1e9);
    Total {
        pes: kernels.first().map_or(0, |k| k.pes),
        dsps: kernels.iter().map(|k| k.dsps).sum(),
        register_bits: kernels.iter().map(|k| k.register_bits).sum(),
        channel_bits: channels.iter().map(|c| c.bits).sum(),
        buffer_bits: kernels.iter().map(|k| k.buffer_bits).sum(),
        points,
        operations,
        flops,
        cycles,
        peak_ops_per_cycle,
        peak_flops_per_cycle,
        ops_per_cycle: operations as f64 / cycles as f64,
        peak_gflops: fmax.map(|f| peak_flops_per_cycle as f64 * f / 1e3),
        gflops: per_second(flops),
        gops: per_second(operations),
    }
}

fn summary(t: &Total, fmax: Option<f64>) -> String {
    let mut text = format!(
        "{} PEs, {} DSPs, {} register bits, {} channel bits; {} operations ({} floating-point) in {} cycles at II 1: {:.2} per cycle, {} at peak",
        t.pes, t.dsps, t.register_bits, t.channel_bits, t.operations, t.flops, t.cycles, t.ops_per_cycle, t.peak_ops_per_cycle
    );
    if let (Some(f), Some(g), Some(p)) = (fmax, t.gflops, t.peak_gflops) {
        text.push_str(&format!("; at {f} MHz {g:.1} GFLOP/s (peak {p:.1})"));
    }
    text
}
