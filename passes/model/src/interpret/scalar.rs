//! The scalar semantics of the interpreter: `arith` and `math` on values,
//! bit for bit as MLIR defines them.

use super::*;
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
pub(super) enum Fault {
    /// Operands of the wrong kind: the type check should make it impossible.
    Type(&'static str),
}

pub(super) const TYPE_FAULT: Fault = Fault::Type("operand values do not match the operation");

pub(super) fn const_value(v: Value, ty: ScalarType) -> Result<Value, Fault> {
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
pub(super) fn math(op: MathOp, ty: ScalarType, operands: &[Value]) -> Result<Value, Fault> {
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

pub(super) fn unary(op: UnaryOp, a: Value) -> Result<Value, Fault> {
    match (op, a) {
        (_, Value::Poison) => Ok(Value::Poison),
        (UnaryOp::NegF, Value::F32(x)) => Ok(Value::F32(-x)),
        (UnaryOp::NegF, Value::F64(x)) => Ok(Value::F64(-x)),
        _ => Err(TYPE_FAULT),
    }
}

pub(super) fn binary(op: BinaryOp, ty: ScalarType, a: Value, b: Value) -> Result<Value, Fault> {
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
pub(super) fn int_binary(op: BinaryOp, w: u32, x: i64, y: i64) -> Result<Value, Fault> {
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

pub(super) fn f32_binary(op: BinaryOp, x: f32, y: f32) -> Option<f32> {
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

pub(super) fn f64_binary(op: BinaryOp, x: f64, y: f64) -> Option<f64> {
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
pub(super) fn minimum(x: f64, y: f64) -> f64 {
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
pub(super) fn maximum(x: f64, y: f64) -> f64 {
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

pub(super) fn is_float_predicate(pred: CmpPredicate) -> bool {
    use CmpPredicate::*;
    !matches!(
        pred,
        Eq | Ne | Slt | Sle | Sgt | Sge | Ult | Ule | Ugt | Uge
    )
}

pub(super) fn is_float_op(op: BinaryOp) -> bool {
    use BinaryOp::*;
    matches!(op, AddF | SubF | MulF | DivF | RemF | MinimumF | MaximumF)
}

/// `arith.cmpi` / `arith.cmpf`; `operand` is the type of both operands.
pub(super) fn compare(
    pred: CmpPredicate,
    operand: ScalarType,
    a: Value,
    b: Value,
) -> Result<Value, Fault> {
    let result = match (a, b) {
        (Value::Poison, _) | (_, Value::Poison) => return Ok(Value::Poison),
        (Value::Int(x), Value::Int(y)) => int_compare(pred, operand.bit_width(), x, y),
        (Value::F32(x), Value::F32(y)) => float_compare(pred, f64::from(x), f64::from(y)),
        (Value::F64(x), Value::F64(y)) => float_compare(pred, x, y),
        _ => None,
    };
    result.map(bool_value).ok_or(TYPE_FAULT)
}

pub(super) fn int_compare(pred: CmpPredicate, w: u32, x: i64, y: i64) -> Option<bool> {
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
pub(super) fn float_compare(pred: CmpPredicate, x: f64, y: f64) -> Option<bool> {
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
pub(super) fn select(cond: Value, a: Value, b: Value) -> Value {
    match cond {
        Value::Poison => Value::Poison,
        Value::Int(0) => b,
        _ => a,
    }
}

/// `arith` casts from a value of type `from` to type `to`.
pub(super) fn cast(op: CastOp, from: ScalarType, to: ScalarType, v: Value) -> Result<Value, Fault> {
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
pub(super) fn bitcast(v: Value, from: ScalarType, to: ScalarType) -> Result<Value, Fault> {
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
pub(super) fn float_of_type(ty: ScalarType, x: f64) -> Value {
    match ty {
        ScalarType::F32 => Value::F32(x as f32),
        ScalarType::F16 | ScalarType::BF16 => Value::F32(ty.round_f64(x)),
        _ => Value::F64(x),
    }
}

/// `fptosi` / `fptoui`: truncation toward zero; NaN and values out of the
/// `w`-bit range are poison.
pub(super) fn fp_to_int(x: f64, w: u32, signed: bool) -> Value {
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

pub(super) fn eval_affine(affine: &Affine, args: &[i64]) -> i128 {
    affine
        .terms
        .iter()
        .map(|&(p, c)| i128::from(c) * i128::from(args[p]))
        .sum::<i128>()
        + i128::from(affine.constant)
}

pub(super) fn saturate(v: i128) -> i64 {
    v.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64
}
