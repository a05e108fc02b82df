//! What every backend does first: a context with everything registered,
//! pipelines run over the module, the program to run chosen, and the
//! program's state read off its IR.

use crate::error::ExecuteError;
use melior::ir::operation::OperationRef;
use melior::ir::Module;
use melior::pass::PassManager;
use melior::Context;
use t2s_ir::import::{extract_program, find_nest};
use t2s_ir::ir;
use t2s_ir::ods;
use t2s_model::Program;

/// A context with every upstream and t2s dialect, the LLVM translations (for
/// the JIT) and every pass registered.
pub fn new_context() -> Context {
    let registry = melior::dialect::DialectRegistry::new();
    t2s_dialects::register_all_dialects(&registry);
    let context = Context::new();
    context.append_dialect_registry(&registry);
    context.load_all_available_dialects();
    melior::utility::register_all_llvm_translations(&context);
    t2s_passes::register_passes();
    context
}

/// Runs `pipeline` over `module`; diagnostics go to the context's handlers.
pub fn run_pipeline(
    context: &Context,
    module: &mut Module,
    pipeline: &str,
) -> Result<(), ExecuteError> {
    t2s_passes::register_passes();
    tracing::debug!(pipeline, "running");
    let pm = PassManager::new(context);
    melior::utility::parse_pass_pipeline(pm.as_operation_pass_manager(), pipeline)
        .map_err(|e| ExecuteError::Pipeline(format!("bad pipeline '{pipeline}': {e}")))?;
    pm.run(module).map_err(|_| {
        ExecuteError::Pipeline("compilation failed (see the diagnostics above)".into())
    })
}

/// The `ure.program` to run: the one named `name`, or the only one.
pub fn select_program<'c, 'a>(
    module: OperationRef<'c, 'a>,
    name: Option<&str>,
) -> Result<OperationRef<'c, 'a>, ExecuteError> {
    let programs = ir::collect(module, ods::ure::ProgramOperation::name());
    match name {
        Some(n) => programs
            .into_iter()
            .find(|p| ir::symbol_name(p) == n)
            .ok_or_else(|| ExecuteError::UnknownProgram(n.to_string())),
        None => match programs.len() {
            0 => Err(ExecuteError::NoProgram),
            1 => Ok(programs[0]),
            _ => Err(ExecuteError::SeveralPrograms(
                programs
                    .iter()
                    .map(|p| format!("@{}", ir::symbol_name(p)))
                    .collect::<Vec<_>>()
                    .join(", "),
            )),
        },
    }
}

/// Runs `read` (which reads `what` off the IR, emitting located errors when
/// it cannot); a failure that emitted none is an internal error, named.
pub fn read_ir<T>(
    what: &'static str,
    read: impl FnOnce() -> Result<T, t2s_ir::diag::Failed>,
) -> Result<T, ExecuteError> {
    let before = t2s_ir::diag::error_count();
    read().map_err(|_| {
        if t2s_ir::diag::error_count() > before {
            ExecuteError::Extract
        } else {
            ExecuteError::Unreadable(what)
        }
    })
}

/// Merges the program (if needed) and converts it into the model.
pub fn program_model(
    context: &Context,
    module: &mut Module,
    name: Option<&str>,
) -> Result<Program, ExecuteError> {
    let program = select_program(module.as_operation(), name)?;
    if find_nest(&program).is_none() {
        merge(context, module)?;
    }
    let program = select_program(module.as_operation(), name)?;
    read_ir("the program's model", || extract_program(program))
}

/// Whether the program's UREs were space-time transformed already.
pub fn is_transformed(program: &OperationRef<'_, '_>) -> bool {
    find_nest(program).is_some_and(|n| ods::is(&n, ods::spacetime::ArrayOperation::name()))
}

/// Whether the program is (or its directives make it) a systolic array: a
/// space-time transform, or a directive that acts on one (vectorize, which
/// makes its loop a space loop; isolation, gather, scatter, which need the
/// array and report its absence). The modes that also run sequential nests
/// (opencl, spirv) take these to the array route, so no directive is
/// silently ignored.
pub fn is_spatial(program: &OperationRef<'_, '_>) -> bool {
    let spatial = [
        ods::ure::SpaceTimeTransformOperation::name(),
        ods::ure::VectorizeOperation::name(),
        ods::ure::IsolateProducerOperation::name(),
        ods::ure::IsolateConsumerOperation::name(),
        ods::ure::GatherOperation::name(),
        ods::ure::ScatterOperation::name(),
        ods::ure::StreamInputOperation::name(),
        ods::ure::StreamOutputOperation::name(),
        ods::ure::BufferOperation::name(),
        ods::ure::UnloadOperation::name(),
        ods::ure::GpuMapOperation::name(),
        ods::ure::ParallelOperation::name(),
    ];
    if is_transformed(program) {
        return true;
    }
    use melior::ir::operation::OperationLike as _;
    // One walk, stopped at the first spatial directive.
    let mut found = false;
    program.walk(melior::ir::operation::WalkOrder::PreOrder, |op| {
        found = spatial.iter().any(|name| ods::is(&op, name));
        if found {
            melior::ir::operation::WalkResult::Interrupt
        } else {
            melior::ir::operation::WalkResult::Advance
        }
    });
    found
}

/// Merges the module's programs (`merge-ures`).
pub fn merge(context: &Context, module: &mut Module) -> Result<(), ExecuteError> {
    run_pipeline(context, module, "builtin.module(merge-ures)")
}
