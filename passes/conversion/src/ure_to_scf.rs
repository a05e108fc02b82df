//! `ure-to-scf`: lowers each merged `ure.program` to a sequential
//! `func.func` over `scf.for` loops and `memref` buffers: no systolic array,
//! the loop nest of the merge executed as written.
//!
//! The function takes the inputs, then one output buffer per result of the
//! output Func, then the `ure.param`s (as `index`). Each other Func gets a
//! rolling buffer of (its largest flattened read distance + 1) values. Each
//! URE's ops are cloned into the innermost loop as written (`body.rs`); the
//! model is only read for the loops and the read distances. Reads outside a
//! Func's domain or an input's bounds are clamped to the nearest element: the
//! program reads such values only where a `select` discards them (the
//! interpreter rejects the program otherwise), and clamping keeps every
//! access in bounds.

use crate::input_checks::{guard, Checked, Guarded};
use body::{clone_body, Names};
use melior::ir::{
    attribute::{StringAttribute, TypeAttribute},
    block::BlockLike,
    operation::{OperationLike, OperationRef},
    r#type::FunctionType,
    Attribute, Block, Region, RegionLike, Type,
};
use melior::Context;
use std::collections::HashMap;
use t2s_ir::diag::error;
use t2s_ir::diag::OrInternal;
use t2s_ir::emit::Emitter;
use t2s_ir::handle::{AsBlk, AsVal, Blk, Val};
use t2s_ir::import::extract_program;
use t2s_ir::ir;
use t2s_ir::ops::ure::DefOp;
use t2s_ir::ops::View as _;
use t2s_ir::pass::for_each_anchor;
use t2s_ir::pass::{Anchor, Failed};
use t2s_model::{interpret::zero_value, Affine, Extent, Func, Node, Program};

t2s_ir::declare_pass! {
    /// Lower merged URE programs to sequential func.func + scf loops + memref
    /// buffers
    pub static PASS = "ure-to-scf" (UreToScf)
        on Anchor::Module, creates ["func", "scf", "arith", "memref", "math"],
        run run;
    options Options {
        /// Mark the generated functions llvm.emit_c_interface (for the JIT and
        /// C callers)
        emit_c_interface: bool = ("emit-c-interface", "true"),
        /// Check at the function's entry that every input holds what the
        /// program reads in its dynamic dimensions; the function then returns
        /// an i32 status: 0, or (input + 1) << 8 | dimension of the first
        /// input too small
        input_checks: bool = ("input-checks", "true"),
    }
}

fn run(module: OperationRef<'_, '_>, options: &Options) -> Result<(), Failed> {
    for_each_anchor(module, Anchor::Program, |program| {
        lower_program(program, options.emit_c_interface, options.input_checks)
    })
}

/// Per-loop values: lower and upper bound.
struct LoopValues {
    lb: Val,
    ub: Val,
}

/// What a generated Func body needs from the function around it.
struct Frame<'f> {
    program: &'f Program,
    loops: HashMap<&'f str, LoopValues>,
    /// `buffers[f][r]`: the buffer of result `r` of Func `f`: the output's
    /// buffers, or for any other Func a rolling buffer of `slots[f]` values.
    buffers: Vec<Vec<Val>>,
    /// Per Func but the output: its largest flattened read distance + 1.
    slots: Vec<Val>,
    /// Per loop (outermost first): the rank distance of one step along it.
    strides: HashMap<&'f str, Val>,
    inputs: Vec<Val>,
    params: Vec<Val>,
}

fn lower_program(
    program: OperationRef<'_, '_>,
    c_interface: bool,
    input_checks: bool,
) -> Result<(), Failed> {
    let model = extract_program(program)?;
    let needs = t2s_ir::reads::input_needs(program)?;
    let context_ref = program.context();
    // SAFETY: the context outlives the pass run; `context_ref` outlives the borrow.
    let context: &Context = unsafe { context_ref.to_ref() };
    let location = program.location();
    let function = create_function(program, &model, c_interface, input_checks)?;
    let entry = Emitter::new(context, location, function.entry);
    let (inputs, outputs, params) = (function.inputs, function.outputs, function.params);
    let checked: Vec<Checked> = inputs
        .iter()
        .zip(&model.inputs)
        .zip(&needs)
        .map(|((&buffer, input), needs)| Checked {
            buffer,
            declared: input.shape.clone(),
            needs,
            layout: &input.layout,
        })
        .collect();
    let named_params: HashMap<String, Val> = model
        .params
        .iter()
        .cloned()
        .zip(params.iter().copied())
        .collect();
    let guarded = guard(
        &entry,
        function.entry,
        input_checks.then_some(checked.as_slice()),
        &named_params,
    )?;
    let e = entry.at(guarded.body);

    let (loops, strides) = loop_values(&e, &model, &params);
    let mut frame = Frame {
        program: &model,
        loops,
        buffers: Vec::new(),
        slots: Vec::new(),
        strides,
        inputs,
        params,
    };
    let temps = allocate_buffers(&e, &mut frame, &outputs);
    zero_outputs(&e, &frame);

    let innermost = open_nest(&e, &frame);
    let ivs: HashMap<&str, Val> = innermost.1.iter().map(|(n, v)| (n.as_str(), *v)).collect();
    let body = e.at(innermost.0);
    // The rank of the point in loop order: where the rolling buffers write.
    let mut rank = body.index(0);
    for l in &model.loops {
        let values = &frame.loops[l.name.as_str()];
        let offset = body.sub(ivs[l.name.as_str()], values.lb);
        rank = body.add(rank, body.mul(offset, frame.strides[l.name.as_str()]));
    }
    let defs = definitions(program);
    for (index, func) in model.funcs.iter().enumerate() {
        let def = *defs
            .get(&func.name)
            .or_internal("an element at that index")?;
        emit_func(&body, &frame, index, def, &ivs, rank)?;
    }
    for block in innermost.2.iter().rev() {
        e.finish_scf_block(*block);
    }
    for temp in temps {
        e.dealloc(temp);
    }
    guarded.finish(&entry);
    // SAFETY: the op has no uses left, and nothing refers to it after this.
    unsafe { ir::erase(program) };
    Ok(())
}

/// Each loop's bounds, and its stride in the rank of a point in loop
/// order (the innermost loop's is 1).
#[allow(clippy::type_complexity)]
fn loop_values<'m>(
    e: &Emitter<'_>,
    model: &'m Program,
    params: &[Val],
) -> (HashMap<&'m str, LoopValues>, HashMap<&'m str, Val>) {
    let loops = model
        .loops
        .iter()
        .map(|l| {
            let lb = e.index(l.min);
            let extent = extent_value(e, &l.extent, params);
            let ub = e.add(lb, extent);
            (l.name.as_str(), LoopValues { lb, ub })
        })
        .collect::<HashMap<_, _>>();
    let mut strides = HashMap::new();
    let mut stride = e.index(1);
    for l in model.loops.iter().rev() {
        strides.insert(l.name.as_str(), stride);
        let v = &loops[l.name.as_str()];
        stride = e.mul(stride, e.sub(v.ub, v.lb));
    }
    (loops, strides)
}

/// The `ure.def` of each Func of `program`, by the Func's symbol.
fn definitions<'c, 'a>(program: OperationRef<'c, 'a>) -> HashMap<String, OperationRef<'c, 'a>> {
    t2s_ir::ops::all::<DefOp>(program)
        .into_iter()
        .map(|def| (def.func(), def.op()))
        .collect()
}

/// The function a program lowers to, inserted before the program.
pub struct LoweredFunction {
    pub entry: Blk,
    pub inputs: Vec<Val>,
    pub outputs: Vec<Val>,
    pub params: Vec<Val>,
}

/// Creates a public `func.func @name(types...)` with an empty entry block
/// before `program`, for a lowering to fill: its entry block and arguments.
/// Argument `i` is located at `names[i]` (a `NameLoc` around the program's
/// location), so translations name it after its input, output or parameter.
pub fn public_func_before<'c>(
    context: &'c Context,
    program: OperationRef<'c, '_>,
    name: &str,
    types: &[Type<'c>],
    results: &[Type<'c>],
    names: &[String],
    c_interface: bool,
) -> Result<(Blk, Vec<Val>), Failed> {
    let location = program.location();
    let parent = program
        .block()
        .ok_or_else(|| error(location, "ure.program has no parent block"))?;
    let arguments: Vec<_> = types
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let at = names.get(i).map_or(location, |n| {
                melior::ir::Location::name(context, n, location)
            });
            (*t, at)
        })
        .collect();
    let block = Block::new(&arguments);
    let region = Region::new();
    region.append_block(block);
    let function_type = FunctionType::new(context, types, results);
    let mut attributes = vec![(
        melior::ir::Identifier::new(context, "sym_visibility"),
        StringAttribute::new(context, "public").into(),
    )];
    if c_interface {
        attributes.push((
            melior::ir::Identifier::new(context, "llvm.emit_c_interface"),
            Attribute::unit(context),
        ));
    }
    let func = melior::dialect::func::func(
        context,
        StringAttribute::new(context, name),
        TypeAttribute::new(function_type.into()),
        region,
        &attributes,
        location,
    );
    let func = parent.insert_operation_before(program, func);
    let entry = ir::body_block(&func).or_internal("a body block")?;
    let args: Vec<Val> = (0..entry.argument_count())
        .map(|i| (entry.argument(i).expect("argument")).val())
        .collect();
    Ok((entry.blk(), args))
}

/// Creates `func.func @<program>(inputs..., outputs..., params...)`.
pub fn create_function(
    program: OperationRef<'_, '_>,
    model: &Program,
    c_interface: bool,
    input_checks: bool,
) -> Result<LoweredFunction, Failed> {
    let context_ref = program.context();
    // SAFETY: the context outlives the pass run; `context_ref` outlives the borrow.
    let context: &Context = unsafe { context_ref.to_ref() };
    let location = program.location();
    let (arg_types, output_types) = signature(context, location, model);
    let names = argument_names(model, output_types.len());
    let (entry, args) = public_func_before(
        context,
        program,
        &model.name,
        &arg_types,
        &Guarded::result_types(input_checks, context),
        &names,
        c_interface,
    )?;
    let num_inputs = model.inputs.len();
    let num_outputs = output_types.len();
    Ok(LoweredFunction {
        entry,
        inputs: args[..num_inputs].to_vec(),
        outputs: args[num_inputs..num_inputs + num_outputs].to_vec(),
        params: args[num_inputs + num_outputs..].to_vec(),
    })
}

/// The names of the arguments: the inputs, the output Func (`out.N` for
/// several results), the parameters.
fn argument_names(model: &Program, outputs: usize) -> Vec<String> {
    let output = &model.output().name;
    model
        .inputs
        .iter()
        .map(|i| i.name.clone())
        .chain((0..outputs).map(|r| {
            if outputs == 1 {
                output.clone()
            } else {
                format!("{output}.{r}")
            }
        }))
        .chain(model.params.iter().cloned())
        .collect()
}

/// Argument types (inputs, outputs, params) and the output buffer types.
pub fn signature<'c>(
    context: &'c Context,
    location: melior::ir::Location<'c>,
    model: &Program,
) -> (Vec<Type<'c>>, Vec<Type<'c>>) {
    // Only types are built: nothing is appended to the scratch block.
    let scratch = melior::ir::Block::new(&[]);
    let e = Emitter::new(context, location, scratch.blk());
    // Every buffer is taken in its memory order: the dimensions permuted by
    // its layout, row-major.
    let mut types: Vec<Type> = model
        .inputs
        .iter()
        .map(|i| e.memref_type(i.elem, &i.layout.physical(&i.shape)))
        .collect();
    let output = model.output();
    let shape = model.output_layout.physical(&lhs_shape(model, output));
    let outputs: Vec<Type> = output
        .result_types
        .iter()
        .map(|t| e.memref_type(*t, &shape))
        .collect();
    types.extend(outputs.iter().copied());
    types.extend(model.params.iter().map(|_| e.index_type()));
    (types, outputs)
}

/// The static shape (None where symbolic) of a Func's left-hand-side domain.
pub fn lhs_shape(model: &Program, func: &Func) -> Vec<Option<i64>> {
    func.lhs
        .iter()
        .map(|&p| {
            let l = &model.loops[model.loop_index(&func.vars[p]).expect("verified var")];
            match l.extent {
                Extent::Const(c) => Some(c),
                Extent::Param(_) => None,
            }
        })
        .collect()
}

pub fn extent_value(e: &Emitter<'_>, extent: &Extent, params: &[Val]) -> Val {
    match extent {
        Extent::Const(c) => e.index(*c),
        Extent::Param(p) => params[*p],
    }
}

/// Output buffers come from the caller; every other Func gets a fresh
/// buffer. Returns the buffers to free.
fn allocate_buffers(e: &Emitter<'_>, frame: &mut Frame<'_>, outputs: &[Val]) -> Vec<Val> {
    let model = frame.program;
    let mut temps = Vec::new();
    let last = model.funcs.len() - 1;
    for (index, func) in model.funcs.iter().enumerate() {
        if index == last {
            frame.buffers.push(outputs.to_vec());
            continue;
        }
        // The largest flattened distance at which a URE reads this Func
        // (a lexicographically positive distance flattens to a positive one
        // for every read inside the domain; at least 0).
        let mut largest = e.index(0);
        for reader in &model.funcs {
            for node in &reader.body.nodes {
                let Node::FuncRef {
                    func: callee,
                    indices,
                    ..
                } = node
                else {
                    continue;
                };
                if *callee != index {
                    continue;
                }
                let flat = flattened_distance(e, frame, func, indices);
                largest = e.maxsi(largest, flat);
            }
        }
        let slots = e.add(largest, e.index(1));
        let buffers: Vec<Val> = func
            .result_types
            .iter()
            .map(|t| {
                let ty = e.memref_type(*t, &[None]);
                e.allocate(true, ty, &[slots])
            })
            .collect();
        frame.slots.push(slots);
        temps.extend(buffers.iter().copied());
        frame.buffers.push(buffers);
    }
    temps
}

/// The output starts at zero: points the program never writes read as zero,
/// as in the interpreter.
fn zero_outputs(e: &Emitter<'_>, frame: &Frame<'_>) {
    let model = frame.program;
    let output = model.output();
    let extents: Vec<Val> = output
        .lhs
        .iter()
        .map(|&p| {
            let l = &frame.loops[output.vars[p].as_str()];
            e.sub(l.ub, l.lb)
        })
        .collect();
    let extents = model.output_layout.physical(&extents);
    let fills: Vec<_> = frame.buffers[model.funcs.len() - 1]
        .iter()
        .zip(&output.result_types)
        .map(|(buffer, ty)| (*buffer, zero_value(*ty), *ty))
        .collect();
    e.fill(&extents, &fills);
}

/// Opens the loop nest, outermost first. Returns the innermost block, the
/// induction variables by loop name, and every body block to terminate.
fn open_nest(e: &Emitter<'_>, frame: &Frame<'_>) -> (Blk, Vec<(String, Val)>, Vec<Blk>) {
    let mut block = e.block;
    let mut ivs = Vec::new();
    let mut blocks = Vec::new();
    for l in &frame.program.loops {
        let values = &frame.loops[l.name.as_str()];
        let (body, iv) = e.at(block).for_loop(values.lb, values.ub);
        ivs.push((l.name.clone(), iv));
        blocks.push(body);
        block = body;
    }
    (block, ivs, blocks)
}

pub use t2s_ir::lanes::affine_value;

/// `sum(distance * stride)` of a read `target(var - c, ...)` (the verifier
/// guarantees that simple form: the distance along `var` is `c`).
fn flattened_distance(
    e: &Emitter<'_>,
    frame: &Frame<'_>,
    target: &Func,
    indices: &[Affine],
) -> Val {
    let mut flat = e.index(0);
    for (affine, &p) in indices.iter().zip(&target.lhs) {
        if affine.constant != 0 {
            let stride = frame.strides[target.vars[p].as_str()];
            flat = e.add(flat, e.mul(stride, e.index(-affine.constant)));
        }
    }
    flat
}

/// Computes one URE at the current iteration point and stores its values:
/// the output at its element, any other Func in its rolling buffer at slot
/// `rank mod slots` (a read at flattened distance `x` takes slot
/// `(rank - x + slots) mod slots`, written `x` points ago: memory grows with
/// the largest distance, not with the iteration space).
fn emit_func(
    e: &Emitter<'_>,
    frame: &Frame<'_>,
    index: usize,
    def: OperationRef<'_, '_>,
    ivs: &HashMap<&str, Val>,
    rank: Val,
) -> Result<(), Failed> {
    let model = frame.program;
    let func = &model.funcs[index];
    let args: Vec<Val> = func.vars.iter().map(|v| ivs[v.as_str()]).collect();
    let read = |e: &Emitter<'_>, callee: usize, result: usize, indices: &[Affine]| {
        let target = &model.funcs[callee];
        let slots = frame.slots[callee];
        let flat = flattened_distance(e, frame, target, indices);
        let back = e.add(e.sub(rank, flat), slots);
        let slot = e.remsi(back, slots);
        let ty = e.scalar_type(target.result_types[result]);
        e.load(frame.buffers[callee][result], &[slot], ty)
    };
    let names = Names {
        model,
        params: &frame.params,
        inputs: &frame.inputs,
    };
    let body = clone_body(e, def, &names, &args, &read)?;
    let store_block = body.guard.map(|cond| e.if_then(cond));
    let s = store_block.map_or(*e, |b| e.at(b));
    let point: Vec<Val> = if index + 1 == model.funcs.len() {
        let logical: Vec<Val> = func
            .lhs
            .iter()
            .map(|&p| s.sub(args[p], frame.loops[func.vars[p].as_str()].lb))
            .collect();
        model.output_layout.physical(&logical)
    } else {
        vec![s.remsi(rank, frame.slots[index])]
    };
    for (result, value) in body.results.iter().enumerate() {
        s.store(*value, frame.buffers[index][result], &point);
    }
    if let Some(block) = store_block {
        e.finish_scf_block(block);
    }
    Ok(())
}

mod body;
