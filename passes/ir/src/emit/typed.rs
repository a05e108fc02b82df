//! Upstream ops the lowerings build often, through melior's typed
//! builders (no op names spelt out at the call sites).

use super::Emitter;
use crate::handle::{AsVal, Val};
use crate::ods;
use melior::dialect::arith;
use melior::ir::attribute::{DenseI64ArrayAttribute, FlatSymbolRefAttribute, IntegerAttribute};
use melior::ir::operation::OperationLike;
use melior::ir::r#type::{IntegerType, MemRefType};
use melior::ir::{Type, Value};

/// Binary `arith` ops on two values of one type (scalars or vectors), built
/// unfolded through melior's `arith` module.
macro_rules! binary {
    ($($(#[$doc:meta])* $name:ident;)*) => {
        $(
            $(#[$doc])*
            pub fn $name(&self, a: Val, b: Val) -> Val {
                self.result_of(arith::$name(a.value(), b.value(), self.location))
            }
        )*
    };
}

/// A position given by an operand (`ShapedType::kDynamic`).
const DYNAMIC: i64 = i64::MIN;

impl<'c> Emitter<'c> {
    binary! {
        /// `arith.andi` (scalars or vectors; [`Emitter::and`] folds constants).
        andi;
        /// `arith.ori`.
        ori;
        /// `arith.xori`.
        xori;
        /// `arith.addi` without folding (vectors too).
        addi;
        /// `arith.divsi`.
        divsi;
        /// `arith.remsi`.
        remsi;
        /// `arith.remui`.
        remui;
        /// `arith.divui`.
        divui;
        /// `arith.minsi`.
        minsi;
        /// `arith.maxsi`.
        maxsi;
        /// `arith.muli` without folding (vectors too).
        muli;
        /// `arith.subi` without folding (vectors too).
        subi;
    }

    /// The one result of `op`, inserted here.
    pub fn result_of(&self, op: melior::ir::Operation<'c>) -> Val {
        self.insert(op)
            .result(0)
            .unwrap_or_else(|_| panic!("the op has one result"))
            .val()
    }

    /// `arith.select %cond, %a, %b`.
    pub fn select(&self, cond: Val, a: Val, b: Val) -> Val {
        self.result_of(melior::dialect::arith::select(
            cond.value(),
            a.value(),
            b.value(),
            self.location,
        ))
    }

    /// `arith.index_cast %v : ... to ty`.
    pub fn index_cast(&self, v: Val, ty: Type<'c>) -> Val {
        self.result_of(melior::dialect::arith::index_cast(
            v.value(),
            ty,
            self.location,
        ))
    }

    /// `arith.constant value : i64`.
    pub fn i64(&self, value: i64) -> Val {
        let i64_type = IntegerType::new(self.context, 64).into();
        self.result_of(melior::dialect::arith::constant(
            self.context,
            IntegerAttribute::new(i64_type, value).into(),
            self.location,
        ))
    }

    /// `func.call @callee(args)` of a function without results.
    pub fn call(&self, callee: &str, args: &[Val]) {
        let args: Vec<_> = args.iter().map(|a| a.value()).collect();
        self.insert(melior::dialect::func::call(
            self.context,
            FlatSymbolRefAttribute::new(self.context, callee),
            &args,
            &[],
            self.location,
        ));
    }

    /// `memref.get_global @name : ty`.
    pub fn get_global(&self, name: &str, ty: MemRefType<'c>) -> Val {
        self.result_of(melior::dialect::memref::get_global(
            self.context,
            name,
            ty,
            self.location,
        ))
    }

    /// The address of `memref`'s data as an `i64`
    /// (`memref.extract_aligned_pointer_as_index`, then an index cast).
    pub fn address(&self, memref: Val) -> Val {
        let op = crate::ods::memref::ExtractAlignedPointerAsIndexOperation::builder(
            self.context,
            self.location,
        )
        .aligned_pointer(self.index_type())
        .source(memref.value())
        .build();
        let index = self.result_of(op.into());
        self.index_cast(index, IntegerType::new(self.context, 64).into())
    }

    /// `scf.yield values` (the end of an `scf.for`/`scf.if` body).
    pub fn yield_values(&self, values: &[Val]) {
        let values: Vec<Value<'c, '_>> = values.iter().map(|v| v.value()).collect();
        self.insert(melior::dialect::scf::r#yield(&values, self.location));
    }

    /// `func.return values`.
    pub fn return_values(&self, values: &[Val]) {
        let values: Vec<Value<'c, '_>> = values.iter().map(|v| v.value()).collect();
        self.insert(melior::dialect::func::r#return(&values, self.location));
    }

    /// `arith.constant` of a typed attribute (its type is the result's).
    pub fn constant_attribute(&self, value: melior::ir::Attribute<'c>) -> Val {
        self.result_of(arith::constant(self.context, value, self.location))
    }

    /// `memref.dealloc`.
    pub fn dealloc(&self, memref: Val) {
        self.insert(melior::dialect::memref::dealloc(
            memref.value(),
            self.location,
        ));
    }

    /// `memref.dim %memref, %index`.
    pub fn dim(&self, memref: Val, index: Val) -> Val {
        let op = ods::memref::DimOperation::builder(self.context, self.location)
            .result(self.index_type())
            .source(memref.value())
            .index(index.value())
            .build();
        self.result_of(op.into())
    }

    /// `vector.shape_cast %v : ... to ty`.
    pub fn shape_cast(&self, v: Val, ty: Type<'c>) -> Val {
        let op = ods::vector::ShapeCastOperation::builder(self.context, self.location)
            .result(ty)
            .source(v.value())
            .build();
        self.result_of(op.into())
    }

    /// `vector.broadcast %v : ... to ty`.
    pub fn broadcast(&self, v: Val, ty: Type<'c>) -> Val {
        let op = ods::vector::BroadcastOperation::builder(self.context, self.location)
            .vector(ty)
            .source(v.value())
            .build();
        self.result_of(op.into())
    }

    /// `vector.from_elements elements : ty`.
    pub fn from_elements(&self, elements: &[Val], ty: Type<'c>) -> Val {
        let elements: Vec<Value<'c, '_>> = elements.iter().map(|v| v.value()).collect();
        let op = ods::vector::FromElementsOperation::builder(self.context, self.location)
            .dest(ty)
            .elements(&elements)
            .build();
        self.result_of(op.into())
    }

    /// `vector.load %memref[indices] : ..., ty`.
    pub fn vector_load(&self, ty: Type<'c>, memref: Val, indices: &[Val]) -> Val {
        let indices: Vec<Value<'c, '_>> = indices.iter().map(|v| v.value()).collect();
        let op = ods::vector::LoadOperation::builder(self.context, self.location)
            .result(ty)
            .base(memref.value())
            .indices(&indices)
            .build();
        self.result_of(op.into())
    }

    /// `vector.store %value, %memref[indices]`.
    pub fn vector_store(&self, value: Val, memref: Val, indices: &[Val]) {
        let indices: Vec<Value<'c, '_>> = indices.iter().map(|v| v.value()).collect();
        let op = ods::vector::StoreOperation::builder(self.context, self.location)
            .value_to_store(value.value())
            .base(memref.value())
            .indices(&indices)
            .build();
        self.insert(op.into());
    }

    /// `channel.write @channel[indices], %value`.
    pub fn channel_write(&self, channel: &str, indices: &[Val], value: Val) {
        let indices: Vec<Value<'c, '_>> = indices.iter().map(|v| v.value()).collect();
        let op = ods::channel::WriteOperation::builder(self.context, self.location)
            .channel(FlatSymbolRefAttribute::new(self.context, channel))
            .indices(&indices)
            .value(value.value())
            .build();
        self.insert(op.into());
    }

    /// `channel.read @channel[indices] : ty`.
    pub fn channel_read(&self, channel: &str, indices: &[Val], ty: Type<'c>) -> Val {
        let indices: Vec<Value<'c, '_>> = indices.iter().map(|v| v.value()).collect();
        let op = ods::channel::ReadOperation::builder(self.context, self.location)
            .value(ty)
            .channel(FlatSymbolRefAttribute::new(self.context, channel))
            .indices(&indices)
            .build();
        self.result_of(op.into())
    }

    /// `spacetime.recover : types`: the PE's own original indices.
    pub fn recover(&self, types: &[Type<'c>]) -> Vec<Val> {
        self.recover_at(types, &[])
    }

    /// `spacetime.recover at (coordinates)`: the original indices of the
    /// PE at `at` (none: the PE's own).
    pub fn recover_at(&self, types: &[Type<'c>], at: &[Val]) -> Vec<Val> {
        let at: Vec<Value<'c, '_>> = at.iter().map(|v| v.value()).collect();
        let op = ods::spacetime::RecoverOperation::builder(self.context, self.location)
            .indices(types)
            .at(&at)
            .build();
        let op = self.insert(op.into());
        op.results().map(|r| r.val()).collect()
    }

    /// `spacetime.scheduled`: whether the PE has an iteration at the step.
    pub fn scheduled(&self) -> Val {
        self.scheduled_at(IntegerType::new(self.context, 1).into(), &[])
    }

    /// `spacetime.scheduled at (coordinates) : ty`: whether the PE at `at`
    /// (none: this one) has an iteration at the step (`ty`: `i1`, or lanes
    /// of it in a vectorized array).
    pub fn scheduled_at(&self, ty: Type<'c>, at: &[Val]) -> Val {
        let at: Vec<Value<'c, '_>> = at.iter().map(|v| v.value()).collect();
        let op = ods::spacetime::ScheduledOperation::builder(self.context, self.location)
            .result(ty)
            .at(&at)
            .build();
        self.result_of(op.into())
    }
    /// `vector.shuffle %a, %b [mask]` (the result type is inferred).
    pub fn shuffle(&self, a: Val, b: Val, mask: &[i64]) -> Val {
        let op = ods::vector::ShuffleOperation::builder(self.context, self.location)
            .v_1(a.value())
            .v_2(b.value())
            .mask(DenseI64ArrayAttribute::new(self.context, mask).into())
            .build();
        self.result_of(op.into())
    }

    /// `vector.extract %v[position]`: a lane or a sub-vector (the result
    /// type is inferred).
    pub fn vector_extract(&self, v: Val, position: &[i64]) -> Val {
        let op = ods::vector::ExtractOperation::builder(self.context, self.location)
            .source(v.value())
            .dynamic_position(&[])
            .static_position(DenseI64ArrayAttribute::new(self.context, position).into())
            .build();
        self.result_of(op.into())
    }

    /// `vector.reduction <kind>, %v, %acc : ... into T`: the lanes of a 1-D
    /// vector combined in lane order, starting from `acc` (`kind` is a
    /// `#vector.kind` mnemonic: `add`, `mul`, `and`, ...).
    pub fn vector_reduction(&self, kind: &str, v: Val, acc: Val) -> Option<Val> {
        let kind = melior::ir::Attribute::parse(self.context, &format!("#vector.kind<{kind}>"))?;
        let op = ods::vector::ReductionOperation::builder(self.context, self.location)
            .dest(crate::lanes::element_of(crate::lanes::type_of(v)))
            .kind(kind)
            .vector(v.value())
            .acc(acc.value())
            .build();
        Some(self.result_of(op.into()))
    }

    /// `vector.extract %v[%position]` of a 1-D vector, at a lane known at
    /// run time only.
    pub fn vector_extract_at(&self, v: Val, position: Val) -> Val {
        let op = ods::vector::ExtractOperation::builder(self.context, self.location)
            .source(v.value())
            .dynamic_position(&[position.value()])
            .static_position(DenseI64ArrayAttribute::new(self.context, &[DYNAMIC]).into())
            .build();
        self.result_of(op.into())
    }

    /// `vector.insert %value, %dest[%position]` of a 1-D vector, at a lane
    /// known at run time only.
    pub fn vector_insert_at(&self, value: Val, dest: Val, position: Val) -> Val {
        let op = ods::vector::InsertOperation::builder(self.context, self.location)
            .result(dest.r#type())
            .value_to_store(value.value())
            .dest(dest.value())
            .dynamic_position(&[position.value()])
            .static_position(DenseI64ArrayAttribute::new(self.context, &[DYNAMIC]).into())
            .build();
        self.result_of(op.into())
    }

    /// `vector.insert %value, %dest[position]`.
    pub fn vector_insert(&self, value: Val, dest: Val, position: &[i64]) -> Val {
        let op = ods::vector::InsertOperation::builder(self.context, self.location)
            .result(dest.r#type())
            .value_to_store(value.value())
            .dest(dest.value())
            .dynamic_position(&[])
            .static_position(DenseI64ArrayAttribute::new(self.context, position).into())
            .build();
        self.result_of(op.into())
    }

    /// `arith.cmpi` without folding: `i1`, or lanes of `i1` of `a`'s shape.
    pub fn cmpi_unfolded(&self, predicate: i64, a: Val, b: Val) -> Val {
        let i1: Type = IntegerType::new(self.context, 1).into();
        let ty = match crate::lanes::shape_of(a.r#type()) {
            Some(shape) => crate::lanes::vector_type(self.context, &shape, i1),
            None => i1,
        };
        let i64_type = IntegerType::new(self.context, 64).into();
        let op = ods::arith::CmpIOperation::builder(self.context, self.location)
            .result(ty)
            .lhs(a.value())
            .rhs(b.value())
            .predicate(IntegerAttribute::new(i64_type, predicate).into())
            .build();
        self.result_of(op.into())
    }

    /// `vector.gather %base[offsets][%positions], %mask, %pass_thru`.
    pub fn vector_gather(
        &self,
        base: Val,
        offsets: &[Val],
        positions: Val,
        mask: Val,
        pass_thru: Val,
    ) -> Val {
        let offsets: Vec<Value<'c, '_>> = offsets.iter().map(|v| v.value()).collect();
        let op = ods::vector::GatherOperation::builder(self.context, self.location)
            .result(pass_thru.r#type())
            .base(base.value())
            .offsets(&offsets)
            .indices(positions.value())
            .mask(mask.value())
            .pass_thru(pass_thru.value())
            .build();
        self.result_of(op.into())
    }

    /// `vector.scatter %base[offsets][%positions], %mask, %value`.
    pub fn vector_scatter(
        &self,
        base: Val,
        offsets: &[Val],
        positions: Val,
        mask: Val,
        value: Val,
    ) {
        let offsets: Vec<Value<'c, '_>> = offsets.iter().map(|v| v.value()).collect();
        let op = ods::vector::ScatterOperation::builder(self.context, self.location)
            .base(base.value())
            .offsets(&offsets)
            .indices(positions.value())
            .mask(mask.value())
            .value_to_store(value.value())
            .build();
        self.insert(op.into());
    }

    /// `vector.maskedload %base[indices], %mask, %pass_thru`.
    pub fn masked_load(&self, base: Val, indices: &[Val], mask: Val, pass_thru: Val) -> Val {
        let indices: Vec<Value<'c, '_>> = indices.iter().map(|v| v.value()).collect();
        let op = ods::vector::MaskedLoadOperation::builder(self.context, self.location)
            .result(pass_thru.r#type())
            .base(base.value())
            .indices(&indices)
            .mask(mask.value())
            .pass_thru(pass_thru.value())
            .build();
        self.result_of(op.into())
    }

    /// `vector.maskedstore %base[indices], %mask, %value`.
    pub fn masked_store(&self, base: Val, indices: &[Val], mask: Val, value: Val) {
        let indices: Vec<Value<'c, '_>> = indices.iter().map(|v| v.value()).collect();
        let op = ods::vector::MaskedStoreOperation::builder(self.context, self.location)
            .base(base.value())
            .indices(&indices)
            .mask(mask.value())
            .value_to_store(value.value())
            .build();
        self.insert(op.into());
    }

    /// `vector.transpose %v, perm`.
    pub fn transpose(&self, v: Val, perm: &[i64], ty: Type<'c>) -> Val {
        let op = ods::vector::TransposeOperation::builder(self.context, self.location)
            .result(ty)
            .vector(v.value())
            .permutation(DenseI64ArrayAttribute::new(self.context, perm).into())
            .build();
        self.result_of(op.into())
    }

    /// `memref.alloc() {alignment}` of a static shape.
    pub fn aligned_alloc(&self, ty: Type<'c>, alignment: i64) -> Val {
        let i64_type = IntegerType::new(self.context, 64).into();
        let op = ods::memref::AllocOperation::builder(self.context, self.location)
            .memref(ty)
            .dynamic_sizes(&[])
            .symbol_operands(&[])
            .alignment(IntegerAttribute::new(i64_type, alignment))
            .build();
        let op = self.insert_segmented(op.into(), &[0, 0]);
        op.result(0).expect("memref.alloc has a result").val()
    }
}
