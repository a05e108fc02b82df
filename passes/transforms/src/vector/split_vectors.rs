//! `split-vectors`: every vector whose shape the target lacks (two or more
//! dimensions, or a lane count not among `widths`) becomes the row-major
//! list of its pieces, 1-D vectors of the widest width dividing its rows, or
//! scalars where none does (`split_lanes.rs`). Elementwise `arith` and
//! `math` ops apply piece by piece; `vector` ops that move lanes (broadcast,
//! shape_cast, extract, insert, from_elements, shuffle, transpose) pick
//! each piece's lanes with `vector.shuffle`, `vector.extract` or
//! `vector.from_elements`; buffers of such vectors get one more dimension,
//! the piece (`split_memory.rs`); a `vector.reduction` goes lane by lane in
//! lane order, as the serial order it stands for (vectorize's lane
//! reductions) needs. What has no rule (a split vector crossing a region
//! boundary, a call) is a located error.
//!
//! OpenCL's SPIR-V has vectors of 2, 3, 4, 8 and 16 lanes of one
//! dimension, so `t2s-*-to-spirv` run this before outlining the kernel: a
//! 2-D vectorized PE array (`vector<8x8xf32>`) becomes eight `vector<8xf32>`
//! rows. Upstream's unrolling serves the same end but is only reachable
//! through test passes, and it unrolls to at most four lanes.

use crate::vector::split_vectors::lanes::{block_argument_error, buffer_element, Lane, Splitter};
use crate::vector::split_vectors::memory as split_memory;
use melior::dialect::arith;
use melior::ir::{
    block::BlockLike,
    operation::{OperationLike, OperationRef, WalkOrder, WalkResult},
    Attribute, RegionLike, Type, Value, ValueLike,
};
use melior::Context;
use t2s_ir::diag::error;
use t2s_ir::emit::Emitter;
use t2s_ir::handle::{AsOp, AsVal, Op, Val};
use t2s_ir::ir;
use t2s_ir::ir::BlockAccess;
use t2s_ir::ir::{operand, result};
use t2s_ir::lanes::{count, element_of, flatten, shape_of, type_of, unflatten};
use t2s_ir::ods;
use t2s_ir::pass::{Anchor, Failed};

t2s_ir::declare_pass! {
    /// Split vectors of shapes the target lacks (n-D, or lane counts not in
    /// `widths`) into 1-D pieces of the widest width dividing their rows
    /// (scalars if none): elementwise ops piece by piece, lane moves by
    /// shuffles, buffers of such vectors with one more dimension; reductions
    /// lane by lane in lane order
    pub static PASS = "split-vectors" (SplitVectors)
        on Anchor::Any, creates ["vector", "arith", "memref"],
        run run;
    options Options {
        /// The 1-D vector widths the target has (OpenCL SPIR-V: 2, 3, 4, 8, 16)
        widths: Vec<i64> = ("widths", "16,8,4,3,2"),
    }
}

fn run(root: OperationRef<'_, '_>, options: &Options) -> Result<(), Failed> {
    let context_ref = root.context();
    // SAFETY: the context outlives the pass run.
    let context: &Context = unsafe { context_ref.to_ref() };
    let mut widths = Vec::new();
    let listed = if options.widths.is_empty() {
        vec![16, 8, 4, 3, 2]
    } else {
        options.widths.clone()
    };
    for w in listed {
        if !(2..=64).contains(&w) {
            return Err(error(
                root.location(),
                format!("split-vectors: width {w} is not a vector width (2 to 64 lanes)"),
            ));
        }
        widths.push(w as usize);
    }
    let mut splitter = Splitter::new(context, widths);
    // A masked or indexed access of a vector the target lacks has no
    // pieces that keep its promise in one op: it goes lane by lane, whose
    // extracts and inserts split below.
    crate::vector::unmask::unmask_where(context, root, |op| involves_split(&splitter, op))?;
    let mut buffers = split_memory::Buffers::default();
    let mut ops: Vec<Op> = Vec::new();
    root.walk(WalkOrder::PreOrder, |op| {
        if op.handle() != root.handle() {
            ops.push(op.handle());
        }
        WalkResult::Advance
    });
    let mut dead = Vec::new();
    for raw in ops {
        let op = raw.op();
        if !in_lane_order(&op) && !involves_split(&splitter, &op) {
            continue;
        }
        check_types(&op).map_err(|why| error(op.location(), why))?;
        let e = Emitter::before(context, op);
        split_op(&mut splitter, &mut buffers, &e, &op).map_err(|why| error(op.location(), why))?;
        dead.push(raw);
    }
    for raw in dead.into_iter().rev() {
        // SAFETY: every use of a replaced op was replaced before it.
        // SAFETY: the op has no uses left, and nothing refers to it after this.
        unsafe { ir::erase(raw.op()) };
    }
    Ok(())
}

/// Whether `op` takes, yields or binds a vector (or a buffer of vectors)
/// the target lacks.
fn involves_split(splitter: &Splitter<'_>, op: &OperationRef<'_, '_>) -> bool {
    let odd = |ty: Type| splitter.is_illegal(ty) || splitter.is_illegal_buffer(ty);
    op.operands().any(|v| odd(v.r#type()))
        || op.results().any(|v| odd(v.r#type()))
        || region_argument_types(op).into_iter().any(odd)
}

/// The types of the block arguments of `op`'s regions.
fn region_argument_types<'c>(op: &OperationRef<'c, '_>) -> Vec<Type<'c>> {
    let mut types = Vec::new();
    for region in op.regions() {
        let mut block = region.first_block();
        while let Some(b) = block {
            types.extend(
                (0..b.argument_count())
                    .filter_map(|i| b.argument_at(i))
                    .map(|a| Value::from(a).r#type()),
            );
            block = b.next_in_region();
        }
    }
    types
}

/// Vectors longer than this are an error rather than thousands of pieces.
const MAX_LANES: usize = 1 << 16;

/// Scalable vectors have no fixed lanes to split; very long ones would
/// flood the IR.
fn check_types(op: &OperationRef<'_, '_>) -> Result<(), String> {
    for ty in op
        .operands()
        .map(|v| v.r#type())
        .chain(op.results().map(|v| v.r#type()))
    {
        let vector = buffer_element(ty).unwrap_or(ty);
        if t2s_ir::types::is_vector(vector) {
            if t2s_ir::types::is_scalable(vector) {
                return Err(format!(
                    "'{}' takes or yields the scalable {vector}, which split-vectors cannot split (its lane count is not fixed)",
                    ir::name(op)
                ));
            }
            let lanes = shape_of(vector).map_or(0, |s| count(&s));
            if lanes > MAX_LANES {
                return Err(format!(
                    "'{}' takes or yields {vector} of {lanes} lanes; split-vectors splits vectors of at most {MAX_LANES} lanes",
                    ir::name(op)
                ));
            }
        }
    }
    Ok(())
}

/// Rewrites `op` on pieces before it; its results are recorded as splits
/// or replaced, and `op` is left for erasure.
fn split_op<'c>(
    splitter: &mut Splitter<'c>,
    buffers: &mut split_memory::Buffers,
    e: &Emitter<'c>,
    op: &OperationRef<'c, '_>,
) -> Result<(), String> {
    let name = ir::name(op);
    if split_memory::handles(&name) {
        return split_memory::split(splitter, buffers, e, op);
    }
    t2s_ir::op_match!(name, {
        ods::arith::ConstantOperation => constant(splitter, e, op),
        ods::ub::PoisonOperation => poison(splitter, e, op),
        ods::vector::BroadcastOperation => broadcast(splitter, e, op),
        ods::vector::ShapeCastOperation => {
            let lanes = lanes(splitter, operand(op, 0))?;
            finish(splitter, e, op, &lanes)
        },
        ods::vector::FromElementsOperation => {
            let lanes: Vec<Lane> = op.operands().map(|v| Lane::Scalar(v.val())).collect();
            finish(splitter, e, op, &lanes)
        },
        ods::vector::ExtractOperation => extract(splitter, e, op),
        ods::vector::InsertOperation => insert(splitter, e, op),
        ods::vector::ShuffleOperation => shuffle(splitter, e, op),
        ods::vector::TransposeOperation => transpose(splitter, e, op),
        ods::vector::ReductionOperation => reduction(splitter, e, op),
        _ => if is_elementwise(&name) { elementwise(splitter, e, op) } else { Err(no_rule(op)) },
    })
}

fn no_rule(op: &OperationRef<'_, '_>) -> String {
    let name = ir::name(op);
    let typed = op
        .operands()
        .map(|v| v.r#type())
        .chain(op.results().map(|v| v.r#type()))
        .find(|t| shape_of(*t).is_some() || buffer_element(*t).is_some());
    match typed {
        Some(ty) => format!(
            "'{name}' takes or yields {ty}, which has no form on the target, and split-vectors has no rule to split it (it splits elementwise arith and math ops, vector lane moves, and loads, stores and allocations of buffers)"
        ),
        None => format!(
            "'{name}' has a block argument of {}, which has no form on the target; split-vectors splits the values ops make, not block arguments (function arguments, loop-carried values): pass vectors of the target's widths and buffers of scalars",
            block_argument_type(op).unwrap_or_else(|| "a vector".into())
        ),
    }
}

/// The type of the first block argument of `op`'s regions that is a vector
/// (or a buffer of vectors).
fn block_argument_type(op: &OperationRef<'_, '_>) -> Option<String> {
    region_argument_types(op)
        .into_iter()
        .find(|ty| {
            shape_of(*ty)
                .or_else(|| buffer_element(*ty).and_then(shape_of))
                .is_some()
        })
        .map(|ty| ty.to_string())
}

fn is_elementwise(name: &str) -> bool {
    (name.starts_with("arith.") && name != ods::arith::ConstantOperation::name())
        || name.starts_with("math.")
        || name == ods::vector::FMAOperation::name()
}

/// The lanes of a vector operand, or why it cannot be split.
pub(crate) fn lanes(splitter: &Splitter<'_>, value: Val) -> Result<Vec<Lane>, String> {
    splitter
        .lanes(value)
        .ok_or_else(|| block_argument_error(value))
}

/// Makes `op`'s single result of `lanes`: recorded as a split, or replacing
/// its uses.
fn finish<'c>(
    splitter: &mut Splitter<'c>,
    e: &Emitter<'c>,
    op: &OperationRef<'c, '_>,
    lanes: &[Lane],
) -> Result<(), String> {
    let old = result(op);
    if let Some(new) = splitter.produce(e, old, lanes) {
        old.replace_all_uses_with(new);
    }
    Ok(())
}

fn constant<'c>(
    splitter: &mut Splitter<'c>,
    e: &Emitter<'c>,
    op: &OperationRef<'c, '_>,
) -> Result<(), String> {
    let value = op.attribute("value").map_err(|_| no_rule(op))?;
    let ty = type_of(result(op));
    let shape = shape_of(ty).ok_or_else(|| no_rule(op))?;
    let elements: Vec<Attribute> = {
        t2s_ir::types::dense_elements(value, &shape)
            .ok_or_else(|| format!("the constant {value} is not a dense vector"))?
    };
    let pieces = splitter.constant(e, &shape, element_of(ty), &elements);
    splitter.record(result(op), shape, pieces);
    Ok(())
}

fn poison<'c>(
    splitter: &mut Splitter<'c>,
    e: &Emitter<'c>,
    op: &OperationRef<'c, '_>,
) -> Result<(), String> {
    let ty = type_of(result(op));
    let shape = shape_of(ty).ok_or_else(|| no_rule(op))?;
    let piece_type = splitter.piece_type(&shape, element_of(ty));
    let piece = e.result_of(
        ods::ub::PoisonOperation::builder(e.context, e.location)
            .result(piece_type)
            .build()
            .into(),
    );
    splitter.record_uniform(result(op), shape, piece);
    Ok(())
}

/// A scalar source is one broadcast piece for all; a vector source's lanes
/// align with the result's trailing dimensions, its unit dimensions
/// stretched.
fn broadcast<'c>(
    splitter: &mut Splitter<'c>,
    e: &Emitter<'c>,
    op: &OperationRef<'c, '_>,
) -> Result<(), String> {
    let source = operand(op, 0);
    let ty = type_of(result(op));
    let shape = shape_of(ty).ok_or_else(|| no_rule(op))?;
    let Some(source_shape) = shape_of(type_of(source)) else {
        let piece_type = splitter.piece_type(&shape, element_of(ty));
        let piece = if shape_of(piece_type).is_some() {
            e.broadcast(source, piece_type)
        } else {
            source
        };
        splitter.record_uniform(result(op), shape, piece);
        return Ok(());
    };
    let skip = shape.len() - source_shape.len();
    let at = |coords: &[i64]| -> Vec<i64> {
        coords[skip..]
            .iter()
            .zip(&source_shape)
            .map(|(c, n)| if *n == 1 { 0 } else { *c })
            .collect()
    };
    let mapped = remap(splitter, source, &source_shape, &shape, at)?;
    finish(splitter, e, op, &mapped)
}

/// The static position of an extract or insert, or why it has none.
fn position(op: &OperationRef<'_, '_>) -> Result<Vec<i64>, String> {
    let position = ir::i64s(op, "static_position");
    if position.contains(&i64::MIN) {
        return Err(format!(
            "'{}' at a dynamic position of a vector the target lacks: split-vectors needs static positions",
            ir::name(op)
        ));
    }
    Ok(position)
}

/// The first lane and the lane count of the sub-vector at `position`.
fn span(shape: &[i64], position: &[i64]) -> (usize, usize) {
    let mut coords = position.to_vec();
    coords.resize(shape.len(), 0);
    (flatten(shape, &coords), count(&shape[position.len()..]))
}

fn extract<'c>(
    splitter: &mut Splitter<'c>,
    e: &Emitter<'c>,
    op: &OperationRef<'c, '_>,
) -> Result<(), String> {
    let source = operand(op, 0);
    let shape = shape_of(type_of(source)).ok_or_else(|| no_rule(op))?;
    let (first, n) = span(&shape, &position(op)?);
    let from = lanes(splitter, source)?;
    finish(splitter, e, op, &from[first..first + n])
}

fn insert<'c>(
    splitter: &mut Splitter<'c>,
    e: &Emitter<'c>,
    op: &OperationRef<'c, '_>,
) -> Result<(), String> {
    let value = operand(op, 0);
    let dest = operand(op, 1);
    let shape = shape_of(type_of(dest)).ok_or_else(|| no_rule(op))?;
    let (first, n) = span(&shape, &position(op)?);
    let mut into = lanes(splitter, dest)?;
    let value_lanes = match shape_of(type_of(value)) {
        Some(_) => lanes(splitter, value)?,
        None => vec![Lane::Scalar(value)],
    };
    into[first..first + n].copy_from_slice(&value_lanes[..n]);
    finish(splitter, e, op, &into)
}

fn shuffle<'c>(
    splitter: &mut Splitter<'c>,
    e: &Emitter<'c>,
    op: &OperationRef<'c, '_>,
) -> Result<(), String> {
    let both = [
        lanes(splitter, operand(op, 0))?,
        lanes(splitter, operand(op, 1))?,
    ]
    .concat();
    let mapped: Vec<Lane> = ir::i64s(op, "mask")
        .iter()
        // A poison position (-1) may take any lane.
        .map(|m| both[usize::try_from(*m).unwrap_or(0)])
        .collect();
    finish(splitter, e, op, &mapped)
}

fn transpose<'c>(
    splitter: &mut Splitter<'c>,
    e: &Emitter<'c>,
    op: &OperationRef<'c, '_>,
) -> Result<(), String> {
    let source = operand(op, 0);
    let source_shape = shape_of(type_of(source)).ok_or_else(|| no_rule(op))?;
    let shape = shape_of(type_of(result(op))).ok_or_else(|| no_rule(op))?;
    let permutation = ir::i64s(op, "permutation");
    let at = |coords: &[i64]| -> Vec<i64> {
        let mut at = vec![0; source_shape.len()];
        for (i, p) in permutation.iter().enumerate() {
            at[*p as usize] = coords[i];
        }
        at
    };
    let mapped = remap(splitter, source, &source_shape, &shape, at)?;
    finish(splitter, e, op, &mapped)
}

/// The lanes of a vector of `shape` whose lane at coordinates `c` is the
/// lane of `source` (of `source_shape`) at coordinates `at(c)`.
fn remap(
    splitter: &Splitter<'_>,
    source: Val,
    source_shape: &[i64],
    shape: &[i64],
    at: impl Fn(&[i64]) -> Vec<i64>,
) -> Result<Vec<Lane>, String> {
    let from = lanes(splitter, source)?;
    Ok((0..count(shape))
        .map(|f| from[flatten(source_shape, &at(&unflatten(shape, f)))])
        .collect())
}

/// A reduction in lane order, lane by lane from its accumulator: OpenCL's
/// SPIR-V has no ordered reduction (upstream's conversion takes a dot
/// product with ones and adds the accumulator last), and `t2s-systolic-to-
/// spirv`'s lane reductions (vectorize) promise the serial order.
fn reduction<'c>(
    splitter: &mut Splitter<'c>,
    e: &Emitter<'c>,
    op: &OperationRef<'c, '_>,
) -> Result<(), String> {
    let source = operand(op, 0);
    let shape = shape_of(type_of(source)).ok_or_else(|| no_rule(op))?;
    let scalars: Vec<Val> = match splitter.lanes(source) {
        Some(lanes) => lanes.iter().map(|l| lane_value(e, *l)).collect(),
        None => (0..count(&shape))
            .map(|l| e.vector_extract(source, &unflatten(&shape, l)))
            .collect(),
    };
    let kind = t2s_ir::ops::vector::reduction_kind(op).unwrap_or_default();
    let kind = kind.as_str();
    let float = t2s_ir::types::is_float(element_of(type_of(source)));
    let combine = |x: Val, y: Val| -> Option<Val> {
        let (x, y, at) = (x.value(), y.value(), e.location);
        Some(e.result_of(match (kind, float) {
            ("add", true) => arith::addf(x, y, at),
            ("add", false) => arith::addi(x, y, at),
            ("mul", true) => arith::mulf(x, y, at),
            ("mul", false) => arith::muli(x, y, at),
            ("and", false) => arith::andi(x, y, at),
            ("or", false) => arith::ori(x, y, at),
            ("xor", false) => arith::xori(x, y, at),
            ("minsi", false) => arith::minsi(x, y, at),
            ("maxsi", false) => arith::maxsi(x, y, at),
            ("minui", false) => arith::minui(x, y, at),
            ("maxui", false) => arith::maxui(x, y, at),
            _ => return None,
        }))
    };
    let mut lanes = scalars.into_iter();
    let first = match op.operand_count() > 1 {
        true => operand(op, 1),
        false => lanes.next().ok_or_else(|| no_rule(op))?,
    };
    let mut value = first;
    for lane in lanes {
        value = combine(value, lane).ok_or_else(|| {
            format!(
                "'vector.reduction' <{kind}> of {}, which has no form on the target: split-vectors expands a reduction lane by lane only for add and mul of floats and the integer kinds",
                type_of(source)
            )
        })?;
    }
    result(op).replace_all_uses_with(value);
    Ok(())
}

/// The `vector.reduction` kinds expanded lane by lane, vectors of the
/// target's widths included: integer kinds, and float `add` and `mul`,
/// whose order matters.
const LANE_ORDER_KINDS: [&str; 9] = [
    "add", "mul", "and", "or", "xor", "minsi", "maxsi", "minui", "maxui",
];

/// Whether `op` is a `vector.reduction` this pass expands in lane order;
/// another kind of a legal width is left to the target's conversion.
fn in_lane_order(op: &OperationRef<'_, '_>) -> bool {
    let Some(kind) = t2s_ir::ops::vector::reduction_kind(op) else {
        return false;
    };
    let float = op
        .operand(0)
        .is_ok_and(|v| t2s_ir::types::is_float(element_of(v.r#type())));
    LANE_ORDER_KINDS.contains(&kind.as_str()) && (!float || kind == "add" || kind == "mul")
}

/// One lane as a scalar value.
fn lane_value(e: &Emitter<'_>, lane: Lane) -> Val {
    match lane {
        Lane::Scalar(v) => v,
        Lane::In(piece, i) if shape_of(type_of(piece)).is_some() => {
            e.vector_extract(piece, &[i as i64])
        }
        Lane::In(piece, _) => piece,
    }
}

/// An elementwise op applied to each piece: vector operands by their
/// pieces, scalar operands (a select's condition) as they are.
fn elementwise<'c>(
    splitter: &mut Splitter<'c>,
    e: &Emitter<'c>,
    op: &OperationRef<'c, '_>,
) -> Result<(), String> {
    let ty = type_of(result(op));
    let shape = shape_of(ty).ok_or_else(|| no_rule(op))?;
    let width = splitter.width(&shape);
    let pieces = count(&shape) / width;
    let mut operands: Vec<Vec<Val>> = Vec::new();
    for v in op.operands() {
        let v = v.val();
        if shape_of(type_of(v)).is_none() {
            operands.push(vec![v; pieces]);
            continue;
        }
        let split = splitter
            .pieces(e, v)
            .ok_or_else(|| block_argument_error(v))?;
        if split.shape != shape {
            return Err(no_rule(op));
        }
        operands.push(split.pieces);
    }
    let result_types: Vec<Type<'c>> = op
        .results()
        .map(|r| splitter.piece_type(&shape, element_of(r.r#type())))
        .collect();
    let mut results: Vec<Vec<Val>> = vec![Vec::new(); op.result_count()];
    for k in 0..pieces {
        let args: Vec<Val> = operands.iter().map(|o| o[k]).collect();
        for (i, r) in e.same_op(op, &args, &result_types).into_iter().enumerate() {
            results[i].push(r);
        }
    }
    for (i, pieces) in results.into_iter().enumerate() {
        let old = op.result(i).map_err(|_| no_rule(op))?.val();
        splitter.record(old, shape.clone(), pieces);
    }
    Ok(())
}

pub mod lanes;

pub mod memory;
