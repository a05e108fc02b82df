//! The tile a feeder buffers: which of its array's loops enumerate the
//! tiles (the time loops up to the scope loop), and the box of the input's
//! indices that the loops inside the scope span, read off its loads.

use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{Type, ValueLike};
use t2s_ir::array::{recovered_loop, ArrayInfo};
use t2s_ir::diag::error;
use t2s_ir::diag::OrInternal;
use t2s_ir::handle::{AsVal, Op, Val};

use t2s_ir::ir;
use t2s_ir::ods;
use t2s_ir::pass::Failed;
use t2s_model::Linear;

/// What an operand of a load's index map stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Term {
    /// A loop of the array (its position in `loops`).
    Loop(usize),
    /// A constant (an `arith.constant`).
    Constant(i64),
}

/// One dimension of the tile.
#[derive(Clone, Debug)]
pub struct Dim {
    /// The coefficient of each tile loop (position in `tile_loops`): the
    /// same in every load, so every load's tile starts at one base.
    pub outer: Vec<i64>,
    /// Parameters the index adds (`ure.param_value`): the same in every
    /// load too.
    pub params: Linear,
    /// The smallest index the loops inside the scope reach, at tile loops
    /// 0: the base's constant.
    pub lo: i64,
    pub extent: i64,
}

/// One load of the input in the feeder: its op and, per dimension, the
/// index relative to the tile's base as `sum(c * operand) + constant`.
pub struct Access {
    pub op: Op,
    pub local: Vec<(Vec<(Val, i64)>, i64)>,
}

/// The tile of one input in a feeder.
pub struct Tile {
    /// The time loops that number the tiles (outermost first), as
    /// positions in `info.loops`; the last is the scope loop.
    pub tile_loops: Vec<usize>,
    pub dims: Vec<Dim>,
    pub element: String,
    pub accesses: Vec<Access>,
    /// Steps of the array per tile (its time loops inside the scope).
    pub steps: i64,
    /// The loader's vector lanes along the last dimension.
    pub lanes: i64,
}

impl Tile {
    /// Elements of one tile.
    pub fn elements(&self) -> i64 {
        self.dims.iter().map(|d| d.extent).product()
    }

    /// Values the loader sends per tile (vectors of `lanes`).
    pub fn vectors(&self) -> i64 {
        self.elements() / self.lanes
    }

    /// Values the feeder takes in per step of the array while it replays
    /// the previous tile: all of the next tile within one tile's steps.
    pub fn per_step(&self) -> i64 {
        (self.vectors() + self.steps - 1) / self.steps.max(1)
    }
}

/// The tile of `input` that a feeder (its array `array`, read as `info`)
/// buffers under the scope loop `scope`, with the loader's lanes along the
/// loop `out` (if any). Errors are at `at` (the directive).
pub fn tile<'c>(
    array: &OperationRef<'c, '_>,
    info: &ArrayInfo,
    input: &str,
    scope: &str,
    out: Option<&str>,
    at: melior::ir::Location<'c>,
) -> Result<Tile, Failed> {
    if info.space.iter().any(|s| s.vectorized) {
        return Err(error(
            at,
            "the feeder is vectorized: buffer it before vectorizing it (the t2s-isolate pipeline runs buffer first)",
        ));
    }
    let tile_loops = tile_loops(info, scope, at)?;
    let loads: Vec<OperationRef> = ir::collect(*array, ods::ure::LoadOperation::name())
        .into_iter()
        .filter(|l| t2s_ir::ops::ure::input_of(l) == input)
        .collect();
    if loads.is_empty() {
        return Err(error(
            at,
            format!(
                "the feeder reads no @{input}: isolate @{input} into it (ure.isolate_producer)"
            ),
        ));
    }
    let mut dims: Option<Vec<Dim>> = None;
    let mut accesses = Vec::new();
    let mut element = String::new();
    for load in &loads {
        let ty: Type = load.result(0).or_internal("a result of the op")?.r#type();
        element = ty.to_string();
        let (load_dims, access) = read_load(load, info, &tile_loops)?;
        dims = Some(match dims {
            None => load_dims,
            Some(previous) => merge(previous, load_dims, load)?,
        });
        accesses.push(access);
    }
    let mut dims = dims.or_internal("the tile dimensions")?;
    // Each access's local index: relative to the common low corner.
    for access in &mut accesses {
        for (d, (_, constant)) in access.local.iter_mut().enumerate() {
            *constant -= dims[d].lo;
        }
    }
    let lanes = match out {
        None => 1,
        Some(name) => lanes(info, &tile_loops, &accesses, &mut dims, name, at)?,
    };
    let steps = inner_steps(info, tile_loops.len(), at)?;
    Ok(Tile {
        tile_loops,
        dims,
        element,
        accesses,
        steps,
        lanes,
    })
}

/// The time loops up to the scope loop: each an original loop that the
/// schedule leaves alone (its time coordinate is the loop itself), so that
/// the steps of one tile are consecutive.
fn tile_loops(
    info: &ArrayInfo,
    scope: &str,
    at: melior::ir::Location<'_>,
) -> Result<Vec<usize>, Failed> {
    let names: Vec<&str> = info.time.iter().map(|t| t.name.as_str()).collect();
    let Some(position) = names.iter().position(|n| *n == scope) else {
        return Err(error(
            at,
            format!(
                "scope loop '{scope}' is not a time loop of the feeder's array (time loops: {})",
                names.join(", ")
            ),
        ));
    };
    let mut loops = Vec::new();
    for (c, t) in info.time.iter().enumerate().take(position + 1) {
        let unskewed = info
            .loops
            .iter()
            .position(|l| l.name == t.name)
            .filter(|&l| {
                info.recover
                    .get(l)
                    .is_some_and(|row| row.constant == 0 && row.terms.as_slice() == [(c, 1)])
            });
        let Some(l) = unskewed else {
            return Err(error(
                at,
                format!(
                    "scope loop '{scope}' must be outside the schedule's skew: time loop '{}' is not a loop of the nest as written, so a tile's steps would not be consecutive",
                    t.name
                ),
            ));
        };
        loops.push(l);
    }
    Ok(loops)
}

/// Steps per tile: the product of the time loops inside the scope, which
/// must be constants.
fn inner_steps(info: &ArrayInfo, tile: usize, at: melior::ir::Location<'_>) -> Result<i64, Failed> {
    info.time[tile..].iter().try_fold(1i64, |n, t| {
        let extent = t.extent.as_const().ok_or_else(|| {
            error(
                at,
                format!(
                    "time loop '{}' inside the scope has the symbolic extent {}: a tile's steps are counted at compile time",
                    t.name, t.extent
                ),
            )
        })?;
        n.checked_mul(extent).ok_or_else(|| error(at, "the steps of a tile overflow 64 bits"))
    })
}

/// A load's box per dimension and its local index.
fn read_load(
    load: &OperationRef<'_, '_>,
    info: &ArrayInfo,
    tile_loops: &[usize],
) -> Result<(Vec<Dim>, Access), Failed> {
    let rows = t2s_ir::quasi::linear_load_rows(load, "a feeder's buffer (ure.buffer)")?;
    let operands: Vec<Val> = (0..load.operand_count())
        .map(|i| {
            load.operand(i)
                .map(|v| v.val())
                .or_internal("an operand of the op")
        })
        .collect::<Result<_, _>>()?;
    let mut dims = Vec::new();
    let mut local = Vec::new();
    for row in &rows {
        let mut dim = Dim {
            outer: vec![0; tile_loops.len()],
            params: Linear::constant(0),
            lo: row.constant,
            extent: 1,
        };
        let mut inner: Vec<(Val, i64)> = Vec::new();
        let mut constant = row.constant;
        for &(position, c) in &row.terms {
            let value = operands[position];
            match term(value) {
                Some(Term::Loop(l)) => match tile_loops.iter().position(|&t| t == l) {
                    Some(t) => dim.outer[t] += c,
                    None => {
                        let bound = &info.loops[l];
                        let extent = bound.extent.as_const().ok_or_else(|| {
                            error(
                                load.location(),
                                format!(
                                    "loop '{}' inside the scope has the symbolic extent {}: a tile's size is fixed at compile time",
                                    bound.name, bound.extent
                                ),
                            )
                        })?;
                        let (a, b) = (c * bound.min, c * (bound.min + extent - 1));
                        dim.lo += a.min(b);
                        dim.extent += (a - b).abs();
                        inner.push((value, c));
                    }
                },
                Some(Term::Constant(k)) => {
                    dim.lo += c * k;
                    constant += c * k;
                }
                None => match param_of(value) {
                    Some(p) => {
                        dim.params = dim.params.add_scaled(&Linear::param(&p), c).or_internal("an extent without overflow")?;
                    }
                    None => {
                        return Err(error(
                            load.location(),
                            "an index of this load is not an affine function of the array's loops and parameters: the buffer cannot tell which element it reads",
                        ))
                    }
                },
            }
        }
        dims.push(dim);
        local.push((inner, constant));
    }
    Ok((
        dims,
        Access {
            op: Op::of(load),
            local,
        },
    ))
}

/// The loop (or constant) an index operand is.
fn term(value: Val) -> Option<Term> {
    if let Some(l) = recovered_loop(value) {
        return Some(Term::Loop(l));
    }
    let op = value.defining_op()?.op();
    ods::is(&op, ods::arith::ConstantOperation::name())
        .then(|| ir::int(&op, "value"))
        .flatten()
        .map(Term::Constant)
}

/// The parameter a `ure.param_value` result is.
fn param_of(value: Val) -> Option<String> {
    let op = value.defining_op()?.op();
    ods::is(&op, ods::ure::ParamValueOperation::name())
        .then(|| t2s_ir::ops::ure::param_of(&op).unwrap_or_default())
}

/// Two loads' boxes as one: they must move alike with the tiles; the box
/// is the hull of both.
fn merge(a: Vec<Dim>, b: Vec<Dim>, load: &OperationRef<'_, '_>) -> Result<Vec<Dim>, Failed> {
    a.into_iter()
        .zip(b)
        .map(|(x, y)| {
            if x.outer != y.outer || x.params != y.params {
                return Err(error(
                    load.location(),
                    "this load moves with the tiles unlike the feeder's other loads of the input: their tiles would not share a base",
                ));
            }
            let lo = x.lo.min(y.lo);
            let hi = (x.lo + x.extent).max(y.lo + y.extent);
            Ok(Dim {
                lo,
                extent: hi - lo,
                ..x
            })
        })
        .collect()
}

/// The logical index an input laid out in another order than row-major
/// keeps contiguous (`None` for a row-major input).
fn laid_out_rank(access: &Access) -> Option<usize> {
    let load = access.op.op();
    let name = t2s_ir::ops::ure::input_of(&load);
    let mut program = load.parent_operation();
    while let Some(p) = program {
        if ods::is(&p, ods::ure::ProgramOperation::name()) {
            break;
        }
        program = p.parent_operation();
    }
    let input = ir::body_ops(&program?, 0)
        .into_iter()
        .find(|op| ods::is(op, ods::ure::InputOperation::name()) && ir::symbol_name(op) == name)?;
    let ty = <t2s_ir::ops::ure::InputOp as t2s_ir::ops::View>::cast(input)?.memref_type()?;
    let rank = t2s_ir::types::shape(ty)?.len();
    let contiguous = t2s_ir::types::memref_layout(ty)?.contiguous_dim(rank)?;
    (contiguous + 1 != rank).then_some(contiguous)
}

/// The loader's lanes along loop `name`: a loop inside the scope that
/// indexes the input's last dimension with coefficient 1 in every load
/// (its lanes are consecutive elements), whose extent divides the tile's
/// last extent.
fn lanes(
    info: &ArrayInfo,
    tile_loops: &[usize],
    accesses: &[Access],
    dims: &mut [Dim],
    name: &str,
    at: melior::ir::Location<'_>,
) -> Result<i64, Failed> {
    let Some(l) = info.loops.iter().position(|b| b.name == name) else {
        return Err(error(
            at,
            format!("'out' loop '{name}' is not a loop of the feeder's array"),
        ));
    };
    if tile_loops.contains(&l) {
        return Err(error(
            at,
            format!(
                "'out' loop '{name}' numbers the tiles: the lanes must be a loop inside the scope"
            ),
        ));
    }
    let width = info.loops[l].extent.as_const().unwrap_or(1);
    for access in accesses {
        let (terms, _) = access.local.last().or_internal("a last element")?;
        let coefficient: i64 = terms
            .iter()
            .filter(|(v, _)| recovered_loop(*v) == Some(l))
            .map(|(_, c)| *c)
            .sum();
        if coefficient != 1 {
            let why = match laid_out_rank(access) {
                // The lanes run along the last index as written, which is
                // row-major's contiguous one.
                Some(contiguous) => format!(
                    "'out' loop '{name}' indexes this load's last dimension with coefficient {coefficient}; the input's layout stores index {contiguous} contiguously, but the loader's vector lanes run along the last index as written: declare the input row-major (the same bytes, its indices in memory order) to stream it in vectors, or send scalars (out ())"
                ),
                None => format!("'out' loop '{name}' indexes this load's last dimension with coefficient {coefficient}: vector lanes must be consecutive elements (coefficient 1)"),
            };
            return Err(error(access.op.location(), why));
        }
    }
    let last = dims.last_mut().or_internal("a non-empty list")?;
    if last.extent % width != 0 {
        return Err(error(
            at,
            format!(
                "the tile's last dimension has {} elements, not a multiple of the {width} lanes of '{name}'",
                last.extent
            ),
        ));
    }
    Ok(width)
}
