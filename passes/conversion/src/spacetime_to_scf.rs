//! `spacetime-to-scf`: lowers each systolic array (`spacetime.array`) to a
//! `func.func(inputs..., outputs..., params...)` that runs it step by step:
//! `scf.for` time loops (the array's bounds) around the PEs, whose body is
//! a clone of the array's body with only the `spacetime` and `ure` ops
//! rewritten (see `spacetime_rewrite`). Everything the lowering needs comes
//! from the IR: the array's maps and bounds, the register files' types, the
//! reads' offsets and delays, the output's `ure.func` declaration.
//!
//! PEs are either `scf.for` loops marked `spacetime.unrolled` (register
//! files are rotating buffers: slot `(step - delay) mod slots`), or, with
//! `unroll-pes` (the default up to `max-unrolled-pes` PEs), straight-line
//! copies of the body, one per PE, with register files shifted at the end of
//! every step, so that every register access has constant indices and LLVM
//! keeps the registers in machine registers.

use crate::input_checks::{guard, Checked, Guarded};
use crate::spacetime_to_scf::design::{
    check_one_store, declare_design, kernel_array, move_channels, rename_channels,
};
use crate::spacetime_to_scf::lowered::linear_value;
use crate::spacetime_to_scf::lowered::Lowered;
use crate::spacetime_to_scf::lowered::PeFrame;
use crate::spacetime_to_scf::registers::{FileStorage, Fill};
use crate::spacetime_to_scf::rewrite::clone_body;
use crate::spacetime_to_scf::rewrite::rewrite_pe;
use crate::ure_to_scf::public_func_before;
use melior::ir::{
    operation::{OperationLike, OperationRef},
    Attribute, Location, Type,
};
use melior::Context;
use std::collections::HashMap;
use t2s_ir::array::ArrayInfo;
use t2s_ir::diag::error;
use t2s_ir::diag::OrInternal;
use t2s_ir::emit::Emitter;
use t2s_ir::handle::{Blk, Val};
use t2s_ir::ir;
use t2s_ir::ods;
use t2s_ir::ops::{spacetime::ArrayOp, View};
use t2s_ir::pass::for_each_anchor;
use t2s_ir::pass::{Anchor, Failed};
use t2s_model::reads::InputNeeds;

t2s_ir::declare_pass! {
    /// Lower systolic arrays (spacetime.array) to scf time loops around PEs, by
    /// rewriting the PE body
    pub static PASS = "spacetime-to-scf" (SpacetimeToScf)
        on Anchor::Module, creates ["func", "scf", "arith", "memref", "math", "gpu"],
        run run;
    options Options {
        /// Mark the generated functions llvm.emit_c_interface (for the JIT and
        /// C callers)
        emit_c_interface: bool = ("emit-c-interface", "true"),
        /// Unroll the PEs into straight-line code with register files in
        /// registers (when at most max-unrolled-pes PEs)
        unroll_pes: bool = ("unroll-pes", "true"),
        /// Largest PE count that unroll-pes unrolls
        max_unrolled_pes: i64 = ("max-unrolled-pes", "256"),
        /// Wrap unrolled PEs, and their register shifts, in scf.execute_region
        /// no_inline regions of at most this many, nested at most this many
        /// to a region, so that convert-scf-to-cf splits no block of more
        /// (compile time linear in the PEs); 0: straight in the time loop's
        /// body, the form SPIR-V's and OpenCL's conversions take
        pe_region_size: i64 = ("pe-region-size", "0"),
        /// PE loops keep register files of at most max-shifted-slots slots as
        /// shift registers (the newest value in the last slot, shifted down
        /// every step by loops marked spacetime.unroll, as T2S writes them for
        /// FPGAs) rather than as buffers rotating with the step
        shift_registers: bool = ("shift-registers", "false"),
        /// Register files of unrolled PEs with at most this many slots shift
        /// their values every step; longer ones rotate
        max_shifted_slots: i64 = ("max-shifted-slots", "16"),
        /// Fastmath flags for the floating-point arithmetic of the PEs (e.g.
        /// contract, to fuse multiply-adds)
        fastmath: String = ("fastmath", ""),
        /// Check at each function's entry that every input holds what the
        /// program reads in its dynamic dimensions; the functions then return
        /// an i32 status: 0, or (input + 1) << 8 | dimension of the first
        /// input too small
        input_checks: bool = ("input-checks", "true"),
        /// Lower each array into one gpu.launch (the input of
        /// gpu-kernel-outlining): the loops of its ure.gpu_map directive are
        /// the blocks and threads, each thread runs the other time loops with
        /// its register files in private memory; without a directive, one
        /// thread runs the whole array
        gpu: bool = ("gpu", "false"),
        /// Realize each ure.stream_input's feeder as a packed tile: at each
        /// iteration of its scope loop, the tile of the input the loops inside
        /// read is copied into a buffer in the array's read order, which the
        /// PEs read instead of the input (the CPU's systolic route)
        pack_feeders: bool = ("pack-feeders", "false"),
        /// Run the loops of the program's ure.parallel on the host's threads:
        /// one scf.parallel (for upstream async-parallel-for), each iteration
        /// with its own register files and tiles
        threads: bool = ("threads", "false"),
    }
}

/// The largest register file the lowering allocates (bytes).
const MAX_FILE_BYTES: u64 = 1 << 32;
/// The largest register file kept on the stack (bytes).
const MAX_STACK_BYTES: u64 = 1 << 16;

/// The options of one run.
#[derive(Clone, Debug)]
pub struct LowerOptions {
    pub c_interface: bool,
    pub unroll: bool,
    pub max_unrolled: i64,
    pub pe_region_size: usize,
    pub max_shifted: i64,
    pub shift_registers: bool,
    pub fastmath: String,
    pub input_checks: bool,
    pub gpu: bool,
    pub pack_feeders: bool,
    pub threads: bool,
}

fn run(root: OperationRef<'_, '_>, options: &Options) -> Result<(), Failed> {
    let options = LowerOptions {
        c_interface: options.emit_c_interface,
        unroll: options.unroll_pes,
        max_unrolled: options.max_unrolled_pes,
        pe_region_size: region_size(root, options.pe_region_size)?,
        max_shifted: options.max_shifted_slots,
        shift_registers: options.shift_registers,
        fastmath: options.fastmath.clone(),
        input_checks: options.input_checks,
        gpu: options.gpu,
        pack_feeders: options.pack_feeders,
        threads: options.threads,
    };
    if options.gpu && options.threads {
        return Err(error(
            root.location(),
            "spacetime-to-scf: threads runs ure.parallel's loops on the host's threads; with gpu=true ure.gpu_map maps loops to blocks and threads",
        ));
    }
    if options.gpu && options.pack_feeders {
        return Err(error(
            root.location(),
            "spacetime-to-scf: pack-feeders is the CPU's form of a feeder; with gpu=true the tiles are staged in shared memory (ure.gpu_map ... shared)",
        ));
    }
    if !options.fastmath.is_empty()
        && Attribute::parse(
            // SAFETY: the context outlives the pass run.
            unsafe { root.context().to_ref() },
            &format!("#arith.fastmath<{}>", options.fastmath),
        )
        .is_none()
    {
        return Err(error(
            root.location(),
            format!(
                "spacetime-to-scf: fastmath='{}' is not a list of arith fastmath flags",
                options.fastmath
            ),
        ));
    }
    for_each_anchor(root, Anchor::Program, |program| {
        lower_program(program, &options)
    })
}

fn lower_program(program: OperationRef<'_, '_>, options: &LowerOptions) -> Result<(), Failed> {
    let body_ops = ir::body_ops(&program, 0);
    let arrays: Vec<_> = body_ops
        .iter()
        .filter(|op| ods::is(op, ods::spacetime::ArrayOperation::name()))
        .copied()
        .collect();
    let Some(&array) = arrays.first() else {
        return Err(error(
            program.location(),
            "program has no spacetime.array; run space-time-transform first",
        ));
    };
    if arrays.len() > 1 {
        return Err(error(
            arrays[1].location(),
            "a program holds one spacetime.array",
        ));
    }
    pending::warn_unapplied(&body_ops, options);
    let context_ref = program.context();
    // SAFETY: the context outlives the pass run; `context_ref` outlives the borrow.
    let context: &Context = unsafe { context_ref.to_ref() };
    // Every function of the program takes the same arguments: the output
    // as its ure.func declares it.
    let signature = crate::spacetime_to_scf::lowered::output_of(&program)?;
    let name = ir::symbol_name(&program);
    let mut arrays = vec![(array, body_ops.clone(), name.clone())];
    for kernel in body_ops
        .iter()
        .filter(|op| ods::is(op, ods::channel::KernelOperation::name()))
    {
        arrays.push(kernel_array(kernel, &name)?);
    }
    check_one_store(&arrays, &signature)?;
    if options.gpu && arrays.len() > 1 {
        return Err(error(
            arrays[1].0.location(),
            "spacetime-to-scf{gpu=true} lowers one array: a design of kernels and channels has no GPU form yet",
        ));
    }
    // Every function checks every input, so that all kernels of a design
    // return at once when one is too small (none waits on a channel).
    let needs = t2s_ir::reads::input_needs(program)?;
    rename_channels(&program, &body_ops, &name);
    for (array, ops, function) in &arrays {
        let target = Target {
            name: function,
            signature: &signature,
            needs: &needs,
        };
        lower_array(context, program, *array, ops, &target, options)?;
    }
    let channels = move_channels(program, &body_ops)?;
    if arrays.len() > 1 || !channels.is_empty() {
        let kernels: Vec<String> = arrays.iter().map(|(_, _, f)| f.clone()).collect();
        declare_design(context, program, &kernels, &channels)?;
    }
    // SAFETY: the op has no uses left, and nothing refers to it after this.
    unsafe { ir::erase(program) };
    Ok(())
}

/// The function an array lowers to: its name, the program's signature and
/// what the program reads of its inputs.
struct Target<'t, 'c> {
    name: &'t str,
    signature: &'t crate::spacetime_to_scf::lowered::Output<'c>,
    needs: &'t [InputNeeds],
}

/// Lowers one array (the program's, or a kernel's, whose register files are
/// among `ops`) to `func.func @name`.
fn lower_array<'c>(
    context: &'c Context,
    program: OperationRef<'c, '_>,
    array: OperationRef<'c, '_>,
    body_ops: &[OperationRef<'c, '_>],
    target: &Target<'_, 'c>,
    options: &LowerOptions,
) -> Result<(), Failed> {
    let info = ArrayInfo::read(&array)?;
    let stores = !ir::collect(array, ods::spacetime::OutputOperation::name()).is_empty();
    let output = target.signature.clone();
    let function = create_function(context, program, target, options)?;
    let entry = Emitter::new(context, array.location(), function.entry);
    let guarded = guard_inputs(&entry, &function, target, options)?;
    let e = entry.at(guarded.body);
    // The GPU form: everything from here on runs in every thread.
    let mut form = match options.gpu {
        true => Some(gpu_form::GpuForm::open(
            &e, &function, body_ops, array, &info, &output,
        )?),
        false => None,
    };
    let e = form.as_ref().map_or(e, |f| e.at(f.launch.body));
    let given = form
        .as_ref()
        .map_or_else(Vec::new, |f| f.launch.ivs.clone());

    let unroll = unrolls(array, &info, options, array.location());
    let (mut lowered, time_extents) = lowered_at_entry(&e, &info, &function, &output, options)?;
    if let Some(form) = &mut form {
        form.stage(&e, array, &info, &mut lowered)?;
    }
    let grid = form.as_ref().map(|f| &f.grid);
    // Only the kernel that stores the output initializes it: the others run
    // at the same time.
    let at = array.location();
    let init = |e: &Emitter<'c>, lowered: &Lowered<'c>| match stores {
        true => steps::init_outputs(e, grid, &info, lowered, at, options),
        false => Ok(None),
    };
    let (threads, packs) = steps::host_plans(program, array, &info, &output, options)?;
    let time_steps = steps::Steps {
        array,
        info: &info,
        unroll,
        time_extents: &time_extents,
        packs: &packs,
        options,
    };
    let form_ref = form.as_ref();
    let threads = threads.as_ref();
    let run = steps::run_steps(
        &e,
        &time_steps,
        threads,
        form_ref,
        &mut lowered,
        given,
        &init,
    )?;
    let (stamps, e_inner) = run;
    if let Some(stamps) = stamps.filter(|_| !options.gpu) {
        e.dealloc(stamps);
    }
    let e = e_inner;
    if let Some(form) = &form {
        form.close(&e, &lowered.outputs);
    }
    guarded.finish(&entry);
    Ok(())
}

/// The checks of the inputs' sizes at the function's entry (when
/// `input-checks`): the program's body goes into the returned guard.
fn guard_inputs<'c>(
    entry: &Emitter<'c>,
    function: &Function,
    target: &Target<'_, 'c>,
    options: &LowerOptions,
) -> Result<Guarded, Failed> {
    let checked: Vec<Checked> = function
        .ordered_inputs
        .iter()
        .zip(target.needs)
        .map(|((buffer, input), needs)| Checked {
            buffer: *buffer,
            declared: input.shape.clone(),
            needs,
            layout: &input.layout,
        })
        .collect();
    guard(
        entry,
        function.entry,
        options.input_checks.then_some(checked.as_slice()),
        &function.params,
    )
}

/// `pe-region-size`: 0 (no regions), or at least 2 (a region of one PE
/// nests without end).
fn region_size(root: OperationRef<'_, '_>, size: i64) -> Result<usize, Failed> {
    match size {
        0 => Ok(0),
        2.. => Ok(usize::try_from(size).unwrap_or(usize::MAX)),
        _ => Err(error(
            root.location(),
            format!("spacetime-to-scf: pe-region-size is 0 (no regions) or at least 2, not {size}"),
        )),
    }
}

/// The register words one GPU thread may hold for its PEs to be unrolled:
/// beyond, the private arrays are local memory either way, and LLVM's
/// NVPTX pipeline grows faster than linearly with the unrolled code (64
/// PEs of 133-slot files took 35 s, as a loop 0.15 s).
const MAX_GPU_UNROLLED_WORDS: i64 = 4096;

/// Whether the PEs are unrolled: asked for, and not more than
/// `max-unrolled-pes` of them, nor on the GPU more than
/// [`MAX_GPU_UNROLLED_WORDS`] register words per thread (a remark says so
/// when they are not).
fn unrolls(
    array: OperationRef<'_, '_>,
    info: &ArrayInfo,
    options: &LowerOptions,
    at: Location<'_>,
) -> bool {
    let pes: i64 = info
        .space
        .iter()
        .filter(|s| !s.vectorized)
        .map(|s| s.pe_extent())
        .product();
    if !options.unroll {
        return false;
    }
    if pes > options.max_unrolled {
        t2s_ir::diag::remark(
            at,
            format!(
                "{pes} PEs, more than max-unrolled-pes ({}): the PEs stay a loop over register files in memory (raise max-unrolled-pes to unroll them)",
                options.max_unrolled
            ),
        );
        return false;
    }
    let words = if options.gpu {
        register_words(array)
    } else {
        0
    };
    if words > MAX_GPU_UNROLLED_WORDS {
        t2s_ir::diag::remark(
            at,
            format!(
                "{pes} PEs with {words} register words in each GPU thread, more than {MAX_GPU_UNROLLED_WORDS}: the PEs stay a loop over register files in private memory"
            ),
        );
        return false;
    }
    true
}

/// The words of all the array's register files.
fn register_words(array: OperationRef<'_, '_>) -> i64 {
    ArrayOp::cast(array).map_or(0, |a| {
        a.files()
            .iter()
            .filter_map(|f| t2s_ir::import::memref_shape(f.decl.file_type()))
            .map(|(_, shape)| {
                shape
                    .iter()
                    .map(|d| d.unwrap_or(1))
                    .fold(1i64, |n, d| n.saturating_mul(d))
            })
            .fold(0i64, i64::saturating_add)
    })
}

/// What the PE code reads of the function (its arguments, the run-time
/// extents computed once at the entry), and the time loops' extents.
fn lowered_at_entry<'c>(
    e: &Emitter<'c>,
    info: &ArrayInfo,
    function: &Function,
    output: &crate::spacetime_to_scf::lowered::Output<'c>,
    options: &LowerOptions,
) -> Result<(Lowered<'c>, Vec<Val>), Failed> {
    let values = |extents: Vec<&t2s_model::Linear>| {
        extents
            .into_iter()
            .map(|x| linear_value(e, x, &function.params))
            .collect::<Result<Vec<_>, _>>()
    };
    let loop_extents = values(info.loops.iter().map(|l| &l.extent).collect())?;
    let time_extents = values(info.time.iter().map(|t| &t.extent).collect())?;
    let output_extents = values(output.bounds.iter().map(|b| &b.extent).collect())?;
    let lowered = Lowered {
        inputs: function.inputs.clone(),
        input_layouts: function
            .ordered_inputs
            .iter()
            .map(|(_, input)| (input.name.clone(), input.layout.clone()))
            .collect(),
        outputs: function.outputs.clone(),
        params: function.params.clone(),
        loop_extents,
        output_extents,
        output: output.clone(),
        fastmath: options.fastmath.clone(),
        tiles: HashMap::new(),
        output_tile: None,
        packed: HashMap::new(),
    };
    Ok((lowered, time_extents))
}

/// `loc("name"(child))`: a name the OpenCL translation gives the value.
fn named<'c>(context: &'c Context, name: &str, child: Location<'c>) -> Location<'c> {
    Location::name(context, name, child)
}

/// The function a program lowers to, inserted before the program.
struct Function {
    entry: Blk,
    inputs: HashMap<String, Val>,
    /// The input buffers in argument order, with their declarations.
    ordered_inputs: Vec<(Val, t2s_model::Input)>,
    outputs: Vec<Val>,
    params: HashMap<String, Val>,
}

/// `func.func @<program>(inputs..., outputs..., params...)`, all from the
/// IR: `ure.input` types, the output's declared types and the array's loop
/// extents, one `index` per `ure.param`.
fn create_function<'c>(
    context: &'c Context,
    program: OperationRef<'c, '_>,
    target: &Target<'_, 'c>,
    options: &LowerOptions,
) -> Result<Function, Failed> {
    let (name, output) = (target.name, target.signature);
    let ops = ir::body_ops(&program, 0);
    let mut types: Vec<Type> = Vec::new();
    let mut input_names = Vec::new();
    let mut declared = Vec::new();
    let dynamic = t2s_ir::types::dynamic_size();
    // Only types are built: nothing is appended to the scratch block.
    let scratch = melior::ir::Block::new(&[]);
    let at = Emitter::new(
        context,
        program.location(),
        t2s_ir::handle::AsBlk::blk(&scratch),
    );
    // Every buffer is taken in its memory order: the dimensions permuted by
    // its layout, row-major.
    for op in ops
        .iter()
        .filter(|op| ods::is(op, ods::ure::InputOperation::name()))
    {
        let input = t2s_ir::import::extract_input(op)?;
        types.push(at.memref_type(input.elem, &input.layout.physical(&input.shape)));
        input_names.push(ir::symbol_name(op));
        declared.push(input);
    }
    for ty in &output.types {
        let dims: Vec<i64> = output
            .layout
            .physical(&output.shape)
            .iter()
            .map(|d| d.unwrap_or(dynamic))
            .collect();
        types.push(melior::ir::r#type::MemRefType::new(*ty, &dims, None, None).into());
    }
    let param_names: Vec<String> = ops
        .iter()
        .filter(|op| ods::is(op, ods::ure::ParamOperation::name()))
        .map(ir::symbol_name)
        .collect();
    types.extend(param_names.iter().map(|_| Type::index(context)));

    let outputs = output.types.len();
    let names: Vec<String> = input_names
        .iter()
        .cloned()
        .chain((0..outputs).map(|r| match outputs {
            1 => output.func.clone(),
            _ => format!("{}.{r}", output.func),
        }))
        .chain(param_names.iter().cloned())
        .collect();
    let results = Guarded::result_types(options.input_checks, context);
    let (entry, args) = public_func_before(
        context,
        program,
        name,
        &types,
        &results,
        &names,
        options.c_interface,
    )?;
    let num_inputs = input_names.len();
    let num_outputs = output.types.len();
    Ok(Function {
        entry,
        ordered_inputs: args[..num_inputs].iter().copied().zip(declared).collect(),
        inputs: input_names.into_iter().zip(args.iter().copied()).collect(),
        outputs: args[num_inputs..num_inputs + num_outputs].to_vec(),
        params: param_names
            .into_iter()
            .zip(args[num_inputs + num_outputs..].iter().copied())
            .collect(),
    })
}

pub mod buffers;
pub mod design;
mod gpu;
mod gpu_block;
mod gpu_form;
mod gpu_shared;
mod gpu_streams;
mod gpu_unload;
pub mod loads;
pub mod lowered;
pub mod output;
mod pack;
mod packed;
mod pending;
pub mod pes;
mod phases;
mod regions;
pub mod registers;
pub mod rewrite;
mod shifts;
mod steps;
pub mod store_once;
mod threads;
pub mod tile;
pub mod vector;

pub mod vector_output;

#[cfg(test)]
mod tests;
