//! What the rewrite of each PE body shares in `spacetime-to-scf`: the
//! lowered function's values, the output's layout, one PE clone's frame,
//! and the small code generators every part of the rewrite uses.

use melior::ir::{
    attribute::TypeAttribute,
    operation::{OperationLike, OperationRef},
    Attribute, Type,
};
use mlir_sys::MlirValue;
use std::collections::HashMap;
use t2s_ir::array::ArrayInfo;
use t2s_ir::diag::error;
use t2s_ir::emit::Emitter;
use t2s_ir::ir;
use t2s_ir::lanes::{affine_lanes, cmpi_lanes, lanewise};
use t2s_ir::pass::Failed;
use t2s_model::Linear;

/// The run-time value of an extent: a constant, or the parameters'
/// function arguments combined.
pub fn linear_value(
    e: &Emitter<'_>,
    extent: &Linear,
    params: &HashMap<String, MlirValue>,
) -> Result<MlirValue, Failed> {
    let mut value: Option<MlirValue> = None;
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
    /// `None` where the extent is a parameter.
    pub shape: Vec<Option<i64>>,
    /// Per output dimension: its loop (index into `ArrayInfo::loops`).
    pub loops: Vec<usize>,
    /// The output drops loops: an element may be stored at several points.
    pub stamps: bool,
}

/// The output Func stored by the program's `spacetime.output` ops (in the
/// array, or in a drainer kernel after isolation), with its dimensions
/// placed among the loops of `info` (the array that stores it, or the
/// program's array for the functions' signature).
pub fn output_of<'c>(
    program: &OperationRef<'c, '_>,
    array: &OperationRef<'c, '_>,
    info: &ArrayInfo,
) -> Result<Output<'c>, Failed> {
    let stores = ir::collect(*program, "spacetime.output");
    let Some(first) = stores.first() else {
        return Err(error(
            array.location(),
            "the program stores no output (no spacetime.output)",
        ));
    };
    let func = ir::symbol(first, "func");
    if let Some(other) = stores.iter().find(|s| ir::symbol(s, "func") != func) {
        return Err(error(
            other.location(),
            format!(
                "the program stores two outputs, @{func} and @{}",
                ir::symbol(other, "func")
            ),
        ));
    }
    let decl = ir::body_ops(program, 0)
        .into_iter()
        .find(|op| ir::name(op) == "ure.func" && ir::symbol_name(op) == func)
        .ok_or_else(|| error(first.location(), format!("no ure.func @{func}")))?;
    let mut loops = Vec::new();
    let mut shape = Vec::new();
    for var in ir::strings(&decl, "vars") {
        let Some(l) = info.loops.iter().position(|b| b.name == var) else {
            return Err(error(
                decl.location(),
                format!("output @{func} is indexed by '{var}', which is not a loop of the array"),
            ));
        };
        loops.push(l);
        shape.push(info.loops[l].extent.as_const());
    }
    let types = ir::array(&decl, "result_types")
        .into_iter()
        .filter_map(|a| TypeAttribute::try_from(a).ok())
        .map(|t| t.value())
        .collect();
    Ok(Output {
        func,
        stamps: loops.len() < info.loops.len(),
        types,
        shape,
        loops,
    })
}

/// The function's values the PE code uses.
pub struct Lowered<'c> {
    pub inputs: HashMap<String, MlirValue>,
    pub outputs: Vec<MlirValue>,
    pub params: HashMap<String, MlirValue>,
    /// The run-time extent of each original loop.
    pub loop_extents: Vec<MlirValue>,
    pub output: Output<'c>,
    pub fastmath: String,
}

/// One PE clone: its coordinates, the flattened step, and its constant
/// space coordinates when PEs are unrolled.
pub struct PeFrame<'v> {
    pub coords: &'v [MlirValue],
    pub step: MlirValue,
    /// Flattened-time stride of each time loop (run-time values).
    pub strides: &'v [MlirValue],
    pub constant_pe: Option<Vec<i64>>,
}

/// Zeroes the outputs (as the interpreter does) and, when the output drops
/// loops, allocates the loop-order rank of each element's last writer.
pub fn init_outputs(
    e: &Emitter<'_>,
    info: &ArrayInfo,
    lowered: &Lowered<'_>,
) -> Result<Option<MlirValue>, Failed> {
    let output = &lowered.output;
    let extents: Vec<MlirValue> = output
        .loops
        .iter()
        .map(|&l| lowered.loop_extents[l])
        .collect();
    let mut fills = Vec::new();
    for (buffer, ty) in lowered.outputs.iter().zip(&output.types) {
        fills.push((*buffer, zero(e, *ty)));
    }
    let stamps = if output.stamps {
        // SAFETY: a constant query.
        let dynamic = unsafe { mlir_sys::mlirShapedTypeGetDynamicSize() };
        let dims: Vec<i64> = output.shape.iter().map(|d| d.unwrap_or(dynamic)).collect();
        let sizes: Vec<MlirValue> = output
            .shape
            .iter()
            .zip(&extents)
            .filter(|(d, _)| d.is_none())
            .map(|(_, v)| *v)
            .collect();
        let ty = melior::ir::r#type::MemRefType::new(e.index_type(), &dims, None, None);
        let segments = Attribute::parse(e.context, &format!("array<i32: {}, 0>", sizes.len()))
            .ok_or(Failed)?;
        let stamps = e.op(
            "memref.alloc",
            &sizes,
            &[ty.into()],
            &[("operandSegmentSizes", segments)],
        )[0];
        fills.push((stamps, e.index(-1)));
        Some(stamps)
    } else {
        None
    };
    let _ = info;
    fill(e, &extents, &fills);
    Ok(stamps)
}

pub(crate) fn zero(e: &Emitter<'_>, ty: Type<'_>) -> MlirValue {
    e.zero(ty)
}

/// Stores each `(buffer, value)` at every index of `extents`.
pub(crate) fn fill(e: &Emitter<'_>, extents: &[MlirValue], fills: &[(MlirValue, MlirValue)]) {
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
pub fn recover_at(e: &Emitter<'_>, info: &ArrayInfo, at: &[MlirValue]) -> Vec<MlirValue> {
    info.recover
        .iter()
        .map(|row| affine_lanes(e, row, at))
        .collect()
}

/// `min <= value < min + extent`, lane-wise on a vector.
pub(crate) fn in_range(
    e: &Emitter<'_>,
    value: MlirValue,
    min: i64,
    extent: MlirValue,
) -> MlirValue {
    let lo = cmpi_lanes(e, 5, value, e.index(min)); // sge
    let end = if min == 0 {
        extent
    } else {
        e.add(e.index(min), extent)
    };
    let hi = cmpi_lanes(e, 2, value, end); // slt
    lanewise(e, "arith.andi", lo, hi)
}
