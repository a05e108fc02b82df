//! Executes URE programs in any mode: the reference interpreter and the
//! compiled backends, each a module of [`crate::backends`] implementing
//! [`Backend`], listed once in [`BACKENDS`].

pub use crate::backend::{Backend, Request, RunOptions};
use crate::backends::{dataflow, interpret, opencl, sequential, spirv, systolic};
pub use crate::error::ExecuteError;
pub use crate::interface::program_interface;
pub use crate::limits::{check_buffer, MAX_ELEMENTS};
pub use crate::session::{
    is_spatial, is_transformed, new_context, program_model, run_pipeline, select_program,
};
use melior::ir::Module;
use melior::Context;
use std::time::Duration;
use t2s_model::interpret::Buffer;

/// Every backend, in the order `t2s-run --help` lists them.
pub static BACKENDS: [&dyn Backend; 6] = [
    &interpret::Interpret,
    &sequential::Sequential,
    &systolic::Systolic,
    &dataflow::Dataflow,
    &opencl::OpenCl,
    &spirv::Spirv,
];

/// A backend, chosen by name.
#[derive(Clone, Copy)]
pub struct Mode(pub &'static dyn Backend);

impl Mode {
    pub const INTERPRET: Mode = Mode(&interpret::Interpret);
    pub const SEQUENTIAL: Mode = Mode(&sequential::Sequential);
    pub const SYSTOLIC: Mode = Mode(&systolic::Systolic);
    pub const DATAFLOW: Mode = Mode(&dataflow::Dataflow);
    pub const OPENCL: Mode = Mode(&opencl::OpenCl);
    pub const SPIRV: Mode = Mode(&spirv::Spirv);

    /// The backend named `text`.
    pub fn parse(text: &str) -> Option<Mode> {
        BACKENDS.iter().find(|b| b.name() == text).map(|b| Mode(*b))
    }

    /// Every backend's name.
    pub fn names() -> Vec<&'static str> {
        BACKENDS.iter().map(|b| b.name()).collect()
    }

    pub fn name(self) -> &'static str {
        self.0.name()
    }
}

impl PartialEq for Mode {
    fn eq(&self, other: &Self) -> bool {
        self.name() == other.name()
    }
}
impl Eq for Mode {}

impl std::fmt::Debug for Mode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Executes `module`'s program in `mode` on `inputs` and `params`.
pub fn execute(
    context: &Context,
    module: &mut Module,
    name: Option<&str>,
    mode: Mode,
    inputs: &[Buffer],
    params: &[i64],
) -> Result<Vec<Buffer>, ExecuteError> {
    execute_timed(
        context,
        module,
        name,
        mode,
        inputs,
        params,
        &RunOptions::default(),
    )
    .map(|(outputs, _)| outputs)
}

/// [`execute`], then, for a compiled mode, `repeat` more calls of the
/// compiled function, each timed alone (no parsing, lowering or JIT
/// compilation): the kernel times of a benchmark.
pub fn execute_timed(
    context: &Context,
    module: &mut Module,
    name: Option<&str>,
    mode: Mode,
    inputs: &[Buffer],
    params: &[i64],
    options: &RunOptions,
) -> Result<(Vec<Buffer>, Vec<Duration>), ExecuteError> {
    let program = select_program(module.as_operation(), name)?;
    let input_needs = crate::session::read_ir("what the program reads", || {
        t2s_ir::reads::input_needs(program)
    })?;
    let schedule_at = schedule_location(program);
    let request = Request {
        program: name,
        inputs,
        params,
        options,
        input_needs,
        schedule_at,
    };
    mode.0.run(context, module, &request)
}

/// `file:line:col` of the program's last space-time transform directive,
/// or of its array once transformed; empty when there is neither.
fn schedule_location(program: melior::ir::operation::OperationRef<'_, '_>) -> String {
    use melior::ir::operation::OperationLike;
    let directive = t2s_ir::ir::collect(
        program,
        t2s_ir::ods::ure::SpaceTimeTransformOperation::name(),
    )
    .last()
    .copied()
    .or_else(|| {
        t2s_ir::ir::collect(program, t2s_ir::ods::spacetime::ArrayOperation::name())
            .first()
            .copied()
    });
    directive
        .and_then(|op| t2s_ir::location::file_line_col(op.location()))
        .map(|(file, line, col)| format!("{file}:{line}:{col}"))
        .unwrap_or_default()
}
