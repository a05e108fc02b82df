//! `t2s-report`: the resources and throughput of a transformed design on an
//! Intel FPGA, as remarks and as JSON (`docs/report.md` has the model, its
//! assumptions and the JSON schema). It reads the IR after the space-time
//! transform (and, for a dataflow design, after `isolate`): every
//! `spacetime.array` is a kernel whose space loops aoc unrolls into PEs,
//! its register files, the `channel.fifo`s between kernels, and the
//! arithmetic of the PE body. The IR is not changed.

pub mod memory;
pub mod model;
pub mod params;
mod pe_share;
#[cfg(test)]
mod tests;
pub mod totals;

use melior::ir::{
    operation::{OperationLike, OperationRef},
    Location,
};
use memory::{Bandwidth, Device, DeviceOption, FileRead, Runs, Traffic};
use model::{count_ops, value_bits, OpCount};
use serde::Serialize;
use t2s_ir::diag::OrInternal;
use t2s_ir::diag::{error, remark};
use t2s_ir::ir;
use t2s_ir::ods;
use t2s_ir::ops::{
    spacetime::{ArrayOp, ReadOp},
    View,
};
use t2s_ir::pass::{Anchor, Failed};
use totals::{remark_traffic, summary, totals, warn_if_unfit};

t2s_ir::declare_pass! {
    /// Report the PEs, registers, channels, DSP blocks, trip counts,
    /// initiation interval and predicted throughput of each systolic array
    /// on an Intel FPGA (remarks, and JSON with file=...)
    pub static PASS = "t2s-report" (T2sReport)
        on Anchor::Module, creates [],
        run run; check check_options;
    options Options {
        /// Write the report as JSON to this file ('-' for stdout)
        file: String = ("file", ""),
        /// Clock in MHz for the predicted throughput (0: none predicted)
        fmax: i64 = ("fmax", "0"),
        /// The FPGA to check the design against: arria10 (Arria 10 GX 1150) or stratix10 (Stratix 10 SX 2800); empty: none
        device: DeviceOption = ("device", ""),
        /// DRAM bandwidth in GB/s for the roofline (a decimal; 0: none)
        bandwidth: Bandwidth = ("bandwidth", "0"),
        /// Parameter values of a symbolic design, e.g. 'I=512,J=512,K=512':
        /// its trip counts, traffic and throughput at those values
        params: String = ("params", ""),
    }
}

/// The JSON schema this pass writes (docs/report.md).
pub const SCHEMA: &str = "t2s-report/2";

/// The report of a module.
#[derive(Debug, Serialize)]
pub struct Report {
    pub schema: &'static str,
    pub fmax_mhz: Option<f64>,
    pub device: Option<Device>,
    pub bandwidth_gbps: Option<f64>,
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
    /// M20K blocks of its buffers and long shift registers.
    pub m20ks: u64,
    pub operations: Vec<OpCount>,
    pub dsps: u64,
    /// Bytes its loads read from and its stores write to DRAM over the run
    /// (null: an access the model cannot count).
    pub dram_read_bytes: Option<u64>,
    pub dram_write_bytes: Option<u64>,
    /// The DRAM bytes are exact (otherwise an upper bound).
    pub dram_exact: bool,
}

#[derive(Debug, Serialize)]
pub struct ChannelReport {
    pub name: String,
    pub count: u64,
    pub depth: u64,
    pub width_bits: u64,
    pub bits: u64,
    pub m20ks: u64,
}

#[derive(Debug, Serialize)]
pub struct Total {
    pub pes: u64,
    pub dsps: u64,
    pub register_bits: u64,
    pub channel_bits: u64,
    pub buffer_bits: u64,
    pub m20ks: u64,
    /// DRAM bytes of all kernels (null if a kernel's are unknown).
    pub dram_read_bytes: Option<u64>,
    pub dram_write_bytes: Option<u64>,
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
    /// DRAM bandwidth the run needs at fmax, GB/s.
    pub dram_gbps: Option<f64>,
    /// The run needs more DRAM bandwidth than `bandwidth` gives.
    pub dram_bound: Option<bool>,
    /// GFLOP/s under the roofline: the lower of the compute prediction and
    /// what the bandwidth can feed.
    pub roofline_gflops: Option<f64>,
    /// The design fits the device (DSPs and M20Ks; null: no device).
    pub fits: Option<bool>,
}

/// `params` must parse before the pass runs.
fn check_options(options: &Options) -> Result<(), String> {
    if options.fmax < 0 {
        return Err(format!("fmax={} is not a clock in MHz", options.fmax));
    }
    params::parse(&options.params)
        .map(|_| ())
        .map_err(|why| format!("params: {why}"))
}

fn run(root: OperationRef<'_, '_>, options: &Options) -> Result<(), Failed> {
    // check_options refused a negative fmax and malformed params.
    let fmax = (options.fmax > 0).then_some(options.fmax as f64);
    let values = params::parse(&options.params)
        .map_err(|why| error(root.location(), format!("t2s-report: params: {why}")))?;
    let machine = Machine {
        fmax,
        device: options.device.0,
        bandwidth: options.bandwidth.0,
        params: values,
    };
    let mut programs = Vec::new();
    for program in ir::collect(root, ods::ure::ProgramOperation::name()) {
        programs.push(report_program(&program, &machine)?);
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
        device: machine.device,
        bandwidth_gbps: machine.bandwidth,
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

/// What the report assumes of the FPGA: its clock, the device, the DRAM
/// bandwidth.
pub struct Machine {
    pub fmax: Option<f64>,
    pub device: Option<Device>,
    pub bandwidth: Option<f64>,
    /// Values of the design's parameters (the `params` option).
    pub params: Vec<(String, i64)>,
}

fn report_program(
    program: &OperationRef<'_, '_>,
    machine: &Machine,
) -> Result<ProgramReport, Failed> {
    let name = ir::symbol_name(program);
    params::check(program, &machine.params)?;
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
        kernels.push(report_kernel(kernel, array, &machine.params)?);
    }
    let channels: Vec<ChannelReport> = body
        .iter()
        .filter(|op| ods::is(op, ods::channel::FifoOperation::name()))
        .map(report_channel)
        .collect();
    let info = params::bound_info(&arrays[0].1, &machine.params)?;
    let points = constant_product(&info.loops.iter().map(|l| &l.extent).collect::<Vec<_>>())
        .ok_or_else(|| {
            error(
                arrays[0].1.location(),
                "t2s-report: the loop extents depend on parameters; give them values with the option params (e.g. t2s-report{params=N=64,K=8})",
            )
        })?;
    let total = totals(&kernels, &channels, points, machine);
    let message = summary(&total, machine);
    remark(
        program.location(),
        format!("t2s-report: @{name}: {message}"),
    );
    remark_traffic(&kernels, &total, machine, program.location());
    warn_if_unfit(&name, &total, machine, program.location());
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

/// The loops of `bounds` when every extent is a constant.
fn constant_loops(bounds: &[t2s_ir::array::Bound]) -> Option<Vec<Loop>> {
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
}

fn report_kernel(
    name: &str,
    array: &OperationRef<'_, '_>,
    values: &[(String, i64)],
) -> Result<KernelReport, Failed> {
    let info = params::bound_info(array, values)?;
    let symbolic = || {
        error(
            array.location(),
            format!("t2s-report: kernel {name}: the time loops' extents depend on parameters; give them values with the option params (e.g. t2s-report{{params=N=64,K=8}})"),
        )
    };
    let time_loops = constant_loops(&info.time).ok_or_else(symbolic)?;
    // A loop inside the PE is unrolled in it: its iterations are lanes.
    let space: Vec<&t2s_ir::array::Bound> = info
        .space
        .iter()
        .filter(|s| !s.vectorized && !s.inside)
        .collect();
    let pe_loops: Vec<Loop> = space
        .iter()
        .map(|b| Loop {
            name: b.name.clone(),
            min: b.min,
            extent: b.pe_extent(),
        })
        .collect();
    let pes: u64 = space.iter().map(|s| s.pe_extent().max(1) as u64).product();
    let extents = |keep: fn(&t2s_ir::array::Bound) -> bool| -> u64 {
        info.space
            .iter()
            .filter(|s| keep(s))
            .map(|s| s.pe_extent().max(1) as u64)
            .product()
    };
    let unrolled = extents(|s| s.inside && !s.vectorized);
    let lanes = extents(|s| s.vectorized) * unrolled;
    let steps = time_loops
        .iter()
        .try_fold(1u64, |n, l| n.checked_mul(u64::try_from(l.extent).ok()?))
        .ok_or_else(symbolic)?;
    let view = ArrayOp::cast(*array).or_internal("an op of the expected kind")?;
    let storage = storage(&view);
    let traffic = memory::traffic(
        array,
        &Runs {
            info: &info,
            steps,
            lanes: pes * lanes,
        },
    );
    let operations = count_ops(array, |op| pe_share::built_in(op, &info, pes * unrolled));
    let dsps = operations.iter().map(|o| o.dsps).sum::<f64>().ceil() as u64;
    let report = KernelReport {
        name: name.to_string(),
        pe_loops,
        pes,
        lanes,
        time_loops,
        steps,
        ii: 1,
        register_bits: storage.register_bits,
        buffer_bits: storage.buffer_bits,
        m20ks: storage.m20ks,
        operations,
        dsps,
        dram_read_bytes: traffic.map(|t| t.read_bytes),
        dram_write_bytes: traffic.map(|t| t.write_bytes),
        dram_exact: traffic.is_some_and(|t| t.exact),
    };
    remark(array.location(), kernel_summary(&report, &storage, traffic));
    Ok(report)
}

/// The remark of a kernel's report: its PEs, lanes, steps, DSPs and
/// storage.
fn kernel_summary(k: &KernelReport, storage: &Storage, traffic: Option<memory::Traffic>) -> String {
    let shape: Vec<String> = k
        .pe_loops
        .iter()
        .map(|l| format!("{} {}", l.name, l.extent))
        .collect();
    let ops: Vec<String> = k
        .operations
        .iter()
        .map(|o| format!("{} {} {}", o.per_step, o.element, o.kind))
        .collect();
    format!(
        "t2s-report: kernel {}: {} PEs ({}) x {} lane{}; {} steps at II 1; {} DSPs ({}); {} register bits{}",
        k.name,
        k.pes,
        if shape.is_empty() { "one".to_string() } else { shape.join(" x ") },
        k.lanes,
        if k.lanes == 1 { "" } else { "s" },
        k.steps,
        k.dsps,
        if ops.is_empty() { "no arithmetic".to_string() } else { format!("per step {}", ops.join(", ")) },
        storage.register_bits,
        memory_text(storage, traffic),
    )
}

/// A kernel's on-chip storage.
struct Storage {
    register_bits: u64,
    buffer_bits: u64,
    m20ks: u64,
}

fn storage(view: &ArrayOp<'_, '_>) -> Storage {
    let mut storage = Storage {
        register_bits: 0,
        buffer_bits: 0,
        m20ks: 0,
    };
    // A file holds its registers for every PE (and lane) of the array.
    let reads: Vec<ReadOp> = t2s_ir::ops::all(view.op());
    let array_pes = view.info().map(|i| i.pe_shape()).unwrap_or_default();
    for file in view.files() {
        let ty = file.decl.file_type();
        let shape = t2s_ir::types::shape(ty).unwrap_or_default();
        let bits = value_bits(t2s_ir::types::element(ty));
        let slots: u64 = shape.iter().map(|d| (*d).max(1) as u64).product();
        storage.register_bits += slots * bits;
        let file_reads: Vec<FileRead> = reads
            .iter()
            .filter(|r| r.registers() == file.arg)
            .map(|r| FileRead {
                offset: r.offset(),
                slot: match r.delay() {
                    Some(t2s_ir::ops::spacetime::ReadDelay::Steps(d)) => Some(d),
                    _ => r.writes(),
                },
            })
            .collect();
        let origin = file.decl.origin();
        let within = origin.as_ref().map(|origin| memory::FileBox {
            origin,
            array: &array_pes,
        });
        storage.m20ks += memory::file_m20ks(&shape, bits, &file_reads, within);
    }
    for (_, buffer) in view.buffers() {
        let ty = buffer.buffer_type();
        let elements: u64 = t2s_ir::types::shape(ty)
            .unwrap_or_default()
            .iter()
            .map(|d| (*d).max(1) as u64)
            .product();
        let bits = value_bits(t2s_ir::types::element(ty));
        storage.buffer_bits += elements * bits;
        storage.m20ks += memory::buffer_m20ks(elements, buffer.banks().max(1) as u64, bits);
    }
    storage
}

/// `; 4 M20Ks; 2048 buffer bits; reads 1024 B of DRAM` for the kernel remark.
fn memory_text(storage: &Storage, traffic: Option<Traffic>) -> String {
    let mut text = String::new();
    if storage.buffer_bits > 0 {
        text.push_str(&format!("; {} buffer bits", storage.buffer_bits));
    }
    if storage.m20ks > 0 {
        text.push_str(&format!("; {} M20Ks", storage.m20ks));
    }
    match traffic {
        None => text.push_str(
            "; DRAM traffic unknown (an access under a condition the model does not read)",
        ),
        Some(t) if t.read_bytes > 0 || t.write_bytes > 0 => {
            let bound = if t.exact { "" } else { "at most " };
            text.push_str(&format!(
                "; DRAM {bound}{} read, {bound}{} written",
                bytes_text(t.read_bytes),
                bytes_text(t.write_bytes)
            ));
        }
        Some(_) => {}
    }
    text
}

/// Bytes in the largest binary unit that keeps a figure of at least 1.
pub fn bytes_text(bytes: u64) -> String {
    const UNITS: [&str; 5] = ["B", "KiB", "MiB", "GiB", "TiB"];
    let mut value = bytes as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{bytes} B")
    } else {
        format!("{value:.2} {}", UNITS[unit])
    }
}

fn report_channel(op: &OperationRef<'_, '_>) -> ChannelReport {
    let fifo = t2s_ir::ops::channel::FifoOp::cast(*op);
    let count: u64 = fifo
        .map(|f| f.shape())
        .unwrap_or_default()
        .iter()
        .map(|d| (*d).max(1) as u64)
        .product();
    let depth = fifo.map_or(1, |f| f.depth()) as u64;
    let width_bits = fifo.and_then(|f| f.element_type()).map_or(0, value_bits);
    ChannelReport {
        name: ir::symbol_name(op),
        count,
        depth,
        width_bits,
        bits: count * depth * width_bits,
        m20ks: memory::channel_m20ks(count, depth, width_bits),
    }
}
