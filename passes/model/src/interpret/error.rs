//! What the interpreter reports: errors with the point and Func where they
//! happen, and the causes of poison.

use super::*;
// ---------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------

/// An iteration point of the loop nest: `(loop name, value)`, outermost first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Point(pub Vec<(String, i64)>);

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("(")?;
        for (k, (name, value)) in self.0.iter().enumerate() {
            if k > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{name}={value}")?;
        }
        f.write_str(")")
    }
}

/// Formats an index tuple as `(1, 2)`.
pub(super) struct Tuple<'a>(&'a [i64]);

impl fmt::Display for Tuple<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("(")?;
        for (k, v) in self.0.iter().enumerate() {
            if k > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{v}")?;
        }
        f.write_str(")")
    }
}

/// An index of a Func, with its variables' names when they are known:
/// `(i=1, j=2)`.
pub(super) struct Named<'a>(&'a [String], &'a [i64]);

impl fmt::Display for Named<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.len() != self.1.len() {
            return Tuple(self.1).fmt(f);
        }
        f.write_str("(")?;
        for (k, (name, v)) in self.0.iter().zip(self.1).enumerate() {
            if k > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{name}={v}")?;
        }
        f.write_str(")")
    }
}

fn at_source(source: &str) -> String {
    if source.is_empty() {
        String::new()
    } else {
        format!(" (at {source})")
    }
}

/// Where a poison value that reached the output came from: the first poison
/// found walking back from the stored value through the operands that made it
/// poison.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum PoisonCause {
    #[error("read of input `{input}` at {} is out of bounds", Tuple(.index))]
    InputOutOfBounds { input: String, index: Vec<i64> },
    #[error("read of Func `{func}` at {} is outside its domain", Named(.vars, .index))]
    OutsideDomain {
        func: String,
        /// The Func's variables, which `index` gives values to.
        vars: Vec<String>,
        index: Vec<i64>,
    },
    #[error("Func `{func}` holds poison at {} (never stored, or stored from poison)", Named(.vars, .index))]
    PoisonStored {
        func: String,
        vars: Vec<String>,
        index: Vec<i64>,
    },
    #[error("node {node} is a poison constant")]
    Constant { node: NodeId },
    #[error("node {node} produced poison: {reason}")]
    Operation { node: NodeId, reason: &'static str },
}

#[derive(Clone, Debug, PartialEq, Error)]
pub enum InterpretError {
    #[error("program `{program}` has no Func")]
    NoFuncs { program: String },
    #[error("malformed program: {context}: {reason}")]
    Malformed { context: String, reason: String },
    #[error("expected {expected} parameters, got {got}")]
    ParamCount { expected: usize, got: usize },
    #[error("loop `{loop_name}` has negative extent {extent}")]
    NegativeExtent { loop_name: String, extent: i64 },
    #[error("loop `{loop_name}`: min {min} + extent {extent} overflows i64")]
    LoopOverflow {
        loop_name: String,
        min: i64,
        extent: i64,
    },
    #[error("expected {expected} inputs, got {got}")]
    InputCount { expected: usize, got: usize },
    #[error("input `{name}`: expected element type {expected}, got {got}")]
    InputElem {
        name: String,
        expected: ScalarType,
        got: ScalarType,
    },
    #[error("input `{name}`: expected rank {expected}, got shape {got:?}")]
    InputRank {
        name: String,
        expected: usize,
        got: Vec<usize>,
    },
    #[error("input `{name}`: dimension {dim} must have size {expected}, got {got}")]
    InputSize {
        name: String,
        dim: usize,
        expected: i64,
        got: usize,
    },
    #[error("input `{name}`: {source}")]
    InputData { name: String, source: BufferError },
    #[error("Func `{func}`: its storage ({shape:?}) cannot be allocated")]
    TooLarge { func: String, shape: Vec<i64> },
    #[error("the interpreter keeps every Func's values over its whole domain: {values} values ({gib:.1} GiB; Func `{largest}` keeps {shape:?}), more than its limit of {limit} values")]
    StorageTooLarge {
        values: u128,
        gib: f64,
        largest: String,
        shape: Vec<usize>,
        limit: u64,
    },
    #[error("poison stored into output Func `{func}` at {point}: {cause}{}", at_source(.read_at))]
    PoisonInOutput {
        func: String,
        point: Point,
        cause: Box<PoisonCause>,
        /// Where the read or operation that made the poison is
        /// (`file:line:col`), empty when unknown.
        read_at: String,
    },
}
