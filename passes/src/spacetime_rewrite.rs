//! The rewriting half of `spacetime-to-scf`: clones the PE body of a
//! `spacetime.array` into the time loops and rewrites only `spacetime` and
//! `ure` ops; every other op (arith, math, scf, ...) is cloned unchanged.
//!
//! - `spacetime.recover` -> the `recover` map over the coordinates;
//! - `spacetime.scheduled` -> the recovered indices within the loop bounds;
//! - `spacetime.read`/`write` -> loads/stores of the register file's buffer:
//!   a rotating slot `(step - delay) mod slots`, or, for shifted files of
//!   unrolled PEs, slot `delay` with a shift of every slot after each step;
//! - `spacetime.output` -> a store into the output buffer, keeping the point
//!   last in loop order when the output drops loops;
//! - `ure.load` -> `memref.load` of the input, clamped unless the enclosing
//!   `spacetime.scheduled` guard proves the indices in bounds
//!   (`spacetime_loads`);
//! - `ure.param_value` -> the parameter's function argument.

use crate::diag::error;
use crate::emit::Emitter;
use crate::extract::affine_map_rows;
use crate::ir;
use crate::registry::Failed;
pub use crate::spacetime_registers::{shift_files, FileStorage};
use melior::ir::{
    attribute::{IntegerAttribute, TypeAttribute},
    block::BlockLike,
    operation::{OperationLike, OperationRef},
    r#type::{IntegerType, TypeLike},
    Attribute, BlockRef, Type, Value, ValueLike,
};
use mlir_sys::{MlirOperation, MlirValue};
use std::collections::HashMap;
use t2s_model::{Affine, Linear};

/// A loop of the array: its name and bounds. Original and time extents may
/// depend on parameters; space extents (the PEs) are constants.
#[derive(Clone, Debug)]
pub struct Bound {
    pub name: String,
    pub min: i64,
    pub extent: Linear,
    /// A space loop whose PEs are the lanes of vectors.
    pub vectorized: bool,
    /// A space loop whose PEs run from the last to the first in a step.
    pub descending: bool,
}

impl Bound {
    /// The extent of a space loop: a constant (verified).
    pub fn pe_extent(&self) -> i64 {
        self.extent.as_const().unwrap_or(1)
    }
}

/// What the rewrite reads off a `spacetime.array`.
pub struct ArrayInfo {
    pub loops: Vec<Bound>,
    pub time: Vec<Bound>,
    pub space: Vec<Bound>,
    /// Original indices as affine forms of the coordinates (time, space).
    pub recover: Vec<Affine>,
}

impl ArrayInfo {
    pub fn read(array: &OperationRef<'_, '_>) -> Result<Self, Failed> {
        let bounds = |prefix: &str| -> Vec<Bound> {
            let names = ir::strings(array, &format!("{prefix}loops"));
            let mins = ir::i64s(array, &format!("{prefix}mins"));
            let extents = ir::extents(array, &format!("{prefix}extents"));
            names
                .into_iter()
                .zip(mins)
                .zip(extents)
                .map(|((name, min), extent)| Bound {
                    name,
                    min,
                    extent: extent.linear(),
                    vectorized: false,
                    descending: false,
                })
                .collect()
        };
        let time = bounds("time_");
        let mut space = bounds("space_");
        let descending = ir::strings(array, "descending");
        for s in space.iter_mut() {
            s.descending = descending.contains(&s.name);
        }
        if let Some(body) = ir::body_block(array) {
            for (d, s) in space.iter_mut().enumerate() {
                s.vectorized = body
                    .argument(time.len() + d)
                    .is_ok_and(|a| crate::lanes::is_vector(Value::from(a).to_raw()));
            }
        }
        Ok(ArrayInfo {
            loops: bounds(""),
            time,
            space,
            recover: affine_map_rows(array, "recover")?,
        })
    }

    /// The lane shape: the extents of the vectorized space loops.
    pub fn lane_shape(&self) -> Vec<i64> {
        self.space
            .iter()
            .filter(|s| s.vectorized)
            .map(|s| s.pe_extent())
            .collect()
    }

    /// Each original index's range over the coordinates' box (`None` where
    /// a time extent is symbolic).
    pub fn box_ranges(&self) -> Vec<Option<(i64, i64)>> {
        let coords: Vec<Option<(i64, i64)>> = self
            .time
            .iter()
            .chain(&self.space)
            .map(|b| Some((b.min, b.min.checked_add(b.extent.as_const()?)? - 1)))
            .collect();
        self.recover
            .iter()
            .map(|row| crate::spacetime_loads::row_range(row, &coords))
            .collect()
    }
}

/// The element type of a memref type.
pub fn memref_element(ty: Type<'_>) -> Type<'_> {
    // SAFETY: a live shaped type; only queried.
    unsafe { Type::from_raw(mlir_sys::mlirShapedTypeGetElementType(ty.to_raw())) }
}

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
    // SAFETY: a valid type; the zero attribute of an int or float type.
    let attr = unsafe {
        let raw = if mlir_sys::mlirTypeIsAFloat(ty.to_raw()) {
            mlir_sys::mlirFloatAttrDoubleGet(e.context.to_raw(), ty.to_raw(), 0.0)
        } else {
            mlir_sys::mlirIntegerAttrGet(ty.to_raw(), 0)
        };
        Attribute::from_raw(raw)
    };
    // SAFETY: the type comes from the same context.
    let ty = unsafe { Type::from_raw(ty.to_raw()) };
    e.op("arith.constant", &[], &[ty], &[("value", attr)])[0]
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

/// Clones the ops of `body` at `e`, with the block arguments mapped to
/// `coords`; returns the clones. Register-file operands keep pointing to the
/// `spacetime.shift_reg` results: the rewrite looks them up in `files`.
pub fn clone_body(
    e: &Emitter<'_>,
    body: BlockRef<'_, '_>,
    coords: &[MlirValue],
    _files: &HashMap<usize, FileStorage>,
) -> Result<Vec<MlirOperation>, Failed> {
    let mut map: HashMap<usize, MlirValue> = HashMap::new();
    for (i, c) in coords.iter().enumerate() {
        let arg = body.argument(i).map_err(|_| Failed)?;
        map.insert(Value::from(arg).to_raw().ptr as usize, *c);
    }
    let mut clones = Vec::new();
    for op in ir::ops(body) {
        // SAFETY: a live op; the clone is owned by the block it is put in.
        let clone = unsafe { mlir_sys::mlirOperationClone(op.to_raw()) };
        remap(clone, &map);
        // SAFETY: the clone is detached; the block takes ownership.
        let clone_ref = unsafe { OperationRef::from_raw(clone) };
        match e.before {
            // SAFETY: the anchor is a live op of the block.
            Some(anchor) => unsafe {
                mlir_sys::mlirBlockInsertOwnedOperationBefore(e.block, anchor, clone)
            },
            // SAFETY: as above.
            None => unsafe { mlir_sys::mlirBlockAppendOwnedOperation(e.block, clone) },
        }
        for r in 0..op.result_count() {
            let old = op.result(r).map_err(|_| Failed)?.to_raw();
            let new = clone_ref.result(r).map_err(|_| Failed)?.to_raw();
            map.insert(old.ptr as usize, new);
        }
        clones.push(clone);
    }
    Ok(clones)
}

/// Replaces, in `op` and every op nested in it, operands found in `map`.
fn remap(op: MlirOperation, map: &HashMap<usize, MlirValue>) {
    // SAFETY: a live op; operands are replaced by live values.
    let op_ref = unsafe { OperationRef::from_raw(op) };
    op_ref.walk(melior::ir::operation::WalkOrder::PreOrder, |nested| {
        for i in 0..nested.operand_count() {
            let Ok(v) = nested.operand(i) else { continue };
            if let Some(new) = map.get(&(v.to_raw().ptr as usize)) {
                // SAFETY: index within the operand count; a live value.
                unsafe { mlir_sys::mlirOperationSetOperand(nested.to_raw(), i as isize, *new) };
            }
        }
        melior::ir::operation::WalkResult::Advance
    });
}

/// Every op nested in `ops` (pre-order), collected before rewriting.
fn nested_ops(ops: &[MlirOperation]) -> Vec<MlirOperation> {
    let mut all = Vec::new();
    for op in ops {
        // SAFETY: a live op.
        let op_ref = unsafe { OperationRef::from_raw(*op) };
        op_ref.walk(melior::ir::operation::WalkOrder::PreOrder, |nested| {
            all.push(nested.to_raw());
            melior::ir::operation::WalkResult::Advance
        });
    }
    all
}

/// Rewrites the `spacetime` and `ure` ops of one cloned PE body.
pub fn rewrite_pe(
    e: &Emitter<'_>,
    cloned: &[MlirOperation],
    info: &ArrayInfo,
    frame: &PeFrame<'_>,
    files: &HashMap<usize, FileStorage>,
    lowered: &Lowered<'_>,
    stamps: Option<MlirValue>,
) -> Result<(), Failed> {
    let Some(&first) = cloned.first() else {
        return Ok(());
    };
    // The original indices, computed once at the top of the PE.
    let top = e.before_op(first);
    let recovered: Vec<MlirValue> = info
        .recover
        .iter()
        .map(|row| crate::spacetime_vector::affine_lanes(&top, row, frame.coords))
        .collect();
    let ops = nested_ops(cloned);
    let guarded = crate::spacetime_loads::proven_loads(&ops, info);
    let vector_loads = crate::spacetime_vector::vector_loads(&ops, info, &guarded);
    let vector_stores = crate::spacetime_vector_output::vector_stores(&ops, info, lowered);
    for op in ops {
        // SAFETY: a live op of the clone (erased ops are not visited again).
        let op_ref = unsafe { OperationRef::from_raw(op) };
        let here = e.before_op(op).located(op_ref.location());
        match ir::name(&op_ref).as_str() {
            "spacetime.recover" if op_ref.operand_count() > 0 => {
                let at: Vec<MlirValue> = op_ref.operands().map(|v| v.to_raw()).collect();
                for (r, value) in recover_at(&here, info, &at).iter().enumerate() {
                    replace_result(&op_ref, r, *value)?;
                }
                ir::erase(op_ref);
            }
            "spacetime.scheduled" if op_ref.operand_count() > 0 => {
                let at: Vec<MlirValue> = op_ref.operands().map(|v| v.to_raw()).collect();
                let rec = recover_at(&here, info, &at);
                let mut valid = in_box(&here, &rec, &info.loops, &lowered.loop_extents);
                let ty = op_ref.result(0).map_err(|_| Failed)?.r#type();
                if let Some(shape) = crate::lanes::shape_of(ty) {
                    if !crate::lanes::is_vector(valid) {
                        valid = crate::lanes::splat(&here, valid, &shape);
                    }
                }
                replace_result(&op_ref, 0, valid)?;
                ir::erase(op_ref);
            }
            "spacetime.recover" => {
                for (r, value) in recovered.iter().enumerate() {
                    replace_result(&op_ref, r, *value)?;
                }
                ir::erase(op_ref);
            }
            "spacetime.scheduled" => {
                let mut valid = in_box(&here, &recovered, &info.loops, &lowered.loop_extents);
                let ty = op_ref.result(0).map_err(|_| Failed)?.r#type();
                if let Some(shape) = crate::lanes::shape_of(ty) {
                    valid = crate::lanes::splat(&here, valid, &shape);
                }
                replace_result(&op_ref, 0, valid)?;
                ir::erase(op_ref);
            }
            "spacetime.read" => {
                let value = crate::spacetime_registers::read(&here, &op_ref, info, frame, files)?;
                replace_result(&op_ref, 0, value)?;
                ir::erase(op_ref);
            }
            "spacetime.write" => {
                crate::spacetime_registers::write(&here, &op_ref, info, frame, files)?;
                ir::erase(op_ref);
            }
            "spacetime.output" if vector_stores.contains_key(&(op.ptr as usize)) => {
                let store = &vector_stores[&(op.ptr as usize)];
                crate::spacetime_vector_output::store_rows(
                    &here, &op_ref, store, info, &recovered, lowered, stamps,
                )?;
                ir::erase(op_ref);
            }
            "spacetime.output" => {
                crate::spacetime_output::output(&here, &op_ref, info, &recovered, lowered, stamps)?;
                ir::erase(op_ref);
            }
            "ure.load" if vector_loads.contains_key(&(op.ptr as usize)) => {
                let load = &vector_loads[&(op.ptr as usize)];
                let inside = crate::spacetime_vector::proven_inside(&op_ref, lowered, &load.ranges);
                let value = crate::spacetime_vector::load_lanes(
                    &here,
                    &op_ref,
                    lowered,
                    load.strides.as_ref(),
                    inside,
                )?;
                replace_result(&op_ref, 0, value)?;
                ir::erase(op_ref);
            }
            "ure.load" => {
                let ranges = guarded.get(&(op.ptr as usize)).cloned();
                let value = crate::spacetime_loads::load(&here, &op_ref, lowered, ranges)?;
                replace_result(&op_ref, 0, value)?;
                ir::erase(op_ref);
            }
            "channel.read_lanes" | "channel.write_lanes" => {
                crate::channel_lanes::unroll(&here, &op_ref)?;
                ir::erase(op_ref);
            }
            "ure.param_value" => {
                let name = ir::symbol(&op_ref, "param");
                let value = *lowered
                    .params
                    .get(&name)
                    .ok_or_else(|| error(op_ref.location(), format!("no ure.param @{name}")))?;
                replace_result(&op_ref, 0, value)?;
                ir::erase(op_ref);
            }
            name if !lowered.fastmath.is_empty() && is_float_arith(name) => {
                if let Some(flags) =
                    Attribute::parse(e.context, &format!("#arith.fastmath<{}>", lowered.fastmath))
                {
                    ir::set_attribute(op_ref, "fastmath", flags);
                }
            }
            _ => {}
        }
    }
    Ok(())
}

/// The original indices at the coordinates `at` (one per time and space
/// loop): the `recover` map applied to them.
pub fn recover_at(e: &Emitter<'_>, info: &ArrayInfo, at: &[MlirValue]) -> Vec<MlirValue> {
    info.recover
        .iter()
        .map(|row| crate::spacetime_vector::affine_lanes(e, row, at))
        .collect()
}

fn is_float_arith(name: &str) -> bool {
    matches!(
        name,
        "arith.addf" | "arith.subf" | "arith.mulf" | "arith.divf" | "arith.negf" | "arith.remf"
    )
}

fn replace_result(op: &OperationRef<'_, '_>, index: usize, with: MlirValue) -> Result<(), Failed> {
    let old = op.result(index).map_err(|_| Failed)?.to_raw();
    // SAFETY: both values are alive; the old one's op is erased next.
    unsafe { mlir_sys::mlirValueReplaceAllUsesOfWith(old, with) };
    Ok(())
}

/// `min <= v < min + extent` for every (value, loop); lane-wise where a
/// value is a vector.
fn in_box(
    e: &Emitter<'_>,
    values: &[MlirValue],
    loops: &[Bound],
    extents: &[MlirValue],
) -> MlirValue {
    let i1: Type = IntegerType::new(e.context, 1).into();
    let mut all = None;
    for ((v, l), extent) in values.iter().zip(loops).zip(extents) {
        let ok = in_range(e, *v, l.min, *extent);
        all = Some(match all {
            None => ok,
            Some(a) => crate::spacetime_vector::lanewise(e, "arith.andi", a, ok),
        });
    }
    all.unwrap_or_else(|| {
        let attr = IntegerAttribute::new(i1, 1).into();
        e.op("arith.constant", &[], &[i1], &[("value", attr)])[0]
    })
}

/// `min <= value < min + extent`, lane-wise on a vector.
pub(crate) fn in_range(
    e: &Emitter<'_>,
    value: MlirValue,
    min: i64,
    extent: MlirValue,
) -> MlirValue {
    use crate::spacetime_vector::{cmpi_lanes, lanewise};
    let lo = cmpi_lanes(e, 5, value, e.index(min)); // sge
    let end = if min == 0 {
        extent
    } else {
        e.add(e.index(min), extent)
    };
    let hi = cmpi_lanes(e, 2, value, end); // slt
    lanewise(e, "arith.andi", lo, hi)
}
