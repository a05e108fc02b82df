//! The arith and math ops the model knows, by name: what `extract` reads.

use crate::ods;
use t2s_model::{BinaryOp, CastOp, CmpPredicate, MathOp};

pub(crate) fn binary_op(name: &str) -> Option<BinaryOp> {
    Some(crate::op_match!(name, {
        ods::arith::AddIOperation => BinaryOp::AddI,
        ods::arith::SubIOperation => BinaryOp::SubI,
        ods::arith::MulIOperation => BinaryOp::MulI,
        ods::arith::DivSIOperation => BinaryOp::DivSI,
        ods::arith::DivUIOperation => BinaryOp::DivUI,
        ods::arith::RemSIOperation => BinaryOp::RemSI,
        ods::arith::RemUIOperation => BinaryOp::RemUI,
        ods::arith::FloorDivSIOperation => BinaryOp::FloorDivSI,
        ods::arith::CeilDivSIOperation => BinaryOp::CeilDivSI,
        ods::arith::CeilDivUIOperation => BinaryOp::CeilDivUI,
        ods::arith::MinSIOperation => BinaryOp::MinSI,
        ods::arith::MaxSIOperation => BinaryOp::MaxSI,
        ods::arith::MinUIOperation => BinaryOp::MinUI,
        ods::arith::MaxUIOperation => BinaryOp::MaxUI,
        ods::arith::AndIOperation => BinaryOp::AndI,
        ods::arith::OrIOperation => BinaryOp::OrI,
        ods::arith::XOrIOperation => BinaryOp::XOrI,
        ods::arith::ShLIOperation => BinaryOp::ShLI,
        ods::arith::ShRSIOperation => BinaryOp::ShRSI,
        ods::arith::ShRUIOperation => BinaryOp::ShRUI,
        ods::arith::AddFOperation => BinaryOp::AddF,
        ods::arith::SubFOperation => BinaryOp::SubF,
        ods::arith::MulFOperation => BinaryOp::MulF,
        ods::arith::DivFOperation => BinaryOp::DivF,
        ods::arith::RemFOperation => BinaryOp::RemF,
        ods::arith::MinimumFOperation => BinaryOp::MinimumF,
        ods::arith::MaximumFOperation => BinaryOp::MaximumF,
        _ => return None,
    }))
}

pub(crate) fn cast_op(name: &str) -> Option<CastOp> {
    Some(crate::op_match!(name, {
        ods::arith::ExtSIOperation => CastOp::ExtSI,
        ods::arith::ExtUIOperation => CastOp::ExtUI,
        ods::arith::TruncIOperation => CastOp::TruncI,
        ods::arith::SIToFPOperation => CastOp::SIToFP,
        ods::arith::UIToFPOperation => CastOp::UIToFP,
        ods::arith::FPToSIOperation => CastOp::FPToSI,
        ods::arith::FPToUIOperation => CastOp::FPToUI,
        ods::arith::ExtFOperation => CastOp::ExtF,
        ods::arith::TruncFOperation => CastOp::TruncF,
        ods::arith::IndexCastOperation => CastOp::IndexCast,
        ods::arith::IndexCastUIOperation => CastOp::IndexCastUI,
        ods::arith::BitcastOperation => CastOp::Bitcast,
        _ => return None,
    }))
}

const CMPI: [CmpPredicate; 10] = [
    CmpPredicate::Eq,
    CmpPredicate::Ne,
    CmpPredicate::Slt,
    CmpPredicate::Sle,
    CmpPredicate::Sgt,
    CmpPredicate::Sge,
    CmpPredicate::Ult,
    CmpPredicate::Ule,
    CmpPredicate::Ugt,
    CmpPredicate::Uge,
];

const CMPF: [CmpPredicate; 16] = [
    CmpPredicate::FFalse,
    CmpPredicate::Oeq,
    CmpPredicate::Ogt,
    CmpPredicate::Oge,
    CmpPredicate::Olt,
    CmpPredicate::Ole,
    CmpPredicate::One,
    CmpPredicate::Ord,
    CmpPredicate::Ueq,
    CmpPredicate::Ugtf,
    CmpPredicate::Ugef,
    CmpPredicate::Ultf,
    CmpPredicate::Ulef,
    CmpPredicate::Une,
    CmpPredicate::Uno,
    CmpPredicate::FTrue,
];

pub(crate) fn cmpi_predicate(value: i64) -> Option<CmpPredicate> {
    CMPI.get(usize::try_from(value).ok()?).copied()
}

pub(crate) fn cmpf_predicate(value: i64) -> Option<CmpPredicate> {
    CMPF.get(usize::try_from(value).ok()?).copied()
}

/// The `math` ops the model knows, with their op names.
fn math_ops() -> [(MathOp, &'static str); 30] {
    [
        (MathOp::AbsF, ods::math::AbsFOperation::name()),
        (MathOp::AbsI, ods::math::AbsIOperation::name()),
        (MathOp::Sqrt, ods::math::SqrtOperation::name()),
        (MathOp::Rsqrt, ods::math::RsqrtOperation::name()),
        (MathOp::Cbrt, ods::math::CbrtOperation::name()),
        (MathOp::Exp, ods::math::ExpOperation::name()),
        (MathOp::Exp2, ods::math::Exp2Operation::name()),
        (MathOp::ExpM1, ods::math::ExpM1Operation::name()),
        (MathOp::Log, ods::math::LogOperation::name()),
        (MathOp::Log2, ods::math::Log2Operation::name()),
        (MathOp::Log10, ods::math::Log10Operation::name()),
        (MathOp::Log1p, ods::math::Log1pOperation::name()),
        (MathOp::Sin, ods::math::SinOperation::name()),
        (MathOp::Cos, ods::math::CosOperation::name()),
        (MathOp::Tan, ods::math::TanOperation::name()),
        (MathOp::Tanh, ods::math::TanhOperation::name()),
        (MathOp::Sinh, ods::math::SinhOperation::name()),
        (MathOp::Cosh, ods::math::CoshOperation::name()),
        (MathOp::Asin, ods::math::AsinOperation::name()),
        (MathOp::Acos, ods::math::AcosOperation::name()),
        (MathOp::Atan, ods::math::AtanOperation::name()),
        (MathOp::Floor, ods::math::FloorOperation::name()),
        (MathOp::Ceil, ods::math::CeilOperation::name()),
        (MathOp::Round, ods::math::RoundOperation::name()),
        (MathOp::RoundEven, ods::math::RoundEvenOperation::name()),
        (MathOp::Trunc, ods::math::TruncOperation::name()),
        (MathOp::PowF, ods::math::PowFOperation::name()),
        (MathOp::Atan2, ods::math::Atan2Operation::name()),
        (MathOp::CopySign, ods::math::CopySignOperation::name()),
        (MathOp::Fma, ods::math::FmaOperation::name()),
    ]
}

/// The model's op for a `math` op name, and its operand count.
pub(crate) fn math_op(name: &str) -> Option<(MathOp, usize)> {
    math_ops()
        .into_iter()
        .find(|(_, n)| *n == name)
        .map(|(op, _)| (op, op.arity()))
}
