//! The ODS-generated op types of every dialect the passes build or match:
//! melior's upstream dialect modules and ours (`ure`, `spacetime`,
//! `channel`). A pass names an op through its type (`arith::AddIOperation`),
//! so a misspelt or removed op fails to compile; [`is`] and [`op_match!`]
//! compare an op against those names.
//!
//! [`op_match!`]: crate::op_match

pub use melior::dialect::ods::{
    affine, arith, builtin, func, gpu, llvm, math, memref, scf, vector,
};
pub use t2s_dialects::ods::{channel, spacetime, ure};

/// Typed builders for upstream `nvgpu` (asynchronous copies into shared
/// memory), which melior does not generate.
#[allow(clippy::all, unused, missing_docs)]
mod upstream {
    melior::dialect! {
        name: "nvgpu",
        files: ["mlir/Dialect/NVGPU/IR/NVGPUOps.td"],
    }
}
pub use upstream::nvgpu;

/// Typed builders for the upstream `spirv` ops the SPIR-V route builds
/// (composites and `spirv.Undef`), which melior does not generate.
#[allow(clippy::all, unused, missing_docs)]
mod upstream_spirv {
    melior::dialect! {
        name: "spirv",
        files: [
            "mlir/Dialect/SPIRV/IR/SPIRVCompositeOps.td",
            "mlir/Dialect/SPIRV/IR/SPIRVMiscOps.td",
        ],
    }
}
pub use upstream_spirv::spirv;

/// Typed builders for upstream `ub` (`ub.poison`), which melior does not
/// generate.
#[allow(clippy::all, unused, missing_docs)]
mod upstream_ub {
    melior::dialect! {
        name: "ub",
        files: ["mlir/Dialect/UB/IR/UBOps.td"],
    }
}
pub use upstream_ub::ub;

use melior::ir::operation::{OperationLike, OperationRef};

/// Whether `op` is the op named `name` (an ODS type's `name()`), compared
/// without allocating.
pub fn is(op: &OperationRef<'_, '_>, name: &str) -> bool {
    op.name().as_string_ref().as_str() == Ok(name)
}

/// Dispatches on an op's name (a `&str` or `String`) by ODS types, as a
/// `match` on the name would, guards included:
///
/// ```ignore
/// op_match!(ir::name(&op), {
///     ods::arith::AddIOperation | ods::arith::AddFOperation => sum(op),
///     ods::vector::BroadcastOperation if scalar(op) => splat(op),
///     _ => other(op),
/// })
/// ```
#[macro_export]
macro_rules! op_match {
    ($name:expr, {
        $( $( $($seg:ident)::+ )|+ $(if $guard:expr)? => $arm:expr ),* ,
        _ => $default:expr $(,)?
    }) => {{
        let name: &str = &$name;
        $( if (false $(|| name == <$($seg)::+>::name())+) $(&& $guard)? { $arm } else )* { $default }
    }};
}

/// Whether an op's name (a `&str` or `String`) is one of the ODS types, as
/// `matches!` on the name would.
#[macro_export]
macro_rules! op_in {
    ($name:expr, $( $($seg:ident)::+ )|+ $(,)?) => {{
        let name: &str = &$name;
        false $(|| name == <$($seg)::+>::name())+
    }};
}
