//! The arith ops the model knows, by name, both ways: what `extract` reads
//! and what the lowerings (`ure-to-scf`) emit.

use t2s_model::{BinaryOp, CastOp, CmpPredicate};

pub(crate) fn binary_op(name: &str) -> Option<BinaryOp> {
    Some(match name {
        "arith.addi" => BinaryOp::AddI,
        "arith.subi" => BinaryOp::SubI,
        "arith.muli" => BinaryOp::MulI,
        "arith.divsi" => BinaryOp::DivSI,
        "arith.divui" => BinaryOp::DivUI,
        "arith.remsi" => BinaryOp::RemSI,
        "arith.remui" => BinaryOp::RemUI,
        "arith.floordivsi" => BinaryOp::FloorDivSI,
        "arith.ceildivsi" => BinaryOp::CeilDivSI,
        "arith.ceildivui" => BinaryOp::CeilDivUI,
        "arith.minsi" => BinaryOp::MinSI,
        "arith.maxsi" => BinaryOp::MaxSI,
        "arith.minui" => BinaryOp::MinUI,
        "arith.maxui" => BinaryOp::MaxUI,
        "arith.andi" => BinaryOp::AndI,
        "arith.ori" => BinaryOp::OrI,
        "arith.xori" => BinaryOp::XOrI,
        "arith.shli" => BinaryOp::ShLI,
        "arith.shrsi" => BinaryOp::ShRSI,
        "arith.shrui" => BinaryOp::ShRUI,
        "arith.addf" => BinaryOp::AddF,
        "arith.subf" => BinaryOp::SubF,
        "arith.mulf" => BinaryOp::MulF,
        "arith.divf" => BinaryOp::DivF,
        "arith.remf" => BinaryOp::RemF,
        "arith.minimumf" => BinaryOp::MinimumF,
        "arith.maximumf" => BinaryOp::MaximumF,
        _ => return None,
    })
}

/// The `arith` op implementing a model binary operation.
pub fn binary_op_name(op: BinaryOp) -> &'static str {
    match op {
        BinaryOp::AddI => "arith.addi",
        BinaryOp::SubI => "arith.subi",
        BinaryOp::MulI => "arith.muli",
        BinaryOp::DivSI => "arith.divsi",
        BinaryOp::DivUI => "arith.divui",
        BinaryOp::RemSI => "arith.remsi",
        BinaryOp::RemUI => "arith.remui",
        BinaryOp::FloorDivSI => "arith.floordivsi",
        BinaryOp::CeilDivSI => "arith.ceildivsi",
        BinaryOp::CeilDivUI => "arith.ceildivui",
        BinaryOp::MinSI => "arith.minsi",
        BinaryOp::MaxSI => "arith.maxsi",
        BinaryOp::MinUI => "arith.minui",
        BinaryOp::MaxUI => "arith.maxui",
        BinaryOp::AndI => "arith.andi",
        BinaryOp::OrI => "arith.ori",
        BinaryOp::XOrI => "arith.xori",
        BinaryOp::ShLI => "arith.shli",
        BinaryOp::ShRSI => "arith.shrsi",
        BinaryOp::ShRUI => "arith.shrui",
        BinaryOp::AddF => "arith.addf",
        BinaryOp::SubF => "arith.subf",
        BinaryOp::MulF => "arith.mulf",
        BinaryOp::DivF => "arith.divf",
        BinaryOp::RemF => "arith.remf",
        BinaryOp::MinimumF => "arith.minimumf",
        BinaryOp::MaximumF => "arith.maximumf",
    }
}

pub(crate) fn cast_op(name: &str) -> Option<CastOp> {
    Some(match name {
        "arith.extsi" => CastOp::ExtSI,
        "arith.extui" => CastOp::ExtUI,
        "arith.trunci" => CastOp::TruncI,
        "arith.sitofp" => CastOp::SIToFP,
        "arith.uitofp" => CastOp::UIToFP,
        "arith.fptosi" => CastOp::FPToSI,
        "arith.fptoui" => CastOp::FPToUI,
        "arith.extf" => CastOp::ExtF,
        "arith.truncf" => CastOp::TruncF,
        "arith.index_cast" => CastOp::IndexCast,
        "arith.index_castui" => CastOp::IndexCastUI,
        "arith.bitcast" => CastOp::Bitcast,
        _ => return None,
    })
}

/// The `arith` op implementing a model cast.
pub fn cast_op_name(op: CastOp) -> &'static str {
    match op {
        CastOp::ExtSI => "arith.extsi",
        CastOp::ExtUI => "arith.extui",
        CastOp::TruncI => "arith.trunci",
        CastOp::SIToFP => "arith.sitofp",
        CastOp::UIToFP => "arith.uitofp",
        CastOp::FPToSI => "arith.fptosi",
        CastOp::FPToUI => "arith.fptoui",
        CastOp::ExtF => "arith.extf",
        CastOp::TruncF => "arith.truncf",
        CastOp::IndexCast => "arith.index_cast",
        CastOp::IndexCastUI => "arith.index_castui",
        CastOp::Bitcast => "arith.bitcast",
    }
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

/// The `arith.cmpi`/`arith.cmpf` op name and predicate number of a model
/// predicate.
pub fn predicate_encoding(pred: CmpPredicate) -> (&'static str, i64) {
    if let Some(i) = CMPI.iter().position(|p| *p == pred) {
        ("arith.cmpi", i as i64)
    } else {
        let i = CMPF.iter().position(|p| *p == pred).unwrap_or(0);
        ("arith.cmpf", i as i64)
    }
}
