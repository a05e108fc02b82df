//! One lane of the `arith` and `math` ops as C expressions.
//!
//! MLIR's integers are signless: the unsigned ops (`divui`, `cmpi ult`,
//! `extui`, ...) go through the unsigned type of the same width. Signed
//! overflow wraps in MLIR; the emitted `+`, `-`, `*` rely on the compiler
//! wrapping too (`-fwrapv` in the emulation, docs/backends.md). Division
//! cannot trap after `total-division`, which the `*-to-scf` pipelines run.

use super::types::{CType, Scalar};
use melior::ir::operation::OperationRef;
use t2s_ir::ods;

/// The operands of one lane: C expressions and their element types.
pub struct Lane<'s> {
    pub args: &'s [String],
    pub types: &'s [Scalar],
    pub result: Scalar,
}

impl Lane<'_> {
    fn a(&self, i: usize) -> &str {
        &self.args[i]
    }

    fn cast(&self, to: Scalar, e: &str) -> String {
        format!("({})({e})", to.name())
    }

    /// The operands as unsigned, the result back as the signless type.
    fn unsigned(&self, op: &str) -> String {
        let u = self.types[0].unsigned();
        format!(
            "({})(({u}){} {op} ({u}){})",
            self.result.name(),
            self.a(0),
            self.a(1)
        )
    }

    fn binary(&self, op: &str) -> String {
        let e = format!("{} {op} {}", self.a(0), self.a(1));
        // C computes char and short in int: bring the result back.
        match self.result {
            Scalar::Char | Scalar::Short => self.cast(self.result, &e),
            _ => e,
        }
    }
}

/// The C operator of the ops [`expression`] knows that apply lane-wise to
/// OpenCL's native vectors as they are (`a + b` on `float4`).
pub fn native_operator(name: &str) -> Option<&'static str> {
    Some(t2s_ir::op_match!(name, {
        ods::arith::AddIOperation | ods::arith::AddFOperation => "+",
        ods::arith::SubIOperation | ods::arith::SubFOperation => "-",
        ods::arith::MulIOperation | ods::arith::MulFOperation => "*",
        ods::arith::DivFOperation => "/",
        ods::arith::AndIOperation => "&",
        ods::arith::OrIOperation => "|",
        ods::arith::XOrIOperation => "^",
        ods::arith::NegFOperation => "-",
        _ => return None,
    }))
}

/// Whether `name` is an op [`expression`] translates.
pub fn is_lanewise(name: &str) -> bool {
    name.starts_with("math.")
        || t2s_ir::op_in!(
            name,
            ods::arith::AddIOperation
                | ods::arith::AddFOperation
                | ods::arith::SubIOperation
                | ods::arith::SubFOperation
                | ods::arith::MulIOperation
                | ods::arith::MulFOperation
                | ods::arith::DivSIOperation
                | ods::arith::DivUIOperation
                | ods::arith::DivFOperation
                | ods::arith::RemSIOperation
                | ods::arith::RemUIOperation
                | ods::arith::RemFOperation
                | ods::arith::AndIOperation
                | ods::arith::OrIOperation
                | ods::arith::XOrIOperation
                | ods::arith::ShLIOperation
                | ods::arith::ShRSIOperation
                | ods::arith::ShRUIOperation
                | ods::arith::MaxSIOperation
                | ods::arith::MinSIOperation
                | ods::arith::MaxUIOperation
                | ods::arith::MinUIOperation
                | ods::arith::MaxNumFOperation
                | ods::arith::MinNumFOperation
                | ods::arith::MaximumFOperation
                | ods::arith::MinimumFOperation
                | ods::arith::NegFOperation
                | ods::arith::CmpIOperation
                | ods::arith::CmpFOperation
                | ods::arith::SelectOperation
                | ods::arith::IndexCastOperation
                | ods::arith::IndexCastUIOperation
                | ods::arith::ExtSIOperation
                | ods::arith::ExtUIOperation
                | ods::arith::TruncIOperation
                | ods::arith::SIToFPOperation
                | ods::arith::UIToFPOperation
                | ods::arith::FPToSIOperation
                | ods::arith::FPToUIOperation
                | ods::arith::ExtFOperation
                | ods::arith::TruncFOperation
                | ods::arith::BitcastOperation
        )
}

/// One lane of `op` (named `name`) as a C expression; `Err` names what has
/// no OpenCL C form.
pub fn expression(op: &OperationRef<'_, '_>, name: &str, lane: &Lane) -> Result<String, String> {
    if lane.types.first() == Some(&Scalar::Bool) {
        if let Some(e) = bool_expression(op, name, lane)? {
            return Ok(e);
        }
    }
    let a = |i: usize| lane.a(i).to_string();
    let r = lane.result;
    Ok(t2s_ir::op_match!(name, {
        ods::arith::AddIOperation | ods::arith::AddFOperation => lane.binary("+"),
        ods::arith::SubIOperation | ods::arith::SubFOperation => lane.binary("-"),
        ods::arith::MulIOperation | ods::arith::MulFOperation => lane.binary("*"),
        ods::arith::DivSIOperation | ods::arith::DivFOperation => lane.binary("/"),
        ods::arith::RemSIOperation => lane.binary("%"),
        ods::arith::DivUIOperation => lane.unsigned("/"),
        ods::arith::RemUIOperation => lane.unsigned("%"),
        ods::arith::RemFOperation => format!("fmod({}, {})", a(0), a(1)),
        ods::arith::AndIOperation => lane.binary("&"),
        ods::arith::OrIOperation => lane.binary("|"),
        ods::arith::XOrIOperation => lane.binary("^"),
        ods::arith::ShLIOperation => lane.binary("<<"),
        ods::arith::ShRSIOperation => lane.binary(">>"),
        ods::arith::ShRUIOperation => lane.unsigned(">>"),
        ods::arith::MaxSIOperation => format!("({0} > {1} ? {0} : {1})", a(0), a(1)),
        ods::arith::MinSIOperation => format!("({0} < {1} ? {0} : {1})", a(0), a(1)),
        ods::arith::MaxUIOperation | ods::arith::MinUIOperation => {
            let u = lane.types[0].unsigned();
            let cmp = if name == ods::arith::MaxUIOperation::name() { ">" } else { "<" };
            format!("(({u}){0} {cmp} ({u}){1} ? {0} : {1})", a(0), a(1))
        },
        ods::arith::MaxNumFOperation => format!("fmax({}, {})", a(0), a(1)),
        ods::arith::MinNumFOperation => format!("fmin({}, {})", a(0), a(1)),
        // NaN-propagating: a NaN operand is the result.
        ods::arith::MaximumFOperation | ods::arith::MinimumFOperation => {
            let f = if name == ods::arith::MaximumFOperation::name() {
                "fmax"
            } else {
                "fmin"
            };
            format!(
                "({0} != {0} ? {0} : {1} != {1} ? {1} : {f}({0}, {1}))",
                a(0),
                a(1)
            )
        },
        ods::arith::NegFOperation => format!("-{}", a(0)),
        ods::arith::CmpIOperation => compare_int(op, lane)?,
        ods::arith::CmpFOperation => compare_float(op, lane)?,
        ods::arith::SelectOperation => format!("({} ? {} : {})", a(0), a(1), a(2)),
        ods::arith::IndexCastOperation | ods::arith::ExtSIOperation | ods::arith::TruncIOperation | ods::arith::SIToFPOperation | ods::arith::FPToSIOperation | ods::arith::ExtFOperation | ods::arith::TruncFOperation => convert(name, lane),
        ods::arith::IndexCastUIOperation | ods::arith::ExtUIOperation | ods::arith::UIToFPOperation => {
            let from = lane.types[0];
            if from == Scalar::Bool || from.bits() >= r.bits() && name != ods::arith::UIToFPOperation::name() {
                lane.cast(r, &a(0))
            } else {
                format!("({})(({}){})", r.name(), from.unsigned(), a(0))
            }
        },
        ods::arith::FPToUIOperation => format!("({})(({}){})", r.name(), r.unsigned(), a(0)),
        ods::arith::BitcastOperation => format!("as_{}({})", r.name(), a(0)),
        _ => if name.starts_with("math.") { math(name, lane)? } else { return Err(format!("'{name}' has no OpenCL C form")) },
    }))
}

/// `i1` arithmetic on C's `bool`: MLIR's `i1` is a 1-bit integer, `true`
/// being -1 signed and 1 unsigned, and it wraps, where C promotes `bool`
/// to the `int` 0 or 1 (`true + true` is 2, `true < false` false). `None`
/// for the ops whose C form is right on `bool` as it is.
fn bool_expression(
    op: &OperationRef<'_, '_>,
    name: &str,
    lane: &Lane,
) -> Result<Option<String>, String> {
    if lane.args.len() < 2 {
        return Ok(None);
    }
    let (x, y) = (lane.a(0), lane.a(1));
    Ok(Some(t2s_ir::op_match!(name, {
        // Sums and differences wrap modulo 2.
        ods::arith::AddIOperation | ods::arith::SubIOperation | ods::arith::XOrIOperation => {
            format!("({x} ^ {y})")
        },
        ods::arith::MulIOperation | ods::arith::AndIOperation => format!("({x} & {y})"),
        ods::arith::OrIOperation => format!("({x} | {y})"),
        // The divisor is true (total-division): x / -1 wraps to x, x / 1
        // is x, and the remainders are 0.
        ods::arith::DivSIOperation | ods::arith::DivUIOperation => format!("({x} & {y})"),
        ods::arith::RemSIOperation | ods::arith::RemUIOperation => "false".to_string(),
        // A shift by 1 is past the width (poison): the shift by 0 is x.
        ods::arith::ShLIOperation | ods::arith::ShRSIOperation | ods::arith::ShRUIOperation => {
            format!("({x} & !{y})")
        },
        // Signed, true is the smaller (-1 < 0); unsigned, the larger.
        ods::arith::MaxSIOperation | ods::arith::MinUIOperation => format!("({x} & {y})"),
        ods::arith::MinSIOperation | ods::arith::MaxUIOperation => format!("({x} | {y})"),
        ods::arith::CmpIOperation => {
            // Signed predicates compare the 0/1 values the other way round.
            let c = match predicate(op)? {
                0 => "==",
                1 => "!=",
                2 | 8 => ">",
                3 | 9 => ">=",
                4 | 6 => "<",
                5 | 7 => "<=",
                p => return Err(format!("arith.cmpi predicate {p} is unknown")),
            };
            format!("((int){x} {c} (int){y})")
        },
        _ => return Ok(None),
    })))
}

fn convert(name: &str, lane: &Lane) -> String {
    let (from, to, x) = (lane.types[0], lane.result, lane.a(0));
    if to == Scalar::Bool && !from.is_float() {
        return format!("(bool)({x} & 1)");
    }
    if to == Scalar::Bool {
        // fptosi to i1: the low bit of the integer part.
        return format!("(bool)((long)({x}) & 1)");
    }
    // Signed conversions of i1 read true as -1.
    let signed = [
        ods::arith::ExtSIOperation::name(),
        ods::arith::IndexCastOperation::name(),
        ods::arith::SIToFPOperation::name(),
    ];
    if from == Scalar::Bool && signed.contains(&name) {
        return format!("({x} ? ({})-1 : ({})0)", to.name(), to.name());
    }
    format!("({}){x}", to.name())
}

fn predicate(op: &OperationRef<'_, '_>) -> Result<i64, String> {
    t2s_ir::ir::int(op, "predicate").ok_or_else(|| "a comparison without a predicate".to_string())
}

fn compare_int(op: &OperationRef<'_, '_>, lane: &Lane) -> Result<String, String> {
    let (x, y) = (lane.a(0), lane.a(1));
    let u = lane.types[0].unsigned();
    let signed = |c: &str| format!("{x} {c} {y}");
    let unsigned = |c: &str| format!("({u}){x} {c} ({u}){y}");
    Ok(match predicate(op)? {
        0 => signed("=="),
        1 => signed("!="),
        2 => signed("<"),
        3 => signed("<="),
        4 => signed(">"),
        5 => signed(">="),
        6 => unsigned("<"),
        7 => unsigned("<="),
        8 => unsigned(">"),
        9 => unsigned(">="),
        p => return Err(format!("arith.cmpi predicate {p} is unknown")),
    })
}

fn compare_float(op: &OperationRef<'_, '_>, lane: &Lane) -> Result<String, String> {
    let (x, y) = (lane.a(0), lane.a(1));
    // C's <, <=, >, >=, == are ordered (false on NaN), != is unordered.
    let ordered = |c: &str| format!("{x} {c} {y}");
    let unordered = |negated: &str| format!("!({x} {negated} {y})");
    Ok(match predicate(op)? {
        0 => "false".into(),
        1 => ordered("=="),
        2 => ordered(">"),
        3 => ordered(">="),
        4 => ordered("<"),
        5 => ordered("<="),
        6 => format!("({x} < {y} || {x} > {y})"),
        7 => format!("({x} == {x} && {y} == {y})"),
        8 => format!("!({x} < {y} || {x} > {y})"),
        9 => unordered("<="),
        10 => unordered("<"),
        11 => unordered(">="),
        12 => unordered(">"),
        13 => ordered("!="),
        14 => format!("({x} != {x} || {y} != {y})"),
        15 => "true".into(),
        p => return Err(format!("arith.cmpf predicate {p} is unknown")),
    })
}

/// `math` ops: OpenCL's built-in functions of the same meaning.
fn math(name: &str, lane: &Lane) -> Result<String, String> {
    let op = &name["math.".len()..];
    let builtin = match op {
        "sqrt" | "rsqrt" | "exp" | "exp2" | "expm1" | "log" | "log2" | "log10" | "log1p"
        | "sin" | "cos" | "tan" | "asin" | "acos" | "atan" | "sinh" | "cosh" | "tanh" | "asinh"
        | "acosh" | "atanh" | "floor" | "ceil" | "round" | "trunc" | "erf" | "cbrt" | "atan2"
        | "copysign" | "fma" => op,
        "absf" => "fabs",
        "powf" => "pow",
        "roundeven" => "rint",
        "absi" => {
            let x = lane.a(0);
            return Ok(format!("({x} < 0 ? -{x} : {x})"));
        }
        _ => return Err(format!("'{name}' has no OpenCL C form")),
    };
    if lane.result == Scalar::Half {
        // The built-ins take float: compute there, as the CPU lowering does.
        let args: Vec<String> = lane.args.iter().map(|a| format!("(float){a}")).collect();
        return Ok(format!("(half){builtin}({})", args.join(", ")));
    }
    Ok(format!("{builtin}({})", lane.args.join(", ")))
}

/// A literal of `ty`'s element from an integer or float attribute value.
pub fn literal_int(scalar: Scalar, value: i64) -> String {
    match scalar {
        Scalar::Bool => (if value & 1 != 0 { "true" } else { "false" }).into(),
        Scalar::Long if value == i64::MIN => "(-9223372036854775807L - 1L)".into(),
        Scalar::Long => format!("{value}L"),
        Scalar::Int if value == i64::from(i32::MIN) => "(-2147483647 - 1)".into(),
        Scalar::Int => (value as i32).to_string(),
        Scalar::Char => format!("(char){}", value as i8),
        Scalar::Short => format!("(short){}", value as i16),
        _ => format!("({}){value}", scalar.name()),
    }
}

pub fn literal_float(scalar: Scalar, value: f64) -> String {
    let special = if value.is_nan() {
        Some("NAN".to_string())
    } else if value.is_infinite() {
        Some(
            if value > 0.0 {
                "INFINITY"
            } else {
                "(-INFINITY)"
            }
            .to_string(),
        )
    } else {
        None
    };
    let text = match (special, scalar) {
        (Some(s), Scalar::Double) => format!("(double){s}"),
        (Some(s), _) => s,
        // Rust's shortest round-trip form: the literal is the value exactly.
        (None, Scalar::Double) => with_point(format!("{value:?}")),
        (None, _) => format!("{}f", with_point(format!("{:?}", value as f32))),
    };
    match scalar {
        Scalar::Half => format!("(half){text}"),
        _ => text,
    }
}

fn with_point(text: String) -> String {
    if text.contains(['.', 'e', 'E']) {
        text
    } else {
        format!("{text}.0")
    }
}

/// Element types of an op's operands, for [`Lane::types`].
pub fn scalars(types: &[CType]) -> Vec<Scalar> {
    types.iter().map(|t| t.scalar).collect()
}
