//! Register files in the lowering of `spacetime-to-scf`: where a file's
//! values live and how `spacetime.read`/`spacetime.write` reach them.
//!
//! - rotating (PEs as loops, or files longer than `max-shifted-slots`): a
//!   heap buffer, slot `(step - delay) mod slots`;
//! - shifted (unrolled PEs): a stack buffer read at slot `delay` and shifted
//!   after each step, so every index is a constant;
//! - shifted in loops (PE loops with `shift-registers`): the newest value in
//!   the last slot, the file shifted down after each step by loops marked
//!   [`UNROLL`], the shift registers T2S writes for FPGAs;
//! - `on_write`: each write of a PE shifts its chain, reads take slot `writes`.

use crate::spacetime_to_scf::lowered::zero;
use crate::spacetime_to_scf::lowered::PeFrame;
use melior::ir::{
    operation::{OperationLike, OperationRef},
    Type, ValueLike,
};
use std::collections::HashMap;
use t2s_ir::array::ArrayInfo;
use t2s_ir::diag::error;
use t2s_ir::diag::OrInternal;
use t2s_ir::emit::Emitter;
use t2s_ir::handle::{AsVal, Val};
use t2s_ir::ir;
use t2s_ir::ir::OpAccess;
use t2s_ir::ops::spacetime::ReadDelay;
use t2s_ir::pass::Failed;

/// Storage of one register file.
#[derive(Clone)]
pub struct FileStorage {
    pub buffer: Val,
    /// The file's shape (PE dimensions, then slots) when `buffer` holds it
    /// flat, in row-major order.
    pub flat: Option<Vec<i64>>,
    pub slots: i64,
    /// Shifted every step (constant slot indices) rather than rotating.
    pub shifted: bool,
    /// Allocated on the heap (freed at the end).
    pub heap: bool,
    /// Each PE's chain shifts when that PE writes (`on_write`).
    pub on_write: bool,
    /// A shifted file whose newest value is in the last slot (shifted down
    /// by loops rather than by straight-line copies).
    pub newest_last: bool,
    /// The file's position among the array's: the order of the shifts.
    pub index: usize,
    /// The PEs the file holds.
    pub pe_box: PeBox,
}

/// The PEs a register file holds: a file of a sub-box of the PEs
/// (`origin`) drops the writes of the PEs outside it.
#[derive(Clone)]
pub struct PeBox {
    /// The first PE per PE dimension (all 0 for a file of every PE).
    pub origin: Vec<i64>,
    /// The file's PE dimensions.
    pub pes: Vec<i64>,
    /// The array's PEs per PE dimension: where a PE's index can lie.
    pub array_pes: Vec<i64>,
    /// Holds fewer PEs than the array has.
    pub partial: bool,
}

impl PeBox {
    pub fn new(origin: Option<Vec<i64>>, pes: &[i64], array_pes: Vec<i64>) -> Self {
        Self {
            partial: origin.is_some(),
            origin: origin.unwrap_or_else(|| vec![0; pes.len()]),
            pes: pes.to_vec(),
            array_pes,
        }
    }
}

impl FileStorage {
    /// The element at `idx` (one index per PE dimension, then the slot).
    pub fn load(&self, e: &Emitter<'_>, idx: &[Val], ty: Type<'_>) -> Val {
        e.load(self.buffer, &self.indices(e, idx), ty)
    }

    /// Stores `value` at `idx` (one index per PE dimension, then the slot).
    pub fn store(&self, e: &Emitter<'_>, value: Val, idx: &[Val]) {
        e.store(value, self.buffer, &self.indices(e, idx));
    }

    /// Whether the file is flat and larger than any register set, so that
    /// loops zero and shift it ([`STRAIGHT_LINE_ELEMENTS`]).
    pub(super) fn in_loops(&self) -> bool {
        self.flat
            .as_ref()
            .is_some_and(|s| s.iter().product::<i64>() > STRAIGHT_LINE_ELEMENTS)
    }

    /// The buffer's indices of `idx`: itself, or in a flat file its
    /// row-major offset, folded where the indices are constants (an
    /// unrolled PE's coordinates, a shifted file's slot).
    fn indices(&self, e: &Emitter<'_>, idx: &[Val]) -> Vec<Val> {
        let Some(shape) = &self.flat else {
            return idx.to_vec();
        };
        let mut constant = 0i64;
        let mut dynamic: Option<Val> = None;
        let mut stride = 1i64;
        for (v, extent) in idx.iter().zip(shape).rev() {
            match ir::constant_index(v.value()) {
                Some(c) => constant += c * stride,
                None => {
                    let term = match stride {
                        1 => *v,
                        s => e.mul(*v, e.index(s)),
                    };
                    dynamic = Some(dynamic.map_or(term, |d| e.add(d, term)));
                }
            }
            stride *= extent;
        }
        vec![match dynamic {
            None => e.index(constant),
            Some(d) if constant == 0 => d,
            Some(d) => e.add(d, e.index(constant)),
        }]
    }
}

/// The mark of a loop that hardware replicates: a PE loop, or a loop over
/// register slots. The OpenCL translation writes `#pragma unroll` before
/// it. A hint: a loop that loses it computes the same values.
pub const UNROLL: &str = "spacetime.unroll";

fn file_of<'f>(
    op: &OperationRef<'_, '_>,
    operand: usize,
    files: &'f HashMap<usize, FileStorage>,
) -> Result<&'f FileStorage, Failed> {
    let v = op
        .operand(operand)
        .or_internal("an operand of the op")?
        .val();
    files.get(&{ v.key() }).ok_or_else(|| {
        error(
            op.location(),
            "register file is not a spacetime.shift_reg of the program",
        )
    })
}

/// How long ago a read's value was written.
enum Delay {
    Steps(i64),
    /// A run-time number of flattened steps (delays per time loop).
    Dynamic(Val),
}

/// The slot of a value written `delay` steps ago.
fn slot(e: &Emitter<'_>, file: &FileStorage, step: Val, delay: &Delay) -> Val {
    let delay = match delay {
        Delay::Steps(d) if file.newest_last => return e.index(file.slots - 1 - *d),
        Delay::Steps(d) if file.shifted => return e.index(*d),
        Delay::Steps(d) => e.index(*d),
        // Within the file at the parameters' maxima (verified); clamped so
        // that no parameter value can reach outside it.
        Delay::Dynamic(d) => e.clamp(*d, e.index(0), e.index(file.slots - 1)),
    };
    if file.newest_last {
        return e.sub(e.index(file.slots - 1), delay);
    }
    if file.shifted {
        return delay;
    }
    // delay < slots and step >= 0: the dividend is positive.
    let back = e.add(e.sub(step, delay), e.index(file.slots));
    e.remsi(back, e.index(file.slots))
}

/// The read's delay: `delay d`, or `delay [d1, ...]` flattened with the
/// run-time strides.
fn delay_of(e: &Emitter<'_>, op: &OperationRef<'_, '_>, frame: &PeFrame<'_>) -> Delay {
    let per_loop = match t2s_ir::ops::spacetime::read_delay(op) {
        Some(ReadDelay::PerTimeLoop(d)) => d,
        Some(ReadDelay::Steps(d)) => return Delay::Steps(d),
        None => return Delay::Steps(0),
    };
    let mut flat: Option<Val> = None;
    for (d, stride) in per_loop.iter().zip(frame.strides) {
        if *d == 0 {
            continue;
        }
        let term = e.mul(e.index(*d), *stride);
        flat = Some(flat.map_or(term, |f| e.add(f, term)));
    }
    flat.map_or(Delay::Steps(0), Delay::Dynamic)
}

/// This PE's index in the file (0-based), per space dimension.
fn own_pe(e: &Emitter<'_>, info: &ArrayInfo, frame: &PeFrame<'_>) -> Vec<Val> {
    let space_coords = &frame.coords[info.time.len()..];
    info.space
        .iter()
        .enumerate()
        .filter(|(_, s)| !s.vectorized)
        .map(|(d, s)| match &frame.constant_pe {
            Some(pe) => e.index(pe[d] - s.min),
            None => e.sub(space_coords[d], e.index(s.min)),
        })
        .collect()
}

/// This PE's index in a file of a sub-box of the PEs: its index in the
/// array less the file's origin.
fn own_pe_in(
    e: &Emitter<'_>,
    file: &FileStorage,
    info: &ArrayInfo,
    frame: &PeFrame<'_>,
) -> Vec<Val> {
    let own = own_pe(e, info, frame);
    if !file.pe_box.partial {
        return own;
    }
    own.iter()
        .zip(&file.pe_box.origin)
        .map(|(p, o)| match (ir::constant_index(p.value()), o) {
            (_, 0) => *p,
            (Some(c), o) => e.index(c - o),
            (None, o) => e.sub(*p, e.index(*o)),
        })
        .collect()
}

/// Whether this PE (at `idx`, its index in the file) is in a partial
/// file's box: `Ok(None)` when it is statically, `Err(())` when it is not
/// (constant coordinates outside), else the condition. Only the sides a PE
/// of the array can cross are tested.
fn in_box(e: &Emitter<'_>, file: &FileStorage, idx: &[Val]) -> Result<Option<Val>, ()> {
    if !file.pe_box.partial {
        return Ok(None);
    }
    let mut condition: Option<Val> = None;
    let mut and = |c: Val| condition = Some(condition.map_or(c, |d| e.and(d, c)));
    for (d, (p, n)) in idx.iter().zip(&file.pe_box.pes).enumerate() {
        if let Some(c) = ir::constant_index(p.value()) {
            if c < 0 || c >= *n {
                return Err(());
            }
            continue;
        }
        // The index is the PE's (in [0, N)) less the origin.
        let origin = file.pe_box.origin[d];
        let last = file.pe_box.array_pes.get(d).map_or(i64::MAX, |n| n - 1) - origin;
        if origin > 0 {
            and(e.cmpi(t2s_ir::emit::CMPI_SGE, *p, e.index(0)));
        }
        if last >= *n {
            and(e.cmpi(t2s_ir::emit::CMPI_SLT, *p, e.index(*n)));
        }
    }
    Ok(condition)
}

/// The index in the file of the producer `offset` before the PE at `pe`
/// (its index in the file), clamped on the sides a read can leave the
/// file: a producer outside it gives an unused, harmless value, as one
/// outside the array does. For a file of every PE that is the side the
/// offset points to.
fn clamped(e: &Emitter<'_>, file: &FileStorage, d: usize, pe: Val, offset: i64) -> Val {
    let n = file.pe_box.pes[d];
    let q = match offset {
        0 => pe,
        o => e.sub(pe, e.index(o)),
    };
    // q lies in [-origin - offset, N - 1 - origin - offset].
    let low = -file.pe_box.origin[d] - offset;
    let high =
        file.pe_box.array_pes.get(d).map_or(i64::MAX, |a| a - 1) - file.pe_box.origin[d] - offset;
    let q = if low < 0 { e.maxsi(q, e.index(0)) } else { q };
    if high > n - 1 {
        e.minsi(q, e.index(n - 1))
    } else {
        q
    }
}

pub fn read(
    e: &Emitter<'_>,
    op: &OperationRef<'_, '_>,
    info: &ArrayInfo,
    frame: &PeFrame<'_>,
    files: &HashMap<usize, FileStorage>,
) -> Result<Val, Failed> {
    let file = file_of(op, 0, files)?;
    let offset = ir::i64s(op, "offset");
    let ty = op.result(0).or_internal("a result of the op")?.r#type();
    if let Some(writes) = ir::int(op, "writes") {
        // Own PE (verified), slot `writes`.
        let mut idx = own_pe(e, info, frame);
        idx.push(e.index(writes));
        return Ok(file.load(e, &idx, ty));
    }
    let delay = delay_of(e, op, frame);
    let mut indices = Vec::new();
    // Along a vectorized loop the offset moves lanes, not PEs.
    let lane_offsets: Vec<i64> = offset
        .iter()
        .zip(&info.space)
        .filter(|(_, s)| s.vectorized)
        .map(|(o, _)| *o)
        .collect();
    let value = match &frame.constant_pe {
        Some(pe) => {
            // A PE outside the array: an undefined value the program must not
            // use; any value of the type will do.
            let mut outside = false;
            let dims = pe.iter().zip(&offset).zip(&info.space);
            for (d, ((p, o), s)) in dims.filter(|(_, s)| !s.vectorized).enumerate() {
                let q = p - o - s.min - file.pe_box.origin.get(d).copied().unwrap_or(0);
                outside |= q < 0 || q >= file.pe_box.pes.get(d).copied().unwrap_or(s.pe_extent());
                indices.push(q);
            }
            if outside {
                return Ok(match t2s_ir::lanes::shape_of(ty) {
                    Some(shape) => {
                        t2s_ir::lanes::splat(e, zero(e, t2s_ir::lanes::element_of(ty)), &shape)
                    }
                    None => zero(e, ty),
                });
            }
            let mut idx: Vec<Val> = indices.iter().map(|&q| e.index(q)).collect();
            idx.push(slot(e, file, frame.step, &delay));
            file.load(e, &idx, ty)
        }
        None => {
            let own = own_pe_in(e, file, info, frame);
            let pe_dims = offset
                .iter()
                .zip(&info.space)
                .filter(|(_, s)| !s.vectorized);
            let mut idx: Vec<Val> = own
                .iter()
                .zip(pe_dims)
                .enumerate()
                .map(|(d, (p, (o, _)))| clamped(e, file, d, *p, *o))
                .collect();
            idx.push(slot(e, file, frame.step, &delay));
            file.load(e, &idx, ty)
        }
    };
    Ok(crate::spacetime_to_scf::vector::shift_lanes(
        e,
        value,
        &lane_offsets,
    ))
}

pub fn write(
    e: &Emitter<'_>,
    op: &OperationRef<'_, '_>,
    info: &ArrayInfo,
    frame: &PeFrame<'_>,
    files: &HashMap<usize, FileStorage>,
) -> Result<(), Failed> {
    let file = file_of(op, 1, files)?;
    let value = op.operand(0).or_internal("an operand of the op")?.val();
    let mask = op.operand_at(2).map(|m| m.val());
    let mut idx = own_pe_in(e, file, info, frame);
    match in_box(e, file, &idx) {
        // A PE outside the file's box keeps nothing.
        Err(()) => {}
        Ok(None) => store_write(e, file, value, mask, &mut idx, frame),
        Ok(Some(inside)) => {
            let block = e.if_then(inside);
            store_write(&e.at(block), file, value, mask, &mut idx, frame);
            e.finish_scf_block(block);
        }
    }
    Ok(())
}

/// The store of a write at this PE's index `idx` in the file.
fn store_write(
    e: &Emitter<'_>,
    file: &FileStorage,
    value: Val,
    mask: Option<Val>,
    idx: &mut Vec<Val>,
    frame: &PeFrame<'_>,
) {
    if file.on_write {
        // Only the lanes that write shift their chain.
        shift_chain(e, file, idx, mask);
        idx.push(e.index(0));
        let value = match mask {
            Some(m) => {
                let old = file.load(e, idx, t2s_ir::lanes::type_of(value));
                e.select(m, value, old)
            }
            None => value,
        };
        file.store(e, value, idx);
        return;
    }
    let slot = if file.newest_last {
        e.index(file.slots - 1)
    } else if file.shifted {
        e.index(0)
    } else {
        e.remsi(frame.step, e.index(file.slots))
    };
    idx.push(slot);
    file.store(e, value, idx);
}

/// Zeroes a register file of shape `dims` after its allocation: an
/// off-schedule PE reads registers nothing wrote, and to LLVM an
/// uninitialized load is poison, which let it delete the code around a
/// division by one. A heap file is filled by a loop nest; a file on the
/// stack slot by slot with constant indices, which SROA still promotes to
/// registers (a loop's dynamic index would keep the file in memory).
///
/// With `fill`, loops zero it (marked [`UNROLL`] with `unroll`): the form
/// of PE loops, whose text must not grow with the array. The loops over the
/// PEs take the names `pe_names`, the one over the slots `slot`.
pub fn zero_file(
    e: &Emitter<'_>,
    file: &FileStorage,
    dims: &[i64],
    element: Type<'_>,
    fill: Fill,
    pe_names: &[String],
) {
    let zero = e.zero(element);
    if let Fill::Loops { unroll } = fill {
        let mut at = *e;
        let mut blocks = Vec::new();
        let mut indices = Vec::new();
        for (d, extent) in dims.iter().enumerate() {
            let name = match pe_names.get(d) {
                Some(n) if d + 1 < dims.len() => n.as_str(),
                _ if d + 1 == dims.len() => "slot",
                _ => "pe",
            };
            let (block, iv) = at
                .located(named(e, name))
                .for_loop(at.index(0), at.index(*extent));
            if unroll {
                at.mark_parent(block, UNROLL);
            }
            blocks.push(block);
            indices.push(iv);
            at = at.at(block);
        }
        file.store(&at, zero, &indices);
        for block in blocks.iter().rev() {
            e.finish_scf_block(*block);
        }
        return;
    }
    if let Some(shape) = &file.flat {
        // One constant offset per element, or one loop for a file too
        // large for any register set.
        let elements: i64 = shape.iter().product();
        if file.in_loops() {
            let (block, iv) = e.for_loop(e.index(0), e.index(elements));
            e.at(block).store(zero, file.buffer, &[iv]);
            e.finish_scf_block(block);
        } else {
            for offset in 0..elements {
                e.store(zero, file.buffer, &[e.index(offset)]);
            }
        }
        return;
    }
    for flat in 0..t2s_ir::lanes::count(dims) {
        let at: Vec<Val> = t2s_ir::lanes::unflatten(dims, flat)
            .iter()
            .map(|i| e.index(*i))
            .collect();
        file.store(e, zero, &at);
    }
}

/// The most elements of a flat file (unrolled PEs on the stack) zeroed and
/// shifted in straight-line code. A larger file fits no register set, so
/// LLVM keeps it in memory anyway; loops then zero and shift it, and the
/// unrolled array's code stops growing by two copies per register (a third
/// of the ops of 64x64 PEs).
pub const STRAIGHT_LINE_ELEMENTS: i64 = 256;

/// How [`zero_file`] zeroes a file.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Fill {
    /// One store per slot, constant indices.
    Constants,
    /// A loop nest.
    Loops { unroll: bool },
}

/// Moves each value of one PE's chain one slot up (slot `d` takes slot
/// `d - 1`), from the last slot down.
fn shift_chain(e: &Emitter<'_>, file: &FileStorage, pe: &[Val], mask: Option<Val>) {
    let elem = t2s_ir::types::element(file.buffer.r#type());
    for k in (1..file.slots).rev() {
        let mut from = pe.to_vec();
        let mut to = pe.to_vec();
        from.push(e.index(k - 1));
        to.push(e.index(k));
        let mut v = file.load(e, &from, elem);
        if let Some(m) = mask {
            let kept = file.load(e, &to, elem);
            v = e.select(m, v, kept);
        }
        file.store(e, v, &to);
    }
}

/// `loc("name"(e's location))`: the name the OpenCL translation gives a
/// loop.
pub(super) fn named<'c>(e: &Emitter<'c>, name: &str) -> melior::ir::Location<'c> {
    melior::ir::Location::name(e.context, name, e.location)
}

/// Bytes of a static register file, `None` on overflow.
pub fn file_bytes(elem: t2s_model::ScalarType, shape: &[Option<i64>]) -> Option<u64> {
    let bytes_per = match elem {
        t2s_model::ScalarType::Int(w) => u64::from(w).div_ceil(8).next_power_of_two(),
        _ => 8,
    };
    shape
        .iter()
        .try_fold(bytes_per, |n, d| n.checked_mul(u64::try_from((*d)?).ok()?))
}
