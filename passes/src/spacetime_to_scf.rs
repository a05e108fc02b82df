//! `spacetime-to-scf`: lowers each systolic array (`spacetime.array`) to a
//! `func.func` that runs the array step by step: `scf.for` time loops (with
//! the array's exact bounds) around the PE loops (`scf.for` marked
//! `spacetime.unrolled`).
//!
//! Every register file is a rotating buffer of `slots` registers per PE: at
//! flattened step `t` a PE writes slot `t mod slots`, and a read at time
//! distance `x` takes slot `(t - x) mod slots` of the producing PE. That is
//! the shift of `spacetime.shift` without moving data. Writes of one step go
//! to a slot no pending read needs, since every distance is below `slots`.
//! PEs run in increasing index order inside a step, which orders the
//! same-step reads of the dataflow form (their space distances are
//! non-negative).

use crate::diag::error;
use crate::emit::Emitter;
use crate::extract::{affine_map_rows, extract_program, find_nest};
use crate::ir;
use crate::registry::{Failed, PassDef, PassOptions};
use crate::ure_to_scf::{affine_value, create_function, emit_body, EMIT_C_INTERFACE};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::ValueLike;
use mlir_sys::MlirValue;
use t2s_model::interpret::zero_value;
use t2s_model::{Affine, Program};

pub static PASS: PassDef = PassDef {
    argument: "spacetime-to-scf",
    name: "SpacetimeToScf",
    description: "Lower systolic arrays (spacetime.array) to scf time loops around PE loops with rotating register files",
    anchor: "",
    options: &[EMIT_C_INTERFACE],
    dependent_dialects: &["func", "scf", "arith", "memref"],
    run,
};

fn run(root: OperationRef<'_, '_>, options: &PassOptions) -> Result<(), Failed> {
    let c_interface = options.bool("emit-c-interface");
    ir::for_each_program(root, |program| lower_program(program, c_interface))
}

/// A loop of the array: its name and constant bounds.
struct Bound {
    name: String,
    min: i64,
    extent: i64,
}

fn bounds(op: &OperationRef<'_, '_>, prefix: &str) -> Vec<Bound> {
    let names = ir::strings(op, &format!("{prefix}loops"));
    let mins = ir::i64s(op, &format!("{prefix}mins"));
    let extents = ir::extents(op, &format!("{prefix}extents"));
    names
        .into_iter()
        .zip(mins)
        .zip(extents)
        .map(|((name, min), extent)| Bound {
            name,
            min,
            extent: match extent {
                ir::ExtentAttr::Const(c) => c,
                ir::ExtentAttr::Param(_) => 0,
            },
        })
        .collect()
}

/// One register file: the buffer of one result of one Func.
struct RegisterFile {
    func: usize,
    result: usize,
    buffer: MlirValue,
    slots: i64,
}

/// Everything a PE needs to compute at one step.
struct Array<'p> {
    model: &'p Program,
    loops: Vec<Bound>,
    time: Vec<Bound>,
    space: Vec<Bound>,
    /// Time coordinates as linear forms of the original indices.
    schedule: Vec<Affine>,
    /// Original indices as linear forms of the coordinates (time, space).
    recover: Vec<Affine>,
    strides: Vec<i64>,
    check_time: bool,
    files: Vec<RegisterFile>,
    /// For an output that drops loops (written at several points): the
    /// loop-order rank of the point that last wrote each element.
    stamps: Option<MlirValue>,
}

impl Array<'_> {
    fn file(&self, func: usize, result: usize) -> Option<&RegisterFile> {
        self.files
            .iter()
            .find(|f| f.func == func && f.result == result)
    }

    /// Flattened time distance and space distance of a read at `distance`
    /// (over the original loops).
    fn distances(&self, distance: &[i64]) -> (i64, Vec<i64>) {
        let flattened = self
            .schedule
            .iter()
            .zip(&self.strides)
            .map(|(row, stride)| {
                stride * row.terms.iter().map(|&(v, c)| c * distance[v]).sum::<i64>()
            })
            .sum();
        let space = self
            .space
            .iter()
            .map(|s| {
                self.loops
                    .iter()
                    .position(|l| l.name == s.name)
                    .map_or(0, |v| distance[v])
            })
            .collect();
        (flattened, space)
    }
}

fn lower_program(program: OperationRef<'_, '_>, c_interface: bool) -> Result<(), Failed> {
    let Some(array_op) = find_nest(&program).filter(|op| ir::name(op) == "spacetime.array") else {
        return Err(error(
            program.location(),
            "program has no spacetime.array; run space-time-transform first",
        ));
    };
    let model = extract_program(program)?;
    let context_ref = program.context();
    // SAFETY: the context outlives the pass run; `context_ref` outlives the borrow.
    let context = unsafe { context_ref.to_ref() };
    let location = array_op.location();
    let function = create_function(program, &model, c_interface)?;
    let e = Emitter::new(context, location, function.entry);

    let time = bounds(&array_op, "time_");
    let mut strides = vec![0; time.len()];
    let mut stride = 1;
    for (c, t) in time.iter().enumerate().rev() {
        strides[c] = stride;
        stride *= t.extent;
    }
    let mut array = Array {
        model: &model,
        loops: bounds(&array_op, ""),
        space: bounds(&array_op, "space_"),
        time,
        schedule: affine_map_rows(&array_op, "schedule")?,
        recover: affine_map_rows(&array_op, "recover")?,
        strides,
        check_time: array_op.has_attribute("check_time"),
        files: Vec::new(),
        stamps: None,
    };
    array.files = allocate_files(&e, &array_op, &model)?;
    array.stamps = allocate_stamps(&e, &array);

    zero_outputs(&e, &array, &function.outputs);
    // Time loops, outermost first, then the flattened step.
    let mut block = e.block;
    let mut time_ivs = Vec::new();
    let mut bodies = Vec::new();
    for t in &array.time {
        let at = e.at(block);
        let (body, iv) = at.for_loop(at.index(t.min), at.index(t.min + t.extent));
        time_ivs.push(iv);
        bodies.push(body);
        block = body;
    }
    let step_emitter = e.at(block);
    let mut step = step_emitter.index(0);
    for ((iv, t), stride) in time_ivs.iter().zip(&array.time).zip(&array.strides) {
        let offset = step_emitter.sub(*iv, step_emitter.index(t.min));
        step = step_emitter.add(step, step_emitter.mul(offset, step_emitter.index(*stride)));
    }
    // PE loops.
    let mut space_ivs = Vec::new();
    for s in &array.space {
        let at = e.at(block);
        let (body, iv) = at.for_loop(at.index(s.min), at.index(s.min + s.extent));
        at.mark_parent(body, "spacetime.unrolled");
        space_ivs.push(iv);
        bodies.push(body);
        block = body;
    }
    emit_pe(
        &e.at(block),
        &array,
        &time_ivs,
        &space_ivs,
        step,
        &function.inputs,
        &function.outputs,
        &function.params,
    );
    for body in bodies.iter().rev() {
        e.finish_scf_block(*body);
    }
    for buffer in array.files.iter().map(|f| f.buffer).chain(array.stamps) {
        e.op("memref.dealloc", &[buffer], &[], &[]);
    }
    e.op("func.return", &[], &[], &[]);
    ir::erase(program);
    Ok(())
}

/// One buffer per `spacetime.shift_reg`, named after the Func (and result).
fn allocate_files(
    e: &Emitter<'_>,
    array_op: &OperationRef<'_, '_>,
    model: &Program,
) -> Result<Vec<RegisterFile>, Failed> {
    let segments =
        melior::ir::Attribute::parse(e.context, "array<i32: 0, 0>").expect("valid segment sizes");
    let mut files = Vec::new();
    for op in ir::body_ops(array_op, 0) {
        if ir::name(&op) != "spacetime.shift_reg" {
            continue;
        }
        let name = op
            .attribute("name")
            .ok()
            .and_then(|a| melior::ir::attribute::StringAttribute::try_from(a).ok())
            .map(|s| s.value().to_string())
            .unwrap_or_default();
        let (func_name, result) = match name.rsplit_once('.') {
            Some((f, r)) if r.parse::<usize>().is_ok() => (f.to_string(), r.parse().unwrap_or(0)),
            _ => (name.clone(), 0),
        };
        let Some(func) = model.funcs.iter().position(|f| f.name == func_name) else {
            return Err(error(
                op.location(),
                format!("register file '{name}' names no Func of the array"),
            ));
        };
        let ty = op.result(0).map_err(|_| Failed)?.r#type();
        let Some((_, shape)) = crate::extract::memref_shape(ty) else {
            return Err(error(op.location(), "register file type is not a memref"));
        };
        let slots = shape.last().copied().flatten().unwrap_or(1);
        let buffer = e.op(
            "memref.alloc",
            &[],
            &[ty],
            &[("operandSegmentSizes", segments)],
        )[0];
        files.push(RegisterFile {
            func,
            result,
            buffer,
            slots,
        });
    }
    Ok(files)
}

/// The systolic order of the steps differs from the loop order, so when an
/// output element is written at several points ("last write wins" for an
/// extended URE), each write is kept only if its point comes later in loop
/// order than the point that wrote the element before.
fn allocate_stamps(e: &Emitter<'_>, array: &Array<'_>) -> Option<MlirValue> {
    let output = array.model.output();
    if output.lhs.len() == output.vars.len() {
        return None;
    }
    let shape: Vec<Option<i64>> = output
        .lhs
        .iter()
        .map(|&p| {
            Some(array.loops[array.model.loop_index(&output.vars[p]).expect("verified")].extent)
        })
        .collect();
    let ty = e.memref_type(t2s_model::ScalarType::Index, &shape);
    let segments =
        melior::ir::Attribute::parse(e.context, "array<i32: 0, 0>").expect("valid segment sizes");
    Some(
        e.op(
            "memref.alloc",
            &[],
            &[ty],
            &[("operandSegmentSizes", segments)],
        )[0],
    )
}

/// The rank of the current point in the original loop order (row-major).
fn loop_order_rank(e: &Emitter<'_>, array: &Array<'_>, original: &[MlirValue]) -> MlirValue {
    let mut rank = e.index(0);
    for (value, l) in original.iter().zip(&array.loops) {
        let offset = e.sub(*value, e.index(l.min));
        rank = e.add(e.mul(rank, e.index(l.extent)), offset);
    }
    rank
}

/// Zero outputs (as in the interpreter) and no writer yet for any element.
fn zero_outputs(e: &Emitter<'_>, array: &Array<'_>, outputs: &[MlirValue]) {
    let model = array.model;
    let output = model.output();
    let extents: Vec<MlirValue> = output
        .lhs
        .iter()
        .map(|&p| e.index(array.loops[model.loop_index(&output.vars[p]).expect("verified")].extent))
        .collect();
    let mut fills: Vec<_> = outputs
        .iter()
        .zip(&output.result_types)
        .map(|(buffer, ty)| (*buffer, zero_value(*ty), *ty))
        .collect();
    if let Some(stamps) = array.stamps {
        fills.push((
            stamps,
            t2s_model::Value::Int(-1),
            t2s_model::ScalarType::Index,
        ));
    }
    e.fill(&extents, &fills);
}

/// `min <= value < min + extent`.
fn in_range(e: &Emitter<'_>, value: MlirValue, min: i64, extent: i64) -> MlirValue {
    let i1 = e.scalar_type(t2s_model::ScalarType::Int(1));
    let pred = |code: i64| {
        let i64_type = melior::ir::r#type::IntegerType::new(e.context, 64).into();
        melior::ir::attribute::IntegerAttribute::new(i64_type, code).into()
    };
    // arith.cmpi predicates: sge = 5, slt = 2.
    let lo = e.op(
        "arith.cmpi",
        &[value, e.index(min)],
        &[i1],
        &[("predicate", pred(5))],
    )[0];
    let hi = e.op(
        "arith.cmpi",
        &[value, e.index(min + extent)],
        &[i1],
        &[("predicate", pred(2))],
    )[0];
    e.op1("arith.andi", &[lo, hi], i1)
}

/// `a > b` on indices.
fn in_order(e: &Emitter<'_>, a: MlirValue, b: MlirValue) -> MlirValue {
    let i1 = e.scalar_type(t2s_model::ScalarType::Int(1));
    let i64_type = melior::ir::r#type::IntegerType::new(e.context, 64).into();
    // arith.cmpi predicate sgt = 4.
    let pred = melior::ir::attribute::IntegerAttribute::new(i64_type, 4).into();
    e.op("arith.cmpi", &[a, b], &[i1], &[("predicate", pred)])[0]
}

/// The computation of one PE at one step.
#[allow(clippy::too_many_arguments)]
fn emit_pe(
    e: &Emitter<'_>,
    array: &Array<'_>,
    time_ivs: &[MlirValue],
    space_ivs: &[MlirValue],
    step: MlirValue,
    inputs: &[MlirValue],
    outputs: &[MlirValue],
    params: &[MlirValue],
) {
    let model = array.model;
    let coords: Vec<MlirValue> = time_ivs.iter().chain(space_ivs).copied().collect();
    let original: Vec<MlirValue> = array
        .recover
        .iter()
        .map(|row| affine_value(e, row, &coords))
        .collect();
    let mut valid = None;
    for (value, l) in original.iter().zip(&array.loops) {
        let ok = in_range(e, *value, l.min, l.extent);
        valid = Some(match valid {
            None => ok,
            Some(v) => e.op1(
                "arith.andi",
                &[v, ok],
                e.scalar_type(t2s_model::ScalarType::Int(1)),
            ),
        });
    }
    let valid = valid
        .unwrap_or_else(|| e.constant(t2s_model::Value::Int(-1), t2s_model::ScalarType::Int(1)));
    let (pe, pe_block) = if array.check_time {
        let block = e.if_then(valid);
        (e.at(block), Some(block))
    } else {
        (*e, None)
    };
    let pe_index: Vec<MlirValue> = space_ivs
        .iter()
        .zip(&array.space)
        .map(|(iv, s)| pe.sub(*iv, pe.index(s.min)))
        .collect();

    let last = model.funcs.len() - 1;
    for (index, func) in model.funcs.iter().enumerate() {
        let args: Vec<MlirValue> = func
            .vars
            .iter()
            .map(|v| original[model.loop_index(v).expect("verified")])
            .collect();
        let read =
            |e: &Emitter<'_>, callee: usize, result: usize, indices: &[Affine], _: &[MlirValue]| {
                let target = &model.funcs[callee];
                let mut distance = vec![0; model.loops.len()];
                for (affine, &p) in indices.iter().zip(&target.lhs) {
                    if let Some(l) = model.loop_index(&target.vars[p]) {
                        distance[l] = -affine.constant;
                    }
                }
                let (flattened, space) = array.distances(&distance);
                let file = array
                    .file(callee, result)
                    .expect("every read Func has a register file");
                let mut idx: Vec<MlirValue> = pe_index
                    .iter()
                    .zip(&space)
                    .zip(&array.space)
                    .map(|((p, d), s)| {
                        let at = e.sub(*p, e.index(*d));
                        e.clamp(at, e.index(0), e.index(s.extent - 1))
                    })
                    .collect();
                let back = e.add(e.sub(step, e.index(flattened)), e.index(file.slots));
                idx.push(e.op1("arith.remsi", &[back, e.index(file.slots)], e.index_type()));
                let ty = e.scalar_type(target.result_types[result]);
                e.load(file.buffer, &idx, ty)
            };
        let body = emit_body(&pe, model, func, &args, params, inputs, &read);
        let mut conditions = Vec::new();
        if let Some(g) = body.guard {
            conditions.push(g);
        }
        if index == last && !array.check_time {
            conditions.push(valid);
        }
        let (mut s, mut blocks) = open_conditions(&pe, &conditions);
        if index == last {
            let point: Vec<MlirValue> = func
                .lhs
                .iter()
                .map(|&p| {
                    let l = &array.loops[model.loop_index(&func.vars[p]).expect("verified")];
                    s.sub(args[p], s.index(l.min))
                })
                .collect();
            if let Some(stamps) = array.stamps {
                let rank = loop_order_rank(&s, array, &original);
                let previous = s.load(stamps, &point, s.index_type());
                let later = in_order(&s, rank, previous);
                let block = s.if_then(later);
                blocks.push(block);
                s = s.at(block);
                s.store(rank, stamps, &point);
            }
            for (value, buffer) in body.results.iter().zip(outputs) {
                s.store(*value, *buffer, &point);
            }
        } else {
            for (result, value) in body.results.iter().enumerate() {
                if let Some(file) = array.file(index, result) {
                    let slot = s.op1("arith.remsi", &[step, s.index(file.slots)], s.index_type());
                    let mut idx = pe_index.clone();
                    idx.push(slot);
                    s.store(*value, file.buffer, &idx);
                }
            }
        }
        for block in blocks.iter().rev() {
            pe.finish_scf_block(*block);
        }
    }
    if let Some(block) = pe_block {
        e.finish_scf_block(block);
    }
}

/// Nested `scf.if`s for each condition; returns the innermost emitter and the
/// blocks to terminate.
fn open_conditions<'c>(
    e: &Emitter<'c>,
    conditions: &[MlirValue],
) -> (Emitter<'c>, Vec<mlir_sys::MlirBlock>) {
    let mut inner = *e;
    let mut blocks = Vec::new();
    for c in conditions {
        let block = inner.if_then(*c);
        blocks.push(block);
        inner = inner.at(block);
    }
    (inner, blocks)
}
