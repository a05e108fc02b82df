//! The phases of lowering one array after its function's entry: the
//! host's plans (threads, packed feeders), the output's initialization, and
//! the time loops with every PE's step inside them.

use crate::spacetime_to_scf::lowered::{Lowered, Output};
use crate::spacetime_to_scf::{gpu, gpu_form, pack, phases, threads, LowerOptions};
use melior::ir::operation::{OperationLike, OperationRef};
use t2s_ir::array::ArrayInfo;
use t2s_ir::emit::Emitter;
use t2s_ir::handle::Val;
use t2s_ir::ods;
use t2s_ir::pass::Failed;

/// The threads' plan and the packed feeders' plans: only the program's
/// own array packs and runs on threads (a kernel's feeders have buffers;
/// kernels run on threads of their own).
#[allow(clippy::type_complexity)]
pub(super) fn host_plans<'c>(
    program: OperationRef<'c, '_>,
    array: OperationRef<'c, '_>,
    info: &ArrayInfo,
    output: &Output<'c>,
    options: &LowerOptions,
) -> Result<(Option<threads::Plan<'c>>, Vec<pack::Plan<'c>>), Failed> {
    let in_program = array
        .parent_operation()
        .is_some_and(|p| ods::is(&p, ods::ure::ProgramOperation::name()));
    let threads = match options.threads && in_program {
        true => threads::plan(program, array, info, output)?,
        false => None,
    };
    let packs = match options.pack_feeders && in_program {
        true => pack::plan(program, array, info),
        false => Vec::new(),
    };
    Ok((threads, packs))
}

/// What the time loops of an array are lowered from.
pub(super) struct Steps<'s, 'c, 'a> {
    pub(super) array: OperationRef<'c, 'a>,
    pub(super) info: &'s ArrayInfo,
    pub(super) unroll: bool,
    pub(super) time_extents: &'s [Val],
    /// The feeders packed on the host.
    pub(super) packs: &'s [pack::Plan<'c>],
    pub(super) options: &'s LowerOptions,
}

/// How the output is initialized (its stamps, if any) at an emitter.
pub(super) type InitOutputs<'i, 'c> =
    dyn Fn(&Emitter<'c>, &Lowered<'c>) -> Result<Option<Val>, Failed> + 'i;

/// The storage and the steps, inside the parallel loops when the threads'
/// plan has them (each iteration with its own storage, the output
/// initialized once before the threads start; else after the storage).
/// Returns the output's stamps and the emitter the steps ran at. `given`:
/// the time loops' values a GPU grid gives.
pub(super) fn run_steps<'c>(
    e: &Emitter<'c>,
    s: &Steps<'_, 'c, '_>,
    threads: Option<&threads::Plan<'c>>,
    form: Option<&gpu_form::GpuForm<'c>>,
    lowered: &mut Lowered<'c>,
    given: Vec<Option<Val>>,
    init: &InitOutputs<'_, 'c>,
) -> Result<(Option<Val>, Emitter<'c>), Failed> {
    let mut stamps = match threads.is_some() {
        true => init(e, lowered)?,
        false => None,
    };
    let parallel = threads.map(|p| threads::open(e, p, s.info, s.time_extents));
    let inner = parallel.as_ref().map_or(*e, |(body, _)| e.at(*body));
    let given = match &parallel {
        Some((_, ivs)) => ivs.iter().map(|iv| Some(*iv)).collect(),
        None => given,
    };
    let grid = form.map(|f| &f.grid);
    let storage =
        phases::Storage::allocate(&inner, s.array, s.info, s.unroll, s.options, grid, s.packs)?;
    if threads.is_none() {
        stamps = init(&inner, lowered)?;
    }
    lower_steps(&inner, s, &given, form, &storage, lowered, stamps)?;
    storage.free(&inner);
    if let Some((body, _)) = parallel {
        e.finish_parallel(body);
    }
    Ok((stamps, inner))
}

/// The time loops, the GPU form's and the packs' fills at their scope, and
/// every PE's step inside them.
fn lower_steps<'c>(
    e: &Emitter<'c>,
    s: &Steps<'_, 'c, '_>,
    given: &[Option<Val>],
    form: Option<&gpu_form::GpuForm<'c>>,
    storage: &phases::Storage,
    lowered: &mut Lowered<'c>,
    stamps: Option<Val>,
) -> Result<(), Failed> {
    let (array, info) = (s.array, s.info);
    let scope = form.and_then(|f| f.scope());
    let mut time = phases::time_loops(e, array, info, s.time_extents, given, scope);
    if let Some(form) = form {
        form.fill(e, &time, info, lowered)?;
    }
    pack::fill(e, s.packs, &storage.packed, &time, info, lowered)?;
    let pe = phases::PeInputs {
        files: &storage.files,
        buffers: &storage.buffers,
        lowered,
        stamps,
        region_size: s.options.pe_region_size,
    };
    phases::lower_pes(e, array, info, s.unroll, &mut time, &pe)?;
    if let Some(form) = form {
        form.end_scope(e, &time)?;
    }
    for body in time.bodies.iter().rev() {
        e.finish_scf_block(*body);
    }
    Ok(())
}

/// The output initialized (by the kernel that stores it), with its
/// last-write stamps where it has them.
pub(super) fn init_outputs<'c>(
    e: &Emitter<'c>,
    grid: Option<&gpu::Grid<'c>>,
    info: &ArrayInfo,
    lowered: &Lowered<'c>,
    at: melior::ir::Location<'c>,
    options: &LowerOptions,
) -> Result<Option<Val>, Failed> {
    if let Some(grid) = grid {
        gpu::check_stamps(grid, &lowered.output, at)?;
    }
    crate::spacetime_to_scf::lowered::init_outputs(e, info, lowered, !options.gpu)
}
