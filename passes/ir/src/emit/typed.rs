//! Upstream ops the lowerings build often, through melior's typed
//! builders (no op names spelt out at the call sites).

use super::Emitter;
use crate::handle::{AsVal, Val};
use melior::ir::attribute::{FlatSymbolRefAttribute, IntegerAttribute};
use melior::ir::r#type::{IntegerType, MemRefType};
use melior::ir::Type;

impl<'c> Emitter<'c> {
    /// The one result of `op`, inserted here.
    fn result_of(&self, op: melior::ir::Operation<'c>) -> Val {
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
}
