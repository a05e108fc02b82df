//! Why a run failed.

use t2s_runtime::MAX_ELEMENTS;
use thiserror::Error;

#[derive(Debug, Error)]
pub enum ExecuteError {
    #[error("{0}")]
    Pipeline(String),
    #[error("the module holds no ure.program")]
    NoProgram,
    #[error("the module holds several ure.programs ({0}); choose one with --program")]
    SeveralPrograms(String),
    #[error("no ure.program named @{0}")]
    UnknownProgram(String),
    #[error("cannot convert the program (see the diagnostics above)")]
    Extract,
    #[error("internal error: cannot read {0} off the program's IR, and no diagnostic says why")]
    Unreadable(&'static str),
    #[error(transparent)]
    Interpret(#[from] t2s_model::interpret::InterpretError),
    #[error("the JIT could not compile the lowered module")]
    Jit,
    #[error("the JIT-compiled function failed: {0}")]
    Invoke(String),
    #[error("input @{name}: {reason}")]
    Input { name: String, reason: String },
    #[error("{0}")]
    InputTooSmall(Box<t2s_model::reads::TooSmall>),
    #[error("{0}")]
    Arguments(String),
    #[error("{0} cannot be allocated (more than {MAX_ELEMENTS} elements)")]
    TooLarge(String),
    /// The dataflow run failed: a deadlock, or a misuse of channels; the
    /// channels (indices in the design) that kernels waited on.
    #[error("{0}")]
    Deadlock(String, Vec<usize>),
    #[error("@{0} is isolated into kernels that talk through channels (channel.kernel @{1}): run it with --mode dataflow")]
    Isolated(String, String),
    #[error("@{0} is space-time transformed: the {1} mode needs its UREs; give the program as written (t2s-run --reference FILE runs the interpreter on it)")]
    Transformed(String, &'static str),
}
