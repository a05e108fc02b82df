//! `buffer`: T2S's `feeder.buffer(loader, scope, BufferStrategy::Double)`
//! on an isolated program (docs/streaming-tensors.md).
//!
//! `ure.buffer @F (@A) scope (k) loader @L out (w) depth d` takes the
//! kernel `@F` that isolation made to send the array what it reads of
//! `@A`. Its loads of `@A` become loads of a double buffer
//! (`spacetime.buffer`) holding the tile of `@A` that the loops inside the
//! scope loop span; a new kernel `@L` streams every tile once, in vectors
//! of `w`'s lanes, through a new channel; `@F`'s first PE fills the half
//! the PEs do not read (`buffer/feeder.rs`, `buffer/loader.rs`). Values and
//! order of what `@F` sends do not change, so neither does the array.

use crate::channel::buffer::feeder::Fill;
use crate::channel::buffer::loader::Loader;
use crate::channel::buffer::tile::{tile, Tile};
use crate::channel::isolate::build::shape_text;
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::MemRefType;
use melior::ir::Type;
use melior::ir::ValueLike;
use melior::Context;
use t2s_ir::array::ArrayInfo;
use t2s_ir::diag::OrInternal;
use t2s_ir::diag::{error, remark};
use t2s_ir::emit::Emitter;
use t2s_ir::emit::{buffer_op, fifo_op};
use t2s_ir::handle::{AsBlk, Op};
use t2s_ir::ir;
use t2s_ir::ods;
use t2s_ir::ops::spacetime::{ArrayOp, BufferOp};
use t2s_ir::ops::View;
use t2s_ir::pass::{Anchor, Failed, NoOptions};

t2s_ir::declare_pass! {
    /// Make each feeder named by ure.buffer replay a double-buffered tile of
    /// its input, which a new loader kernel streams from memory in vectors
    pub static PASS = "buffer" (Buffer)
        on Anchor::Program, creates ["spacetime", "channel", "scf", "arith", "memref", "vector", "ure"],
        run run;
}

/// The largest tile a buffer holds (elements per half): far more than an
/// FPGA's on-chip memory, a bound against absurd scopes.
const MAX_TILE: i64 = 1 << 26;

fn run(program: OperationRef<'_, '_>, _: &NoOptions) -> Result<(), Failed> {
    let directives: Vec<OperationRef> = ir::body_ops(&program, 0)
        .into_iter()
        .filter(|op| ods::is(op, ods::ure::BufferOperation::name()))
        .collect();
    let mut result = Ok(());
    let mut removes = Vec::new();
    for directive in directives {
        result = result.and(apply(program, directive).map(|checked| removes.extend(checked)));
    }
    result?;
    crate::channel::buffer::remove::unclaimed(&program, &removes)?;
    for directive in ir::body_ops(&program, 0)
        .into_iter()
        .filter(|op| ods::is(op, ods::ure::BufferOperation::name()))
    {
        // SAFETY: a directive has no results; nothing refers to it.
        unsafe { ir::erase(directive) };
    }
    for remove in removes {
        // SAFETY: a directive has no results; nothing refers to it.
        unsafe { ir::erase(remove.op()) };
    }
    Ok(())
}

/// What the directive says.
struct Directive {
    feeder: String,
    input: String,
    scope: String,
    loader: String,
    out: Option<String>,
    depth: i64,
}

/// Applies one `ure.buffer`; the `ure.remove`s of its loader, checked.
fn apply(program: OperationRef<'_, '_>, op: OperationRef<'_, '_>) -> Result<Vec<Op>, Failed> {
    let at = op.location();
    let view = t2s_ir::ops::ure::BufferOp::cast(op).or_internal("a ure.buffer")?;
    let d = Directive {
        feeder: view.feeder(),
        input: view.input(),
        scope: view.scope(),
        loader: view.loader(),
        out: view.out(),
        depth: view.depth(),
    };
    let context_ref = program.context();
    // SAFETY: the context outlives the pass run.
    let context: &Context = unsafe { context_ref.to_ref() };
    let (kernel, array) = feeder_array(program, &d, at)?;
    let info = ArrayInfo::read(&array)?;
    let tile = tile(&array, &info, &d.input, &d.scope, d.out.as_deref(), at)?;
    if tile.elements() > MAX_TILE {
        return Err(error(
            at,
            format!(
                "a tile of @{} has {} elements, more than {MAX_TILE}: choose an inner scope loop",
                d.input,
                tile.elements()
            ),
        ));
    }
    let removes = crate::channel::buffer::remove::check(
        &program,
        &crate::channel::buffer::remove::Built {
            loader: &d.loader,
            input: &d.input,
            scope: &d.scope,
            info: &info,
            tile: &tile,
        },
    )?;
    let element = element_type(&array, &tile)?;
    let value_type: Type = if tile.lanes > 1 {
        t2s_ir::lanes::vector_type(context, &[tile.lanes], element)
    } else {
        element
    };
    let channel = channel_name(&program, &d.loader, &d.input);
    ir::body_block(&program)
        .or_internal("a value the IR guarantees")?
        .append_operation(fifo_op(context, at, &channel, value_type, d.depth, &[]));
    let mut shape = vec![2i64];
    shape.extend(tile.dims.iter().map(|d| d.extent));
    let buffer_arg = declare_buffer(
        context,
        at,
        (kernel, array),
        (&d.input, &info),
        element,
        &shape,
    )?;
    let fill = Fill {
        tile: &tile,
        buffer: buffer_arg,
        channel: channel.clone(),
        value_type,
        element,
    };
    let body = ir::body_block(&array).or_internal("a body block")?;
    let e = Emitter::new(context, at, body.blk());
    crate::channel::buffer::feeder::rewrite(&e, body.blk(), &info, &fill)?;
    let loader = Loader {
        name: &d.loader,
        input: &d.input,
        channel: &channel,
        representative: &t2s_ir::ops::spacetime::representative(&array),
        params: &ir::param_decls(&program),
    };
    crate::channel::buffer::loader::build(context, program, at, &loader, &tile, &info, element)?;
    report(at, &d, &tile, &shape, &info, &element.to_string());
    Ok(removes)
}

/// The double buffer of `shape` beside the feeder's array, one bank per PE,
/// taken by the array: its body argument.
fn declare_buffer<'c>(
    context: &'c Context,
    at: melior::ir::Location<'c>,
    (kernel, array): (OperationRef<'c, '_>, OperationRef<'c, '_>),
    (input, info): (&str, &ArrayInfo),
    element: Type<'c>,
    shape: &[i64],
) -> Result<t2s_ir::handle::Val, Failed> {
    let banks = info
        .space
        .iter()
        .map(|s| s.pe_extent().max(1))
        .product::<i64>();
    let decl = buffer_op(
        context,
        at,
        input,
        banks,
        MemRefType::new(element, shape, None, None).into(),
    );
    let kernel_block = ir::body_block(&kernel).or_internal("a body block")?;
    let decl = kernel_block.insert_operation_before(array, decl);
    let array_op = ArrayOp::cast(array).or_internal("an op of the expected kind")?;
    Ok(array_op.add_buffer(BufferOp::cast(decl).or_internal("an op of the expected kind")?))
}

/// The feeder's kernel and its array; an error at the directive when
/// `isolate` has not made them.
fn feeder_array<'c, 'a>(
    program: OperationRef<'c, 'a>,
    d: &Directive,
    at: melior::ir::Location<'_>,
) -> Result<(OperationRef<'c, 'a>, OperationRef<'c, 'a>), Failed> {
    let kernel = ir::body_ops(&program, 0)
        .into_iter()
        .find(|k| ods::is(k, ods::channel::KernelOperation::name()) && ir::symbol_name(k) == d.feeder)
        .ok_or_else(|| {
            error(
                at,
                format!("no kernel @{}: run isolate first (ure.isolate_producer [@{}] into @{} makes it)", d.feeder, d.input, d.feeder),
            )
        })?;
    let array = ir::body_ops(&kernel, 0)
        .into_iter()
        .find(|a| ods::is(a, ods::spacetime::ArrayOperation::name()))
        .ok_or_else(|| error(at, format!("kernel @{} holds no spacetime.array", d.feeder)))?;
    Ok((kernel, array))
}

/// The loaded values' type (every load of the input has it).
fn element_type<'c>(array: &OperationRef<'c, '_>, tile: &Tile) -> Result<Type<'c>, Failed> {
    let _ = array;
    let op: Op = tile.accesses.first().or_internal("a first element")?.op;
    Ok(op
        .op()
        .result(0)
        .or_internal("a result of the op")?
        .r#type())
}

/// `@<loader>_<input>`, made unique among the program's symbols.
fn channel_name(program: &OperationRef<'_, '_>, loader: &str, input: &str) -> String {
    let taken: Vec<String> = ir::body_ops(program, 0)
        .iter()
        .map(ir::symbol_name)
        .collect();
    let stem = format!("{loader}_{input}");
    let mut name = stem.clone();
    let mut n = 0;
    while taken.contains(&name) {
        n += 1;
        name = format!("{stem}_{n}");
    }
    name
}

/// The remark at the directive: the buffer, the tiles, the loader's traffic
/// and the reuse.
fn report(
    at: melior::ir::Location<'_>,
    d: &Directive,
    tile: &Tile,
    shape: &[i64],
    info: &ArrayInfo,
    element: &str,
) {
    let tiles: Option<i64> = tile.tile_loops.iter().try_fold(1i64, |n, &l| {
        n.checked_mul(info.loops[l].extent.as_const()?)
    });
    // The array reads the input once per access and point of the feeder's
    // loops inside the scope (its PEs included).
    let inside: i64 = (0..info.loops.len())
        .filter(|l| !tile.tile_loops.contains(l))
        .map(|l| info.loops[l].extent.as_const().unwrap_or(1))
        .product();
    let reads = inside * tile.accesses.len() as i64;
    let reuse = reads as f64 / tile.elements() as f64;
    let tiles_text = tiles.map_or("a parameter's number of".to_string(), |t| t.to_string());
    remark(
        at,
        format!(
            "@{}: double buffer of @{} tiles, {element}{} (2 x {} elements) over scope '{}' ({tiles_text} tiles); @{} streams each tile once, {} values of {} lane(s) through @{}; the array reads {reads} elements per tile: reuse {reuse:.1}",
            d.feeder,
            d.input,
            shape_text(shape),
            tile.elements(),
            d.scope,
            d.loader,
            tile.vectors(),
            tile.lanes,
            format_args!("{}_{}", d.loader, d.input),
        ),
    );
}

pub mod feeder;
pub mod loader;
pub mod remove;
pub mod tile;
