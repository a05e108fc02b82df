//! The reference interpreter: the oracle every compiled mode is checked
//! against, so it favours literal, exact semantics over speed.
//!
//! It executes a [`Program`] as written: the merged loop nest (outermost loop
//! first, every loop ascending) and, at every iteration point, every Func in
//! realization order. A Func stores into dense storage over the domain of its
//! left-hand-side loops, so a later store at the same point overwrites an
//! earlier one: this is how an extended URE that drops loop variables keeps
//! the last value. Reads outside a Func's domain, of never-stored points or of
//! inputs out of bounds give [`Value::Poison`], which `select` may discard and
//! which is an error only once it reaches the output.
//!
//! Integer operations follow MLIR `arith` bit for bit (values of `iN` are kept
//! sign-extended from N bits, `i1` true is `Int(-1)`); float operations are
//! computed in the type's own precision.

use std::fmt;

use thiserror::Error;

use crate::program::{
    Affine, BinaryOp, CastOp, CmpPredicate, Extent, Func, MathOp, Node, NodeId, Program,
    ScalarType, UnaryOp, Value,
};

// ---------------------------------------------------------------------------
// Buffers
// ---------------------------------------------------------------------------

/// A dense, row-major (C order) array of values of one element type: the
/// inputs and outputs of a program.
#[derive(Clone, Debug, PartialEq)]
pub struct Buffer {
    pub elem: ScalarType,
    pub shape: Vec<usize>,
    pub data: Vec<Value>,
}

/// Why a [`Buffer`] is not a well-formed array of its element type.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum BufferError {
    #[error("shape {shape:?} has more elements than fit in memory")]
    TooLarge { shape: Vec<usize> },
    #[error("shape {shape:?} holds {expected} elements but the data has {got}")]
    Length {
        shape: Vec<usize>,
        expected: usize,
        got: usize,
    },
    #[error("element {index} is {value:?}, not a value of type {elem}")]
    ValueType {
        index: usize,
        elem: ScalarType,
        value: Value,
    },
    #[error("element {index} is poison")]
    Poison { index: usize },
}

/// Number of elements of an array of `shape`, or `None` on overflow.
pub fn element_count(shape: &[usize]) -> Option<usize> {
    shape.iter().try_fold(1usize, |n, &d| n.checked_mul(d))
}

/// The number of values the sequential lowering keeps for each Func but the
/// output (its rolling buffer: the largest flattened distance at which a URE
/// reads it, plus one, with row-major strides over the loops at these
/// parameter values); `None` when the arithmetic overflows `i64`. The
/// lowering computes the same numbers at run time.
pub fn rolling_slots(program: &Program, params: &[i64]) -> Option<Vec<i64>> {
    let extent = |l: &crate::program::Loop| -> Option<i64> {
        match l.extent {
            Extent::Const(c) => Some(c),
            Extent::Param(p) => params.get(p).copied(),
        }
    };
    let mut strides = vec![0i64; program.loops.len()];
    let mut stride: i64 = 1;
    for (i, l) in program.loops.iter().enumerate().rev() {
        strides[i] = stride;
        stride = stride.checked_mul(extent(l)?.max(0))?;
    }
    let funcs = program.funcs.len().saturating_sub(1);
    let mut slots = vec![1i64; funcs];
    for reader in &program.funcs {
        for node in &reader.body.nodes {
            let Node::FuncRef {
                func: callee,
                indices,
                ..
            } = node
            else {
                continue;
            };
            if *callee >= funcs {
                continue;
            }
            let target = &program.funcs[*callee];
            let mut flat: i64 = 0;
            for (affine, &p) in indices.iter().zip(&target.lhs) {
                let l = program.loop_index(&target.vars[p])?;
                flat = flat.checked_add(strides[l].checked_mul(affine.constant.checked_neg()?)?)?;
            }
            slots[*callee] = slots[*callee].max(flat.checked_add(1)?);
        }
    }
    Some(slots)
}

/// The zero of `elem`: what unwritten output points hold.
pub fn zero_value(elem: ScalarType) -> Value {
    match elem {
        ScalarType::Int(_) | ScalarType::Index => Value::Int(0),
        ScalarType::F16 | ScalarType::BF16 | ScalarType::F32 => Value::F32(0.0),
        ScalarType::F64 => Value::F64(0.0),
    }
}

/// Whether `value` is a canonical value of `elem` (right variant; integers
/// sign-extended from their width).
pub fn value_has_type(value: Value, elem: ScalarType) -> bool {
    match (elem, value) {
        (ScalarType::Int(w), Value::Int(v)) => (1..=64).contains(&w) && normalize(v, w) == v,
        (ScalarType::Index, Value::Int(_)) => true,
        (ScalarType::F32, Value::F32(_)) | (ScalarType::F64, Value::F64(_)) => true,
        (ScalarType::F16 | ScalarType::BF16, Value::F32(x)) => x.is_nan() || elem.round_f32(x) == x,
        _ => false,
    }
}

/// Row-major strides (in elements) of an array of `shape`.
pub fn row_major_strides(shape: &[usize]) -> Vec<usize> {
    let mut strides = vec![1usize; shape.len()];
    for d in (0..shape.len().saturating_sub(1)).rev() {
        strides[d] = strides[d + 1].saturating_mul(shape[d + 1]);
    }
    strides
}

impl Buffer {
    /// A buffer of zeros.
    ///
    /// # Panics
    /// If the element count overflows or cannot be allocated, like `vec!`.
    pub fn zeros(elem: ScalarType, shape: &[usize]) -> Buffer {
        let n = element_count(shape).expect("buffer element count overflows usize");
        Buffer {
            elem,
            shape: shape.to_vec(),
            data: vec![zero_value(elem); n],
        }
    }

    /// A buffer from its parts, checked with [`Buffer::validate`].
    pub fn new(
        elem: ScalarType,
        shape: Vec<usize>,
        data: Vec<Value>,
    ) -> Result<Buffer, BufferError> {
        let buffer = Buffer { elem, shape, data };
        buffer.validate()?;
        Ok(buffer)
    }

    /// An integer (or index) buffer; each value is truncated to the width of
    /// `elem` as `arith.trunci` would.
    pub fn from_i64(
        elem: ScalarType,
        shape: &[usize],
        values: &[i64],
    ) -> Result<Buffer, BufferError> {
        let data = values
            .iter()
            .map(|&v| match elem {
                ScalarType::Int(w) if (1..=64).contains(&w) => Value::Int(normalize(v, w)),
                _ => Value::Int(v),
            })
            .collect();
        Buffer::new(elem, shape.to_vec(), data)
    }

    /// An `f32` buffer.
    pub fn from_f32(shape: &[usize], values: &[f32]) -> Result<Buffer, BufferError> {
        let data = values.iter().map(|&v| Value::F32(v)).collect();
        Buffer::new(ScalarType::F32, shape.to_vec(), data)
    }

    /// An `f64` buffer.
    pub fn from_f64(shape: &[usize], values: &[f64]) -> Result<Buffer, BufferError> {
        let data = values.iter().map(|&v| Value::F64(v)).collect();
        Buffer::new(ScalarType::F64, shape.to_vec(), data)
    }

    /// Checks that the data length matches the shape and that every element
    /// is a canonical, non-poison value of the element type.
    pub fn validate(&self) -> Result<(), BufferError> {
        let expected = element_count(&self.shape).ok_or_else(|| BufferError::TooLarge {
            shape: self.shape.clone(),
        })?;
        if expected != self.data.len() {
            return Err(BufferError::Length {
                shape: self.shape.clone(),
                expected,
                got: self.data.len(),
            });
        }
        for (index, &value) in self.data.iter().enumerate() {
            if value == Value::Poison {
                return Err(BufferError::Poison { index });
            }
            if !value_has_type(value, self.elem) {
                return Err(BufferError::ValueType {
                    index,
                    elem: self.elem,
                    value,
                });
            }
        }
        Ok(())
    }

    pub fn rank(&self) -> usize {
        self.shape.len()
    }

    pub fn len(&self) -> usize {
        self.data.len()
    }

    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// Row-major strides in elements.
    pub fn strides(&self) -> Vec<usize> {
        row_major_strides(&self.shape)
    }

    /// Flat position of `index`, or `None` if its rank or any coordinate is
    /// out of bounds.
    pub fn offset(&self, index: &[usize]) -> Option<usize> {
        if index.len() != self.shape.len() {
            return None;
        }
        let mut offset = 0usize;
        for (&i, &n) in index.iter().zip(&self.shape) {
            if i >= n {
                return None;
            }
            offset = offset * n + i;
        }
        Some(offset)
    }

    pub fn get(&self, index: &[usize]) -> Option<Value> {
        self.offset(index).and_then(|o| self.data.get(o).copied())
    }

    pub fn get_mut(&mut self, index: &[usize]) -> Option<&mut Value> {
        let o = self.offset(index)?;
        self.data.get_mut(o)
    }

    /// The integer elements, or `None` if any element is not an integer.
    pub fn to_i64_vec(&self) -> Option<Vec<i64>> {
        self.data
            .iter()
            .map(|v| match v {
                Value::Int(i) => Some(*i),
                _ => None,
            })
            .collect()
    }

    /// The float elements widened to `f64` (exactly), or `None` if any
    /// element is not a float.
    pub fn to_f64_vec(&self) -> Option<Vec<f64>> {
        self.data
            .iter()
            .map(|v| match v {
                Value::F32(x) => Some(f64::from(*x)),
                Value::F64(x) => Some(*x),
                _ => None,
            })
            .collect()
    }
}

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
struct Tuple<'a>(&'a [i64]);

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

/// Where a poison value that reached the output came from: the first poison
/// found walking back from the stored value through the operands that made it
/// poison.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum PoisonCause {
    #[error("read of input `{input}` at {} is out of bounds", Tuple(.index))]
    InputOutOfBounds { input: String, index: Vec<i64> },
    #[error("read of Func `{func}` at {} is outside its domain", Tuple(.index))]
    OutsideDomain { func: String, index: Vec<i64> },
    #[error("Func `{func}` holds poison at {} (never stored, or stored from poison)", Tuple(.index))]
    PoisonStored { func: String, index: Vec<i64> },
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
    #[error("poison stored into output Func `{func}` at {point}: {cause}")]
    PoisonInOutput {
        func: String,
        point: Point,
        cause: PoisonCause,
    },
}

// ---------------------------------------------------------------------------
// Scalar semantics (arith)
// ---------------------------------------------------------------------------

/// The canonical representation of a `w`-bit integer: the low `w` bits of
/// `v`, sign-extended to 64 bits. `w` is in `1..=64`.
pub fn normalize(v: i64, w: u32) -> i64 {
    if w >= 64 || w == 0 {
        v
    } else {
        let shift = 64 - w;
        (v << shift) >> shift
    }
}

/// The unsigned reinterpretation of the `w`-bit integer `v`.
pub fn to_unsigned(v: i64, w: u32) -> u64 {
    if w >= 64 {
        v as u64
    } else {
        (v as u64) & ((1u64 << w) - 1)
    }
}

/// The canonical `i1`: true is all ones, i.e. `Int(-1)`.
pub fn bool_value(b: bool) -> Value {
    Value::Int(if b { -1 } else { 0 })
}

/// An operation failed in a way that is an error, not poison.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Fault {
    /// Operands of the wrong kind: the type check should make it impossible.
    Type(&'static str),
}

const TYPE_FAULT: Fault = Fault::Type("operand values do not match the operation");

fn const_value(v: Value, ty: ScalarType) -> Result<Value, Fault> {
    match (v, ty) {
        (Value::Poison, _) => Ok(Value::Poison),
        (Value::Int(x), ScalarType::Int(w)) => Ok(Value::Int(normalize(x, w))),
        (Value::Int(x), ScalarType::Index) => Ok(Value::Int(x)),
        (Value::F32(x), ScalarType::F32) => Ok(Value::F32(x)),
        (Value::F64(x), ScalarType::F32) => Ok(Value::F32(x as f32)),
        (Value::F32(x), ScalarType::F16 | ScalarType::BF16) => Ok(Value::F32(ty.round_f32(x))),
        (Value::F64(x), ScalarType::F16 | ScalarType::BF16) => Ok(Value::F32(ty.round_f64(x))),
        (Value::F32(x), ScalarType::F64) => Ok(Value::F64(f64::from(x))),
        (Value::F64(x), ScalarType::F64) => Ok(Value::F64(x)),
        _ => Err(TYPE_FAULT),
    }
}

/// A `math` op; poison in, poison out. Rust's `f32`/`f64` functions call the
/// same C library as the code the JIT compiles (`--compare` allows a few
/// ulps for floats).
fn math(op: MathOp, ty: ScalarType, operands: &[Value]) -> Result<Value, Fault> {
    if operands.contains(&Value::Poison) {
        return Ok(Value::Poison);
    }
    match (ty, operands) {
        (ScalarType::F16 | ScalarType::BF16 | ScalarType::F32, _) => {
            let x: Vec<f64> = operands
                .iter()
                .map(|v| match v {
                    Value::F32(f) => Ok(*f as f64),
                    _ => Err(TYPE_FAULT),
                })
                .collect::<Result<_, _>>()?;
            let f: Vec<f32> = x.iter().map(|v| *v as f32).collect();
            // 16-bit formats: computed in f32, rounded (LLVM's promotion).
            Ok(Value::F32(
                ty.round_f32(math_f32(op, &f).ok_or(TYPE_FAULT)?),
            ))
        }
        (ScalarType::F64, _) => {
            let x: Vec<f64> = operands
                .iter()
                .map(|v| match v {
                    Value::F64(f) => Ok(*f),
                    _ => Err(TYPE_FAULT),
                })
                .collect::<Result<_, _>>()?;
            Ok(Value::F64(math_f64(op, &x).ok_or(TYPE_FAULT)?))
        }
        (ty, [Value::Int(x)]) if op == MathOp::AbsI => {
            Ok(Value::Int(normalize(x.wrapping_abs(), ty.bit_width())))
        }
        _ => Err(TYPE_FAULT),
    }
}

macro_rules! math_float {
    ($name:ident, $t:ty) => {
        fn $name(op: MathOp, x: &[$t]) -> Option<$t> {
            use MathOp::*;
            let a = *x.first()?;
            Some(match op {
                AbsF => a.abs(),
                Sqrt => a.sqrt(),
                Rsqrt => 1.0 / a.sqrt(),
                Cbrt => a.cbrt(),
                Exp => a.exp(),
                Exp2 => a.exp2(),
                ExpM1 => a.exp_m1(),
                Log => a.ln(),
                Log2 => a.log2(),
                Log10 => a.log10(),
                Log1p => a.ln_1p(),
                Sin => a.sin(),
                Cos => a.cos(),
                Tan => a.tan(),
                Tanh => a.tanh(),
                Sinh => a.sinh(),
                Cosh => a.cosh(),
                Asin => a.asin(),
                Acos => a.acos(),
                Atan => a.atan(),
                Floor => a.floor(),
                Ceil => a.ceil(),
                Round => a.round(),
                RoundEven => a.round_ties_even(),
                Trunc => a.trunc(),
                PowF => a.powf(*x.get(1)?),
                Atan2 => a.atan2(*x.get(1)?),
                CopySign => a.copysign(*x.get(1)?),
                Fma => a.mul_add(*x.get(1)?, *x.get(2)?),
                AbsI => return None,
            })
        }
    };
}
math_float!(math_f32, f32);
math_float!(math_f64, f64);

fn unary(op: UnaryOp, a: Value) -> Result<Value, Fault> {
    match (op, a) {
        (_, Value::Poison) => Ok(Value::Poison),
        (UnaryOp::NegF, Value::F32(x)) => Ok(Value::F32(-x)),
        (UnaryOp::NegF, Value::F64(x)) => Ok(Value::F64(-x)),
        _ => Err(TYPE_FAULT),
    }
}

fn binary(op: BinaryOp, ty: ScalarType, a: Value, b: Value) -> Result<Value, Fault> {
    match (a, b) {
        (Value::Poison, _) | (_, Value::Poison) => Ok(Value::Poison),
        (Value::Int(x), Value::Int(y)) => int_binary(op, ty.bit_width(), x, y),
        (Value::F32(x), Value::F32(y)) => f32_binary(op, x, y)
            .map(|r| Value::F32(ty.round_f32(r)))
            .ok_or(TYPE_FAULT),
        (Value::F64(x), Value::F64(y)) => f64_binary(op, x, y).map(Value::F64).ok_or(TYPE_FAULT),
        _ => Err(TYPE_FAULT),
    }
}

/// `arith` integer operations on `w`-bit values: wrapping, shifts by `>= w`
/// poison. Division and remainder are total, with RISC-V's results (MLIR
/// leaves these cases undefined; every t2s mode computes these values):
/// a quotient by zero is all ones (-1), a remainder by zero is the dividend,
/// `INT_MIN / -1` wraps to `INT_MIN` and `INT_MIN % -1` is 0.
fn int_binary(op: BinaryOp, w: u32, x: i64, y: i64) -> Result<Value, Fault> {
    use BinaryOp::*;
    let (ux, uy) = (to_unsigned(x, w), to_unsigned(y, w));
    let divisor_is_zero = uy == 0;
    let r = match op {
        AddI => x.wrapping_add(y),
        SubI => x.wrapping_sub(y),
        MulI => x.wrapping_mul(y),
        DivSI | DivUI | FloorDivSI | CeilDivSI | CeilDivUI if divisor_is_zero => -1,
        RemSI | RemUI if divisor_is_zero => x,
        DivSI => x.wrapping_div(y),
        RemSI => x.wrapping_rem(y),
        DivUI => (ux / uy) as i64,
        RemUI => (ux % uy) as i64,
        // Values are sign-extended w-bit integers, so the i64 quotient is
        // exact; normalize() wraps INT_MIN / -1 back to INT_MIN.
        FloorDivSI => {
            let q = x.wrapping_div(y);
            if x.wrapping_rem(y) != 0 && ((x < 0) != (y < 0)) {
                q - 1
            } else {
                q
            }
        }
        CeilDivSI => {
            let q = x.wrapping_div(y);
            if x.wrapping_rem(y) != 0 && ((x < 0) == (y < 0)) {
                q + 1
            } else {
                q
            }
        }
        CeilDivUI => ux.div_ceil(uy) as i64,
        MinSI => x.min(y),
        MaxSI => x.max(y),
        MinUI => {
            if ux <= uy {
                x
            } else {
                y
            }
        }
        MaxUI => {
            if ux >= uy {
                x
            } else {
                y
            }
        }
        AndI => x & y,
        OrI => x | y,
        XOrI => x ^ y,
        ShLI | ShRSI | ShRUI if uy >= u64::from(w) => return Ok(Value::Poison),
        ShLI => x << uy,
        ShRSI => x >> uy,
        ShRUI => (ux >> uy) as i64,
        AddF | SubF | MulF | DivF | RemF | MinimumF | MaximumF => return Err(TYPE_FAULT),
    };
    Ok(Value::Int(normalize(r, w)))
}

fn f32_binary(op: BinaryOp, x: f32, y: f32) -> Option<f32> {
    use BinaryOp::*;
    Some(match op {
        AddF => x + y,
        SubF => x - y,
        MulF => x * y,
        DivF => x / y,
        // Rust's float `%` is C's fmod, which is what `arith.remf` lowers to.
        RemF => x % y,
        // Exact in f64: the result is one of the operands (or NaN).
        MinimumF => minimum(f64::from(x), f64::from(y)) as f32,
        MaximumF => maximum(f64::from(x), f64::from(y)) as f32,
        _ => return None,
    })
}

fn f64_binary(op: BinaryOp, x: f64, y: f64) -> Option<f64> {
    use BinaryOp::*;
    Some(match op {
        AddF => x + y,
        SubF => x - y,
        MulF => x * y,
        DivF => x / y,
        RemF => x % y,
        MinimumF => minimum(x, y),
        MaximumF => maximum(x, y),
        _ => return None,
    })
}

/// IEEE 754-2019 `minimum`: NaN propagates and -0.0 < +0.0.
fn minimum(x: f64, y: f64) -> f64 {
    if x.is_nan() || y.is_nan() {
        f64::NAN
    } else if x == y {
        if x.is_sign_negative() {
            x
        } else {
            y
        }
    } else if x < y {
        x
    } else {
        y
    }
}

/// IEEE 754-2019 `maximum`: NaN propagates and -0.0 < +0.0.
fn maximum(x: f64, y: f64) -> f64 {
    if x.is_nan() || y.is_nan() {
        f64::NAN
    } else if x == y {
        if x.is_sign_positive() {
            x
        } else {
            y
        }
    } else if x > y {
        x
    } else {
        y
    }
}

fn is_float_predicate(pred: CmpPredicate) -> bool {
    use CmpPredicate::*;
    !matches!(
        pred,
        Eq | Ne | Slt | Sle | Sgt | Sge | Ult | Ule | Ugt | Uge
    )
}

fn is_float_op(op: BinaryOp) -> bool {
    use BinaryOp::*;
    matches!(op, AddF | SubF | MulF | DivF | RemF | MinimumF | MaximumF)
}

/// `arith.cmpi` / `arith.cmpf`; `operand` is the type of both operands.
fn compare(pred: CmpPredicate, operand: ScalarType, a: Value, b: Value) -> Result<Value, Fault> {
    let result = match (a, b) {
        (Value::Poison, _) | (_, Value::Poison) => return Ok(Value::Poison),
        (Value::Int(x), Value::Int(y)) => int_compare(pred, operand.bit_width(), x, y),
        (Value::F32(x), Value::F32(y)) => float_compare(pred, f64::from(x), f64::from(y)),
        (Value::F64(x), Value::F64(y)) => float_compare(pred, x, y),
        _ => None,
    };
    result.map(bool_value).ok_or(TYPE_FAULT)
}

fn int_compare(pred: CmpPredicate, w: u32, x: i64, y: i64) -> Option<bool> {
    use CmpPredicate::*;
    let (ux, uy) = (to_unsigned(x, w), to_unsigned(y, w));
    Some(match pred {
        Eq => x == y,
        Ne => x != y,
        Slt => x < y,
        Sle => x <= y,
        Sgt => x > y,
        Sge => x >= y,
        Ult => ux < uy,
        Ule => ux <= uy,
        Ugt => ux > uy,
        Uge => ux >= uy,
        _ => return None,
    })
}

/// Ordered predicates are false when either operand is NaN, unordered ones
/// true.
fn float_compare(pred: CmpPredicate, x: f64, y: f64) -> Option<bool> {
    use CmpPredicate::*;
    let unordered = x.is_nan() || y.is_nan();
    Some(match pred {
        FFalse => false,
        Oeq => !unordered && x == y,
        Ogt => !unordered && x > y,
        Oge => !unordered && x >= y,
        Olt => !unordered && x < y,
        Ole => !unordered && x <= y,
        One => !unordered && x != y,
        Ord => !unordered,
        Ueq => unordered || x == y,
        Ugtf => unordered || x > y,
        Ugef => unordered || x >= y,
        Ultf => unordered || x < y,
        Ulef => unordered || x <= y,
        Une => unordered || x != y,
        Uno => unordered,
        FTrue => true,
        _ => return None,
    })
}

/// `select`: a poison condition is poison; otherwise the chosen operand,
/// whatever the other one is.
fn select(cond: Value, a: Value, b: Value) -> Value {
    match cond {
        Value::Poison => Value::Poison,
        Value::Int(0) => b,
        _ => a,
    }
}

/// `arith` casts from a value of type `from` to type `to`.
fn cast(op: CastOp, from: ScalarType, to: ScalarType, v: Value) -> Result<Value, Fault> {
    use CastOp::*;
    let (from_w, to_w) = (from.bit_width(), to.bit_width());
    Ok(match (op, v) {
        (_, Value::Poison) => Value::Poison,
        (ExtSI | TruncI | IndexCast, Value::Int(x)) => Value::Int(normalize(x, to_w)),
        (ExtUI | IndexCastUI, Value::Int(x)) => {
            Value::Int(normalize(to_unsigned(x, from_w) as i64, to_w))
        }
        (SIToFP, Value::Int(x)) => match to {
            // Directly from the integer: one rounding, to nearest even.
            ScalarType::F32 => Value::F32(x as f32),
            // Through f32, as LLVM promotes 16-bit floats.
            ScalarType::F16 | ScalarType::BF16 => Value::F32(to.round_f32(x as f32)),
            _ => Value::F64(x as f64),
        },
        (UIToFP, Value::Int(x)) => {
            let u = to_unsigned(x, from_w);
            match to {
                ScalarType::F32 => Value::F32(u as f32),
                ScalarType::F16 | ScalarType::BF16 => Value::F32(to.round_f32(u as f32)),
                _ => Value::F64(u as f64),
            }
        }
        (FPToSI, Value::F32(x)) => fp_to_int(f64::from(x), to_w, true),
        (FPToSI, Value::F64(x)) => fp_to_int(x, to_w, true),
        (FPToUI, Value::F32(x)) => fp_to_int(f64::from(x), to_w, false),
        (FPToUI, Value::F64(x)) => fp_to_int(x, to_w, false),
        (ExtF | TruncF, Value::F32(x)) => float_of_type(to, f64::from(x)),
        (ExtF | TruncF, Value::F64(x)) => match to {
            ScalarType::F32 => Value::F32(x as f32),
            ScalarType::F16 | ScalarType::BF16 => Value::F32(to.round_f64(x)),
            _ => Value::F64(x),
        },
        (Bitcast, v) => bitcast(v, from, to)?,
        _ => return Err(TYPE_FAULT),
    })
}

/// The same bits as another type of the same width.
fn bitcast(v: Value, from: ScalarType, to: ScalarType) -> Result<Value, Fault> {
    let bits: u64 = match (v, from) {
        (Value::F32(x), ScalarType::F16) => u64::from(half::f16::from_f32(x).to_bits()),
        (Value::F32(x), ScalarType::BF16) => u64::from(half::bf16::from_f32(x).to_bits()),
        (v, _) => match v {
            Value::F32(x) => u64::from(x.to_bits()),
            Value::F64(x) => x.to_bits(),
            Value::Int(x) => to_unsigned(x, from.bit_width()),
            Value::Poison => return Ok(Value::Poison),
        },
    };
    Ok(match to {
        ScalarType::F32 => Value::F32(f32::from_bits(bits as u32)),
        ScalarType::F16 => Value::F32(half::f16::from_bits(bits as u16).to_f32()),
        ScalarType::BF16 => Value::F32(half::bf16::from_bits(bits as u16).to_f32()),
        ScalarType::F64 => Value::F64(f64::from_bits(bits)),
        _ => Value::Int(normalize(bits as i64, to.bit_width())),
    })
}

/// `x` (exactly representable in `ty`, or rounded to nearest even).
fn float_of_type(ty: ScalarType, x: f64) -> Value {
    match ty {
        ScalarType::F32 => Value::F32(x as f32),
        ScalarType::F16 | ScalarType::BF16 => Value::F32(ty.round_f64(x)),
        _ => Value::F64(x),
    }
}

/// `fptosi` / `fptoui`: truncation toward zero; NaN and values out of the
/// `w`-bit range are poison.
fn fp_to_int(x: f64, w: u32, signed: bool) -> Value {
    if x.is_nan() {
        return Value::Poison;
    }
    let t = x.trunc();
    let (lo, hi) = if signed {
        (-(2f64.powi(w as i32 - 1)), 2f64.powi(w as i32 - 1))
    } else {
        (0.0, 2f64.powi(w as i32))
    };
    if t < lo || t >= hi {
        return Value::Poison;
    }
    let v = if signed { t as i64 } else { t as u64 as i64 };
    Value::Int(normalize(v, w))
}

fn eval_affine(affine: &Affine, args: &[i64]) -> i128 {
    affine
        .terms
        .iter()
        .map(|&(p, c)| i128::from(c) * i128::from(args[p]))
        .sum::<i128>()
        + i128::from(affine.constant)
}

fn saturate(v: i128) -> i64 {
    v.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64
}

// ---------------------------------------------------------------------------
// Static checks
// ---------------------------------------------------------------------------

/// What the static check learns about a Func.
struct FuncInfo {
    /// Position in `program.loops` of each of the Func's variables.
    var_loops: Vec<usize>,
    /// The type of each node.
    types: Vec<ScalarType>,
}

fn check_type(ty: ScalarType) -> Result<(), String> {
    match ty {
        ScalarType::Int(w) if !(1..=64).contains(&w) => {
            Err(format!("integer width {w} is not in 1..=64"))
        }
        _ => Ok(()),
    }
}

fn is_int_like(ty: ScalarType) -> bool {
    matches!(ty, ScalarType::Int(_) | ScalarType::Index)
}

fn expect_type(what: &str, got: ScalarType, expected: ScalarType) -> Result<(), String> {
    if got == expected {
        Ok(())
    } else {
        Err(format!("{what} has type {got}, expected {expected}"))
    }
}

/// Indices use the Func's arguments, and for inputs the parameters after
/// them (`extra` positions).
fn check_affines(func: &Func, indices: &[Affine], extra: usize) -> Result<(), String> {
    for affine in indices {
        if let Some(&(p, _)) = affine
            .terms
            .iter()
            .find(|(p, _)| *p >= func.vars.len() + extra)
        {
            return Err(format!(
                "index uses argument {p}, but the Func has {} arguments",
                func.vars.len()
            ));
        }
    }
    Ok(())
}

fn check_cast(op: CastOp, from: ScalarType, to: ScalarType) -> Result<(), String> {
    use CastOp::*;
    let ok = match op {
        ExtSI | ExtUI | TruncI | IndexCast | IndexCastUI => is_int_like(from) && is_int_like(to),
        SIToFP | UIToFP => is_int_like(from) && to.is_float(),
        FPToSI | FPToUI => from.is_float() && is_int_like(to),
        ExtF | TruncF => from.is_float() && to.is_float(),
        Bitcast => {
            from != ScalarType::Index
                && to != ScalarType::Index
                && from.bit_width() == to.bit_width()
        }
    };
    if ok {
        Ok(())
    } else {
        Err(format!("cannot {op:?} from {from} to {to}"))
    }
}

/// The type of `node`, given the types of the earlier nodes.
fn node_type(
    program: &Program,
    func: &Func,
    types: &[ScalarType],
    node: &Node,
) -> Result<ScalarType, String> {
    let ty_of = |id: NodeId| {
        types
            .get(id)
            .copied()
            .ok_or_else(|| format!("operand {id} is not an earlier node"))
    };
    match node {
        Node::Arg(a) => {
            if *a >= func.vars.len() {
                return Err(format!("argument {a} does not exist"));
            }
            Ok(ScalarType::Index)
        }
        Node::Param(p) => {
            if *p >= program.params.len() {
                return Err(format!("parameter {p} does not exist"));
            }
            Ok(ScalarType::Index)
        }
        Node::Const(v, ty) => {
            check_type(*ty)?;
            const_value(*v, *ty).map_err(|_| format!("constant {v:?} is not of type {ty}"))?;
            Ok(*ty)
        }
        Node::Unary { op, a, ty } => {
            if !ty.is_float() {
                return Err(format!("{op:?} on non-float type {ty}"));
            }
            expect_type("operand", ty_of(*a)?, *ty)?;
            Ok(*ty)
        }
        Node::Binary { op, a, b, ty } => {
            check_type(*ty)?;
            if is_float_op(*op) != ty.is_float() {
                return Err(format!("{op:?} cannot have type {ty}"));
            }
            expect_type("left operand", ty_of(*a)?, *ty)?;
            expect_type("right operand", ty_of(*b)?, *ty)?;
            Ok(*ty)
        }
        Node::Cmp { pred, a, b } => {
            let (ta, tb) = (ty_of(*a)?, ty_of(*b)?);
            expect_type("right operand", tb, ta)?;
            if is_float_predicate(*pred) != ta.is_float() {
                return Err(format!("predicate {pred:?} cannot compare {ta}"));
            }
            Ok(ScalarType::Int(1))
        }
        Node::Select { cond, a, b, ty } => {
            expect_type("condition", ty_of(*cond)?, ScalarType::Int(1))?;
            expect_type("true operand", ty_of(*a)?, *ty)?;
            expect_type("false operand", ty_of(*b)?, *ty)?;
            Ok(*ty)
        }
        Node::Cast { op, a, ty } => {
            check_type(*ty)?;
            check_cast(*op, ty_of(*a)?, *ty)?;
            Ok(*ty)
        }
        Node::Math { op, args, ty } => {
            check_type(*ty)?;
            if (*op == MathOp::AbsI) == ty.is_float() {
                return Err(format!("{} cannot have type {ty}", op.name()));
            }
            for a in args {
                expect_type("operand", ty_of(*a)?, *ty)?;
            }
            Ok(*ty)
        }
        Node::FuncRef {
            func: callee,
            result,
            indices,
        } => {
            let g = program
                .funcs
                .get(*callee)
                .ok_or_else(|| format!("Func {callee} does not exist"))?;
            let ty = g
                .result_types
                .get(*result)
                .copied()
                .ok_or_else(|| format!("Func `{}` has no result {result}", g.name))?;
            if indices.len() != g.lhs.len() {
                return Err(format!(
                    "Func `{}` takes {} indices, got {}",
                    g.name,
                    g.lhs.len(),
                    indices.len()
                ));
            }
            check_affines(func, indices, 0)?;
            Ok(ty)
        }
        Node::InputRead { input, indices } => {
            let decl = program
                .inputs
                .get(*input)
                .ok_or_else(|| format!("input {input} does not exist"))?;
            if indices.len() != decl.shape.len() {
                return Err(format!(
                    "input `{}` takes {} indices, got {}",
                    decl.name,
                    decl.shape.len(),
                    indices.len()
                ));
            }
            check_affines(func, indices, program.params.len())?;
            Ok(decl.elem)
        }
    }
}

fn check_func(program: &Program, func: &Func) -> Result<FuncInfo, InterpretError> {
    let malformed = |node: Option<usize>, reason: String| InterpretError::Malformed {
        context: match node {
            Some(n) => format!("Func `{}`, node {n}", func.name),
            None => format!("Func `{}`", func.name),
        },
        reason,
    };
    let var_loops = func
        .vars
        .iter()
        .map(|v| {
            program
                .loop_index(v)
                .ok_or_else(|| malformed(None, format!("variable `{v}` names no loop")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    if let Some(p) = func.lhs.iter().find(|&&p| p >= func.vars.len()) {
        return Err(malformed(
            None,
            format!("left-hand side position {p} is not a variable"),
        ));
    }
    for &ty in &func.result_types {
        check_type(ty).map_err(|r| malformed(None, r))?;
    }
    let mut types = Vec::with_capacity(func.body.nodes.len());
    for (n, node) in func.body.nodes.iter().enumerate() {
        let ty = node_type(program, func, &types, node).map_err(|r| malformed(Some(n), r))?;
        types.push(ty);
    }
    let body = &func.body;
    if body.yields.len() != func.result_types.len() {
        return Err(malformed(
            None,
            format!(
                "{} results but {} yielded values",
                func.result_types.len(),
                body.yields.len()
            ),
        ));
    }
    for (r, (&y, &rt)) in body.yields.iter().zip(&func.result_types).enumerate() {
        let ty = types
            .get(y)
            .copied()
            .ok_or_else(|| malformed(None, format!("yielded node {y} does not exist")))?;
        expect_type(&format!("result {r}"), ty, rt).map_err(|e| malformed(None, e))?;
    }
    if let Some(g) = body.guard {
        let ty = types
            .get(g)
            .copied()
            .ok_or_else(|| malformed(None, format!("guard node {g} does not exist")))?;
        expect_type("guard", ty, ScalarType::Int(1)).map_err(|e| malformed(None, e))?;
    }
    Ok(FuncInfo { var_loops, types })
}

fn check_program(program: &Program) -> Result<Vec<FuncInfo>, InterpretError> {
    if program.funcs.is_empty() {
        return Err(InterpretError::NoFuncs {
            program: program.name.clone(),
        });
    }
    for input in &program.inputs {
        check_type(input.elem).map_err(|reason| InterpretError::Malformed {
            context: format!("input `{}`", input.name),
            reason,
        })?;
    }
    program
        .funcs
        .iter()
        .map(|f| check_func(program, f))
        .collect()
}

// ---------------------------------------------------------------------------
// Dynamic checks and layout
// ---------------------------------------------------------------------------

/// The iteration range of one loop: `min .. min + extent`, with `extent >= 0`
/// and `min + extent` representable.
#[derive(Clone, Copy, Debug)]
struct Domain {
    min: i64,
    extent: i64,
}

fn loop_domains(program: &Program, params: &[i64]) -> Result<Vec<Domain>, InterpretError> {
    if params.len() != program.params.len() {
        return Err(InterpretError::ParamCount {
            expected: program.params.len(),
            got: params.len(),
        });
    }
    program
        .loops
        .iter()
        .map(|l| {
            let extent = match l.extent {
                Extent::Const(n) => n,
                Extent::Param(p) => *params.get(p).ok_or_else(|| InterpretError::Malformed {
                    context: format!("loop `{}`", l.name),
                    reason: format!("parameter {p} does not exist"),
                })?,
            };
            if extent < 0 {
                return Err(InterpretError::NegativeExtent {
                    loop_name: l.name.clone(),
                    extent,
                });
            }
            if l.min.checked_add(extent).is_none() {
                return Err(InterpretError::LoopOverflow {
                    loop_name: l.name.clone(),
                    min: l.min,
                    extent,
                });
            }
            Ok(Domain { min: l.min, extent })
        })
        .collect()
}

fn check_inputs(program: &Program, inputs: &[Buffer]) -> Result<(), InterpretError> {
    if inputs.len() != program.inputs.len() {
        return Err(InterpretError::InputCount {
            expected: program.inputs.len(),
            got: inputs.len(),
        });
    }
    for (decl, buf) in program.inputs.iter().zip(inputs) {
        if buf.elem != decl.elem {
            return Err(InterpretError::InputElem {
                name: decl.name.clone(),
                expected: decl.elem,
                got: buf.elem,
            });
        }
        if buf.shape.len() != decl.shape.len() {
            return Err(InterpretError::InputRank {
                name: decl.name.clone(),
                expected: decl.shape.len(),
                got: buf.shape.clone(),
            });
        }
        for (dim, (&size, &got)) in decl.shape.iter().zip(&buf.shape).enumerate() {
            if let Some(expected) = size {
                if i64::try_from(got) != Ok(expected) {
                    return Err(InterpretError::InputSize {
                        name: decl.name.clone(),
                        dim,
                        expected,
                        got,
                    });
                }
            }
        }
        buf.validate().map_err(|source| InterpretError::InputData {
            name: decl.name.clone(),
            source,
        })?;
    }
    Ok(())
}

/// How a Func is laid out and evaluated, precomputed once.
struct FuncPlan {
    var_loops: Vec<usize>,
    /// Loop position of each left-hand-side dimension.
    lhs_loops: Vec<usize>,
    /// Row-major stride of each left-hand-side dimension.
    strides: Vec<usize>,
    /// Extent of each left-hand-side dimension: the output buffer's shape.
    shape: Vec<usize>,
    types: Vec<ScalarType>,
}

fn plan_func(func: &Func, info: FuncInfo, domains: &[Domain]) -> Result<FuncPlan, InterpretError> {
    let lhs_loops: Vec<usize> = func.lhs.iter().map(|&p| info.var_loops[p]).collect();
    let too_large = || InterpretError::TooLarge {
        func: func.name.clone(),
        shape: lhs_loops.iter().map(|&l| domains[l].extent).collect(),
    };
    let shape = lhs_loops
        .iter()
        .map(|&l| usize::try_from(domains[l].extent).map_err(|_| too_large()))
        .collect::<Result<Vec<_>, _>>()?;
    if element_count(&shape).is_none() {
        return Err(too_large());
    }
    Ok(FuncPlan {
        var_loops: info.var_loops,
        strides: row_major_strides(&shape),
        lhs_loops,
        shape,
        types: info.types,
    })
}

/// Dense storage of `size` values, all poison (never stored).
fn poison_storage(func: &Func, plan: &FuncPlan) -> Result<Vec<Value>, InterpretError> {
    let size = element_count(&plan.shape).unwrap_or(usize::MAX);
    let mut data = Vec::new();
    data.try_reserve_exact(size)
        .map_err(|_| InterpretError::TooLarge {
            func: func.name.clone(),
            shape: plan.shape.iter().map(|&n| n as i64).collect(),
        })?;
    data.resize(size, Value::Poison);
    Ok(data)
}

// ---------------------------------------------------------------------------
// Execution
// ---------------------------------------------------------------------------

struct Machine<'a> {
    program: &'a Program,
    params: &'a [i64],
    inputs: &'a [Buffer],
    domains: Vec<Domain>,
    plans: Vec<FuncPlan>,
    /// Per Func, per result: dense storage over the left-hand-side domain.
    storage: Vec<Vec<Vec<Value>>>,
}

/// Reusable per-evaluation buffers, so that evaluation does not allocate.
#[derive(Default)]
struct Scratch {
    args: Vec<i64>,
    vals: Vec<Value>,
}

impl<'a> Machine<'a> {
    fn new(
        program: &'a Program,
        params: &'a [i64],
        inputs: &'a [Buffer],
    ) -> Result<Self, InterpretError> {
        let infos = check_program(program)?;
        let domains = loop_domains(program, params)?;
        check_inputs(program, inputs)?;
        let plans = program
            .funcs
            .iter()
            .zip(infos)
            .map(|(f, info)| plan_func(f, info, &domains))
            .collect::<Result<Vec<_>, _>>()?;
        let storage = program
            .funcs
            .iter()
            .zip(&plans)
            .map(|(f, plan)| {
                (0..f.result_types.len())
                    .map(|_| poison_storage(f, plan))
                    .collect::<Result<Vec<_>, _>>()
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Machine {
            program,
            params,
            inputs,
            domains,
            plans,
            storage,
        })
    }

    fn run(&mut self) -> Result<(), InterpretError> {
        if self.domains.iter().any(|d| d.extent == 0) {
            return Ok(());
        }
        let mut point: Vec<i64> = self.domains.iter().map(|d| d.min).collect();
        let mut scratch = Scratch::default();
        loop {
            for f in 0..self.program.funcs.len() {
                self.step(f, &point, &mut scratch)?;
            }
            if !self.advance(&mut point) {
                return Ok(());
            }
        }
    }

    /// Moves `point` to the next iteration (innermost loop fastest); false
    /// once the nest is exhausted.
    fn advance(&self, point: &mut [i64]) -> bool {
        for (l, d) in self.domains.iter().enumerate().rev() {
            point[l] += 1;
            if point[l] < d.min + d.extent {
                return true;
            }
            point[l] = d.min;
        }
        false
    }

    fn named_point(&self, point: &[i64]) -> Point {
        Point(
            self.program
                .loops
                .iter()
                .zip(point)
                .map(|(l, &v)| (l.name.clone(), v))
                .collect(),
        )
    }

    /// Evaluates Func `f` at `point` and stores its results.
    fn step(
        &mut self,
        f: usize,
        point: &[i64],
        scratch: &mut Scratch,
    ) -> Result<(), InterpretError> {
        let func = &self.program.funcs[f];
        let plan = &self.plans[f];
        scratch.args.clear();
        scratch
            .args
            .extend(plan.var_loops.iter().map(|&l| point[l]));
        // Parameters follow the loop variables (inputs may be indexed by them).
        scratch.args.extend_from_slice(self.params);
        self.eval_body(f, scratch)
            .map_err(|(node, fault)| self.fault_error(f, node, fault, point))?;
        let is_output = f + 1 == self.program.funcs.len();
        let vals = &scratch.vals;
        let mut poisoned_guard = false;
        if let Some(g) = func.body.guard {
            match vals[g] {
                Value::Int(0) => return Ok(()),
                Value::Poison if is_output => return Err(self.poison_error(f, g, point, scratch)),
                Value::Poison => poisoned_guard = true,
                _ => {}
            }
        }
        if is_output {
            if let Some(&y) = func.body.yields.iter().find(|&&y| vals[y] == Value::Poison) {
                return Err(self.poison_error(f, y, point, scratch));
            }
        }
        let offset = self.store_offset(f, point);
        for (r, &y) in func.body.yields.iter().enumerate() {
            let value = if poisoned_guard {
                Value::Poison
            } else {
                vals[y]
            };
            self.storage[f][r][offset] = value;
        }
        Ok(())
    }

    /// Where Func `f` stores at iteration `point`.
    fn store_offset(&self, f: usize, point: &[i64]) -> usize {
        let plan = &self.plans[f];
        plan.lhs_loops
            .iter()
            .zip(&plan.strides)
            .map(|(&l, &s)| (point[l] - self.domains[l].min) as usize * s)
            .sum()
    }

    fn fault_error(&self, f: usize, node: NodeId, fault: Fault, _point: &[i64]) -> InterpretError {
        let func = &self.program.funcs[f];
        match fault {
            Fault::Type(reason) => InterpretError::Malformed {
                context: format!("Func `{}`, node {node}", func.name),
                reason: reason.to_string(),
            },
        }
    }

    /// Evaluates the body of Func `f` into `scratch.vals`, with the
    /// arguments in `scratch.args`.
    fn eval_body(&self, f: usize, scratch: &mut Scratch) -> Result<(), (NodeId, Fault)> {
        let func = &self.program.funcs[f];
        let types = &self.plans[f].types;
        scratch.vals.clear();
        for (n, node) in func.body.nodes.iter().enumerate() {
            let v = self
                .eval_node(node, types, &scratch.vals, &scratch.args)
                .map_err(|fault| (n, fault))?;
            scratch.vals.push(v);
        }
        Ok(())
    }

    fn eval_node(
        &self,
        node: &Node,
        types: &[ScalarType],
        vals: &[Value],
        args: &[i64],
    ) -> Result<Value, Fault> {
        match node {
            Node::Arg(a) => Ok(Value::Int(args[*a])),
            Node::Param(p) => Ok(Value::Int(self.params[*p])),
            Node::Const(v, ty) => const_value(*v, *ty),
            Node::Unary { op, a, .. } => unary(*op, vals[*a]),
            Node::Binary { op, a, b, ty } => binary(*op, *ty, vals[*a], vals[*b]),
            Node::Cmp { pred, a, b } => compare(*pred, types[*a], vals[*a], vals[*b]),
            Node::Select { cond, a, b, .. } => Ok(select(vals[*cond], vals[*a], vals[*b])),
            Node::Cast { op, a, ty } => cast(*op, types[*a], *ty, vals[*a]),
            Node::Math { op, args, ty } => {
                let operands: Vec<Value> = args.iter().map(|a| vals[*a]).collect();
                math(*op, *ty, &operands)
            }
            Node::FuncRef {
                func,
                result,
                indices,
            } => Ok(match self.func_offset(*func, indices, args) {
                Some(o) => self.storage[*func][*result][o],
                None => Value::Poison,
            }),
            Node::InputRead { input, indices } => {
                Ok(match self.input_offset(*input, indices, args) {
                    Some(o) => self.inputs[*input].data[o],
                    None => Value::Poison,
                })
            }
        }
    }

    /// Storage position of Func `func` at `indices`, or `None` outside its
    /// domain.
    fn func_offset(&self, func: usize, indices: &[Affine], args: &[i64]) -> Option<usize> {
        let plan = &self.plans[func];
        let mut offset = 0usize;
        for ((affine, &l), &stride) in indices.iter().zip(&plan.lhs_loops).zip(&plan.strides) {
            let d = self.domains[l];
            let c = eval_affine(affine, args) - i128::from(d.min);
            if c < 0 || c >= i128::from(d.extent) {
                return None;
            }
            offset += c as usize * stride;
        }
        Some(offset)
    }

    /// Flat position in input `input` of `indices`, or `None` out of bounds.
    fn input_offset(&self, input: usize, indices: &[Affine], args: &[i64]) -> Option<usize> {
        let mut offset = 0usize;
        for (affine, &n) in indices.iter().zip(&self.inputs[input].shape) {
            let i = eval_affine(affine, args);
            if i < 0 || i >= n as i128 {
                return None;
            }
            offset = offset * n + i as usize;
        }
        Some(offset)
    }

    fn poison_error(
        &self,
        f: usize,
        node: NodeId,
        point: &[i64],
        scratch: &Scratch,
    ) -> InterpretError {
        InterpretError::PoisonInOutput {
            func: self.program.funcs[f].name.clone(),
            point: self.named_point(point),
            cause: self.poison_cause(f, node, scratch),
        }
    }

    /// Walks back from the poison value of `node` through operands that made
    /// it poison, and describes the poison it started from.
    fn poison_cause(&self, f: usize, node: NodeId, scratch: &Scratch) -> PoisonCause {
        let nodes = &self.program.funcs[f].body.nodes;
        let vals = &scratch.vals;
        let poisoned = |m: NodeId| vals[m] == Value::Poison;
        let mut n = node;
        loop {
            let next = match &nodes[n] {
                Node::Unary { a, .. } | Node::Cast { a, .. } => Some(*a).filter(|&a| poisoned(a)),
                Node::Math { args, .. } => args.iter().copied().find(|&m| poisoned(m)),
                Node::Binary { a, b, .. } | Node::Cmp { a, b, .. } => {
                    [*a, *b].into_iter().find(|&m| poisoned(m))
                }
                Node::Select { cond, a, b, .. } => {
                    let chosen = match vals[*cond] {
                        Value::Poison => *cond,
                        Value::Int(0) => *b,
                        _ => *a,
                    };
                    Some(chosen).filter(|&m| poisoned(m))
                }
                _ => None,
            };
            match next {
                Some(m) => n = m,
                None => return self.leaf_cause(n, &nodes[n], &scratch.args),
            }
        }
    }

    fn leaf_cause(&self, n: NodeId, node: &Node, args: &[i64]) -> PoisonCause {
        let index = |indices: &[Affine]| -> Vec<i64> {
            indices
                .iter()
                .map(|a| saturate(eval_affine(a, args)))
                .collect()
        };
        match node {
            Node::FuncRef { func, indices, .. } => {
                let name = self.program.funcs[*func].name.clone();
                if self.func_offset(*func, indices, args).is_none() {
                    PoisonCause::OutsideDomain {
                        func: name,
                        index: index(indices),
                    }
                } else {
                    PoisonCause::PoisonStored {
                        func: name,
                        index: index(indices),
                    }
                }
            }
            Node::InputRead { input, indices } => PoisonCause::InputOutOfBounds {
                input: self.program.inputs[*input].name.clone(),
                index: index(indices),
            },
            Node::Const(..) => PoisonCause::Constant { node: n },
            Node::Binary { .. } => PoisonCause::Operation {
                node: n,
                reason: "shift amount not less than the bit width",
            },
            Node::Cast { .. } => PoisonCause::Operation {
                node: n,
                reason: "float to integer conversion out of range",
            },
            _ => PoisonCause::Operation {
                node: n,
                reason: "poison",
            },
        }
    }

    /// The output Func's results; points never stored hold zero.
    fn into_outputs(self) -> Vec<Buffer> {
        let f = self.program.funcs.len() - 1;
        let func = &self.program.funcs[f];
        let shape = self.plans[f].shape.clone();
        let storage = self.storage.into_iter().nth(f).unwrap_or_default();
        func.result_types
            .iter()
            .zip(storage)
            .map(|(&elem, data)| Buffer {
                elem,
                shape: shape.clone(),
                data: data
                    .into_iter()
                    .map(|v| {
                        if v == Value::Poison {
                            zero_value(elem)
                        } else {
                            v
                        }
                    })
                    .collect(),
            })
            .collect()
    }
}

/// Runs `program` with the given parameter values and inputs; returns one
/// buffer per result of the output Func (the last one), shaped by the extents
/// of its left-hand-side loops.
pub fn interpret(
    program: &Program,
    params: &[i64],
    inputs: &[Buffer],
) -> Result<Vec<Buffer>, InterpretError> {
    let mut machine = Machine::new(program, params, inputs)?;
    machine.run()?;
    Ok(machine.into_outputs())
}

#[cfg(test)]
mod tests;
