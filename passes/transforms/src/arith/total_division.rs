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
    operation::{OperationBuilder, OperationLike, OperationRef},
    r#type::{IntegerType, TypeLike},
    Attribute, Type, Value, ValueLike,
};
use mlir_sys::MlirValue;
use t2s_ir::emit::Emitter;
use t2s_ir::ir;
use t2s_ir::pass::{Anchor, Failed, NoOptions};

t2s_ir::declare_pass! {
    /// Make integer division and remainder total (by zero: quotient -1,
    /// remainder the dividend; INT_MIN / -1 = INT_MIN), as the URE interpreter
    /// defines them
    pub static PASS = "total-division" (TotalDivision)
        on Anchor::Any, creates ["arith"],
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
    Some(match name {
        "arith.divsi" | "arith.floordivsi" | "arith.ceildivsi" => Kind::SignedQuotient,
        "arith.remsi" => Kind::SignedRemainder,
        "arith.divui" | "arith.ceildivui" => Kind::UnsignedQuotient,
        "arith.remui" => Kind::UnsignedRemainder,
        _ => return None,
    })
}

fn run(root: OperationRef<'_, '_>, _: &NoOptions) -> Result<(), Failed> {
    let mut divisions = Vec::new();
    root.walk(melior::ir::operation::WalkOrder::PreOrder, |op| {
        if kind(&ir::name(&op)).is_some() {
            divisions.push(op.to_raw());
        }
        melior::ir::operation::WalkResult::Advance
    });
    for raw in divisions {
        // SAFETY: collected above; only the op itself is erased below.
        let op = unsafe { OperationRef::from_raw(raw) };
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
    let result = op.result(0).map_err(|_| Failed)?;
    let ty = result.r#type();
    // Vectors (vectorized PE arrays) are made total lane by lane.
    let element = t2s_ir::lanes::element_of(ty);
    let lanes = t2s_ir::lanes::shape_of(ty);
    let Some(width) = scalar_width(element) else {
        return Ok(());
    };
    let context_ref = op.context();
    // SAFETY: the context outlives the pass run.
    let context = unsafe { context_ref.to_ref() };
    let e = Emitter::before(context, op);
    let a = op.operand(0).map_err(|_| Failed)?.to_raw();
    let b = op.operand(1).map_err(|_| Failed)?.to_raw();
    let i1: Type = IntegerType::new(context, 1).into();
    let i1 = match &lanes {
        Some(shape) => t2s_ir::lanes::vector_type(context, shape, i1),
        None => i1,
    };
    let constant = |v: i64| -> MlirValue {
        let attr: Attribute = IntegerAttribute::new(element, v).into();
        let c = e.op("arith.constant", &[], &[element], &[("value", attr)])[0];
        match &lanes {
            Some(shape) => t2s_ir::lanes::splat(&e, c, shape),
            None => c,
        }
    };
    let eq = |x: MlirValue, y: MlirValue| -> MlirValue {
        let i64_type = IntegerType::new(context, 64).into();
        let pred = IntegerAttribute::new(i64_type, 0).into(); // eq
        e.op("arith.cmpi", &[x, y], &[i1], &[("predicate", pred)])[0]
    };
    let select = |c: MlirValue, x: MlirValue, y: MlirValue| e.op1("arith.select", &[c, x, y], ty);

    let (zero, one, all_ones) = (constant(0), constant(1), constant(-1));
    let by_zero = eq(b, zero);
    let signed = matches!(kind, Kind::SignedQuotient | Kind::SignedRemainder);
    // INT_MIN / -1 overflows (and traps on x86) for signed divisions.
    let overflow = signed.then(|| {
        let min = constant(if width == 64 {
            i64::MIN
        } else {
            -(1i64 << (width - 1))
        });
        e.op1("arith.andi", &[eq(a, min), eq(b, all_ones)], i1)
    });
    let unsafe_divisor = match overflow {
        Some(o) => e.op1("arith.ori", &[by_zero, o], i1),
        None => by_zero,
    };
    let divisor = select(unsafe_divisor, one, b);
    // SAFETY: live values of this block.
    let operands: Vec<Value> = [a, divisor]
        .iter()
        .map(|v| unsafe { Value::from_raw(*v) })
        .collect();
    let safe = OperationBuilder::new(&name, op.location())
        .add_operands(&operands)
        .add_results(&[ty])
        .build()
        .map_err(|_| Failed)?;
    let safe = e.insert(safe).result(0).map_err(|_| Failed)?.to_raw();
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
    unsafe { mlir_sys::mlirValueReplaceAllUsesOfWith(result.to_raw(), value) };
    ir::erase(op);
    Ok(())
}
