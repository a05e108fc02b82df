//! The `math` ops OpenCL's SPIR-V has no upstream pattern for, written with
//! ops it has, inside a kernel before `convert-math-to-spirv`:
//!
//! - `math.trunc x` = `x < 0 ? ceil(x) : floor(x)` (exact; NaN and signed
//!   zeros kept);
//! - `math.exp2 x` = `pow(2, x)`;
//! - `math.cbrt x` = `copysign(pow(|x|, 1/3), x)` (zeros, infinities and
//!   NaN kept; within OpenCL's `pow` accuracy elsewhere).
//!
//! Vector operands work lane-wise: the constants are splats of the
//! operand's type.

use melior::ir::{
    attribute::{DenseElementsAttribute, FloatAttribute, IntegerAttribute},
    operation::{OperationLike, OperationRef, WalkOrder, WalkResult},
    Attribute, Type, ValueLike,
};
use melior::Context;
use t2s_ir::emit::Emitter;
use t2s_ir::handle::{AsOp, AsVal, Val};
use t2s_ir::ir;
use t2s_ir::lanes::{element_of, shape_of, type_of};
use t2s_ir::ods;

/// `arith.cmpf` predicate `olt`.
const CMPF_OLT: i64 = 4;

pub fn expand_math<'c>(context: &'c Context, kernel: OperationRef<'c, '_>) {
    let mut expanded = Vec::new();
    kernel.walk(WalkOrder::PreOrder, |op| {
        if t2s_ir::op_in!(
            ir::name(&op),
            ods::math::TruncOperation | ods::math::Exp2Operation | ods::math::CbrtOperation
        ) {
            expanded.push(op.handle());
        }
        WalkResult::Advance
    });
    for raw in expanded {
        let op = raw.op();
        let name = ir::name(&op);
        let (Ok(x), Ok(result)) = (op.operand(0), op.result(0)) else {
            continue;
        };
        let x = x.val();
        let ty = type_of(x);
        let e = Emitter::before(context, op);
        let fastmath = op.attribute("fastmath").ok();
        // The op's `fastmath` flags carry over to its expansion.
        macro_rules! emit {
            ($builder:expr) => {{
                let builder = $builder;
                let op = match fastmath {
                    Some(flags) => builder.fastmath(flags).build(),
                    None => builder.build(),
                };
                e.result_of(op.into())
            }};
        }
        let (at, x_value) = (e.location, x.value());
        let value = t2s_ir::op_match!(name, {
            ods::math::TruncOperation => {
                let zero = constant(&e, ty, 0.0);
                let i64_type = melior::ir::r#type::IntegerType::new(context, 64).into();
                let predicate = IntegerAttribute::new(i64_type, CMPF_OLT).into();
                let i1 = melior::ir::r#type::IntegerType::new(context, 1).into();
                let condition_type = match shape_of(ty) {
                    Some(shape) => t2s_ir::lanes::vector_type(context, &shape, i1),
                    None => i1,
                };
                let negative = emit!(ods::arith::CmpFOperation::builder(context, at)
                    .result(condition_type)
                    .lhs(x_value)
                    .rhs(zero.value())
                    .predicate(predicate));
                let up = emit!(ods::math::CeilOperation::builder(context, at).operand(x_value));
                let down = emit!(ods::math::FloorOperation::builder(context, at).operand(x_value));
                e.select(negative, up, down)
            },
            ods::math::Exp2Operation => {
                let two = constant(&e, ty, 2.0);
                emit!(ods::math::PowFOperation::builder(context, at).lhs(two.value()).rhs(x_value))
            },
            _ => {
                let third = constant(&e, ty, 1.0 / 3.0);
                let magnitude = emit!(ods::math::AbsFOperation::builder(context, at).operand(x_value));
                let root = emit!(ods::math::PowFOperation::builder(context, at)
                    .lhs(magnitude.value())
                    .rhs(third.value()));
                emit!(ods::math::CopySignOperation::builder(context, at)
                    .lhs(root.value())
                    .rhs(x_value))
            },
        });
        // SAFETY: the expansion has the op's type.
        result.val().replace_all_uses_with(value);
        // SAFETY: the op has no uses left, and nothing refers to it after this.
        unsafe { ir::erase(op) };
    }
}

/// `value` as a constant of the float type `ty`, or a splat of its vector.
fn constant<'c>(e: &Emitter<'c>, ty: Type<'c>, value: f64) -> Val {
    let element = element_of(ty);
    let scalar: Attribute = FloatAttribute::new(e.context, element, value).into();
    let attribute = match shape_of(ty) {
        Some(_) => DenseElementsAttribute::new(ty, &[scalar])
            .expect("a splat of a float vector")
            .into(),
        None => scalar,
    };
    e.constant_attribute(attribute)
}

/// `arith.index_cast %x : index to i1` (or lanes of them) becomes a cast to
/// `i64` and a truncation: upstream's SPIR-V conversion makes that cast
/// `x != 0`, where the interpreter and LLVM keep the low bit (-2 is false).
pub fn expand_bool_index_casts<'c>(context: &'c Context, kernel: OperationRef<'c, '_>) {
    let casts: Vec<_> = ir::collect(kernel, ods::arith::IndexCastOperation::name())
        .into_iter()
        .filter(|op| {
            op.result(0).is_ok_and(|r| {
                melior::ir::r#type::IntegerType::try_from(element_of(r.r#type()))
                    .is_ok_and(|t| t.width() == 1)
            })
        })
        .collect();
    let i64_type: Type = melior::ir::r#type::IntegerType::new(context, 64).into();
    for op in casts {
        let (Ok(x), Ok(result)) = (op.operand(0), op.result(0)) else {
            continue;
        };
        let ty = result.r#type();
        let wide = match shape_of(ty) {
            Some(shape) => t2s_ir::lanes::vector_type(context, &shape, i64_type),
            None => i64_type,
        };
        let e = Emitter::before(context, op);
        let cast = e.index_cast(x.val(), wide);
        let bit = e.result_of(melior::dialect::arith::trunci(cast.value(), ty, e.location));
        // SAFETY: the truncation has the cast's type.
        result.val().replace_all_uses_with(bit);
        // SAFETY: the op has no uses left, and nothing refers to it after this.
        unsafe { ir::erase(op) };
    }
}
