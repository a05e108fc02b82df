//! A small IR emitter: it appends upstream ops (`arith`, `memref`, `scf`,
//! `func`) to a block and hands back [`Val`] handles, so code generators can
//! keep values in plain maps without melior lifetimes.

mod ours;
mod typed;
pub use ours::{buffer_op, check_channel_count, fifo_op, kernel_op, ReadDelay, MAX_CHANNELS};

use crate::handle::{AsOp, AsVal, Blk, Op, Val};
use crate::ods;
use melior::ir::{
    attribute::{FloatAttribute, IntegerAttribute},
    block::BlockLike,
    operation::{OperationBuilder, OperationLike},
    r#type::{IntegerType, MemRefType},
    Attribute, Block, Identifier, Location, Region, RegionLike, Type, TypeLike, Value,
};
use melior::Context;
use t2s_model::{ScalarType, Value as ModelValue};

/// `arith.cmpi` predicates, in arith's encoding.
pub const CMPI_EQ: i64 = 0;
pub const CMPI_SLT: i64 = 2;
pub const CMPI_SGT: i64 = 4;
pub const CMPI_SGE: i64 = 5;
pub const CMPI_ULT: i64 = 6;

/// Appends ops at the end of a block, or inserts them before an op of it.
#[derive(Clone, Copy)]
pub struct Emitter<'c> {
    pub context: &'c Context,
    pub location: Location<'c>,
    pub block: Blk,
    /// When set, ops are inserted before this op (of `block`).
    pub before: Option<Op>,
}

impl<'c> Emitter<'c> {
    pub fn new(context: &'c Context, location: Location<'c>, block: Blk) -> Self {
        Self {
            context,
            location,
            block,
            before: None,
        }
    }

    /// An emitter inserting before `op`, at its location.
    pub fn before(context: &'c Context, op: melior::ir::operation::OperationRef<'c, '_>) -> Self {
        let anchor = Op::of(&op);
        let block = anchor.block().expect("an op in a block");
        Self::new(context, op.location(), block).before_op(anchor)
    }

    /// The same emitter, appending to `block`.
    pub fn at(self, block: Blk) -> Self {
        Self {
            block,
            before: None,
            ..self
        }
    }

    /// The same emitter, inserting before `op` (in its block).
    pub fn before_op(self, op: Op) -> Self {
        let block = op.block().expect("an op in a block");
        Self {
            block,
            before: Some(op),
            ..self
        }
    }

    /// The same emitter with another location.
    pub fn located(self, location: Location<'c>) -> Self {
        Self { location, ..self }
    }

    /// Inserts a detached op at the insertion point and returns it.
    pub fn insert<'a>(
        &'a self,
        op: melior::ir::Operation<'c>,
    ) -> melior::ir::operation::OperationRef<'c, 'a> {
        match self.before {
            None => self.block.block().append_operation(op),
            Some(anchor) => self.block.block().insert_operation_before(anchor.op(), op),
        }
    }

    /// Inserts a copy of `op` (with its regions) whose operands, and those
    /// of the ops nested in it, are replaced through `remap` where it
    /// answers.
    pub fn clone_op(&self, op: Op, remap: impl Fn(Val) -> Option<Val>) -> Op {
        let clone = self.insert(op.clone_detached()).handle();
        let mut nested = Vec::new();
        clone
            .op()
            .walk(melior::ir::operation::WalkOrder::PreOrder, |n| {
                nested.push(n.handle());
                melior::ir::operation::WalkResult::Advance
            });
        for n in nested {
            for (i, v) in n.operands().into_iter().enumerate() {
                if let Some(new) = remap(v) {
                    n.set_operand(i, new);
                }
            }
        }
        clone
    }

    /// An op of `like`'s kind, with its attributes, over `operands` with
    /// `results`: for rewrites that keep whatever op they meet (a lane-wise
    /// op split into pieces, a buffer allocated with another type). Every
    /// other op is built by its typed builder; this is the one place that
    /// builds an op by name, and the name is another op's.
    pub fn same_op(
        &self,
        like: &melior::ir::operation::OperationRef<'c, '_>,
        operands: &[Val],
        results: &[Type<'c>],
    ) -> Vec<Val> {
        let name = crate::ir::name(like);
        let operands: Vec<Value> = operands.iter().map(|v| v.value()).collect();
        let attributes: Vec<(Identifier, Attribute)> = Op::of(like)
            .attributes()
            .into_iter()
            .map(|(n, a)| (Identifier::new(self.context, &n), a))
            .collect();
        let op = OperationBuilder::new(&name, self.location)
            .add_operands(&operands)
            .add_results(results)
            .add_attributes(&attributes)
            .build()
            .unwrap_or_else(|e| panic!("cannot build {name}: {e}"));
        let op = self.insert(op);
        op.results().map(|r| r.val()).collect()
    }

    /// `memref.alloc` (on the heap) or `memref.alloca` (on the stack) of
    /// `ty`, with one size per dynamic dimension: melior's typed builders,
    /// which write the operand segments.
    pub fn allocate(&self, on_heap: bool, ty: Type<'c>, dynamic_sizes: &[Val]) -> Val {
        let ty = melior::ir::r#type::MemRefType::try_from(ty)
            .unwrap_or_else(|_| panic!("allocate takes a memref type, not {ty}"));
        let sizes: Vec<Value> = dynamic_sizes.iter().map(|v| v.value()).collect();
        let build = if on_heap {
            melior::dialect::memref::alloc
        } else {
            melior::dialect::memref::alloca
        };
        let op = self.insert(build(self.context, ty, &sizes, &[], None, self.location));
        op.result(0)
            .unwrap_or_else(|_| panic!("an allocation has one result"))
            .val()
    }

    /// `arith.cmpi` with `predicate` in arith's encoding ([`CMPI_EQ`], ...),
    /// decided here when both sides are constants.
    pub fn cmpi(&self, predicate: i64, a: Val, b: Val) -> Val {
        if let Some(known) =
            crate::fold::constants(a, b).and_then(|(x, y)| crate::fold::compare(predicate, x, y))
        {
            return self.boolean(known);
        }
        self.cmpi_unfolded(predicate, a, b)
    }

    /// `a && b` on `i1`s, folded where one is a constant.
    pub fn and(&self, a: Val, b: Val) -> Val {
        match (crate::fold::constant(a), crate::fold::constant(b)) {
            (Some(0), _) => a,
            (_, Some(0)) => b,
            (Some(_), _) => b,
            (_, Some(_)) => a,
            _ => self
                .insert(melior::dialect::arith::andi(
                    a.value(),
                    b.value(),
                    self.location,
                ))
                .result(0)
                .expect("one result")
                .val(),
        }
    }

    /// `arith.constant true` or `false`.
    pub fn boolean(&self, value: bool) -> Val {
        let i1: Type = melior::ir::r#type::IntegerType::new(self.context, 1).into();
        let attr = IntegerAttribute::new(i1, value as i64).into();
        self.insert(melior::dialect::arith::constant(
            self.context,
            attr,
            self.location,
        ))
        .result(0)
        .expect("one result")
        .val()
    }

    pub fn index_type(&self) -> Type<'c> {
        Type::index(self.context)
    }

    pub fn scalar_type(&self, ty: ScalarType) -> Type<'c> {
        match ty {
            ScalarType::Int(w) => IntegerType::new(self.context, w).into(),
            ScalarType::Index => Type::index(self.context),
            ScalarType::F16 => Type::float16(self.context),
            ScalarType::BF16 => Type::bfloat16(self.context),
            ScalarType::F32 => Type::float32(self.context),
            ScalarType::F64 => Type::float64(self.context),
        }
    }

    /// A memref type; `None` dimensions are dynamic.
    pub fn memref_type(&self, elem: ScalarType, shape: &[Option<i64>]) -> Type<'c> {
        let dynamic = crate::types::dynamic_size();
        let dims: Vec<i64> = shape.iter().map(|d| d.unwrap_or(dynamic)).collect();
        MemRefType::new(self.scalar_type(elem), &dims, None, None).into()
    }

    pub fn index(&self, value: i64) -> Val {
        if let Some(v) =
            crate::constant_pool::index(value, |anchor| self.before_op(anchor).new_index(value))
        {
            return v;
        }
        self.new_index(value)
    }

    /// A new `arith.constant` index at the insertion point.
    fn new_index(&self, value: i64) -> Val {
        let ty = self.index_type();
        let attr = IntegerAttribute::new(ty, value).into();
        self.constant_attribute(attr)
    }

    /// A constant of a model value (which must not be poison).
    pub fn constant(&self, value: ModelValue, ty: ScalarType) -> Val {
        let mlir_ty = self.scalar_type(ty);
        let attr: Attribute = match value {
            ModelValue::F32(f) => FloatAttribute::new(self.context, mlir_ty, f as f64).into(),
            ModelValue::F64(f) => FloatAttribute::new(self.context, mlir_ty, f).into(),
            ModelValue::Int(i) => IntegerAttribute::new(mlir_ty, i).into(),
            ModelValue::Poison => IntegerAttribute::new(mlir_ty, 0).into(),
        };
        self.constant_attribute(attr)
    }

    /// The zero constant of an integer or float type, or of a vector of
    /// them (a dense splat).
    pub fn zero(&self, ty: Type<'c>) -> Val {
        if crate::types::is_vector(ty) {
            let elem = crate::types::element(ty);
            let zero = if elem.is_float() { "0.0" } else { "0" };
            let attr = Attribute::parse(self.context, &format!("dense<{zero}> : {ty}"))
                .expect("a dense zero of a vector type");
            return self.constant_attribute(attr);
        }
        let attr: Attribute = if ty.is_float() {
            FloatAttribute::new(self.context, ty, 0.0).into()
        } else {
            IntegerAttribute::new(ty, 0).into()
        };
        self.constant_attribute(attr)
    }

    /// `a + b` on indices, folded where they are constants.
    pub fn add(&self, a: Val, b: Val) -> Val {
        match (crate::fold::constant(a), crate::fold::constant(b)) {
            (Some(x), Some(y)) if x.checked_add(y).is_some() => self.index(x + y),
            (Some(0), _) => b,
            (_, Some(0)) => a,
            _ => self.addi(a, b),
        }
    }

    /// `a - b` on indices, folded where they are constants.
    pub fn sub(&self, a: Val, b: Val) -> Val {
        match (crate::fold::constant(a), crate::fold::constant(b)) {
            (Some(x), Some(y)) if x.checked_sub(y).is_some() => self.index(x - y),
            (_, Some(0)) => a,
            _ => self.subi(a, b),
        }
    }

    /// `a * b` on indices, folded where they are constants.
    pub fn mul(&self, a: Val, b: Val) -> Val {
        match (crate::fold::constant(a), crate::fold::constant(b)) {
            (Some(x), Some(y)) if x.checked_mul(y).is_some() => self.index(x * y),
            (Some(1), _) => b,
            (_, Some(1)) => a,
            _ => self.muli(a, b),
        }
    }

    /// `min(max(value, low), high)` on indices.
    pub fn clamp(&self, value: Val, low: Val, high: Val) -> Val {
        let v = self.maxsi(value, low);
        self.minsi(v, high)
    }

    /// `memref.load`; `elem` must be the memref's element type.
    pub fn load(&self, memref: Val, indices: &[Val], elem: Type<'c>) -> Val {
        let indices: Vec<Value> = indices.iter().map(|v| v.value()).collect();
        let loaded = self.insert(melior::dialect::memref::load(
            memref.value(),
            &indices,
            self.location,
        ));
        let value = loaded.result(0).expect("one result").val();
        debug_assert!(crate::types::element(memref.r#type()) == elem);
        value
    }

    pub fn store(&self, value: Val, memref: Val, indices: &[Val]) {
        let indices: Vec<Value> = indices.iter().map(|v| v.value()).collect();
        self.insert(melior::dialect::memref::store(
            value.value(),
            memref.value(),
            &indices,
            self.location,
        ));
    }

    /// `scf.for %iv = lb to ub step 1`; returns the body block (still without
    /// its terminator: call [`Emitter::finish_for`]) and the induction variable.
    pub fn for_loop(&self, lb: Val, ub: Val) -> (Blk, Val) {
        let (body, iv, _, _) = self.for_iter(lb, ub, &[]);
        (body, iv)
    }

    /// `scf.for %iv = lb to ub step 1 iter_args(inits)`: its body (to end
    /// with `scf.yield` of the carried values), the induction variable, the
    /// carried values and the loop's results.
    pub fn for_iter(&self, lb: Val, ub: Val, inits: &[Val]) -> (Blk, Val, Vec<Val>, Vec<Val>) {
        let step = self.index(1);
        let types: Vec<Type> = inits.iter().map(|v| v.r#type()).collect();
        let mut arguments = vec![(self.index_type(), self.location)];
        arguments.extend(types.iter().map(|t| (*t, self.location)));
        let body = Block::new(&arguments);
        let region = Region::new();
        region.append_block(body);
        let inits: Vec<Value> = inits.iter().map(|v| v.value()).collect();
        let op = ods::scf::ForOperation::builder(self.context, self.location)
            .results(&types)
            .lower_bound(lb.value())
            .upper_bound(ub.value())
            .step(step.value())
            .init_args(&inits)
            .region(region)
            .build();
        let op = self.insert(op.into());
        let block = entry_block(&op, 0);
        let args = block.arguments();
        let results = op.results().map(|r| r.val()).collect();
        (block, args[0], args[1..].to_vec(), results)
    }

    /// `scf.if %cond -> (results)` with both regions: its then and else
    /// blocks (each to end with `scf.yield`) and its results.
    pub fn if_else(&self, cond: Val, results: &[Type<'c>]) -> (Blk, Blk, Vec<Val>) {
        let then = Region::new();
        then.append_block(Block::new(&[]));
        let other = Region::new();
        other.append_block(Block::new(&[]));
        let op = ods::scf::IfOperation::builder(self.context, self.location)
            .results(results)
            .condition(cond.value())
            .then_region(then)
            .else_region(other)
            .build();
        let op = self.insert(op.into());
        (
            entry_block(&op, 0),
            entry_block(&op, 1),
            op.results().map(|r| r.val()).collect(),
        )
    }

    /// `gpu.launch` of `grid` blocks of `block` threads (x, y, z): its body
    /// (to end with `gpu.terminator`) and the body's twelve indices: block
    /// ids, thread ids, grid sizes, block sizes.
    pub fn gpu_launch(&self, grid: [Val; 3], block: [Val; 3]) -> (Blk, Vec<Val>) {
        let index = self.index_type();
        let body = Block::new(&[(index, self.location); 12]);
        let region = Region::new();
        region.append_block(body);
        // melior's typed builder writes the operand segments.
        let op = ods::gpu::LaunchOperation::builder(self.context, self.location)
            .async_dependencies(&[])
            .grid_size_x(grid[0].value())
            .grid_size_y(grid[1].value())
            .grid_size_z(grid[2].value())
            .block_size_x(block[0].value())
            .block_size_y(block[1].value())
            .block_size_z(block[2].value())
            .body(region)
            .build();
        let op = self.insert_segmented(op.into(), &[0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0]);
        let block = entry_block(&op, 0);
        let args = block.arguments();
        (block, args)
    }

    /// `scf.parallel (%ivs) = (lbs) to (ubs) step (1, ...)`: its body (to
    /// end with [`Emitter::finish_parallel`]) and the induction variables.
    pub fn parallel(&self, lbs: &[Val], ubs: &[Val]) -> (Blk, Vec<Val>) {
        let index = self.index_type();
        let body = Block::new(&vec![(index, self.location); lbs.len()]);
        let region = Region::new();
        region.append_block(body);
        let values = |vs: &[Val]| vs.iter().map(|v| v.value()).collect::<Vec<_>>();
        let steps: Vec<Val> = lbs.iter().map(|_| self.index(1)).collect();
        let op = ods::scf::ParallelOperation::builder(self.context, self.location)
            .results(&[])
            .lower_bound(&values(lbs))
            .upper_bound(&values(ubs))
            .step(&values(&steps))
            .init_vals(&[])
            .region(region)
            .build();
        let n = lbs.len() as i32;
        let op = self.insert_segmented(op.into(), &[n, n, n, 0]);
        let block = entry_block(&op, 0);
        let ivs = block.arguments();
        (block, ivs)
    }

    /// Ends a `scf.parallel` body with `scf.reduce` (nothing reduced).
    pub fn finish_parallel(&self, block: Blk) {
        let reduce = ods::scf::ReduceOperation::builder(self.context, self.location)
            .operands(&[])
            .reductions(vec![])
            .build();
        self.at(block).insert(reduce.into());
    }

    /// Inserts `op`, built by a melior typed builder, with its operand
    /// segment `sizes`: melior 0.27's builders leave them empty (MLIR 22
    /// keeps them in the op's properties, which the builders do not write).
    pub fn insert_segmented<'a>(
        &'a self,
        op: melior::ir::Operation<'c>,
        sizes: &[i32],
    ) -> melior::ir::OperationRef<'c, 'a> {
        let op = self.insert(op);
        let segments = melior::ir::attribute::DenseI32ArrayAttribute::new(self.context, sizes);
        Op::of(&op).set_inherent("operandSegmentSizes", segments.into());
        op
    }

    /// `scf.if %cond` without else; returns the then-block (without terminator).
    pub fn if_then(&self, cond: Val) -> Blk {
        let region = Region::new();
        region.append_block(Block::new(&[]));
        let op = ods::scf::IfOperation::builder(self.context, self.location)
            .results(&[])
            .condition(cond.value())
            .then_region(region)
            .else_region(Region::new())
            .build();
        let op = self.insert(op.into());
        entry_block(&op, 0)
    }

    /// `scf.execute_region no_inline` without results; returns its block
    /// (to end with `scf.yield`). `no_inline` keeps canonicalize from
    /// inlining it: it exists to bound the blocks that `convert-scf-to-cf`
    /// splits.
    pub fn execute_region(&self) -> Blk {
        let region = Region::new();
        region.append_block(Block::new(&[]));
        let op = ods::scf::ExecuteRegionOperation::builder(self.context, self.location)
            .region(region)
            .no_inline(Attribute::unit(self.context))
            .build();
        let op = self.insert(op.into());
        entry_block(&op, 0)
    }

    /// Sets a unit attribute on the op owning `block` (e.g. a loop to unroll).
    pub fn mark_parent(&self, block: Blk, name: &str) {
        let op = block.parent_op().expect("a block of an op");
        crate::ir::set_attribute(op.op(), name, Attribute::unit(self.context));
    }

    /// Stores constants into buffers over the box `[0, extents)`: one loop
    /// nest, one store per `(buffer, value, type)`.
    pub fn fill(&self, extents: &[Val], fills: &[(Val, ModelValue, ScalarType)]) {
        let mut inner = *self;
        let mut blocks = Vec::new();
        let mut indices = Vec::new();
        for extent in extents {
            let (block, iv) = inner.for_loop(inner.index(0), *extent);
            blocks.push(block);
            indices.push(iv);
            inner = inner.at(block);
        }
        for (buffer, value, ty) in fills {
            let constant = inner.constant(*value, *ty);
            inner.store(constant, *buffer, &indices);
        }
        for block in blocks.iter().rev() {
            self.finish_scf_block(*block);
        }
    }

    /// Ends a `scf.for`/`scf.if` body with `scf.yield`.
    pub fn finish_scf_block(&self, block: Blk) {
        self.at(block).yield_values(&[]);
    }
}

/// The first block of region `r` of `op`, an op this module just built
/// with that region.
fn entry_block(op: &melior::ir::operation::OperationRef<'_, '_>, r: usize) -> Blk {
    let block = op
        .region(r)
        .expect("a region the builder made")
        .first_block()
        .expect("a block the builder made");
    Blk::of(&block)
}
