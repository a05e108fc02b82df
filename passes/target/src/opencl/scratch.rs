//! Memrefs of dynamic size that a kernel allocates (the rolling buffers of
//! a symbolic sequential nest, a symbolic output's last-write stamps).
//! OpenCL C has no dynamically sized private arrays, so such a buffer
//! becomes one more `__global` argument of the kernel, which the host
//! allocates: its sizes must be computable from the kernel's arguments, and
//! [`Size`] is that computation (constants, scalar arguments, buffer sizes
//! and the integer `arith` ops over them), evaluated by the host.

use melior::ir::{
    operation::{OperationLike, OperationRef},
    BlockRef, Value,
};
use t2s_ir::handle::{AsBlk, AsVal};
use t2s_ir::ir;
use t2s_ir::ir::OpAccess;
use t2s_ir::ods;

/// A size as the host computes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Size {
    Const(i64),
    /// The scalar function argument of that index.
    Arg(usize),
    /// Dimension `k` of the buffer argument `i`.
    Dim(usize, usize),
    /// An `arith` op (its name and predicate, for `cmpi`) on sizes.
    Op(String, i64, Vec<Size>),
}

/// The host's computation of `v` (an index in the kernel `entry`), or `None`.
pub fn trace(v: Value<'_, '_>, entry: BlockRef<'_, '_>) -> Option<Size> {
    if let Some(block) = v.val().owner_block() {
        return (block == entry.blk())
            .then(|| v.val().argument_number().map(Size::Arg))
            .flatten();
    }
    let op = v.val().defining_op()?;
    let op = op.op();
    let name = ir::name(&op);
    let operands = |op: &OperationRef| -> Option<Vec<Size>> {
        (0..op.operand_count())
            .map(|i| trace(op.operand_at(i)?, entry))
            .collect()
    };
    t2s_ir::op_match!(name, {
        ods::arith::ConstantOperation => ir::int(&op, "value").map(Size::Const),
        ods::memref::DimOperation => {
            let k = t2s_ir::ir::constant_index(op.operand_at(1)?)?;
            match trace(op.operand_at(0)?, entry)? {
                Size::Arg(i) => Some(Size::Dim(i, usize::try_from(k).ok()?)),
                _ => None,
            }
        },
        ods::arith::AddIOperation | ods::arith::SubIOperation | ods::arith::MulIOperation | ods::arith::DivSIOperation | ods::arith::RemSIOperation | ods::arith::MaxSIOperation | ods::arith::MinSIOperation | ods::arith::SelectOperation | ods::arith::IndexCastOperation | ods::arith::CmpIOperation | ods::arith::AndIOperation | ods::arith::OrIOperation => Some(Size::Op(
            name.clone(),
            ir::int(&op, "predicate").unwrap_or(0),
            operands(&op)?,
        )),
        _ => None,
    })
}

/// The value of `size`, given the scalar arguments and buffer shapes;
/// `None` when it overflows or divides by zero.
pub fn eval(
    size: &Size,
    arg: &dyn Fn(usize) -> Option<i64>,
    dim: &dyn Fn(usize, usize) -> Option<i64>,
) -> Option<i64> {
    let v = |s: &Size| eval(s, arg, dim);
    Some(match size {
        Size::Const(c) => *c,
        Size::Arg(i) => arg(*i)?,
        Size::Dim(i, k) => dim(*i, *k)?,
        Size::Op(name, predicate, xs) => {
            let a: Vec<i64> = xs.iter().map(v).collect::<Option<_>>()?;
            let at = |i: usize| a.get(i).copied();
            t2s_ir::op_match!(name, {
                ods::arith::AddIOperation => at(0)?.checked_add(at(1)?)?,
                ods::arith::SubIOperation => at(0)?.checked_sub(at(1)?)?,
                ods::arith::MulIOperation => at(0)?.checked_mul(at(1)?)?,
                ods::arith::DivSIOperation => at(0)?.checked_div(at(1)?)?,
                ods::arith::RemSIOperation => at(0)?.checked_rem(at(1)?)?,
                ods::arith::MaxSIOperation => at(0)?.max(at(1)?),
                ods::arith::MinSIOperation => at(0)?.min(at(1)?),
                ods::arith::AndIOperation => at(0)? & at(1)?,
                ods::arith::OrIOperation => at(0)? | at(1)?,
                ods::arith::IndexCastOperation => at(0)?,
                ods::arith::SelectOperation => {
                    if at(0)? != 0 {
                        at(1)?
                    } else {
                        at(2)?
                    }
                },
                ods::arith::CmpIOperation => {
                    i64::from(t2s_ir::fold::compare(*predicate, at(0)?, at(1)?)?)
                },
                _ => return None,
            })
        }
    })
}

/// A zeroed host buffer for a kernel's buffer of `sizes` elements of
/// `element_bytes` each (at least one word), or `None` when its size
/// overflows or passes the runner's limit on elements.
pub fn zeroed_buffer(
    element_bytes: u64,
    sizes: &[Size],
    arg: &dyn Fn(usize) -> Option<i64>,
    dim: &dyn Fn(usize, usize) -> Option<i64>,
) -> Option<Vec<u64>> {
    let count = sizes.iter().try_fold(1u64, |n, s| {
        n.checked_mul(u64::try_from(eval(s, arg, dim)?).ok()?)
    })?;
    let bytes = count
        .checked_mul(element_bytes)
        .filter(|b| *b <= t2s_runtime::MAX_ELEMENTS * 8)?;
    Some(vec![0u64; bytes.div_ceil(8).max(1) as usize])
}
