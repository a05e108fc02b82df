//! The report's memory model (docs/report.md, "Memory"): the devices it
//! knows, the M20K blocks that buffers, long shift registers and deep
//! channels take, and the DRAM traffic of a kernel's loads and stores.

use melior::ir::operation::OperationRef;
use melior::ir::ValueLike;
use serde::Serialize;
use t2s_ir::array::ArrayInfo;
use t2s_ir::guard::{guard_of, use_guard_of, Guard};
use t2s_ir::ir;
use t2s_ir::ods;
use t2s_ir::pass::OptionValue;
use t2s_ir::types;

/// An FPGA the report checks a design against.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Device {
    pub name: &'static str,
    pub dsps: u64,
    pub m20ks: u64,
    pub alms: u64,
}

/// The devices `device=` names (Intel's data sheets).
pub const DEVICES: &[(&[&str], Device)] = &[
    (
        &["arria10", "a10", "arria10-gx1150"],
        Device {
            name: "Arria 10 GX 1150",
            dsps: 1518,
            m20ks: 2713,
            alms: 427_200,
        },
    ),
    (
        &["stratix10", "s10", "stratix10-sx2800"],
        Device {
            name: "Stratix 10 SX 2800",
            dsps: 5760,
            m20ks: 11_721,
            alms: 933_120,
        },
    ),
];

/// The `device` option: none, or one of [`DEVICES`].
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct DeviceOption(pub Option<Device>);

impl OptionValue for DeviceOption {
    const KIND: t2s_ir::pass::OptionKind = t2s_ir::pass::OptionKind::String;
    fn parse(text: &str) -> Result<Self, String> {
        let text = text.trim();
        if text.is_empty() {
            return Ok(DeviceOption(None));
        }
        DEVICES
            .iter()
            .find(|(names, _)| names.contains(&text.to_ascii_lowercase().as_str()))
            .map(|(_, d)| DeviceOption(Some(*d)))
            .ok_or_else(|| {
                let known: Vec<&str> = DEVICES.iter().map(|(names, _)| names[0]).collect();
                format!("unknown device '{text}' (known: {})", known.join(", "))
            })
    }
}

/// The `bandwidth` option: DRAM bandwidth in GB/s (10^9 bytes), a
/// positive decimal, or none.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Bandwidth(pub Option<f64>);

impl OptionValue for Bandwidth {
    const KIND: t2s_ir::pass::OptionKind = t2s_ir::pass::OptionKind::String;
    fn parse(text: &str) -> Result<Self, String> {
        let text = text.trim();
        if text.is_empty() || text == "0" {
            return Ok(Bandwidth(None));
        }
        match text.parse::<f64>() {
            Ok(b) if b.is_finite() && b > 0.0 => Ok(Bandwidth(Some(b))),
            _ => Err(format!(
                "'{text}' is not a bandwidth in GB/s (a positive number)"
            )),
        }
    }
}

/// Bits of one M20K block.
pub const M20K_BITS: u64 = 20 * 1024;

/// M20K blocks of a memory of `words` words of `width` bits: the best of
/// the block's 512 x 40, 1K x 20 and 2K x 10 configurations, blocks side
/// by side for width and stacked for depth.
pub fn m20ks(words: u64, width: u64) -> u64 {
    if words == 0 || width == 0 {
        return 0;
    }
    [(512u64, 40u64), (1024, 20), (2048, 10)]
        .iter()
        .map(|(depth, w)| width.div_ceil(*w) * words.div_ceil(*depth))
        .min()
        .unwrap_or(0)
}

/// A register file of more slots per PE than this is a long shift
/// register, which aoc builds from M20Ks; shorter ones are flip-flops.
pub const LONG_SHIFT_REGISTER: u64 = 64;

/// A channel deeper than this is a FIFO in M20Ks; shallower ones are
/// registers.
pub const DEEP_CHANNEL: u64 = 16;

/// The reads of a register file: each reads the PE at `current - offset`
/// at slot `slot` (`None`: a delay the model does not resolve, e.g. one
/// over symbolic time extents, which may reach any slot).
pub struct FileRead {
    pub offset: Vec<i64>,
    pub slot: Option<i64>,
}

/// Where a register file's PEs sit in the array: its first PE per PE
/// dimension and the array's PE extents (a file of a sub-box of the PEs).
pub struct FileBox<'a> {
    pub origin: &'a [i64],
    pub array: &'a [i64],
}

/// M20Ks of a register file of shape `[PEs..., slots]`: in each PE a
/// memory as deep as the deepest slot a read reaches there (aoc drops the
/// taps of a shift register no PE reads), when that is a long shift
/// register. PEs no read reaches keep only flip-flops. The readers are the
/// array's PEs: `within` places a file of a sub-box in it (`None`: the
/// file's PEs are the array's).
pub fn file_m20ks(
    shape: &[i64],
    element_bits: u64,
    reads: &[FileRead],
    within: Option<FileBox<'_>>,
) -> u64 {
    let Some((&slots, pes)) = shape.split_last() else {
        return 0;
    };
    let (origin, array): (Vec<i64>, Vec<i64>) = match within {
        Some(b) => (b.origin.to_vec(), b.array.to_vec()),
        None => (vec![0; pes.len()], pes.to_vec()),
    };
    let slots = slots.max(1);
    let count: u64 = pes.iter().map(|d| (*d).max(1) as u64).product();
    let resolved = reads
        .iter()
        .all(|r| r.slot.is_some() && r.offset.len() == pes.len() && array.len() == pes.len());
    if !resolved || count > MAX_ENUMERATED_PES {
        // Every PE keeps every slot.
        return if slots as u64 > LONG_SHIFT_REGISTER {
            count * m20ks(slots as u64, element_bits)
        } else {
            0
        };
    }
    let mut depth = vec![0i64; count as usize];
    for read in reads {
        let slot = read.slot.unwrap_or(slots - 1).clamp(0, slots - 1);
        for (index, pe) in pe_points(pes).enumerate() {
            // The reader at `pe + offset` (in the array's PE indices) is in
            // the array: `pe` is read.
            let reader_inside = pe
                .iter()
                .zip(&origin)
                .zip(&read.offset)
                .zip(&array)
                .all(|(((p, b), o), n)| (0..*n).contains(&(p + b + o)));
            if reader_inside {
                depth[index] = depth[index].max(slot + 1);
            }
        }
    }
    depth
        .iter()
        .filter(|d| **d as u64 > LONG_SHIFT_REGISTER)
        .map(|d| m20ks(*d as u64, element_bits))
        .sum()
}

/// Arrays with more PEs than this are not enumerated: every PE is taken
/// to keep every slot.
const MAX_ENUMERATED_PES: u64 = 1 << 16;

/// The PE coordinates of a box of extents `pes`, in row-major order.
fn pe_points(pes: &[i64]) -> impl Iterator<Item = Vec<i64>> + '_ {
    let count: i64 = pes.iter().map(|d| (*d).max(1)).product();
    (0..count).map(move |mut n| {
        let mut point = vec![0; pes.len()];
        for (p, d) in point.iter_mut().zip(pes).rev() {
            let d = (*d).max(1);
            *p = n % d;
            n /= d;
        }
        point
    })
}

/// M20Ks of a channel array: one FIFO of `depth` words per channel.
pub fn channel_m20ks(count: u64, depth: u64, width_bits: u64) -> u64 {
    if depth <= DEEP_CHANNEL {
        return 0;
    }
    count * m20ks(depth, width_bits)
}

/// M20Ks of a `spacetime.buffer` of `elements` elements in `banks` banks:
/// each bank its own memory of the bank's share of the words. aoc takes a
/// power of two banks (the OpenCL route declares `numbanks` rounded up).
pub fn buffer_m20ks(elements: u64, banks: u64, element_bits: u64) -> u64 {
    let banks = banks.max(1).next_power_of_two();
    banks * m20ks(elements.div_ceil(banks), element_bits)
}

/// What a kernel moves to or from DRAM over a run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Traffic {
    pub read_bytes: u64,
    pub write_bytes: u64,
    /// Every access was counted exactly (otherwise the bytes are an upper
    /// bound: a condition the model does not read).
    pub exact: bool,
}

/// How a kernel's array runs: its steps and its PEs' lanes.
pub struct Runs<'i> {
    pub info: &'i ArrayInfo,
    pub steps: u64,
    /// PEs times lanes.
    pub lanes: u64,
}

/// The DRAM traffic of the `ure.load`s and `spacetime.output`s of
/// `array`; `None` when some access sits where the model cannot count its
/// runs (in an `else` region or a loop of the PE body).
pub fn traffic(array: &OperationRef<'_, '_>, runs: &Runs<'_>) -> Option<Traffic> {
    let mut traffic = Traffic {
        exact: true,
        ..Traffic::default()
    };
    for load in ir::collect(*array, ods::ure::LoadOperation::name()) {
        let (count, exact) = executions(use_guard_of(load, runs.info)?, runs)?;
        let bits = load.result(0).ok().map(|r| element_bits(r.r#type()))?;
        traffic.read_bytes = traffic
            .read_bytes
            .saturating_add(count.saturating_mul(bits.div_ceil(8)));
        traffic.exact &= exact;
    }
    for store in ir::collect(*array, ods::spacetime::OutputOperation::name()) {
        let parts = t2s_ir::ops::spacetime::output_parts(&store);
        let mut guard = guard_of(store, runs.info, &parts.at)?;
        if let Some(mask) = parts.mask {
            guard.and(mask, runs.info, &parts.at);
        }
        let (count, exact) = executions(guard, runs)?;
        let bits: u64 = parts.values.iter().map(|v| element_bits(v.r#type())).sum();
        traffic.write_bytes = traffic
            .write_bytes
            .saturating_add(count.saturating_mul(bits.div_ceil(8)));
        traffic.exact &= exact;
    }
    Some(traffic)
}

/// The bits of one element (a vector's lanes are counted as runs).
fn element_bits(ty: melior::ir::Type<'_>) -> u64 {
    crate::report::model::value_bits(types::element(ty))
}

/// How many elements an access moves over the run, and whether exactly.
/// Under `spacetime.scheduled` it runs at each point of the kernel's loops
/// but those its conditions fix to one value; without it, at every step of
/// every PE and lane (the generated code runs it there too).
fn executions(guard: Guard, runs: &Runs<'_>) -> Option<(u64, bool)> {
    let loops = &runs.info.loops;
    let points: Option<u64> = loops.iter().try_fold(1u64, |n, l| {
        n.checked_mul(u64::try_from(l.extent.as_const()?).ok()?)
    });
    let every = runs.steps.saturating_mul(runs.lanes);
    let dense = points == Some(every);
    let Some(fixed) = guard.fixed_loops() else {
        // A loop fixed to two values: it never runs.
        return Some((0, !guard.restricts_more));
    };
    if guard.scheduled || dense {
        let count = loops
            .iter()
            .enumerate()
            .filter(|(l, _)| !fixed.contains(l))
            .try_fold(1u64, |n, (_, l)| {
                n.checked_mul(u64::try_from(l.extent.as_const()?).ok()?)
            })?;
        Some((count, !guard.restricts_more))
    } else {
        Some((every, fixed.is_empty() && !guard.restricts_more))
    }
}
