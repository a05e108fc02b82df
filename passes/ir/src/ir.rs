//! Small helpers to read the attributes of t2s ops and to move ops around.

use crate::handle::{AsVal, Blk, Op, Val};
use crate::ods;
use melior::ir::Value;
use melior::ir::{
    attribute::{
        ArrayAttribute, DenseI64ArrayAttribute, FlatSymbolRefAttribute, IntegerAttribute,
        StringAttribute,
    },
    block::BlockLike,
    operation::{OperationLike, OperationRef},
    Attribute, BlockRef, RegionLike,
};
use melior::Context;
use t2s_model::spacetime::ParamDecl;
use t2s_model::Linear;

/// Bounds-checked access to an op's operands, results and regions, and a
/// block's arguments. melior's own accessors format the whole op into their
/// error when the index is out of range (printing verifies the op and walks
/// everything nested in it), so probing an optional operand with them costs
/// time proportional to the function: quadratic over a lowering.
pub trait OpAccess<'c, 'a> {
    fn operand_at(&self, index: usize) -> Option<Value<'c, 'a>>;
    fn result_at(&self, index: usize) -> Option<melior::ir::operation::OperationResult<'c, 'a>>;
    fn region_at(&self, index: usize) -> Option<melior::ir::RegionRef<'c, 'a>>;
}

impl<'c, 'a> OpAccess<'c, 'a> for OperationRef<'c, 'a> {
    fn operand_at(&self, index: usize) -> Option<Value<'c, 'a>> {
        (index < self.operand_count()).then(|| OperationLike::operand(self, index).ok())?
    }
    fn result_at(&self, index: usize) -> Option<melior::ir::operation::OperationResult<'c, 'a>> {
        (index < self.result_count()).then(|| OperationLike::result(self, index).ok())?
    }
    fn region_at(&self, index: usize) -> Option<melior::ir::RegionRef<'c, 'a>> {
        (index < self.region_count()).then(|| OperationLike::region(self, index).ok())?
    }
}

/// Bounds-checked access to a block's arguments (see [`OpAccess`]).
pub trait BlockAccess<'c, 'a> {
    fn argument_at(&self, index: usize) -> Option<melior::ir::block::BlockArgument<'c, 'a>>;
}

impl<'c, 'a> BlockAccess<'c, 'a> for BlockRef<'c, 'a> {
    fn argument_at(&self, index: usize) -> Option<melior::ir::block::BlockArgument<'c, 'a>> {
        (index < self.argument_count()).then(|| BlockLike::argument(self, index).ok())?
    }
}

/// The name of an op, e.g. `ure.def`.
pub fn name(op: &OperationRef<'_, '_>) -> String {
    op.name().as_string_ref().as_str().unwrap_or("").to_string()
}

/// The ops of a block, in order. Collected first so the caller may mutate.
pub fn ops<'c, 'a>(block: BlockRef<'c, 'a>) -> Vec<OperationRef<'c, 'a>> {
    let mut result = Vec::new();
    let mut next = block.first_operation();
    while let Some(op) = next {
        next = op.next_in_block();
        result.push(op);
    }
    result
}

/// The entry block of the first region of `op`.
pub fn body_block<'c, 'a>(op: &OperationRef<'c, 'a>) -> Option<BlockRef<'c, 'a>> {
    op.region_at(0).and_then(|r| r.first_block())
}

/// The ops of the single block of region `index` of `op`.
pub fn body_ops<'c, 'a>(op: &OperationRef<'c, 'a>, index: usize) -> Vec<OperationRef<'c, 'a>> {
    op.region_at(index)
        .and_then(|r| r.first_block())
        .map(ops)
        .unwrap_or_default()
}

/// A `FlatSymbolRefAttr` attribute, without the `@`.
pub fn symbol(op: &OperationRef<'_, '_>, attr: &str) -> String {
    op.attribute(attr)
        .ok()
        .and_then(|a| FlatSymbolRefAttribute::try_from(a).ok())
        .map(|a| a.value().to_string())
        .unwrap_or_default()
}

/// A `FlatSymbolRefArrayAttr` attribute, each without the `@`.
pub fn symbols(op: &OperationRef<'_, '_>, attr: &str) -> Vec<String> {
    array(op, attr)
        .into_iter()
        .filter_map(|a| FlatSymbolRefAttribute::try_from(a).ok())
        .map(|a| a.value().to_string())
        .collect()
}

/// A string attribute (e.g. a `SymbolNameAttr`), empty when absent.
pub fn string(op: &OperationRef<'_, '_>, attr: &str) -> String {
    op.attribute(attr)
        .ok()
        .and_then(crate::types::string_value)
        .unwrap_or_default()
}

/// A `StrArrayAttr` attribute.
pub fn strings(op: &OperationRef<'_, '_>, attr: &str) -> Vec<String> {
    array(op, attr)
        .into_iter()
        .filter_map(|a| StringAttribute::try_from(a).ok())
        .map(|s| s.value().to_string())
        .collect()
}

/// The elements of an `ArrayAttr` attribute.
pub fn array<'c>(op: &OperationRef<'c, '_>, attr: &str) -> Vec<Attribute<'c>> {
    let Some(array) = op
        .attribute(attr)
        .ok()
        .and_then(|a| ArrayAttribute::try_from(a).ok())
    else {
        return Vec::new();
    };
    (0..array.len())
        .filter_map(|i| array.element(i).ok())
        .collect()
}

/// A `DenseI64ArrayAttr` attribute.
pub fn i64s(op: &OperationRef<'_, '_>, attr: &str) -> Vec<i64> {
    optional_i64s(op, attr).unwrap_or_default()
}

/// A dense i64 array attribute; `None` when the op has none.
pub fn optional_i64s(op: &OperationRef<'_, '_>, attr: &str) -> Option<Vec<i64>> {
    let array = op
        .attribute(attr)
        .ok()
        .and_then(|a| DenseI64ArrayAttribute::try_from(a).ok())?;
    Some(
        (0..array.len())
            .filter_map(|i| array.element(i).ok())
            .collect(),
    )
}

/// An integer attribute.
pub fn int(op: &OperationRef<'_, '_>, attr: &str) -> Option<i64> {
    op.attribute(attr)
        .ok()
        .and_then(|a| IntegerAttribute::try_from(a).ok())
        .map(|a| a.value())
}

/// A loop extent as the ops store it: an integer, a `ure.param` symbol, or
/// (time loops of a `spacetime.array`) an affine function of parameters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExtentAttr {
    Const(i64),
    Param(String),
    Expr(Linear),
}

impl ExtentAttr {
    pub fn linear(&self) -> Linear {
        match self {
            ExtentAttr::Const(c) => Linear::constant(*c),
            ExtentAttr::Param(p) => Linear::param(p),
            ExtentAttr::Expr(e) => e.clone(),
        }
    }
}

/// The `extents` array of `ure.set_bounds` / `ure.nest` / `spacetime.array`.
pub fn extents(op: &OperationRef<'_, '_>, attr: &str) -> Vec<ExtentAttr> {
    array(op, attr).into_iter().map(extent_attr).collect()
}

/// `5`, `@K`, or `[constant, @p1, coef1, ...]` (see common/Bounds.h).
fn extent_attr(a: Attribute<'_>) -> ExtentAttr {
    if let Ok(i) = IntegerAttribute::try_from(a) {
        return ExtentAttr::Const(i.value());
    }
    if let Ok(s) = FlatSymbolRefAttribute::try_from(a) {
        return ExtentAttr::Param(s.value().to_string());
    }
    let Ok(parts) = ArrayAttribute::try_from(a) else {
        return ExtentAttr::Const(0);
    };
    let part = |i: usize| parts.element(i).ok();
    let mut linear = Linear::constant(
        part(0)
            .and_then(|p| IntegerAttribute::try_from(p).ok())
            .map_or(0, |i| i.value()),
    );
    let mut i = 1;
    while i + 1 < parts.len() {
        let sym = part(i).and_then(|p| FlatSymbolRefAttribute::try_from(p).ok());
        let coef = part(i + 1).and_then(|p| IntegerAttribute::try_from(p).ok());
        if let (Some(sym), Some(coef)) = (sym, coef) {
            linear.terms.push((sym.value().to_string(), coef.value()));
        }
        i += 2;
    }
    ExtentAttr::Expr(linear)
}

/// The attribute of an extent, as `extent_attr` reads it.
pub fn linear_attribute<'c>(context: &'c Context, e: &Linear) -> Option<Attribute<'c>> {
    let text = match (e.as_const(), e.terms.as_slice()) {
        (Some(c), _) => format!("{c} : i64"),
        (None, [(p, 1)]) if e.constant == 0 => format!("@{p}"),
        (None, terms) => {
            let mut parts = vec![format!("{} : i64", e.constant)];
            for (p, c) in terms {
                parts.push(format!("@{p}"));
                parts.push(format!("{c} : i64"));
            }
            format!("[{}]", parts.join(", "))
        }
    };
    Attribute::parse(context, &text)
}

/// The program's `ure.param`s in order, with their declared maxima.
pub fn param_decls(program: &OperationRef<'_, '_>) -> Vec<ParamDecl> {
    body_ops(program, 0)
        .into_iter()
        .filter(|op| name(op) == ods::ure::ParamOperation::name())
        .map(|op| ParamDecl {
            name: symbol_name(&op),
            max: int(&op, "max"),
        })
        .collect()
}

/// Moves `op` to the end of `block`.
pub fn move_to_end(op: OperationRef<'_, '_>, block: BlockRef<'_, '_>) {
    Op::of(&op).move_to_end(Blk::of(&block))
}

/// Erases (destroys) `op`.
///
/// # Safety
///
/// As [`Op::erase`]: no result of `op` (or of an op nested in it) may have a
/// use left, and no view or handle into it may be used afterwards.
pub unsafe fn erase(op: OperationRef<'_, '_>) {
    // SAFETY: the caller's contract above.
    unsafe { Op::of(&op).erase() }
}

/// Every op named `op_name` nested under `root` (pre-order), collected before
/// the caller mutates the IR.
pub fn collect<'c, 'a>(root: OperationRef<'c, 'a>, op_name: &str) -> Vec<OperationRef<'c, 'a>> {
    let mut found = Vec::new();
    root.walk(melior::ir::operation::WalkOrder::PreOrder, |op| {
        if name(&op) == op_name {
            found.push(Op::of(&op));
        }
        melior::ir::operation::WalkResult::Advance
    });
    found.into_iter().map(Op::op).collect()
}

/// The `sym_name` of a symbol op, without the `@`.
pub fn symbol_name(op: &OperationRef<'_, '_>) -> String {
    op.attribute("sym_name")
        .ok()
        .and_then(crate::types::string_value)
        .unwrap_or_default()
}

pub use crate::diag::string_ref;

/// Sets a discardable attribute on `op`.
pub fn set_attribute(op: OperationRef<'_, '_>, name: &str, attribute: Attribute<'_>) {
    Op::of(&op).set_discardable(name, attribute)
}

/// Whether the op has an inherent attribute (a property) `name`.
pub fn has_inherent(op: &OperationRef<'_, '_>, name: &str) -> bool {
    Op::of(op).has_inherent(name)
}

/// Sets one of the op's own attributes (its properties, e.g. an array's
/// bounds or a symbol's name).
pub fn set_inherent(op: OperationRef<'_, '_>, name: &str, value: Attribute<'_>) {
    Op::of(&op).set_inherent(name, value)
}

/// The operand groups of an op with `operandSegmentSizes`.
pub fn operand_segments(op: Op) -> Vec<Vec<Val>> {
    let operands = op.operands();
    let sizes = op
        .op()
        .attribute("operandSegmentSizes")
        .ok()
        .and_then(|a| melior::ir::attribute::DenseI32ArrayAttribute::try_from(a).ok());
    let Some(sizes) = sizes else {
        return vec![operands];
    };
    let mut start = 0;
    (0..sizes.len())
        .map(|s| {
            let n = (sizes.element(s).unwrap_or(0).max(0) as usize).min(operands.len() - start);
            let part = operands[start..start + n].to_vec();
            start += n;
            part
        })
        .collect()
}

/// The kernel operands of a `gpu.launch_func` (its kernel's arguments,
/// after the launch sizes), read through the op's C++ accessor; `None` for
/// any other op.
pub fn launch_kernel_operands<'c, 'a>(op: &OperationRef<'c, 'a>) -> Option<Vec<Value<'c, 'a>>> {
    Op::of(op)
        .launch_kernel_operands()
        .map(|values| values.into_iter().map(Val::value).collect())
}

/// The value of an `arith.constant` index or integer.
pub fn constant_index(v: Value<'_, '_>) -> Option<i64> {
    let op = v.val().defining_op()?.op();
    crate::types::int_value(constant_attribute(&op)?)
}

/// The `value` of an `arith.constant` (a scalar or dense elements);
/// `None` for another op.
pub fn constant_attribute<'c>(op: &OperationRef<'c, '_>) -> Option<Attribute<'c>> {
    (name(op) == ods::arith::ConstantOperation::name())
        .then(|| op.attribute("value").ok())
        .flatten()
}

/// Operand `i` of `op`, which has it.
pub fn operand(op: &OperationRef<'_, '_>, i: usize) -> Val {
    op.operand(i).map(|v| v.val()).expect("an operand")
}

/// The first result of `op`, which has one.
pub fn result(op: &OperationRef<'_, '_>) -> Val {
    op.result(0).map(|v| v.val()).expect("a result")
}

/// The attributes of `op` (inherent and discardable), to copy to a piece.
pub fn attributes_of<'c>(op: &OperationRef<'c, '_>) -> Vec<(String, Attribute<'c>)> {
    Op::of(op).attributes()
}

/// The `channel.kernel @name` of a program, if it has one.
pub fn kernel<'c, 'a>(program: &OperationRef<'c, 'a>, name: &str) -> Option<OperationRef<'c, 'a>> {
    body_ops(program, 0)
        .into_iter()
        .find(|op| ods::is(op, ods::channel::KernelOperation::name()) && symbol_name(op) == name)
}

/// The `spacetime.array` directly in a program or a kernel, if any.
pub fn array_in<'c, 'a>(holder: &OperationRef<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    body_ops(holder, 0)
        .into_iter()
        .find(|op| ods::is(op, ods::spacetime::ArrayOperation::name()))
}
