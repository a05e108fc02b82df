//! A program's totals: resources summed over its kernels and channels, the
//! run's operations and cycles, the throughput at `fmax`, the DRAM
//! bandwidth the run needs and the roofline under `bandwidth`, and whether
//! the design fits the device.

use crate::report::{bytes_text, ChannelReport, KernelReport, Machine, Total};
use melior::ir::Location;
use t2s_ir::diag::{emit, remark, Severity};

/// A kernel's operations (`floats`: floating-point only) per step, a
/// multiply-add counting two.
fn per_step(k: &KernelReport, floats: bool) -> u64 {
    k.operations
        .iter()
        .filter(|o| !floats || o.element.starts_with('f'))
        .map(|o| o.per_step * if o.kind == "multiply-add" { 2 } else { 1 })
        .sum()
}

/// The run's operations over `points`: each point runs the body once in
/// one lane of one PE, so the operations per point are those of a step over
/// the PEs' lanes.
fn run(kernels: &[KernelReport], points: u64, floats: bool) -> u64 {
    kernels
        .iter()
        .map(|k| {
            let lanes = u128::from((k.pes * k.lanes).max(1));
            (u128::from(points) * u128::from(per_step(k, floats)) / lanes) as u64
        })
        .sum()
}

pub fn totals(
    kernels: &[KernelReport],
    channels: &[ChannelReport],
    points: u64,
    machine: &Machine,
) -> Total {
    let peak_ops_per_cycle: u64 = kernels.iter().map(|k| per_step(k, false)).sum();
    let peak_flops_per_cycle: u64 = kernels.iter().map(|k| per_step(k, true)).sum();
    let (operations, flops) = (run(kernels, points, false), run(kernels, points, true));
    let cycles = kernels
        .iter()
        .map(|k| k.steps * k.ii)
        .max()
        .unwrap_or(0)
        .max(1);
    let fmax = machine.fmax;
    let seconds = fmax.map(|f| cycles as f64 / (f * 1e6));
    let per_second = |n: u64| seconds.map(|s| n as f64 / s / 1e9);
    let sum = |f: fn(&KernelReport) -> Option<u64>| -> Option<u64> {
        kernels
            .iter()
            .try_fold(0u64, |n, k| Some(n.saturating_add(f(k)?)))
    };
    let dram_read_bytes = sum(|k| k.dram_read_bytes);
    let dram_write_bytes = sum(|k| k.dram_write_bytes);
    let dram_bytes = dram_read_bytes.zip(dram_write_bytes).map(|(r, w)| r + w);
    let dram_gbps = dram_bytes.and_then(per_second);
    let gflops = per_second(flops);
    let dram_bound = dram_gbps
        .zip(machine.bandwidth)
        .map(|(need, have)| need > have);
    // The run takes the longer of its cycles and the time DRAM needs.
    let roofline_gflops = match (seconds, dram_bytes, machine.bandwidth) {
        (Some(s), Some(bytes), Some(b)) => {
            Some(flops as f64 / s.max(bytes as f64 / (b * 1e9)) / 1e9)
        }
        _ => gflops,
    };
    let dsps = kernels.iter().map(|k| k.dsps).sum();
    let m20ks = kernels.iter().map(|k| k.m20ks).sum::<u64>()
        + channels.iter().map(|c| c.m20ks).sum::<u64>();
    Total {
        pes: kernels.first().map_or(0, |k| k.pes),
        dsps,
        register_bits: kernels.iter().map(|k| k.register_bits).sum(),
        channel_bits: channels.iter().map(|c| c.bits).sum(),
        buffer_bits: kernels.iter().map(|k| k.buffer_bits).sum(),
        m20ks,
        dram_read_bytes,
        dram_write_bytes,
        points,
        operations,
        flops,
        cycles,
        peak_ops_per_cycle,
        peak_flops_per_cycle,
        ops_per_cycle: operations as f64 / cycles as f64,
        peak_gflops: fmax.map(|f| peak_flops_per_cycle as f64 * f / 1e3),
        gflops,
        gops: per_second(operations),
        dram_gbps,
        dram_bound,
        roofline_gflops,
        fits: machine.device.map(|d| dsps <= d.dsps && m20ks <= d.m20ks),
    }
}

pub fn summary(t: &Total, machine: &Machine) -> String {
    let mut text = format!(
        "{} PEs, {} DSPs, {} register bits, {} channel bits",
        t.pes, t.dsps, t.register_bits, t.channel_bits
    );
    if t.buffer_bits > 0 {
        text.push_str(&format!(", {} buffer bits", t.buffer_bits));
    }
    text.push_str(&format!(
        ", {} M20Ks; {} operations ({} floating-point) in {} cycles at II 1: {:.2} per cycle, {} at peak",
        t.m20ks, t.operations, t.flops, t.cycles, t.ops_per_cycle, t.peak_ops_per_cycle
    ));
    if let (Some(f), Some(g), Some(p)) = (machine.fmax, t.gflops, t.peak_gflops) {
        if t.flops > 0 {
            text.push_str(&format!("; at {f} MHz {g:.1} GFLOP/s (peak {p:.1})"));
        } else if let Some(ops) = t.gops {
            text.push_str(&format!("; at {f} MHz {ops:.1} GOP/s"));
        }
    }
    text
}

/// Per kernel that touches DRAM, and for the program: the bytes and, at
/// `fmax`, the bandwidth they need; under `bandwidth`, whether the design
/// is DRAM-bound and the roofline.
pub fn remark_traffic(kernels: &[KernelReport], t: &Total, machine: &Machine, at: Location<'_>) {
    let seconds = machine.fmax.map(|f| t.cycles as f64 / (f * 1e6));
    for k in kernels {
        let (Some(r), Some(w)) = (k.dram_read_bytes, k.dram_write_bytes) else {
            continue;
        };
        if r + w == 0 {
            continue;
        }
        let mut text = format!(
            "t2s-report: kernel {}: DRAM {}{} read, {} written",
            k.name,
            if k.dram_exact { "" } else { "at most " },
            bytes_text(r),
            bytes_text(w)
        );
        if let Some(s) = seconds {
            text.push_str(&format!(
                " over the run: {:.2} GB/s at {} MHz",
                (r + w) as f64 / s / 1e9,
                machine.fmax.unwrap_or(0.0)
            ));
        }
        remark(at, text);
    }
    let (Some(need), Some(have)) = (t.dram_gbps, machine.bandwidth) else {
        return;
    };
    let verdict = if need > have {
        format!(
            "DRAM-bound: the run needs {need:.2} GB/s, {have} GB/s feeds {:.1} GFLOP/s",
            t.roofline_gflops.unwrap_or(0.0)
        )
    } else {
        format!("compute-bound: the run needs {need:.2} GB/s of the {have} GB/s")
    };
    remark(at, format!("t2s-report: {verdict}"));
}

/// A warning when the design needs more DSPs or M20Ks than the device has
/// (the model does not estimate logic: ALMs are not checked).
pub fn warn_if_unfit(name: &str, t: &Total, machine: &Machine, at: Location<'_>) {
    let Some(device) = machine.device else {
        return;
    };
    let mut over = Vec::new();
    if t.dsps > device.dsps {
        over.push(format!("{} DSPs of {}", t.dsps, device.dsps));
    }
    if t.m20ks > device.m20ks {
        over.push(format!("{} M20Ks of {}", t.m20ks, device.m20ks));
    }
    if over.is_empty() {
        remark(
            at,
            format!(
                "t2s-report: @{name} fits the {}: {} of {} DSPs, {} of {} M20Ks (logic not estimated)",
                device.name, t.dsps, device.dsps, t.m20ks, device.m20ks
            ),
        );
    } else {
        emit(
            at,
            Severity::Warning,
            &format!(
                "t2s-report: @{name} does not fit the {}: it needs {}",
                device.name,
                over.join(" and ")
            ),
            &[],
        );
    }
}
