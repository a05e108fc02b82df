//! Handles on values, ops and blocks without melior lifetimes: the one place
//! where t2s reaches the MLIR C API for the IR's structure.
//!
//! Code generators keep values in maps across many insertions, which
//! melior's borrowed `Value<'c, 'a>` and `OperationRef<'c, 'a>` make
//! awkward. [`Val`], [`Op`] and [`Blk`] are what `mlir::Value`,
//! `mlir::Operation *` and `mlir::Block *` are in C++: `Copy` handles, valid
//! while the IR holding them lives, hashable by identity. Every `unsafe` FFI
//! call on them is here, each with its `SAFETY:` line; the passes above use
//! the safe methods and melior's own views ([`Val::value`], [`Op::op`],
//! [`Blk::block`]).
//!
//! The invariant that makes the methods sound is the C++ one: a pass never
//! uses a handle into an op it erased. [`Op::erase`] is `unsafe` because it
//! is where that invariant is kept.

use melior::ir::{
    attribute::AttributeLike,
    block::BlockLike,
    operation::{OperationLike, OperationRef},
    Attribute, BlockRef, Location, Operation, RegionLike, Type, Value, ValueLike,
};
use mlir_sys::{MlirBlock, MlirOperation, MlirValue};
use std::hash::{Hash, Hasher};

/// An SSA value: an op result or a block argument.
#[derive(Clone, Copy, Debug)]
#[repr(transparent)]
pub struct Val(MlirValue);

/// An op.
#[derive(Clone, Copy, Debug)]
#[repr(transparent)]
pub struct Op(MlirOperation);

/// A block.
#[derive(Clone, Copy, Debug)]
#[repr(transparent)]
pub struct Blk(MlirBlock);

macro_rules! identity {
    ($t:ty) => {
        impl PartialEq for $t {
            fn eq(&self, other: &Self) -> bool {
                self.0.ptr == other.0.ptr
            }
        }
        impl Eq for $t {}
        impl Hash for $t {
            fn hash<H: Hasher>(&self, state: &mut H) {
                self.0.ptr.hash(state)
            }
        }
        impl $t {
            /// The handle's identity, for maps keyed by it.
            pub fn key(self) -> usize {
                self.0.ptr as usize
            }
        }
    };
}
identity!(Val);
identity!(Op);
identity!(Blk);

/// An attribute's identity, for maps keyed by it: attributes are uniqued
/// in their context, so equal attributes are one object.
pub fn attribute_key(a: &Attribute<'_>) -> usize {
    a.to_raw().ptr as usize
}

/// `.val()` on any melior value.
pub trait AsVal {
    fn val(&self) -> Val;
}

impl<'c, T: ValueLike<'c>> AsVal for T {
    fn val(&self) -> Val {
        Val(self.to_raw())
    }
}

impl Val {
    pub fn of<'c>(v: &impl ValueLike<'c>) -> Self {
        Val(v.to_raw())
    }

    /// A handle from the C API (for the C++ bridge's results).
    ///
    /// # Safety
    ///
    /// `raw` is a live, non-null value.
    pub unsafe fn from_raw(raw: MlirValue) -> Self {
        Val(raw)
    }

    pub fn raw(self) -> MlirValue {
        self.0
    }

    /// melior's view of the value.
    pub fn value<'c, 'a>(self) -> Value<'c, 'a> {
        // SAFETY: a live value (the module's invariant).
        unsafe { Value::from_raw(self.0) }
    }

    pub fn r#type<'c>(self) -> Type<'c> {
        self.value().r#type()
    }

    pub fn set_type(self, ty: Type<'_>) {
        self.value().set_type(ty)
    }

    pub fn location<'c>(self) -> Location<'c> {
        self.value().location()
    }

    /// The op defining the value, if it is an op result.
    pub fn defining_op(self) -> Option<Op> {
        // SAFETY: a live value; only queried.
        unsafe {
            mlir_sys::mlirValueIsAOpResult(self.0)
                .then(|| Op(mlir_sys::mlirOpResultGetOwner(self.0)))
        }
    }

    /// The result number, if the value is an op result.
    pub fn result_number(self) -> Option<usize> {
        // SAFETY: a live value; only queried.
        unsafe {
            mlir_sys::mlirValueIsAOpResult(self.0)
                .then(|| mlir_sys::mlirOpResultGetResultNumber(self.0) as usize)
        }
    }

    pub fn is_block_argument(self) -> bool {
        // SAFETY: a live value; only queried.
        unsafe { mlir_sys::mlirValueIsABlockArgument(self.0) }
    }

    /// The block owning the value, if it is a block argument.
    pub fn owner_block(self) -> Option<Blk> {
        // SAFETY: a live value; only queried.
        unsafe {
            mlir_sys::mlirValueIsABlockArgument(self.0)
                .then(|| Blk(mlir_sys::mlirBlockArgumentGetOwner(self.0)))
        }
    }

    /// The argument number, if the value is a block argument.
    pub fn argument_number(self) -> Option<usize> {
        // SAFETY: a live value; only queried.
        unsafe {
            mlir_sys::mlirValueIsABlockArgument(self.0)
                .then(|| mlir_sys::mlirBlockArgumentGetArgNumber(self.0) as usize)
        }
    }

    /// Replaces every use of the value by `with`.
    pub fn replace_all_uses_with(self, with: Val) {
        // SAFETY: two live values of the same type and context.
        unsafe { mlir_sys::mlirValueReplaceAllUsesOfWith(self.0, with.0) }
    }

    /// The ops using the value, with the operand number of each use.
    pub fn uses(self) -> Vec<(Op, usize)> {
        let mut all = Vec::new();
        // SAFETY: walking the use list of a live value without changing it.
        unsafe {
            let mut u = mlir_sys::mlirValueGetFirstUse(self.0);
            while !u.ptr.is_null() {
                all.push((
                    Op(mlir_sys::mlirOpOperandGetOwner(u)),
                    mlir_sys::mlirOpOperandGetOperandNumber(u) as usize,
                ));
                u = mlir_sys::mlirOpOperandGetNextUse(u);
            }
        }
        all
    }

    /// The ops using the value (once per use).
    pub fn users(self) -> Vec<Op> {
        self.uses().into_iter().map(|(op, _)| op).collect()
    }

    pub fn has_uses(self) -> bool {
        // SAFETY: a live value; only queried.
        unsafe { !mlir_sys::mlirValueGetFirstUse(self.0).ptr.is_null() }
    }
}

impl<'c, 'a> From<Value<'c, 'a>> for Val {
    fn from(v: Value<'c, 'a>) -> Self {
        Val(v.to_raw())
    }
}

impl Op {
    pub fn of<'c: 'a, 'a>(op: &impl OperationLike<'c, 'a>) -> Self {
        Op(op.to_raw())
    }

    /// A handle from the C API (for the C++ bridge's results).
    ///
    /// # Safety
    ///
    /// `raw` is a live, non-null op.
    pub unsafe fn from_raw(raw: MlirOperation) -> Self {
        Op(raw)
    }

    pub fn raw(self) -> MlirOperation {
        self.0
    }

    /// melior's view of the op.
    pub fn op<'c, 'a>(self) -> OperationRef<'c, 'a> {
        // SAFETY: a live op (the module's invariant).
        unsafe { OperationRef::from_raw(self.0) }
    }

    /// The op's name, e.g. `arith.addi`.
    pub fn name(self) -> String {
        let op = self.op();
        let name = op.name();
        name.as_string_ref().as_str().unwrap_or("").to_string()
    }

    pub fn location<'c>(self) -> Location<'c> {
        self.op().location()
    }

    pub fn num_operands(self) -> usize {
        self.op().operand_count()
    }

    pub fn num_results(self) -> usize {
        self.op().result_count()
    }

    pub fn num_regions(self) -> usize {
        self.op().region_count()
    }

    /// Operand `index`, if the op has it.
    pub fn operand(self, index: usize) -> Option<Val> {
        (index < self.num_operands()).then(|| {
            // SAFETY: a live op and an index below its operand count.
            Val(unsafe { mlir_sys::mlirOperationGetOperand(self.0, index as isize) })
        })
    }

    pub fn operands(self) -> Vec<Val> {
        (0..self.num_operands())
            .filter_map(|i| self.operand(i))
            .collect()
    }

    /// Result `index`, if the op has it.
    pub fn result(self, index: usize) -> Option<Val> {
        (index < self.num_results()).then(|| {
            // SAFETY: a live op and an index below its result count.
            Val(unsafe { mlir_sys::mlirOperationGetResult(self.0, index as isize) })
        })
    }

    pub fn results(self) -> Vec<Val> {
        (0..self.num_results())
            .filter_map(|i| self.result(i))
            .collect()
    }

    /// Sets operand `index` (below the operand count) to `value`.
    pub fn set_operand(self, index: usize, value: Val) {
        assert!(index < self.num_operands(), "operand {index} out of range");
        // SAFETY: a live op, an index below its operand count, a live value.
        unsafe { mlir_sys::mlirOperationSetOperand(self.0, index as isize, value.0) }
    }

    /// Replaces all operands (their number may change).
    pub fn set_operands(self, values: &[Val]) {
        let raw: Vec<MlirValue> = values.iter().map(|v| v.0).collect();
        // SAFETY: a live op and live values; the C API copies the array.
        unsafe { mlir_sys::mlirOperationSetOperands(self.0, raw.len() as isize, raw.as_ptr()) }
    }

    /// The block holding the op, if any.
    pub fn block(self) -> Option<Blk> {
        // SAFETY: a live op; only queried.
        let b = unsafe { mlir_sys::mlirOperationGetBlock(self.0) };
        (!b.ptr.is_null()).then_some(Blk(b))
    }

    /// The op holding the op, if any.
    pub fn parent(self) -> Option<Op> {
        // SAFETY: a live op; only queried.
        let p = unsafe { mlir_sys::mlirOperationGetParentOperation(self.0) };
        (!p.ptr.is_null()).then_some(Op(p))
    }

    /// A detached deep copy of the op.
    pub fn clone_detached<'c>(self) -> Operation<'c> {
        // SAFETY: a live op; the clone is a new, detached op owned by the result.
        unsafe { Operation::from_raw(mlir_sys::mlirOperationClone(self.0)) }
    }

    /// The op's attributes (inherent and discardable) with their names.
    pub fn attributes<'c>(self) -> Vec<(String, Attribute<'c>)> {
        // SAFETY: a live op; positions below its attribute count.
        let count = unsafe { mlir_sys::mlirOperationGetNumAttributes(self.0) };
        (0..count)
            .map(|i| {
                // SAFETY: as above; the name and attribute live in the op's
                // context.
                unsafe {
                    let named = mlir_sys::mlirOperationGetAttribute(self.0, i);
                    let name = mlir_sys::mlirIdentifierStr(named.name);
                    let bytes = std::slice::from_raw_parts(name.data as *const u8, name.length);
                    (
                        String::from_utf8_lossy(bytes).into_owned(),
                        Attribute::from_raw(named.attribute),
                    )
                }
            })
            .collect()
    }

    /// Sets a discardable attribute.
    pub fn set_discardable(self, name: &str, attribute: Attribute<'_>) {
        // SAFETY: a live op and an attribute of its context.
        unsafe {
            mlir_sys::mlirOperationSetDiscardableAttributeByName(
                self.0,
                crate::diag::string_ref(name),
                attribute.to_raw(),
            )
        }
    }

    /// Whether the op has an inherent attribute (a property) `name`.
    pub fn has_inherent(self, name: &str) -> bool {
        // SAFETY: a live op; the attribute is only tested for null.
        unsafe {
            !mlir_sys::mlirOperationGetInherentAttributeByName(
                self.0,
                crate::diag::string_ref(name),
            )
            .ptr
            .is_null()
        }
    }

    /// Sets one of the op's own attributes (its properties).
    pub fn set_inherent(self, name: &str, attribute: Attribute<'_>) {
        // SAFETY: a live op and an attribute of its context; the op's
        // verifier checks the value afterwards.
        unsafe {
            mlir_sys::mlirOperationSetInherentAttributeByName(
                self.0,
                crate::diag::string_ref(name),
                attribute.to_raw(),
            )
        }
    }

    /// Removes attribute `name` (inherent or discardable); whether it had it.
    pub fn remove_attribute(self, name: &str) -> bool {
        // SAFETY: a live op.
        unsafe {
            mlir_sys::mlirOperationRemoveAttributeByName(self.0, crate::diag::string_ref(name))
        }
    }

    /// The kernel operands of a `gpu.launch_func` (its kernel's arguments,
    /// after the launch sizes), read through the op's C++ accessor; `None`
    /// for any other op.
    pub fn launch_kernel_operands(self) -> Option<Vec<Val>> {
        let (mut first, mut count) = (0isize, 0isize);
        // SAFETY: a live op; the accessor only reads it.
        let is_launch = unsafe {
            t2s_dialects::capi::t2sGpuLaunchKernelOperands(self.0, &mut first, &mut count)
        };
        is_launch
            .then(|| {
                (first..first + count)
                    .map(|i| self.operand(i as usize))
                    .collect()
            })
            .flatten()
    }

    /// Moves the body of region `from_index` of `from` into region `index`
    /// of this op (which must be empty).
    pub fn take_body(self, index: usize, from: Op, from_index: usize) -> Option<()> {
        let (to, source) = (self.op(), from.op());
        if index >= to.region_count() || from_index >= source.region_count() {
            return None;
        }
        let to = to.region(index).ok()?;
        let source = source.region(from_index).ok()?;
        // SAFETY: two live regions; MLIR moves the blocks between them.
        unsafe { mlir_sys::mlirRegionTakeBody(to.to_raw(), source.to_raw()) };
        Some(())
    }

    /// Moves the op before `anchor` (possibly into another block).
    pub fn move_before(self, anchor: Op) {
        // SAFETY: two live ops; MLIR unlinks the op from its block first.
        unsafe { mlir_sys::mlirOperationMoveBefore(self.0, anchor.0) }
    }

    /// Moves the op to the end of `block`.
    pub fn move_to_end(self, block: Blk) {
        // SAFETY: the op is unlinked from its parent, then owned by the block.
        unsafe {
            mlir_sys::mlirOperationRemoveFromParent(self.0);
            mlir_sys::mlirBlockAppendOwnedOperation(block.0, self.0);
        }
    }

    /// Whether the op comes before `other` in their common block.
    pub fn is_before_in_block(self, other: Op) -> bool {
        // SAFETY: two live ops of one block.
        unsafe { mlir_sys::mlirOperationIsBeforeInBlock(self.0, other.0) }
    }

    /// Destroys the op.
    ///
    /// # Safety
    ///
    /// No result of the op (or of an op nested in it) may have a use left,
    /// and no handle or melior view into it may be used afterwards.
    pub unsafe fn erase(self) {
        // SAFETY: the caller's contract above.
        unsafe { mlir_sys::mlirOperationDestroy(self.0) }
    }
}

impl Blk {
    /// A handle from the C API.
    ///
    /// # Safety
    ///
    /// `raw` is a live, non-null block.
    pub unsafe fn from_raw(raw: MlirBlock) -> Self {
        Blk(raw)
    }

    pub fn of<'c: 'a, 'a>(block: &impl BlockLike<'c, 'a>) -> Self {
        Blk(block.to_raw())
    }

    pub fn raw(self) -> MlirBlock {
        self.0
    }

    /// melior's view of the block.
    pub fn block<'c, 'a>(self) -> BlockRef<'c, 'a> {
        // SAFETY: a live block (the module's invariant).
        unsafe { BlockRef::from_raw(self.0) }
    }

    pub fn num_arguments(self) -> usize {
        self.block().argument_count()
    }

    /// Argument `index`, if the block has it.
    pub fn argument(self, index: usize) -> Option<Val> {
        (index < self.num_arguments()).then(|| {
            // SAFETY: a live block and an index below its argument count.
            Val(unsafe { mlir_sys::mlirBlockGetArgument(self.0, index as isize) })
        })
    }

    pub fn arguments(self) -> Vec<Val> {
        (0..self.num_arguments())
            .filter_map(|i| self.argument(i))
            .collect()
    }

    /// Erases argument `index` if nothing uses it; whether it did.
    pub fn erase_unused_argument(self, index: usize) -> bool {
        match self.argument(index) {
            Some(arg) if !arg.has_uses() => {
                // SAFETY: a live block, an index below its argument count, and
                // an argument without uses: no operand is left dangling.
                unsafe { mlir_sys::mlirBlockEraseArgument(self.0, index as u32) };
                true
            }
            _ => false,
        }
    }

    /// Appends an argument and returns it.
    pub fn add_argument(self, ty: Type<'_>, location: Location<'_>) -> Val {
        // SAFETY: a live block; type and location of its context.
        Val(unsafe {
            mlir_sys::mlirBlockAddArgument(
                self.0,
                melior::ir::TypeLike::to_raw(&ty),
                location.to_raw(),
            )
        })
    }

    /// Which region of its parent op holds the block.
    pub fn region_number(self) -> Option<usize> {
        // SAFETY: a live block; only queried.
        let region = unsafe { mlir_sys::mlirBlockGetParentRegion(self.0) };
        let parent = self.parent_op()?;
        (0..parent.num_regions()).find(|&r| {
            // SAFETY: a live op and an index below its region count.
            unsafe { mlir_sys::mlirOperationGetRegion(parent.0, r as isize).ptr == region.ptr }
        })
    }

    /// The op holding the block, if any.
    pub fn parent_op(self) -> Option<Op> {
        // SAFETY: a live block; only queried.
        let p = unsafe { mlir_sys::mlirBlockGetParentOperation(self.0) };
        (!p.ptr.is_null()).then_some(Op(p))
    }

    /// The ops of the block, in order, collected before the caller mutates.
    pub fn ops(self) -> Vec<Op> {
        let mut all = Vec::new();
        let mut next = self.block().first_operation();
        while let Some(op) = next {
            all.push(Op::of(&op));
            next = op.next_in_block();
        }
        all
    }

    /// The block's last op.
    pub fn terminator(self) -> Option<Op> {
        self.block().terminator().as_ref().map(Op::of)
    }

    /// Appends a detached op and returns its handle.
    pub fn append(self, op: Operation<'_>) -> Op {
        Op::of(&self.block().append_operation(op))
    }

    /// Inserts a detached op before `anchor` (an op of this block).
    pub fn insert_before(self, anchor: Op, op: Operation<'_>) -> Op {
        Op::of(&self.block().insert_operation_before(anchor.op(), op))
    }
}

/// `.handle()` on any melior op view.
pub trait AsOp {
    fn handle(&self) -> Op;
}

impl<'c: 'a, 'a, T: OperationLike<'c, 'a>> AsOp for T {
    fn handle(&self) -> Op {
        Op(self.to_raw())
    }
}

/// `.blk()` on any melior block view.
pub trait AsBlk {
    fn blk(&self) -> Blk;
}

impl<'c: 'a, 'a, T: BlockLike<'c, 'a>> AsBlk for T {
    fn blk(&self) -> Blk {
        Blk(self.to_raw())
    }
}
