//! `total-division`: makes integer division and remainder total, with the
//! results the URE interpreter computes (RISC-V's): a quotient by zero is
//! all ones (-1), a remainder by zero is the dividend, `INT_MIN / -1` wraps
//! to `INT_MIN` and `INT_MIN % -1` is 0. MLIR leaves these cases undefined
//! and x86 traps on them (SIGFPE); after this pass no division can trap, so
//! a PE that computes off-schedule (no CheckTime) or a discarded branch of a
//! select cannot kill the process.
//!
//! Each `arith.{div,rem}{s,u}i`, `arith.floordivsi`, `arith.ceildiv{s,u}i`
//! on an integer or index (or a vector of them) becomes the same op on a divisor that
//! cannot trap (1 where the divisor is 0 or the signed division overflows),
//! followed by selects of the defined results.

use melior::ir::{
    attribute::IntegerAttribute,
    operation::{OperationLike, OperationMutLike, OperationRef},
    r#type::{IntegerType, TypeLike},
    Attribute, Type, ValueLike,
};
use t2s_ir::diag::OrInternal;
use t2s_ir::emit::Emitter;
use t2s_ir::handle::{AsOp, AsVal, Op, Val};
use t2s_ir::ir;
use t2s_ir::ods;
use t2s_ir::pass::{Anchor, Failed, NoOptions};

t2s_ir::declare_pass! {
    /// Make integer division and remainder total (by zero: quotient -1,
    /// remainder the dividend; INT_MIN / -1 = INT_MIN), as the URE interpreter
    /// defines them
    pub static PASS = "total-division" (TotalDivision)
        on Anchor::Any, creates ["arith", "vector"],
        run run;
}

/// What a division computes where the plain op would trap.
#[derive(Clone, Copy)]
enum Kind {
    /// A signed quotient: -1 by zero, the dividend (INT_MIN) on overflow.
    SignedQuotient,
    /// A signed remainder: the dividend by zero, 0 on overflow.
    SignedRemainder,
    /// An unsigned quotient: all ones by zero.
    UnsignedQuotient,
    /// An unsigned remainder: the dividend by zero.
    UnsignedRemainder,
}

fn kind(name: &str) -> Option<Kind> {
    Some(t2s_ir::op_match!(name, {
        ods::arith::DivSIOperation | ods::arith::FloorDivSIOperation | ods::arith::CeilDivSIOperation => Kind::SignedQuotient,
        ods::arith::RemSIOperation => Kind::SignedRemainder,
        ods::arith::DivUIOperation | ods::arith::CeilDivUIOperation => Kind::UnsignedQuotient,
        ods::arith::RemUIOperation => Kind::UnsignedRemainder,
        _ => return None,
    }))
}

fn run(root: OperationRef<'_, '_>, _: &NoOptions) -> Result<(), Failed> {
    let mut divisions = Vec::new();
    root.walk(melior::ir::operation::WalkOrder::PreOrder, |op| {
        if kind(&ir::name(&op)).is_some() {
            divisions.push(op.handle());
        }
        melior::ir::operation::WalkResult::Advance
    });
    for raw in divisions {
        let op = raw.op();
        rewrite(op)?;
    }
    Ok(())
}

/// The width of a scalar integer (index: 64), or `None` for other types.
fn scalar_width(ty: Type<'_>) -> Option<u32> {
    if ty.is_index() {
        return Some(64);
    }
    IntegerType::try_from(ty).ok().map(|t| t.width())
}

fn rewrite(op: OperationRef<'_, '_>) -> Result<(), Failed> {
    let name = ir::name(&op);
    let Some(kind) = kind(&name) else {
        return Ok(());
    };
    let result = op.result(0).or_internal("a result of the op")?;
    let ty = result.r#type();
    // Vectors (vectorized PE arrays) are made total lane by lane.
    let element = t2s_ir::lanes::element_of(ty);
    let lanes = t2s_ir::lanes::shape_of(ty);
    let Some(width) = scalar_width(element) else {
        return Ok(());
    };
    let signed = matches!(kind, Kind::SignedQuotient | Kind::SignedRemainder);
    let (a, b) = (ir::operand(&op, 0), ir::operand(&op, 1));
    if never_traps(a, b, signed, width) {
        return Ok(());
    }
    let context_ref = op.context();
    // SAFETY: the context outlives the pass run.
    let context = unsafe { context_ref.to_ref() };
    let e = Emitter::before(context, op);
    let constant = |v: i64| -> Val {
        let attr: Attribute = IntegerAttribute::new(element, v).into();
        let c = e.constant_attribute(attr);
        match &lanes {
            Some(shape) => t2s_ir::lanes::splat(&e, c, shape),
            None => c,
        }
    };
    let eq = |x: Val, y: Val| -> Val { e.cmpi_unfolded(t2s_ir::emit::CMPI_EQ, x, y) };
    let select = |c: Val, x: Val, y: Val| e.select(c, x, y);

    let (zero, one, all_ones) = (constant(0), constant(1), constant(-1));
    let by_zero = eq(b, zero);
    // INT_MIN / -1 overflows (and traps on x86) for signed divisions.
    let overflow = signed.then(|| {
        let min = constant(if width == 64 {
            i64::MIN
        } else {
            -(1i64 << (width - 1))
        });
        e.andi(eq(a, min), eq(b, all_ones))
    });
    let unsafe_divisor = match overflow {
        Some(o) => e.ori(by_zero, o),
        None => by_zero,
    };
    let divisor = select(unsafe_divisor, one, b);
    // The same division (its flags kept) of the safe divisor.
    let mut safe = Op::of(&op).clone_detached();
    safe.set_operand(1, divisor.value());
    let safe = e
        .insert(safe)
        .result(0)
        .or_internal("a result of the op")?
        .val();
    let value = match kind {
        Kind::SignedQuotient => {
            let wrapped = select(overflow.expect("signed"), a, safe);
            select(by_zero, all_ones, wrapped)
        }
        Kind::SignedRemainder => {
            let wrapped = select(overflow.expect("signed"), zero, safe);
            select(by_zero, a, wrapped)
        }
        Kind::UnsignedQuotient => select(by_zero, all_ones, safe),
        Kind::UnsignedRemainder => select(by_zero, a, safe),
    };
    // SAFETY: both values are alive; the old op is erased next.
    result.val().replace_all_uses_with(value);
    // SAFETY: the op has no uses left, and nothing refers to it after this.
    unsafe { ir::erase(op) };
    Ok(())
}

/// Whether the division of `a` by `b` cannot trap: `b` is a constant (or
/// splat) other than 0 and, for a signed division, -1; or `b` is the safe
/// divisor this pass builds (`select(b == 0 [|| a == MIN && b == -1], 1,
/// b)`), so that running the pass again (the pipelines run it before any
/// upstream fold and again after the lowerings) leaves its result alone.
fn never_traps(a: Val, b: Val, signed: bool, width: u32) -> bool {
    let ones = if width >= 64 {
        -1
    } else {
        ((1u64 << width) - 1) as i64
    };
    if let Some(v) = constant_int(b) {
        return v & ones != 0 && !(signed && v & ones == ones);
    }
    let Some(select) = defined_by(b, ods::arith::SelectOperation::name()) else {
        return false;
    };
    let (cond, one, x) = (
        ir::operand(&select, 0),
        ir::operand(&select, 1),
        ir::operand(&select, 2),
    );
    if constant_int(one) != Some(1) {
        return false;
    }
    if !signed {
        return is_eq(cond, x, |v| v & ones == 0);
    }
    let Some(or) = defined_by(cond, ods::arith::OrIOperation::name()) else {
        return false;
    };
    let Some(overflow) = defined_by(ir::operand(&or, 1), ods::arith::AndIOperation::name()) else {
        return false;
    };
    let min = if width >= 64 {
        i64::MIN
    } else {
        1i64 << (width - 1)
    };
    is_eq(ir::operand(&or, 0), x, |v| v & ones == 0)
        && is_eq(ir::operand(&overflow, 0), a, |v| v & ones == min & ones)
        && is_eq(ir::operand(&overflow, 1), x, |v| v & ones == ones)
}

/// Whether `cond` is `arith.cmpi eq, value, c` with a constant `c` that
/// satisfies `want`.
fn is_eq(cond: Val, value: Val, want: impl Fn(i64) -> bool) -> bool {
    defined_by(cond, ods::arith::CmpIOperation::name()).is_some_and(|cmp| {
        ir::int(&cmp, "predicate") == Some(0)
            && ir::operand(&cmp, 0).key() == value.key()
            && constant_int(ir::operand(&cmp, 1)).is_some_and(&want)
    })
}

/// The op of kind `name` that defines `v`.
fn defined_by<'c>(v: Val, name: &str) -> Option<OperationRef<'c, 'c>> {
    let raw = v.defining_op()?;
    let op = raw.op();
    ods::is(&op, name).then_some(op)
}

/// The value of an integer constant, or of every lane of a splat one (a
/// dense splat, or a broadcast constant, as this pass builds them).
fn constant_int(v: Val) -> Option<i64> {
    if let Some(broadcast) = defined_by(v, ods::vector::BroadcastOperation::name()) {
        return constant_int(ir::operand(&broadcast, 0));
    }
    let constant = defined_by(v, ods::arith::ConstantOperation::name())?;
    let value = constant.attribute("value").ok()?;
    if let Ok(int) = IntegerAttribute::try_from(value) {
        return Some(int.value());
    }
    let dense = melior::ir::attribute::DenseElementsAttribute::try_from(value).ok()?;
    if !dense.is_splat() {
        return None;
    }
    IntegerAttribute::try_from(dense.splat_value())
        .ok()
        .map(|i| i.value())
}
