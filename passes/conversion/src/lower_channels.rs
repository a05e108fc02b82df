//! `lower-channels`: channels to calls into the blocking-FIFO runtime
//! (`channel_runtime`), after `spacetime-to-scf` has made every kernel a
//! function.
//!
//! The ABI, which `docs/dataflow.md` documents for embedders:
//! - `channel.fifo @c [d1, .., dn] : T, depth D` becomes
//!   `memref.global @c : memref<4xi64> = dense<[P, B, D, N]>`: `P` its
//!   position in its `channel.design`'s channels (-1 in none), `B` bytes a
//!   value (see [`channel_bytes`]), `N = d1 * .. * dn` channels. The
//!   runtime knows the channel by the descriptor the access passes, never
//!   by its symbol (which `symbol-privatize` may make private).
//! - `channel.write @c[i..], %v` becomes `t2s_channel_write(c, k, p, B)` and
//!   `channel.read` `t2s_channel_read(c, k, p, B)`, all `i64`: the global's
//!   address, the row-major index of the element (-1 when an index is out of
//!   the array, which the runtime reports), the address of a one-value
//!   buffer (allocated once per function and type), and `B`.

use melior::ir::{
    attribute::{StringAttribute, TypeAttribute},
    operation::{OperationLike, OperationRef},
    r#type::{FunctionType, IntegerType, MemRefType},
    Attribute, BlockLike, Identifier, Region, Type,
};
use melior::Context;
use std::collections::HashMap;
use t2s_ir::diag::error;
use t2s_ir::diag::OrInternal;
use t2s_ir::emit::{Emitter, CMPI_ULT};
use t2s_ir::handle::{AsBlk, AsOp, AsVal, Blk, Val};
use t2s_ir::ir;
use t2s_ir::ods;
use t2s_ir::ops::{self, channel::DesignOp, View};
use t2s_ir::pass::{Anchor, Failed, NoOptions};

t2s_ir::declare_pass! {
    /// Lower channel.fifo to memref.global descriptors and channel.read/write
    /// to calls into the t2s blocking-FIFO runtime (t2s_channel_read/write)
    pub static PASS = "lower-channels" (LowerChannels)
        on Anchor::Module, creates ["memref", "arith", "func"],
        run run;
}

use t2s_ir::channel_abi::{fifo_layout, READ, WRITE};

fn run(root: OperationRef<'_, '_>, _: &NoOptions) -> Result<(), Failed> {
    let context_ref = root.context();
    // SAFETY: the context outlives the pass run; `context_ref` this function.
    let context: &Context = unsafe { context_ref.to_ref() };
    let module_block = ir::body_block(&root).or_internal("a body block")?;
    // The design's channels become runtime globals, each holding its
    // position in the design, by which the runtime knows it (no symbol is
    // looked up); the manifest has been read by whoever runs it
    // (docs/dataflow.md).
    let mut positions: HashMap<String, i64> = HashMap::new();
    for design in ops::all::<DesignOp>(root) {
        for (position, channel) in design.channels().into_iter().enumerate() {
            positions.insert(channel, position as i64);
        }
        // SAFETY: the op has no uses left, and nothing refers to it after this.
        unsafe { ir::erase(design.op()) };
    }
    let fifos = ir::collect(root, ods::channel::FifoOperation::name());
    let mut specs: HashMap<String, (Vec<i64>, u64, Type)> = HashMap::new();
    for fifo in &fifos {
        if fifo.parent_operation().map(|p| p.handle()) != Some(root.handle()) {
            return Err(error(
                fifo.location(),
                "lower-channels lowers channels declared in the module: run spacetime-to-scf first, which moves a program's channels there",
            ));
        }
        let layout = fifo_layout(fifo)
            .ok_or_else(|| error(fifo.location(), "no runtime layout for this channel"))?;
        let count: i64 = layout.dims.iter().product();
        let name = ir::symbol_name(fifo);
        // -1: in no design, a channel no run knows.
        let position = positions.get(&name).copied().unwrap_or(-1);
        let descriptor = [position, layout.bytes as i64, layout.depth, count];
        global_before(context, *fifo, &name, descriptor)?;
        specs.insert(name, (layout.dims, layout.bytes, layout.ty));
        // SAFETY: the op has no uses left, and nothing refers to it after this.
        unsafe { ir::erase(*fifo) };
    }
    let accesses: Vec<_> = ir::collect(root, ods::channel::ReadOperation::name())
        .into_iter()
        .chain(ir::collect(root, ods::channel::WriteOperation::name()))
        .collect();
    if accesses.is_empty() {
        return Ok(());
    }
    declare_runtime(context, module_block.blk(), root.location());
    let mut buffers = Buffers::default();
    for access in accesses {
        lower_access(context, access, &specs, &mut buffers)?;
    }
    Ok(())
}

/// `memref.global @name : memref<4xi64> = dense<descriptor>` before `at`.
fn global_before(
    context: &Context,
    at: OperationRef<'_, '_>,
    name: &str,
    descriptor: [i64; 4],
) -> Result<(), Failed> {
    let values: Vec<String> = descriptor.iter().map(i64::to_string).collect();
    let ty = MemRefType::new(IntegerType::new(context, 64).into(), &[4], None, None);
    let initial = Attribute::parse(
        context,
        &format!("dense<[{}]> : tensor<4xi64>", values.join(", ")),
    )
    .or_internal("a value the IR guarantees")?;
    let op: melior::ir::Operation = ods::memref::GlobalOperation::builder(context, at.location())
        .sym_name(StringAttribute::new(context, name))
        .sym_visibility(StringAttribute::new(context, "public"))
        .r#type(TypeAttribute::new(ty.into()))
        .initial_value(initial)
        .build()
        .into();
    at.block()
        .or_internal("a parent block")?
        .insert_operation_before(at, op);
    Ok(())
}

/// `func.func private @t2s_channel_{read,write}(i64, i64, i64, i64)`.
fn declare_runtime(context: &Context, block: Blk, location: melior::ir::Location<'_>) {
    let block = block.block();
    let existing: Vec<String> = ir::ops(block).iter().map(ir::symbol_name).collect();
    let i64_type: Type = IntegerType::new(context, 64).into();
    for name in [READ, WRITE] {
        if existing.iter().any(|n| n == name) {
            continue;
        }
        let ty = FunctionType::new(context, &[i64_type; 4], &[]);
        let func = melior::dialect::func::func(
            context,
            StringAttribute::new(context, name),
            TypeAttribute::new(ty.into()),
            Region::new(),
            &[(
                Identifier::new(context, "sym_visibility"),
                StringAttribute::new(context, "private").into(),
            )],
            location,
        );
        block.append_operation(func);
    }
}

/// The `func.func` around an op, and its entry block.
fn entry_block(op: &OperationRef<'_, '_>) -> Option<Blk> {
    let mut parent = op.parent_operation();
    while let Some(p) = parent {
        if ods::is(&p, ods::func::FuncOperation::name()) {
            return ir::body_block(&p).map(|b| b.blk());
        }
        parent = p.parent_operation();
    }
    None
}

/// The buffers a function's channel accesses share, allocated at its entry:
/// one value per (function, type), and, for reads (writes) narrower than
/// their channel, per (function, channel) the value being sliced (filled)
/// and the next slice of every channel element.
#[derive(Default)]
struct Buffers {
    values: HashMap<(usize, String), Val>,
    slicing: HashMap<(usize, String), (Val, Val)>,
    filling: HashMap<(usize, String), (Val, Val)>,
}

/// An emitter at the start of a function's entry block.
fn at_entry<'c>(
    context: &'c Context,
    location: melior::ir::Location<'c>,
    entry: Blk,
) -> Emitter<'c> {
    let first = entry.ops()[0];
    Emitter::new(context, location, entry).before_op(first)
}

fn alloca(e: &Emitter<'_>, ty: Type<'_>, shape: &[i64]) -> Val {
    let memref = MemRefType::new(ty, shape, None, None);
    e.allocate(false, memref.into(), &[])
}

/// One `channel.read` or `channel.write` to lower, as the module declares
/// its channel.
struct Access<'c, 'a> {
    op: OperationRef<'c, 'a>,
    channel: String,
    dims: Vec<i64>,
    bytes: u64,
    channel_type: Type<'c>,
    entry: Blk,
    /// The element's indices.
    indices: Vec<Val>,
    /// The value written, for a write.
    written: Option<Val>,
    /// The type read or written.
    ty: Type<'c>,
}

impl<'c, 'a> Access<'c, 'a> {
    fn of(
        op: OperationRef<'c, 'a>,
        specs: &HashMap<String, (Vec<i64>, u64, Type<'c>)>,
    ) -> Result<Self, Failed> {
        let channel = t2s_ir::ops::channel::channel_of(&op).unwrap_or_default();
        let Some((dims, bytes, channel_type)) = specs.get(&channel) else {
            return Err(error(
                op.location(),
                format!("@{channel} is not a channel.fifo of the module"),
            ));
        };
        let Some(entry) = entry_block(&op) else {
            return Err(error(
                op.location(),
                "lower-channels lowers channel accesses inside func.func: run spacetime-to-scf first",
            ));
        };
        let mut indices: Vec<Val> = (0..op.operand_count())
            .map(|i| op.operand(i).map(|v| v.val()))
            .collect::<Result<_, _>>()
            .or_internal("an operand of the op")?;
        let (written, ty) = if ods::is(&op, ods::channel::ReadOperation::name()) {
            let result = op.result(0).or_internal("a result of the op")?;
            (None, melior::ir::ValueLike::r#type(&result))
        } else {
            let value = indices.pop().or_internal("a written value")?;
            (Some(value), value.r#type())
        };
        Ok(Access {
            op,
            channel,
            dims: dims.clone(),
            bytes: *bytes,
            channel_type: *channel_type,
            entry,
            indices,
            written,
            ty,
        })
    }
}

/// The runtime call that moves one value of an access's channel type
/// through the one-value buffer (`t2s_channel_read`/`write(descriptor,
/// element, buffer, bytes)`).
struct Transfer {
    callee: &'static str,
    args: [Val; 4],
    /// The one-value buffer.
    buffer: Val,
    /// The flat index of the channel element.
    element: Val,
}

impl Transfer {
    fn emit(&self, e: &Emitter<'_>) {
        e.call(self.callee, &self.args);
    }

    /// Reads one value of the channel (`ty`, the channel's type) into the
    /// buffer and loads it.
    fn take(&self, e: &Emitter<'_>, ty: Type<'_>) -> Val {
        self.emit(e);
        e.load(self.buffer, &[e.index(0)], ty)
    }
}

fn lower_access(
    context: &Context,
    op: OperationRef<'_, '_>,
    specs: &HashMap<String, (Vec<i64>, u64, Type)>,
    buffers: &mut Buffers,
) -> Result<(), Failed> {
    let access = Access::of(op, specs)?;
    let e = Emitter::new(context, op.location(), access.entry).before_op(op.handle());
    // The one-value buffer the runtime copies from or into: of the
    // channel's type (a read of other lanes is assembled from it).
    let buffer = *buffers
        .values
        .entry((access.entry.key(), access.channel_type.to_string()))
        .or_insert_with(|| {
            alloca(
                &at_entry(context, op.location(), access.entry),
                access.channel_type,
                &[1],
            )
        });
    let zero = e.index(0);
    if let Some(value) = access.written.filter(|_| access.ty == access.channel_type) {
        e.store(value, buffer, &[zero]);
    }
    let i64_type: Type = IntegerType::new(context, 64).into();
    let descriptor = e.get_global(&access.channel, MemRefType::new(i64_type, &[4], None, None));
    let element = flat_index(&e, &access.indices, &access.dims);
    let transfer = Transfer {
        callee: if access.written.is_some() {
            WRITE
        } else {
            READ
        },
        args: [
            e.address(descriptor),
            e.index_cast(element, i64_type),
            e.address(buffer),
            e.i64(access.bytes as i64),
        ],
        buffer,
        element,
    };
    if let Some(value) = access.written {
        if access.ty == access.channel_type {
            transfer.emit(&e);
        } else {
            slices::narrow_write(&e, &access, &transfer, buffers, value)?;
        }
        // SAFETY: the op has no uses left, and nothing refers to it after this.
        unsafe { ir::erase(op) };
        return Ok(());
    }
    let value = read_value(&e, &access, &transfer, buffers)?;
    let result = op.result(0).or_internal("a result of the op")?;
    // SAFETY: live values of the same type; the read is then unused.
    result.val().replace_all_uses_with(value);
    // SAFETY: the op has no uses left, and nothing refers to it after this.
    unsafe { ir::erase(op) };
    Ok(())
}

/// The value a read returns: one transfer of the channel's type, several
/// concatenated (a read wider than its channel), or a slice of one (a
/// narrower read).
fn read_value(
    e: &Emitter<'_>,
    access: &Access<'_, '_>,
    transfer: &Transfer,
    buffers: &mut Buffers,
) -> Result<Val, Failed> {
    let (ty, channel_type) = (access.ty, access.channel_type);
    Ok(if ty == channel_type {
        transfer.take(e, ty)
    } else {
        let (Some((_, want)), Some((_, have))) = (lanes::lanes(ty), lanes::lanes(channel_type))
        else {
            return Err(error(
                access.op.location(),
                format!(
                    "no lane matching of {ty} with channel @{} of {channel_type}",
                    access.channel
                ),
            ));
        };
        if want > have {
            // Concatenate want / have values.
            let parts: Vec<Val> = (0..want / have)
                .map(|_| transfer.take(e, channel_type))
                .collect();
            lanes::concatenate(e, &parts, channel_type, ty)
        } else {
            slices::narrow_read(e, access, transfer, buffers, have / want)?
        }
    })
}

/// The row-major index of `indices` in `dims`, or -1 when one is outside.
fn flat_index(e: &Emitter<'_>, indices: &[Val], dims: &[i64]) -> Val {
    let mut flat = e.index(0);
    let mut inside: Option<Val> = None;
    for (index, dim) in indices.iter().zip(dims) {
        flat = e.add(e.mul(flat, e.index(*dim)), *index);
        let ok = e.cmpi(CMPI_ULT, *index, e.index(*dim));
        inside = Some(inside.map_or(ok, |all| e.andi(all, ok)));
    }
    match inside {
        None => flat,
        Some(ok) => e.select(ok, flat, e.index(-1)),
    }
}

pub mod lanes;
mod slices;
