//! What the rewrite of each PE body shares in `spacetime-to-scf`: the
//! lowered function's values, the output's layout, one PE clone's frame,
//! and the small code generators every part of the rewrite uses.

use melior::ir::{
    operation::{OperationLike, OperationRef},
    Type,
};
use std::collections::HashMap;
use t2s_ir::array::ArrayInfo;
use t2s_ir::diag::error;
use t2s_ir::emit::Emitter;
use t2s_ir::handle::Val;
use t2s_ir::lanes::{affine_lanes, cmpi_lanes};
use t2s_ir::ops::{
    self,
    spacetime::OutputOp,
    ure::{ElementBound, ProgramOp},
    View,
};
use t2s_ir::pass::Failed;
use t2s_model::Linear;

/// The run-time value of an extent: a constant, or the parameters'
/// function arguments combined.
pub fn linear_value(
    e: &Emitter<'_>,
    extent: &Linear,
    params: &HashMap<String, Val>,
) -> Result<Val, Failed> {
    let mut value: Option<Val> = None;
    for (p, c) in &extent.terms {
        let param = *params
            .get(p)
            .ok_or_else(|| error(e.location, format!("no ure.param @{p}")))?;
        let term = if *c == 1 {
            param
        } else {
            e.mul(param, e.index(*c))
        };
        value = Some(value.map_or(term, |v| e.add(v, term)));
    }
    Ok(match value {
        None => e.index(extent.constant),
        Some(v) if extent.constant == 0 => v,
        Some(v) => e.add(v, e.index(extent.constant)),
    })
}

/// The output of the array: the Func its `spacetime.output`s store.
#[derive(Clone)]
pub struct Output<'c> {
    pub func: String,
    pub types: Vec<Type<'c>>,
    /// Per dimension: the bounds of the element space the Func declares
    /// (element `x` is at `x - min`).
    pub bounds: Vec<ElementBound>,
    /// `None` where the extent is a parameter.
    pub shape: Vec<Option<i64>>,
    /// An element may be stored at several points: each element keeps the
    /// loop-order rank of its last writer ("last write wins").
    pub stamps: bool,
    /// Some element may never be stored: the output starts at zero.
    pub zero_fill: bool,
    /// The memory order of the output buffers (the `ure.func`'s `layout`):
    /// element `x` is at `layout.physical(x - min)`.
    pub layout: t2s_model::Layout,
}

impl Output<'_> {
    /// The indices into the output buffers of the element at `logical`
    /// (relative to the bounds' minima).
    pub fn at<T: Clone>(&self, logical: &[T]) -> Vec<T> {
        self.layout.physical(logical)
    }
}

/// The output Func stored by the program's `spacetime.output` ops (in the
/// array, or in a drainer kernel after isolation), as its `ure.func`
/// declares it (loop variables with bounds, result types).
pub fn output_of<'c>(program: &OperationRef<'c, '_>) -> Result<Output<'c>, Failed> {
    let stores: Vec<OutputOp> = ops::all(*program);
    let Some(first) = stores.first() else {
        return Err(error(
            program.location(),
            "the program stores no output (no spacetime.output)",
        ));
    };
    let func = first.func();
    if let Some(other) = stores.iter().find(|s| s.func() != func) {
        return Err(error(
            other.op().location(),
            format!(
                "the program stores two outputs, @{func} and @{}",
                other.func()
            ),
        ));
    }
    let decl = ProgramOp::cast(*program)
        .and_then(|p| p.func(&func))
        .ok_or_else(|| error(first.op().location(), format!("no ure.func @{func}")))?;
    let bounds = decl.bounds().ok_or_else(|| {
        error(
            decl.op().location(),
            format!(
                "output @{func} declares no bounds for its elements (e.g. `ure.func @{func}(i = 0 extent 8) -> f32`, as space-time-transform writes it)"
            ),
        )
    })?;
    let shape = bounds.iter().map(|b| b.extent.as_const()).collect();
    let pattern = crate::spacetime_to_scf::store_once::stores(&stores, &bounds);
    use crate::spacetime_to_scf::store_once::Stores;
    Ok(Output {
        func,
        stamps: pattern == Stores::Several,
        zero_fill: pattern != Stores::Bijection,
        types: decl.result_types(),
        bounds,
        shape,
        layout: decl.layout(),
    })
}

/// The function's values the PE code uses.
pub struct Lowered<'c> {
    pub inputs: HashMap<String, Val>,
    /// The memory order of each input buffer (its type's layout): the
    /// buffer argument is indexed `layout.physical(indices)`.
    pub input_layouts: HashMap<String, t2s_model::Layout>,
    pub outputs: Vec<Val>,
    pub params: HashMap<String, Val>,
    /// The run-time extent of each original loop.
    pub loop_extents: Vec<Val>,
    pub output: Output<'c>,
    /// The run-time extent of each dimension of the output.
    pub output_extents: Vec<Val>,
    pub fastmath: String,
    /// The shared-memory tiles the PEs read instead of these inputs (the
    /// GPU form's staged inputs).
    pub tiles: HashMap<String, crate::spacetime_to_scf::tile::Tile>,
    /// The block's box of the output in shared memory, which the PEs store
    /// into instead of the output (the GPU form's staged output).
    pub output_tile: Option<crate::spacetime_to_scf::tile::OutputTile>,
    /// The packed tiles the PEs read instead of these inputs (the CPU's
    /// form of their feeders).
    pub packed: HashMap<String, crate::spacetime_to_scf::packed::Packed>,
}

impl Lowered<'_> {
    /// The memory order of input `name`'s buffer (row-major when unknown).
    pub fn input_layout(&self, name: &str) -> t2s_model::Layout {
        self.input_layouts.get(name).cloned().unwrap_or_default()
    }
}

/// One PE clone: its coordinates, the flattened step, and its constant
/// space coordinates when PEs are unrolled.
pub struct PeFrame<'v> {
    pub coords: &'v [Val],
    pub step: Val,
    /// Flattened-time stride of each time loop (run-time values).
    pub strides: &'v [Val],
    pub constant_pe: Option<Vec<i64>>,
}

/// Zeroes the outputs (as the interpreter does) and, when the output drops
/// loops, allocates the loop-order rank of each element's last writer.
pub fn init_outputs(
    e: &Emitter<'_>,
    info: &ArrayInfo,
    lowered: &Lowered<'_>,
    on_heap: bool,
) -> Result<Option<Val>, Failed> {
    let output = &lowered.output;
    let extents: Vec<Val> = lowered.output_extents.clone();
    let mut fills = Vec::new();
    if output.zero_fill {
        for (buffer, ty) in lowered.outputs.iter().zip(&output.types) {
            fills.push((*buffer, zero(e, *ty)));
        }
    }
    let stamps = if output.stamps {
        let dynamic = t2s_ir::types::dynamic_size();
        let dims: Vec<i64> = output.shape.iter().map(|d| d.unwrap_or(dynamic)).collect();
        let sizes: Vec<Val> = output
            .shape
            .iter()
            .zip(&extents)
            .filter(|(d, _)| d.is_none())
            .map(|(_, v)| *v)
            .collect();
        let ty = melior::ir::r#type::MemRefType::new(e.index_type(), &dims, None, None);
        let stamps = e.allocate(on_heap, ty.into(), &sizes);
        fills.push((stamps, e.index(-1)));
        Some(stamps)
    } else {
        None
    };
    let _ = info;
    if output.layout.is_row_major() {
        if !fills.is_empty() {
            fill(e, &extents, &fills);
        }
        return Ok(stamps);
    }
    // The outputs are filled in their memory order; the stamps, internal,
    // are row-major.
    let (stamp_fill, output_fills): (Vec<_>, Vec<_>) =
        fills.into_iter().partition(|(b, _)| Some(*b) == stamps);
    if !output_fills.is_empty() {
        fill(e, &output.at(&extents), &output_fills);
    }
    if !stamp_fill.is_empty() {
        fill(e, &extents, &stamp_fill);
    }
    Ok(stamps)
}

pub(crate) fn zero(e: &Emitter<'_>, ty: Type<'_>) -> Val {
    e.zero(ty)
}

/// Stores each `(buffer, value)` at every index of `extents`.
pub(crate) fn fill(e: &Emitter<'_>, extents: &[Val], fills: &[(Val, Val)]) {
    let mut inner = *e;
    let mut blocks = Vec::new();
    let mut indices = Vec::new();
    for extent in extents {
        let (block, iv) = inner.for_loop(inner.index(0), *extent);
        blocks.push(block);
        indices.push(iv);
        inner = inner.at(block);
    }
    for (buffer, value) in fills {
        inner.store(*value, *buffer, &indices);
    }
    for block in blocks.iter().rev() {
        e.finish_scf_block(*block);
    }
}

/// The original indices at the coordinates `at` (one per time and space
/// loop): the `recover` map applied to them.
pub fn recover_at(e: &Emitter<'_>, info: &ArrayInfo, at: &[Val]) -> Vec<Val> {
    info.recover
        .iter()
        .map(|row| affine_lanes(e, row, at))
        .collect()
}

/// `min <= value < min + extent`, lane-wise on a vector.
pub(crate) fn in_range(e: &Emitter<'_>, value: Val, min: i64, extent: Val) -> Val {
    let lo = cmpi_lanes(e, 5, value, e.index(min)); // sge
    let end = if min == 0 {
        extent
    } else {
        e.add(e.index(min), extent)
    };
    let hi = cmpi_lanes(e, 2, value, end); // slt
    t2s_ir::lanes::and_lanes(e, lo, hi)
}
