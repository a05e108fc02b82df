//! The GPU form of an array (`spacetime-to-scf{gpu=true}`): the function's
//! body is one `gpu.launch` (upstream `gpu-kernel-outlining` makes it a
//! kernel). The loops a `ure.gpu_map` directive names, the outermost time
//! loops, are the launch's block and thread indices; each thread runs the
//! remaining time loops around the PEs, its register files in its private
//! memory. Without a directive the launch is one thread, which runs the
//! whole array.
//!
//! The rules of the mapping are checked here, each as an error at the
//! directive (or at the read that breaks one): only the lowering knows the
//! array's time loops. `space-time-transform` checks the dependences
//! against the directive, where their distance vectors are known; the
//! delays of the reads are checked again here, for arrays written by hand.

use super::*;
use crate::spacetime_to_scf::lowered::Output;
use t2s_ir::ops::ure::GpuMapOp;

/// The largest block of threads (CUDA, every architecture since Fermi).
const MAX_THREADS_PER_BLOCK: i64 = 1024;
/// The largest extent of a block along x, y and z.
const MAX_BLOCK_DIMS: [i64; 3] = [1024, 1024, 64];
/// The largest grid along x, y and z.
const MAX_GRID_DIMS: [i64; 3] = [(1 << 31) - 1, 65535, 65535];
/// A thread's 32-bit registers (sm_90).
const MAX_REGISTERS: u64 = 255;
/// A thread's local memory (sm_90), which holds files that are not in
/// registers.
pub(super) const MAX_LOCAL_BYTES: u64 = 512 * 1024;

/// Where a time loop runs: on the blocks or the threads of the launch
/// (axis 0, 1, 2 for x, y, z), or in every thread's own loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Processor {
    Block(usize),
    Thread(usize),
}

/// The launch an array lowers to.
pub(super) struct Grid<'c> {
    /// Per time loop (outermost first): the launch index it runs on.
    pub on: Vec<Option<Processor>>,
    pub blocks: [i64; 3],
    pub threads: [i64; 3],
    /// The directive, for the diagnostics of later checks.
    pub at: Option<Location<'c>>,
    /// What the directive asks of the memories, read once here.
    pub memory: MemoryRequest,
}

/// The directive's requests beyond the grid: inputs staged in shared
/// memory over a scope loop, double-buffered or not, and a staged output.
#[derive(Clone, Debug, Default)]
pub(super) struct MemoryRequest {
    pub shared: Vec<String>,
    pub scope: Option<String>,
    pub double_buffered: bool,
    pub staged_output: bool,
}

/// The grid of `array` as the program's `ure.gpu_map` directive asks, with
/// every rule of the mapping checked.
pub(super) fn plan<'c>(
    program_ops: &[OperationRef<'c, '_>],
    array: OperationRef<'c, '_>,
    info: &ArrayInfo,
    output: &Output<'c>,
) -> Result<Grid<'c>, Failed> {
    let mut grid = Grid {
        on: vec![None; info.time.len()],
        blocks: [1; 3],
        threads: [1; 3],
        at: None,
        memory: MemoryRequest::default(),
    };
    let Some(directive) = directive_of(program_ops, array)? else {
        return Ok(grid);
    };
    let at = directive.location();
    grid.at = Some(at);
    grid.memory = MemoryRequest {
        shared: directive.shared(),
        scope: directive.scope(),
        double_buffered: directive.double_buffered(),
        staged_output: directive.staged_output(),
    };
    // The feeders' buffers are double-buffered shared tiles.
    if let Some((inputs, scope)) = super::gpu_streams::staged(program_ops, &grid.memory.shared, at)?
    {
        grid.memory.shared = inputs;
        grid.memory.scope = Some(scope);
        grid.memory.double_buffered = true;
    }
    // A collector and its unloader are the staged output.
    if super::gpu_streams::unloaded(program_ops, grid.memory.staged_output, at)? {
        grid.memory.staged_output = true;
    }
    let mapped: Vec<(String, Processor)> = directive
        .blocks()
        .into_iter()
        .enumerate()
        .map(|(axis, n)| (n, Processor::Block(axis)))
        .chain(
            directive
                .threads()
                .into_iter()
                .enumerate()
                .map(|(axis, n)| (n, Processor::Thread(axis))),
        )
        .collect();
    for (name, processor) in &mapped {
        let (c, extent) = placed_loop(info, name, mapped.len(), at)?;
        grid.on[c] = Some(*processor);
        match processor {
            Processor::Block(axis) => grid.blocks[*axis] = extent,
            Processor::Thread(axis) => grid.threads[*axis] = extent,
        }
        check_output_loop(name, output, at)?;
    }
    check_limits(&grid, at)?;
    check_output_once(output, at)?;
    check_reads(array, info, &grid)?;
    Ok(grid)
}

/// The program's one `ure.gpu_map`, which names the array's
/// representative; `None` without one.
fn directive_of<'c, 'a>(
    program_ops: &[OperationRef<'c, 'a>],
    array: OperationRef<'c, '_>,
) -> Result<Option<GpuMapOp<'c, 'a>>, Failed> {
    let directives: Vec<GpuMapOp> = program_ops
        .iter()
        .filter_map(|op| GpuMapOp::cast(*op))
        .collect();
    let Some(directive) = directives.first().copied() else {
        return Ok(None);
    };
    if let Some(second) = directives.get(1) {
        return Err(t2s_ir::diag::error_with_notes(
            second.location(),
            "a second ure.gpu_map: an array runs on one grid",
            &[(directive.location(), "the first one".to_string())],
        ));
    }
    let representative = t2s_ir::ops::spacetime::representative(&array);
    let target = directive.target();
    if target != representative {
        return Err(error(
            directive.location(),
            format!("@{target} is not the representative of the array; give ure.gpu_map to @{representative}"),
        ));
    }
    Ok(Some(directive))
}

/// The time loop a mapped loop is (among the `mapped` outermost ones) and
/// its constant extent.
fn placed_loop(
    info: &ArrayInfo,
    name: &str,
    mapped: usize,
    at: Location<'_>,
) -> Result<(usize, i64), Failed> {
    let time_names: Vec<&str> = info.time.iter().map(|t| t.name.as_str()).collect();
    let c = time_loop(info, name).ok_or_else(|| {
        error(
            at,
            format!(
                "loop '{name}' is not a time loop of the array (its time loops, outermost first: {}): only time loops run on blocks and threads",
                time_names.join(", ")
            ),
        )
    })?;
    if c >= mapped {
        return Err(error(
            at,
            format!(
                "loop '{name}' is not among the {mapped} outermost time loops ({}): the blocks and threads must enclose every loop a thread runs",
                time_names[..mapped.min(time_names.len())].join(", ")
            ),
        ));
    }
    let extent = info.time[c].extent.as_const().ok_or_else(|| {
        error(
            at,
            format!("loop '{name}' has a symbolic extent: the launch's grid is static"),
        )
    })?;
    Ok((c, extent))
}

/// The time loop named `name` that is a plain loop of the nest (its
/// coordinate is the loop's index, not a schedule of several loops).
fn time_loop(info: &ArrayInfo, name: &str) -> Option<usize> {
    let c = info.time.iter().position(|t| t.name == name)?;
    let l = info.loops.iter().position(|l| l.name == name)?;
    let row = info.recover.get(l)?;
    (row.constant == 0 && row.terms.iter().all(|&(p, k)| (p == c) == (k == 1)) && {
        row.terms.iter().any(|&(p, k)| p == c && k == 1)
    })
    .then_some(c)
}

/// Two threads never write one element when every mapped loop is a loop
/// of the output.
fn check_output_loop(name: &str, output: &Output<'_>, at: Location<'_>) -> Result<(), Failed> {
    if output.bounds.iter().any(|b| b.var == name) {
        return Ok(());
    }
    Err(error(
        at,
        format!(
            "loop '{name}' is not a loop of the output @{} ({}): its blocks or threads would write the same elements",
            output.func,
            output
                .bounds
                .iter()
                .map(|b| b.var.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    ))
}

/// Threads store their own elements only when each element is stored
/// exactly once: no zero fill of the whole output, no last-write stamps.
fn check_output_once(output: &Output<'_>, at: Location<'_>) -> Result<(), Failed> {
    if output.zero_fill || output.stamps {
        return Err(error(
            at,
            format!(
                "the output @{} is not stored exactly once per element (some element is stored {}): threads cannot share its initialization",
                output.func,
                if output.stamps { "several times" } else { "never" }
            ),
        ));
    }
    Ok(())
}

fn check_limits(grid: &Grid<'_>, at: Location<'_>) -> Result<(), Failed> {
    let threads: i64 = grid.threads.iter().product();
    if threads > MAX_THREADS_PER_BLOCK {
        return Err(error(
            at,
            format!("{threads} threads a block, more than the GPU's {MAX_THREADS_PER_BLOCK}"),
        ));
    }
    let axes = ["x", "y", "z"];
    for axis in 0..3 {
        if grid.threads[axis] > MAX_BLOCK_DIMS[axis] {
            return Err(error(
                at,
                format!(
                    "{} threads along {}, more than the GPU's {}",
                    grid.threads[axis], axes[axis], MAX_BLOCK_DIMS[axis]
                ),
            ));
        }
        if grid.blocks[axis] > MAX_GRID_DIMS[axis] {
            return Err(error(
                at,
                format!(
                    "{} blocks along {}, more than the GPU's {}",
                    grid.blocks[axis], axes[axis], MAX_GRID_DIMS[axis]
                ),
            ));
        }
    }
    Ok(())
}

/// A value a read takes from an earlier iteration of a mapped loop was
/// computed by another thread: every read's delay stays inside one
/// iteration of the thread's own loops.
fn check_reads(
    array: OperationRef<'_, '_>,
    info: &ArrayInfo,
    grid: &Grid<'_>,
) -> Result<(), Failed> {
    let mapped = grid.on.iter().filter(|p| p.is_some()).count();
    if let Some(read) = phases::read_across(array, info, mapped) {
        return Err(t2s_ir::diag::error_with_notes(
            read.location(),
            "this read takes its value from another iteration of a GPU-mapped loop, which another thread computes",
            &[(
                grid.at.unwrap_or(read.location()),
                "the loops mapped to blocks and threads".to_string(),
            )],
        ));
    }
    Ok(())
}

/// The bytes of a register file (of `shape`, lanes last) in a GPU
/// thread, at the element's own size (registers are 32 bits: smaller
/// elements take one each).
pub(super) fn thread_bytes(element: Type<'_>, shape: &[Option<i64>]) -> u64 {
    let size = element_bytes(t2s_ir::lanes::element_of(element)).max(4) as u64;
    shape
        .iter()
        .map(|d| d.unwrap_or(1).max(0) as u64)
        .fold(size, |n, d| n.saturating_mul(d))
}

/// The bytes of one scalar element in GPU memory.
pub(super) fn element_bytes(element: Type<'_>) -> i64 {
    match t2s_ir::import::scalar_type(element) {
        Some(t2s_model::ScalarType::Int(w)) => (i64::from(w) + 7) / 8,
        Some(t2s_model::ScalarType::F16 | t2s_model::ScalarType::BF16) => 2,
        Some(t2s_model::ScalarType::F32) => 4,
        _ => 8,
    }
}

/// A thread's register files fit its registers (the shifted files of
/// unrolled PEs, which LLVM keeps in registers: the values `carried` from
/// one step to the next) and its local memory (all of their `bytes`).
pub(super) fn check_thread_storage(
    grid: &Grid<'_>,
    at: Location<'_>,
    bytes: u64,
    carried: u64,
    unroll: bool,
) -> Result<(), Failed> {
    let mapped = grid.at.is_some();
    let registers = carried.div_ceil(4);
    if mapped && unroll && registers > MAX_REGISTERS {
        return Err(error(
            grid.at.unwrap_or(at),
            format!(
                "a thread's register files carry {registers} 32-bit registers from one step to the next, more than the GPU's {MAX_REGISTERS}: map more loops to threads or make the PE block smaller"
            ),
        ));
    }
    if bytes > MAX_LOCAL_BYTES {
        return Err(error(
            grid.at.unwrap_or(at),
            format!(
                "a thread's register files take {bytes} bytes, more than the GPU's {MAX_LOCAL_BYTES} bytes of local memory a thread"
            ),
        ));
    }
    Ok(())
}

/// A kernel takes static buffers (bare pointers): no symbolic size.
pub(super) fn check_static(
    function: &Function,
    output: &Output<'_>,
    at: Location<'_>,
) -> Result<(), Failed> {
    let dynamic_input = function
        .ordered_inputs
        .iter()
        .any(|(_, input)| input.shape.iter().any(|d| d.is_none()));
    if dynamic_input || output.shape.iter().any(|d| d.is_none()) || !function.params.is_empty() {
        return Err(error(
            at,
            "spacetime-to-scf{gpu=true}: a program with parameters (symbolic sizes) has no GPU form yet: its kernel takes static buffers",
        ));
    }
    Ok(())
}

/// The last-write stamps of an output stored several times per element
/// live in the one thread's local memory: without a grid, and when small.
pub(super) fn check_stamps(
    grid: &Grid<'_>,
    output: &Output<'_>,
    at: Location<'_>,
) -> Result<(), Failed> {
    if !output.stamps {
        return Ok(());
    }
    let elements: Option<i64> = output
        .shape
        .iter()
        .try_fold(1i64, |acc, d| acc.checked_mul((*d)?));
    let fits = elements.is_some_and(|n| (n as u64).saturating_mul(8) <= MAX_LOCAL_BYTES);
    if grid.at.is_none() && fits {
        return Ok(());
    }
    Err(error(
        grid.at.unwrap_or(at),
        format!(
            "the output @{} is stored several times per element: its last write is tracked {}",
            output.func,
            if grid.at.is_some() {
                "across the whole output, which threads cannot share"
            } else {
                "in more than a GPU thread's local memory"
            }
        ),
    ))
}

/// The launch in the function's body, with the grid's sizes; returns its
/// body and the index of each time loop that runs on the grid.
pub(super) fn open_launch(e: &Emitter<'_>, grid: &Grid<'_>, info: &ArrayInfo) -> Launch {
    let sizes = |v: [i64; 3]| v.map(|x| e.index(x));
    let (body, ids) = e.gpu_launch(sizes(grid.blocks), sizes(grid.threads));
    let thread_ids = ids[3..6].to_vec();
    let at = e.at(body);
    let ivs = grid
        .on
        .iter()
        .zip(&info.time)
        .map(|(p, t)| {
            let id = match (*p)? {
                Processor::Block(axis) => ids[axis],
                Processor::Thread(axis) => ids[3 + axis],
            };
            Some(if t.min == 0 {
                id
            } else {
                at.add(id, at.index(t.min))
            })
        })
        .collect();
    Launch {
        body,
        ivs,
        thread_ids,
    }
}

/// The launch's body, the index of each time loop that runs on the grid,
/// and the thread indices (x, y, z).
pub(super) struct Launch {
    pub body: Blk,
    pub ivs: Vec<Option<Val>>,
    pub thread_ids: Vec<Val>,
}

/// Ends the launch's body.
pub(super) fn close_launch(e: &Emitter<'_>, body: Blk) {
    let terminator = ods::gpu::TerminatorOperation::builder(e.context, e.location).build();
    e.at(body).insert(terminator.into());
}

/// `llvm.readonly` on the inputs and `llvm.writeonly` on the outputs of
/// the function the kernel is launched from: the launch manifest's roles.
pub(super) fn mark_roles(function: &Function, context: &Context) -> Result<(), Failed> {
    let func = function.entry.parent_op().or_internal("the function")?;
    let inputs = function.ordered_inputs.len();
    let outputs = function.outputs.len();
    let total = function.entry.num_arguments();
    let attrs: Vec<String> = (0..total)
        .map(|i| {
            if i < inputs {
                "{llvm.readonly}".to_string()
            } else if i < inputs + outputs {
                "{llvm.writeonly}".to_string()
            } else {
                "{}".to_string()
            }
        })
        .collect();
    let attr = Attribute::parse(context, &format!("[{}]", attrs.join(", ")))
        .or_internal("an attribute that parses")?;
    func.set_inherent("arg_attrs", attr);
    Ok(())
}
