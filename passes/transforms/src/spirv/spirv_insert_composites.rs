//! `spirv-insert-composites`: each `spirv.CompositeConstruct` of a vector
//! becomes `spirv.Undef` and a chain of `spirv.CompositeInsert` (the
//! elements of vector operands extracted first). Both are valid SPIR-V;
//! the chain is what SPIRV-LLVM-Translator 15 (`llvm-spirv-15 -r`, the
//! route to PoCL) reads: it crashes on OpCompositeConstruct of a vector
//! whose elements are not constants. The inverse of upstream
//! `spirv-rewrite-inserts`.

use melior::ir::{
    attribute::{ArrayAttribute, IntegerAttribute},
    operation::{OperationLike, OperationRef},
    r#type::IntegerType,
    Type, ValueLike,
};
use melior::Context;
use t2s_ir::diag::OrInternal;
use t2s_ir::emit::Emitter;
use t2s_ir::handle::{AsVal, Val};
use t2s_ir::ir;
use t2s_ir::ods;
use t2s_ir::pass::{Anchor, Failed, NoOptions};

t2s_ir::declare_pass! {
    /// Rewrite spirv.CompositeConstruct of vectors as spirv.Undef plus
    /// spirv.CompositeInsert chains, which SPIRV-LLVM-Translator 15
    /// (llvm-spirv-15 -r, the route to PoCL) reads; it crashes on
    /// OpCompositeConstruct of non-constant vector elements
    pub static PASS = "spirv-insert-composites" (SpirvInsertComposites)
        on Anchor::Any, creates ["spirv"],
        run run;
}

fn run(root: OperationRef<'_, '_>, _: &NoOptions) -> Result<(), Failed> {
    let context_ref = root.context();
    // SAFETY: the context outlives the pass run.
    let context: &Context = unsafe { context_ref.to_ref() };
    for op in ir::collect(root, ods::spirv::CompositeConstructOperation::name()) {
        let result = op.result(0).or_internal("a result of the op")?;
        let ty = result.r#type();
        if t2s_ir::lanes::shape_of(ty).is_none() {
            continue;
        }
        let e = Emitter::before(context, op);
        let undef = ods::spirv::UndefOperation::builder(context, e.location)
            .result(ty)
            .build();
        let mut vector = e.result_of(undef.into());
        let mut lane = 0;
        for i in 0..op.operand_count() {
            let operand = op.operand(i).or_internal("an operand of the op")?;
            let operand_type = operand.r#type();
            let (elements, element_type) = match t2s_ir::lanes::shape_of(operand_type) {
                Some(shape) => (shape[0], Some(t2s_ir::lanes::element_of(operand_type))),
                None => (1, None),
            };
            for k in 0..elements {
                let element = match element_type {
                    Some(t) => {
                        let extract =
                            ods::spirv::CompositeExtractOperation::builder(context, e.location)
                                .component(t)
                                .composite(operand)
                                .indices(indices(context, k))
                                .build();
                        e.result_of(extract.into())
                    }
                    None => operand.val(),
                };
                vector = insert(&e, element, vector, ty, lane);
                lane += 1;
            }
        }
        // SAFETY: the chain has the construct's type.
        result.val().replace_all_uses_with(vector);
        // SAFETY: the op has no uses left, and nothing refers to it after this.
        unsafe { ir::erase(op) };
    }
    Ok(())
}

fn insert(e: &Emitter<'_>, element: Val, vector: Val, ty: Type<'_>, lane: i64) -> Val {
    let op = ods::spirv::CompositeInsertOperation::builder(e.context, e.location)
        .result(ty)
        .object(element.value())
        .composite(vector.value())
        .indices(indices(e.context, lane))
        .build();
    e.result_of(op.into())
}

/// `[k : i32]`, the index list of a composite access.
fn indices(context: &Context, k: i64) -> ArrayAttribute<'_> {
    let i32_type = IntegerType::new(context, 32).into();
    ArrayAttribute::new(context, &[IntegerAttribute::new(i32_type, k).into()])
}
