//! `pad-inputs`: rows of a buffer a power of two bytes apart fall into
//! few cache sets, so a kernel that walks down a column of such a buffer
//! (a GEMM reading `B(k, j)` for every `k`, again for every tile of `A`)
//! keeps evicting the lines it needs next. The cure BLAS libraries apply
//! is copying the data once into a layout the kernel reads well; this pass
//! does the simplest such copy.
//!
//! Each buffer argument of a function whose rows are a multiple of
//! `row-bytes` long is copied, at the function's entry, into a buffer whose
//! rows are one cache line (64 bytes) longer, and its loads read the copy,
//! when:
//! - the function only reads it: its uses are `memref.load`,
//!   `vector.load` and `vector.maskedload` of it (which take indices, so the
//!   copy's layout does not change what they read), `memref.dim` and
//!   `vector.gather` (which stay on the argument: a gather's lanes are
//!   linear positions in the argument's layout);
//! - it is static, of two or more dimensions, in the default memory space,
//!   with the identity layout, and of bytes-sized numbers;
//! - some vector load of it is read again and again: inside an `scf.for`
//!   whose induction variable its indices do not depend on. A buffer each
//!   element of which is read once gains nothing from a copy; scalar loads
//!   did not gain either (the scalar tiled GEMM ran slower on copies).
//!
//! The copy is freed before each `func.return`.

use melior::ir::{
    block::BlockLike,
    operation::{OperationLike, OperationRef, WalkOrder, WalkResult},
    r#type::IntegerType,
    Type, TypeLike,
};
use melior::Context;
use std::collections::HashSet;
use t2s_ir::diag::OrInternal;
use t2s_ir::emit::Emitter;
use t2s_ir::handle::{AsBlk, AsOp, AsVal, Op, Val};
use t2s_ir::ir;
use t2s_ir::ods;
use t2s_ir::pass::{Anchor, Failed};

t2s_ir::declare_pass! {
    /// Copy each read-only buffer argument whose rows are a multiple of
    /// `row-bytes` long and that is read again and again (a load inside a loop
    /// its indices do not depend on) into a buffer whose rows are one cache
    /// line longer, and make its loads read the copy (rows a power of two bytes
    /// apart share few cache sets)
    pub static PASS = "pad-inputs" (PadInputs)
        on Anchor::Any, creates ["memref", "scf", "arith", "vector"],
        run run;
    options Options {
        /// Pad buffers whose rows are a multiple of this many bytes (0: pad
        /// none)
        row_bytes: i64 = ("row-bytes", "512"),
    }
}

/// The bytes of a cache line: what a padded row grows by.
const LINE_BYTES: i64 = 64;

fn run(root: OperationRef<'_, '_>, options: &Options) -> Result<(), Failed> {
    let row_bytes = options.row_bytes;
    if row_bytes <= 0 {
        return Ok(());
    }
    let context_ref = root.context();
    // SAFETY: the context outlives the pass run.
    let context: &Context = unsafe { context_ref.to_ref() };
    let mut functions = Vec::new();
    root.walk(WalkOrder::PreOrder, |op| {
        if ods::is(&op, ods::func::FuncOperation::name()) {
            functions.push(op.handle());
        }
        WalkResult::Advance
    });
    for raw in functions {
        // Functions are not erased by this pass.
        let f = raw.op();
        let Some(entry) = ir::body_block(&f) else {
            continue;
        };
        for i in 0..entry.argument_count() {
            let arg = entry.argument(i).or_internal("a block argument")?.val();
            if let Some(plan) = plan(arg, row_bytes, raw) {
                pad(context, &f, arg, &plan);
            }
        }
    }
    Ok(())
}

/// What padding one argument takes: its padded type and the loads to
/// redirect.
struct Plan {
    shape: Vec<i64>,
    padded_shape: Vec<i64>,
    loads: Vec<Op>,
}

fn plan(arg: Val, row_bytes: i64, function: Op) -> Option<Plan> {
    let ty = t2s_ir::lanes::type_of(arg);
    let (shape, bytes) = static_rows(ty)?;
    let last = *shape.last()?;
    // A row is whole cache lines, which the copy moves one at a time.
    if (last * bytes) % row_bytes != 0 || (last * bytes) % LINE_BYTES != 0 {
        return None;
    }
    let mut loads = Vec::new();
    for (user, number) in arg.uses() {
        let op = user.op();
        let name = ir::name(&op);
        if number != 0 {
            return None;
        }
        if t2s_ir::op_in!(
            name,
            ods::memref::LoadOperation
                | ods::vector::LoadOperation
                | ods::vector::MaskedLoadOperation
        ) {
            loads.push(user);
        } else if !t2s_ir::op_in!(
            name,
            ods::memref::DimOperation | ods::vector::GatherOperation
        ) {
            return None;
        }
    }
    if !loads
        .iter()
        .any(|l| is_vector_load(*l) && is_reread(*l, function))
    {
        return None;
    }
    let mut padded_shape = shape.clone();
    *padded_shape.last_mut()? += LINE_BYTES / bytes;
    Some(Plan {
        shape,
        padded_shape,
        loads,
    })
}

/// Whether `load` reads a vector: only those gained from the copy in the
/// benchmark (`tools/bench/README.md`); the scalar tiled GEMM ran slower
/// reading padded copies.
fn is_vector_load(load: Op) -> bool {
    let op = load.op();
    ir::name(&op).starts_with("vector.")
}

/// The static shape of a buffer of at least two dimensions (identity
/// layout, default memory space) and its element's bytes.
fn static_rows(ty: Type<'_>) -> Option<(Vec<i64>, i64)> {
    if !t2s_ir::types::is_memref(ty)
        || t2s_ir::types::memory_space(ty).is_some()
        || !t2s_ir::types::has_identity_layout(ty)
    {
        return None;
    }
    let shape = t2s_ir::types::shape(ty)?;
    if shape.len() < 2 || shape.contains(&0) || shape.contains(&t2s_ir::types::dynamic_size()) {
        return None;
    }
    Some((shape, element_bytes(t2s_ir::types::element(ty))?))
}

/// The bytes of a number type that fills whole bytes.
fn element_bytes(element: Type<'_>) -> Option<i64> {
    if element.is_index() {
        return None;
    }
    let bits = if let Ok(i) = IntegerType::try_from(element) {
        i.width() as i64
    } else {
        t2s_ir::types::float_width(element)? as i64
    };
    matches!(bits, 8 | 16 | 32 | 64).then_some(bits / 8)
}

/// Whether `load` sits in an `scf.for` (inside `function`) whose induction
/// variable its indices do not depend on: it reads the same elements on
/// every trip of that loop.
fn is_reread(load: Op, function: Op) -> bool {
    let mut loops = Vec::new();
    let mut parent = load.parent();
    while let Some(p) = parent.filter(|p| *p != function) {
        let op = p.op();
        if ods::is(&op, ods::scf::ForOperation::name()) {
            if let Some(iv) = ir::body_block(&op).and_then(|b| b.blk().argument(0)) {
                loops.push(iv.key());
            }
        }
        parent = p.parent();
    }
    if loops.is_empty() {
        return false;
    }
    let op = load.op();
    let indices: Vec<Val> = op.operands().skip(1).map(|v| v.val()).collect();
    let reached = block_arguments_reached(&indices);
    loops.iter().any(|iv| !reached.contains(iv))
}

/// The block arguments the values are computed from.
fn block_arguments_reached(values: &[Val]) -> HashSet<usize> {
    let mut seen = HashSet::new();
    let mut reached = HashSet::new();
    let mut work: Vec<Val> = values.to_vec();
    while let Some(v) = work.pop() {
        if !seen.insert(v.key()) {
            continue;
        }
        match v.defining_op() {
            None => {
                reached.insert(v.key());
            }
            Some(def) => work.extend(def.operands()),
        }
    }
    reached
}

/// Copies the argument into its padded buffer at the function's entry,
/// redirects the loads, and frees the copy before each return.
fn pad(context: &Context, f: &OperationRef<'_, '_>, arg: Val, plan: &Plan) {
    let Some(entry) = ir::body_block(f) else {
        return;
    };
    let Some(first) = entry.first_operation() else {
        return;
    };
    let e = Emitter::before(context, first).located(f.location());
    let ty = t2s_ir::lanes::type_of(arg);
    let element = t2s_ir::types::element(ty);
    let padded_type = Type::parse(
        context,
        &format!(
            "memref<{}x{element}>",
            plan.padded_shape
                .iter()
                .map(i64::to_string)
                .collect::<Vec<_>>()
                .join("x")
        ),
    )
    .expect("a memref type");
    let padded = e.aligned_alloc(padded_type, LINE_BYTES);
    copy_rows(&e, arg, padded, &plan.shape, element);
    for load in &plan.loads {
        // Operand 0 of the load is the argument; the copy has the same
        // element type and rank, and every index stays inside it.
        load.set_operand(0, padded);
    }
    for op in ir::ops(entry) {
        if ods::is(&op, ods::func::ReturnOperation::name()) {
            Emitter::before(context, op).dealloc(padded);
        }
    }
    tracing::debug!(target: "t2s", shape = ?plan.padded_shape, "input padded");
}

/// `to[i...] = from[i...]` over `shape`: one loop nest moving a cache line
/// (`chunk` elements, which divides a row) at a time.
fn copy_rows(e: &Emitter<'_>, from: Val, to: Val, shape: &[i64], element: Type<'_>) {
    let chunk = LINE_BYTES / element_bytes(element).unwrap_or(LINE_BYTES);
    let mut inner = *e;
    let mut blocks = Vec::new();
    let mut indices = Vec::new();
    let last = shape.len() - 1;
    for (d, n) in shape.iter().enumerate() {
        let trips = if d == last { n / chunk } else { *n };
        let (block, iv) = inner.for_loop(inner.index(0), inner.index(trips));
        blocks.push((inner, block));
        inner = inner.at(block);
        indices.push(if d == last {
            inner.mul(iv, inner.index(chunk))
        } else {
            iv
        });
    }
    let line = t2s_ir::lanes::vector_type(e.context, &[chunk], element);
    let x = inner.vector_load(line, from, &indices);
    inner.vector_store(x, to, &indices);
    for (outer, block) in blocks.into_iter().rev() {
        outer.finish_scf_block(block);
    }
}
