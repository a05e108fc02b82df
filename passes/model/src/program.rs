//! The MLIR-free model of a URE program.
//!
//! The `ure` dialect is converted into this model (by `t2s-passes`) so that the
//! reference interpreter and the analyses that only need the equations can be
//! written, tested and reasoned about without MLIR.

/// Element types a URE value can have. Integers are signless, as in `arith`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScalarType {
    /// `i1`, `i8`, ... `i64`.
    Int(u32),
    /// `index`, modelled as a 64-bit integer.
    Index,
    /// IEEE half and bfloat16: their values are held as exact `F32` values,
    /// and every operation producing one rounds to the format (what LLVM's
    /// promotion to f32 computes on targets without native 16-bit floats).
    F16,
    BF16,
    F32,
    F64,
}

impl ScalarType {
    pub fn is_float(self) -> bool {
        matches!(
            self,
            ScalarType::F16 | ScalarType::BF16 | ScalarType::F32 | ScalarType::F64
        )
    }

    /// Bit width; `index` is 64 bits wide.
    pub fn bit_width(self) -> u32 {
        match self {
            ScalarType::Int(w) => w,
            ScalarType::Index => 64,
            ScalarType::F16 | ScalarType::BF16 => 16,
            ScalarType::F32 => 32,
            ScalarType::F64 => 64,
        }
    }

    /// `x` rounded to this 16-bit float format (to nearest even); other
    /// types unchanged.
    pub fn round_f32(self, x: f32) -> f32 {
        match self {
            ScalarType::F16 => half::f16::from_f32(x).to_f32(),
            ScalarType::BF16 => half::bf16::from_f32(x).to_f32(),
            _ => x,
        }
    }

    /// `x` rounded once, from f64, to this 16-bit float format.
    pub fn round_f64(self, x: f64) -> f32 {
        match self {
            ScalarType::F16 => half::f16::from_f64(x).to_f32(),
            ScalarType::BF16 => half::bf16::from_f64(x).to_f32(),
            _ => x as f32,
        }
    }

    /// Values of this type are held as `Value::F32`.
    pub fn held_as_f32(self) -> bool {
        matches!(self, ScalarType::F16 | ScalarType::BF16 | ScalarType::F32)
    }
}

/// Prints the MLIR spelling (`i32`, `index`, `f32`), for error messages.
impl std::fmt::Display for ScalarType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ScalarType::Int(w) => write!(f, "i{w}"),
            ScalarType::Index => f.write_str("index"),
            ScalarType::F16 => f.write_str("f16"),
            ScalarType::BF16 => f.write_str("bf16"),
            ScalarType::F32 => f.write_str("f32"),
            ScalarType::F64 => f.write_str("f64"),
        }
    }
}

/// A runtime value. Integers are kept sign-extended from their width, so that
/// an `i8` holding 0xff is `Int(-1)`; unsigned operations reinterpret it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value {
    Int(i64),
    F32(f32),
    F64(f64),
    /// A value read from outside a Func's iteration domain, and everything
    /// computed from it. `select` may discard it; storing it into an output is
    /// an error.
    Poison,
}

/// An extent (or bound) of a loop: a constant or a symbolic program parameter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Extent {
    Const(i64),
    /// Index into `Program::params`.
    Param(usize),
}

/// An affine index expression over the block arguments (loop variables) of a
/// definition: `sum(coeff * arg) + constant`.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Affine {
    /// `(argument position, coefficient)` pairs; positions are distinct. In
    /// an input's indices, position `vars.len() + p` is parameter `p`.
    pub terms: Vec<(usize, i64)>,
    pub constant: i64,
}

pub type NodeId = usize;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnaryOp {
    NegF,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinaryOp {
    AddI,
    SubI,
    MulI,
    DivSI,
    DivUI,
    RemSI,
    RemUI,
    FloorDivSI,
    CeilDivSI,
    CeilDivUI,
    MinSI,
    MaxSI,
    MinUI,
    MaxUI,
    AndI,
    OrI,
    XOrI,
    ShLI,
    ShRSI,
    ShRUI,
    AddF,
    SubF,
    MulF,
    DivF,
    RemF,
    MinimumF,
    MaximumF,
}

/// `arith.cmpi` / `arith.cmpf` predicates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpPredicate {
    // Integer.
    Eq,
    Ne,
    Slt,
    Sle,
    Sgt,
    Sge,
    Ult,
    Ule,
    Ugt,
    Uge,
    // Float (ordered / unordered).
    FFalse,
    Oeq,
    Ogt,
    Oge,
    Olt,
    Ole,
    One,
    Ord,
    Ueq,
    Ugtf,
    Ugef,
    Ultf,
    Ulef,
    Une,
    Uno,
    FTrue,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastOp {
    ExtSI,
    ExtUI,
    TruncI,
    SIToFP,
    UIToFP,
    FPToSI,
    FPToUI,
    ExtF,
    TruncF,
    IndexCast,
    IndexCastUI,
    /// Same bits, another type of the same width (i32 <-> f32, i64 <-> f64,
    /// or integers of one width).
    Bitcast,
}

/// `math` dialect operations on floats (and `math.absi` on integers).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MathOp {
    AbsF,
    AbsI,
    Sqrt,
    Rsqrt,
    Cbrt,
    Exp,
    Exp2,
    ExpM1,
    Log,
    Log2,
    Log10,
    Log1p,
    Sin,
    Cos,
    Tan,
    Tanh,
    Sinh,
    Cosh,
    Asin,
    Acos,
    Atan,
    Floor,
    Ceil,
    Round,
    RoundEven,
    Trunc,
    PowF,
    Atan2,
    CopySign,
    Fma,
}

impl MathOp {
    /// Every op with its mnemonic (its name in the `math` dialect) and
    /// operand count.
    pub const ALL: [(MathOp, &'static str, usize); 30] = [
        (MathOp::AbsF, "absf", 1),
        (MathOp::AbsI, "absi", 1),
        (MathOp::Sqrt, "sqrt", 1),
        (MathOp::Rsqrt, "rsqrt", 1),
        (MathOp::Cbrt, "cbrt", 1),
        (MathOp::Exp, "exp", 1),
        (MathOp::Exp2, "exp2", 1),
        (MathOp::ExpM1, "expm1", 1),
        (MathOp::Log, "log", 1),
        (MathOp::Log2, "log2", 1),
        (MathOp::Log10, "log10", 1),
        (MathOp::Log1p, "log1p", 1),
        (MathOp::Sin, "sin", 1),
        (MathOp::Cos, "cos", 1),
        (MathOp::Tan, "tan", 1),
        (MathOp::Tanh, "tanh", 1),
        (MathOp::Sinh, "sinh", 1),
        (MathOp::Cosh, "cosh", 1),
        (MathOp::Asin, "asin", 1),
        (MathOp::Acos, "acos", 1),
        (MathOp::Atan, "atan", 1),
        (MathOp::Floor, "floor", 1),
        (MathOp::Ceil, "ceil", 1),
        (MathOp::Round, "round", 1),
        (MathOp::RoundEven, "roundeven", 1),
        (MathOp::Trunc, "trunc", 1),
        (MathOp::PowF, "powf", 2),
        (MathOp::Atan2, "atan2", 2),
        (MathOp::CopySign, "copysign", 2),
        (MathOp::Fma, "fma", 3),
    ];

    pub fn arity(self) -> usize {
        Self::ALL
            .iter()
            .find(|(op, _, _)| *op == self)
            .map(|(_, _, arity)| *arity)
            .expect("every op is listed")
    }

    /// The mnemonic, `sqrt` for `math.sqrt`.
    pub fn mnemonic(self) -> &'static str {
        Self::ALL
            .iter()
            .find(|(op, _, _)| *op == self)
            .map(|(_, n, _)| *n)
            .expect("every op is listed")
    }
}

/// One operation of a definition body, in SSA order: operands are earlier nodes.
#[derive(Clone, Debug, PartialEq)]
pub enum Node {
    /// The value of a loop variable (a block argument of the definition).
    Arg(usize),
    /// The value of a symbolic parameter (index typed).
    Param(usize),
    Const(Value, ScalarType),
    Unary {
        op: UnaryOp,
        a: NodeId,
        ty: ScalarType,
    },
    Binary {
        op: BinaryOp,
        a: NodeId,
        b: NodeId,
        ty: ScalarType,
    },
    /// Result type is `i1`.
    Cmp {
        pred: CmpPredicate,
        a: NodeId,
        b: NodeId,
    },
    Select {
        cond: NodeId,
        a: NodeId,
        b: NodeId,
        ty: ScalarType,
    },
    Cast {
        op: CastOp,
        a: NodeId,
        ty: ScalarType,
    },
    /// A `math` op on operands of the result type.
    Math {
        op: MathOp,
        args: Vec<NodeId>,
        ty: ScalarType,
    },
    /// Result `result` of Func `func` at the point given by `indices`, one per
    /// argument of the callee's left-hand side.
    FuncRef {
        func: usize,
        result: usize,
        indices: Vec<Affine>,
    },
    /// Element of input `input` at `indices`, one per input dimension
    /// (quasi-affine in the loop variables and the parameters).
    InputRead {
        input: usize,
        indices: Vec<crate::quasi::QuasiAffine>,
    },
}

/// The right-hand side of one URE.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Body {
    pub nodes: Vec<Node>,
    /// One node per result of the Func.
    pub yields: Vec<NodeId>,
    /// `select(cond, value)` without an else value: the Func is defined only
    /// where the condition (an `i1` node) holds.
    pub guard: Option<NodeId>,
    /// Where each node comes from in the source (`file:line:col`), for the
    /// interpreter's reports; shorter than `nodes`, or empty, when unknown.
    pub sources: Vec<String>,
}

/// An input buffer (the ImageParam role).
#[derive(Clone, Debug, PartialEq)]
pub struct Input {
    pub name: String,
    pub elem: ScalarType,
    /// Per dimension: `Some(n)` for a static size, `None` for a dynamic one.
    pub shape: Vec<Option<i64>>,
    /// The memory order of its dimensions (its memref type's layout).
    pub layout: crate::Layout,
}

/// A Func with its URE definition.
#[derive(Clone, Debug, PartialEq)]
pub struct Func {
    pub name: String,
    pub result_types: Vec<ScalarType>,
    /// Names of the definition's block arguments (its loop variables), in order.
    pub vars: Vec<String>,
    /// Positions (into `vars`) of the left-hand-side arguments, in order. For an
    /// ordinary URE this is `0..vars.len()`; an extended URE drops some.
    pub lhs: Vec<usize>,
    pub body: Body,
}

/// One loop of the merged loop nest.
#[derive(Clone, Debug, PartialEq)]
pub struct Loop {
    pub name: String,
    pub min: i64,
    pub extent: Extent,
}

/// A merged URE program: the Funcs in realization order under one perfect
/// loop nest. The last Func is the output.
#[derive(Clone, Debug, PartialEq)]
pub struct Program {
    pub name: String,
    pub params: Vec<String>,
    pub inputs: Vec<Input>,
    pub funcs: Vec<Func>,
    /// Outermost first.
    pub loops: Vec<Loop>,
    /// The memory order of the output buffer's dimensions (the output
    /// `ure.func`'s `layout`).
    pub output_layout: crate::Layout,
}

impl Program {
    /// Position in `loops` of the loop called `name`.
    pub fn loop_index(&self, name: &str) -> Option<usize> {
        self.loops.iter().position(|l| l.name == name)
    }

    pub fn output(&self) -> &Func {
        self.funcs.last().expect("a program has at least one Func")
    }
}
