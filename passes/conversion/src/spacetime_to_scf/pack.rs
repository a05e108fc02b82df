//! Packed feeder tiles, the CPU's form of a streaming tensor's feeder
//! (`spacetime-to-scf{pack-feeders=true}`, which `t2s-lower-to-llvm`
//! sets): for `ure.stream_input @A ... feeder @F scope (k)`, at the top of
//! each iteration of time loop `k` the tile of `@A` that the loops inside
//! `k` read is copied into a buffer laid out in the order the array reads
//! it, and the PEs read the buffer instead of `@A`. OpenBLAS packs its
//! panels the same way: the array's reads become contiguous, and a tile
//! reused across the loops inside the scope stays in the caches.
//!
//! The buffer is indexed by the loops the reads of `@A` take (their
//! operands), not by `@A`'s indices: one dimension per loop that varies
//! inside the scope, the time loops outermost in nest order, then the
//! space loops, the vectorized ones last (so that a vector of lanes is one
//! `vector.load`). The copy computes each element as the reads did, with
//! the same clamps: the values the PEs see do not change.

use super::*;
use crate::spacetime_to_scf::lowered::Lowered;
use crate::spacetime_to_scf::packed::Packed;
use melior::ir::attribute::IntegerAttribute;
use melior::ir::r#type::{IntegerType, MemRefType};
use melior::ir::ValueLike;
use t2s_ir::array::recovered_loop;
use t2s_ir::diag::{emit, remark, Severity};
use t2s_ir::handle::AsVal;
use t2s_ir::lanes;
use t2s_model::program::Affine;
use t2s_model::quasi::QuasiAffine;

/// The largest packed tile (elements): beyond it the input is read
/// directly, as without the directive.
const MAX_ELEMENTS: i64 = 1 << 26;

/// One loop the tile spans: a dimension of the buffer.
#[derive(Clone, Debug)]
struct Dim {
    /// The array's loop (its position in `ArrayInfo::loops`).
    looped: usize,
    /// The smallest value the PEs read it at, and how many values.
    min: i64,
    extent: i64,
    /// The coordinate the loop is (time, then space), for the order.
    coord: usize,
}

/// The packing of one input, planned from the array before lowering.
pub(super) struct Plan<'c> {
    name: String,
    /// The scope loop (a time coordinate).
    scope: usize,
    element: Type<'c>,
    /// The reads' map (the same for every read) over their operands.
    rows: Vec<QuasiAffine>,
    /// Per operand of a read: its loop.
    operands: Vec<usize>,
    dims: Vec<Dim>,
}

/// Plans the packing of each `ure.stream_input` of `program` for `array`;
/// a feeder that cannot be packed is said so at its directive (warning,
/// with the reason), and its input is read directly.
pub(super) fn plan<'c>(
    program: OperationRef<'c, '_>,
    array: OperationRef<'c, '_>,
    info: &ArrayInfo,
) -> Vec<Plan<'c>> {
    let mut plans: Vec<Plan<'c>> = Vec::new();
    for directive in ir::body_ops(&program, 0)
        .into_iter()
        .filter_map(t2s_ir::ops::ure::StreamInputOp::cast)
    {
        let at = directive.location();
        let name = directive.input();
        match plan_one(array, info, &name, &directive.scope()) {
            Ok(p) if plans.iter().any(|q| q.name == p.name) => emit(
                at,
                Severity::Warning,
                &format!("@{name} has another stream_input: only the first is packed"),
                &[],
            ),
            Ok(p) => {
                remark(at, describe(&p, info));
                plans.push(p);
            }
            Err(reason) => emit(
                at,
                Severity::Warning,
                &format!("the feeder of @{name} is not packed, the array reads @{name} directly: {reason}"),
                &[],
            ),
        }
    }
    plans
}

fn describe(p: &Plan<'_>, info: &ArrayInfo) -> String {
    let shape: Vec<String> = p.dims.iter().map(|d| d.extent.to_string()).collect();
    let order: Vec<&str> = p
        .dims
        .iter()
        .map(|d| info.loops[d.looped].name.as_str())
        .collect();
    let elements = elements(&p.dims);
    let tiles: Option<i64> = info.time[..=p.scope]
        .iter()
        .try_fold(1i64, |n, t| n.checked_mul(t.extent.as_const()?));
    let tiles = tiles.map_or("a number of tiles the parameters give".to_string(), |n| {
        format!("{n} tiles")
    });
    format!(
        "feeder of @{} packed: a tile of {elements} elements (memref<{}x{}>, indexed ({})) copied at each iteration of scope loop '{}' ({tiles})",
        p.name,
        shape.join("x"),
        p.element,
        order.join(", "),
        info.time[p.scope].name
    )
}

/// The tile's element count (saturating: a tile past the limit is refused).
fn elements(dims: &[Dim]) -> i64 {
    dims.iter().fold(1i64, |n, d| n.saturating_mul(d.extent))
}

/// The plan for input `name` at scope loop `scope`, or why there is none.
fn plan_one<'c>(
    array: OperationRef<'c, '_>,
    info: &ArrayInfo,
    name: &str,
    scope: &[String],
) -> Result<Plan<'c>, String> {
    let scope_name = scope.first().cloned().unwrap_or_default();
    let scope = info
        .time
        .iter()
        .position(|t| t.name == scope_name)
        .ok_or_else(|| format!("scope loop '{scope_name}' is not a time loop of the array as scheduled (a loop of the nest as written, outside any skew)"))?;
    let reads: Vec<OperationRef> = ir::collect(array, ods::ure::LoadOperation::name())
        .into_iter()
        .filter(|l| t2s_ir::ops::ure::input_of(l) == name)
        .collect();
    let first = reads.first().ok_or("the array reads no element of it")?;
    let rows =
        t2s_ir::quasi::quasi_map_rows(first, "map").map_err(|_| "its map is not quasi-affine")?;
    let operands = operand_loops(first)?;
    for read in &reads[1..] {
        let same = operand_loops(read)? == operands
            && t2s_ir::quasi::quasi_map_rows(read, "map").ok().as_ref() == Some(&rows);
        if !same {
            return Err(
                "its reads take different loops or indices: a packed tile holds one read pattern"
                    .into(),
            );
        }
    }
    let element = first
        .result(0)
        .map(|r| lanes::element_of(r.r#type()))
        .map_err(|_| "a read without a result")?;
    let mut dims: Vec<Dim> = Vec::new();
    for &l in &operands {
        if dims.iter().any(|d| d.looped == l) {
            continue;
        }
        if let Some(dim) = varying(info, l, scope)? {
            dims.push(dim);
        }
    }
    let last =
        |d: &Dim| d.coord >= info.time.len() && info.space[d.coord - info.time.len()].vectorized;
    dims.sort_by_key(|d| (last(d), d.coord));
    if elements(&dims) > MAX_ELEMENTS {
        return Err(format!(
            "a tile has {} elements, more than {MAX_ELEMENTS}: choose an inner scope loop",
            elements(&dims)
        ));
    }
    Ok(Plan {
        name: name.to_string(),
        scope,
        element,
        rows,
        operands,
        dims,
    })
}

/// The loop of each operand of a read.
fn operand_loops(read: &OperationRef<'_, '_>) -> Result<Vec<usize>, String> {
    (0..read.operand_count())
        .map(|i| {
            read.operand(i)
                .ok()
                .and_then(|v| recovered_loop(v.val()))
                .ok_or_else(|| {
                    "a read at an index computed in the PE (not a loop): its tile cannot be known"
                        .to_string()
                })
        })
        .collect()
}

/// Loop `l` as a dimension of the tile (`None`: it stays put during an
/// iteration of the scope loop).
fn varying(info: &ArrayInfo, l: usize, scope: usize) -> Result<Option<Dim>, String> {
    let row = &info.recover[l];
    let inner = |c: usize| c > scope;
    if row.terms.iter().all(|(c, _)| !inner(*c)) {
        return Ok(None);
    }
    let name = &info.loops[l].name;
    let [(coord, 1)] = row.terms[..] else {
        return Err(format!(
            "loop '{name}' is not one coordinate of the array (a skewed schedule): the tile is not a box of loops"
        ));
    };
    let (min, extent) = if coord < info.time.len() {
        let t = &info.time[coord];
        let extent = t.extent.as_const().ok_or_else(|| {
            format!(
                "time loop '{}' inside the scope has a symbolic extent",
                t.name
            )
        })?;
        (t.min, extent)
    } else {
        let s = &info.space[coord - info.time.len()];
        (s.min, s.pe_extent())
    };
    let min = min
        .checked_add(row.constant)
        .ok_or_else(|| format!("loop '{name}''s first value overflows 64-bit integers"))?;
    Ok(Some(Dim {
        looped: l,
        min,
        extent,
        coord,
    }))
}

/// Allocates each plan's buffer at `e` (the function's entry, 64-byte
/// aligned, on the heap).
pub(super) fn allocate(e: &Emitter<'_>, plans: &[Plan<'_>]) -> Vec<Val> {
    plans
        .iter()
        .map(|p| {
            let shape: Vec<i64> = p.dims.iter().map(|d| d.extent).collect();
            let ty = MemRefType::new(p.element, &shape, None, None);
            let alloc = melior::dialect::memref::alloc(
                e.context,
                ty,
                &[],
                &[],
                Some(IntegerAttribute::new(
                    IntegerType::new(e.context, 64).into(),
                    64,
                )),
                e.location,
            );
            Val::of(
                &e.insert(alloc)
                    .result(0)
                    .expect("an allocation has one result"),
            )
        })
        .collect()
}

/// At the top of each plan's scope loop (whose bodies, by time loop, are
/// `bodies`): the copy of the tile into its buffer; the PEs then read the
/// buffers (`lowered.packed`).
pub(super) fn fill(
    e: &Emitter<'_>,
    plans: &[Plan<'_>],
    buffers: &[Val],
    time: &phases::TimeLoops,
    info: &ArrayInfo,
    lowered: &mut Lowered<'_>,
) -> Result<(), Failed> {
    for (p, &buffer) in plans.iter().zip(buffers) {
        let at = time.top_of_loop(e, p.scope);
        copy(&at, p, buffer, &time.ivs, info, lowered)?;
        let operand_dims = p
            .operands
            .iter()
            .map(|l| {
                p.dims
                    .iter()
                    .position(|d| d.looped == *l)
                    .map(|k| (k, p.dims[k].min))
            })
            .collect();
        lowered.packed.insert(
            p.name.clone(),
            Packed::new(buffer, operand_dims, p.dims.len()),
        );
    }
    Ok(())
}

/// Loops over the tile's dimensions; each element read from the input as
/// the PEs read it (the fixed loops at this iteration's values).
fn copy(
    e: &Emitter<'_>,
    p: &Plan<'_>,
    buffer: Val,
    time_ivs: &[Val],
    info: &ArrayInfo,
    lowered: &Lowered<'_>,
) -> Result<(), Failed> {
    let source = *lowered.inputs.get(&p.name).or_internal("a packed input")?;
    let mut at = *e;
    let mut bodies = Vec::new();
    let mut ivs = Vec::new();
    for d in &p.dims {
        let (body, iv) = at.for_loop(at.index(d.min), at.index(d.min + d.extent));
        bodies.push(body);
        ivs.push(iv);
        at = at.at(body);
    }
    let operands: Vec<Val> = p
        .operands
        .iter()
        .map(|l| match p.dims.iter().position(|d| d.looped == *l) {
            Some(k) => Ok(ivs[k]),
            None => fixed_value(&at, &info.recover[*l], time_ivs),
        })
        .collect::<Result<_, _>>()?;
    // Each operand's range, so that indices proven inside skip their clamp.
    let ranges: Vec<Option<(i64, i64)>> = p
        .operands
        .iter()
        .map(|l| match p.dims.iter().find(|d| d.looped == *l) {
            Some(d) => Some((d.min, d.min + d.extent - 1)),
            None => time_range(&info.recover[*l], info),
        })
        .collect();
    let value = crate::spacetime_to_scf::loads::load_input(
        &at, &p.name, source, &p.rows, &operands, lowered, &ranges,
    );
    let local: Vec<Val> = p
        .dims
        .iter()
        .zip(&ivs)
        .map(|(d, iv)| at.sub(*iv, at.index(d.min)))
        .collect();
    at.store(value, buffer, &local);
    for body in bodies.into_iter().rev() {
        e.finish_scf_block(body);
    }
    Ok(())
}

/// The range of `row` over the time loops' bounds (`None` when one is
/// symbolic).
fn time_range(row: &Affine, info: &ArrayInfo) -> Option<(i64, i64)> {
    let (mut lo, mut hi) = (row.constant, row.constant);
    for (c, w) in &row.terms {
        let t = info.time.get(*c)?;
        let last = t.min.checked_add(t.extent.as_const()?)? - 1;
        let (a, b) = (w.checked_mul(t.min)?, w.checked_mul(last)?);
        lo = lo.checked_add(a.min(b))?;
        hi = hi.checked_add(a.max(b))?;
    }
    Some((lo, hi))
}

/// A loop fixed during the scope's iteration: its recovered form over the
/// time loops up to the scope.
fn fixed_value(e: &Emitter<'_>, row: &Affine, time_ivs: &[Val]) -> Result<Val, Failed> {
    let mut value = e.index(row.constant);
    for (c, w) in &row.terms {
        let iv = *time_ivs.get(*c).or_internal("a time loop's index")?;
        value = e.add(value, e.mul(iv, e.index(*w)));
    }
    Ok(value)
}

/// Frees the tiles' buffers, at `e` (the function's end).
pub(super) fn free(e: &Emitter<'_>, buffers: &[Val]) {
    for buffer in buffers {
        e.insert(melior::dialect::memref::dealloc(buffer.value(), e.location));
    }
}
