//! The IR the `isolate` pass builds: channel declarations, the isolated
//! kernels (a copy of the array's loops with a new PE body), and the
//! channel accesses that replace the array's loads and stores.

use crate::channel::isolate::frame::{Access, Frame};
use crate::channel::isolate::pes::Fixed;
use crate::channel::isolate::slice::{add_to_slice, clone_slice, combine};
use melior::ir::{
    attribute::IntegerAttribute,
    operation::{OperationLike, OperationRef},
    r#type::IntegerType,
    Attribute, Block, BlockLike, BlockRef, Location, Region, RegionLike, Type,
};
use std::collections::{HashMap, HashSet};
use t2s_ir::diag::OrInternal;
use t2s_ir::emit::{fifo_op, kernel_op, Emitter};
use t2s_ir::handle::{AsBlk, AsOp, Blk, Op, Val};
use t2s_ir::ir;
use t2s_ir::ops::{spacetime::ArrayOp, View};
use t2s_ir::pass::Failed;

/// ` [8, 8]` for a channel array, nothing for one channel.
pub fn shape_text(shape: &[i64]) -> String {
    if shape.is_empty() {
        return String::new();
    }
    let dims: Vec<String> = shape.iter().map(i64::to_string).collect();
    format!(" [{}]", dims.join(", "))
}

/// The type of an op's only result.
pub fn result_type<'c>(op: Op) -> Type<'c> {
    op.result(0).expect("a result").r#type()
}

/// Declares `channel.fifo @<kernel>_<base>[_n]` at the end of the program,
/// one channel per PE, and returns its name.
pub fn declare_channel(
    frame: &Frame<'_, '_>,
    kernel: &str,
    base: &str,
    ty: Type<'_>,
    depth: i64,
    shape: &[i64],
    taken: &mut HashSet<String>,
) -> Result<String, Failed> {
    let existing: HashSet<String> = ir::body_ops(&frame.program, 0)
        .iter()
        .map(ir::symbol_name)
        .collect();
    let stem = format!("{kernel}_{base}");
    let name = (0..)
        .map(|n| {
            if n == 0 {
                stem.clone()
            } else {
                format!("{stem}_{n}")
            }
        })
        .find(|n| !existing.contains(n) && !taken.contains(n) && !frame.kernels.contains(n))
        .or_internal("a value the IR guarantees")?;
    taken.insert(name.clone());
    t2s_ir::emit::check_channel_count(frame.array.location(), &name, shape)?;
    let op = fifo_op(
        frame.context,
        frame.array.location(),
        &name,
        ty,
        depth,
        shape,
    );
    program_block(frame).append_operation(op);
    Ok(name)
}

fn program_block<'c, 'a>(frame: &Frame<'c, 'a>) -> BlockRef<'c, 'a> {
    ir::body_block(&frame.program).expect("a program has a body")
}

/// Creates `channel.kernel @name` at the end of the program, holding a copy
/// of the array (same loops, maps and check) with an empty PE body and only
/// the PEs of the `kept` coordinates; returns that body and its space
/// coordinates.
pub fn new_kernel(
    frame: &Frame<'_, '_>,
    name: &str,
    location: Location<'_>,
    kept: &[Fixed],
) -> Result<(Blk, Vec<Val>), Failed> {
    let context = frame.context;
    let region = Region::new();
    region.append_block(Block::new(&[]));
    let kernel = kernel_op(context, location, name, region);
    let kernel = program_block(frame).append_operation(kernel);
    let block = kernel
        .region(0)
        .or_internal("a value the IR guarantees")?
        .first_block()
        .or_internal("a value the IR guarantees")?;
    let array = block.append_operation(frame.array.handle().clone_detached());
    let body = ir::body_block(&array).or_internal("a body block")?;
    for op in ir::ops(body).into_iter().rev() {
        // SAFETY: the op has no uses left, and nothing refers to it after this.
        unsafe { ir::erase(op) };
    }
    // The copy is the kernel's own array: it takes none of the array's
    // register files (they stay with the array, outside this kernel).
    ArrayOp::cast(array)
        .or_internal("an op of the expected kind")?
        .drop_files();
    keep_pes(frame, array, kept)?;
    let coords = space_coords(frame, body.blk());
    Ok((body.blk(), coords))
}

/// Restricts a copy of the array to the PEs with the `kept` coordinates:
/// each such space loop, and its original loop, becomes `= value extent 1`
/// (the other PEs of the copy would never send or receive).
fn keep_pes(
    frame: &Frame<'_, '_>,
    array: OperationRef<'_, '_>,
    kept: &[Fixed],
) -> Result<(), Failed> {
    // A loop of symbolic extent keeps its PEs: a PE idle at run time (past
    // the parameter's value) must stay idle in the copy too.
    let kept: Vec<Fixed> = kept
        .iter()
        .filter(|(c, _)| {
            let name = &frame.info.space[*c].name;
            frame
                .info
                .loops
                .iter()
                .any(|l| &l.name == name && l.extent.is_const())
        })
        .copied()
        .collect();
    if kept.is_empty() {
        return Ok(());
    }
    let context = frame.context;
    let one: Attribute = IntegerAttribute::new(IntegerType::new(context, 64).into(), 1).into();
    let restrict = |prefix: &str, names: &[String]| -> Result<(), Failed> {
        let all = ir::strings(&array, &format!("{prefix}loops"));
        let mut mins = ir::i64s(&array, &format!("{prefix}mins"));
        let mut extents = ir::array(&array, &format!("{prefix}extents"));
        for (c, value) in &kept {
            let name = &names[*c];
            if let Some(l) = all.iter().position(|n| n == name) {
                mins[l] = *value;
                extents[l] = one;
            }
        }
        let mins_text: Vec<String> = mins.iter().map(i64::to_string).collect();
        let mins_attr = Attribute::parse(context, &format!("array<i64: {}>", mins_text.join(", ")))
            .or_internal("a value the IR guarantees")?;
        ir::set_inherent(array, &format!("{prefix}mins"), mins_attr);
        ir::set_inherent(
            array,
            &format!("{prefix}extents"),
            melior::ir::attribute::ArrayAttribute::new(context, &extents).into(),
        );
        Ok(())
    };
    let space: Vec<String> = frame.info.space.iter().map(|b| b.name.clone()).collect();
    restrict("space_", &space)?;
    restrict("", &space)
}

/// The space coordinates (the PE) among a body's block arguments.
pub fn space_coords(frame: &Frame<'_, '_>, body: Blk) -> Vec<Val> {
    // The first arguments are the array's coordinates (register files follow).
    let first = frame.num_time();
    let end = first + frame.info.space.len();
    (first..end).filter_map(|i| body.argument(i)).collect()
}

/// The index of a PE's channel: its space coordinates that the access does
/// not fix, counted from each space loop's min.
pub fn channel_index(
    e: &Emitter<'_>,
    frame: &Frame<'_, '_>,
    coords: &[Val],
    fixed: &[Fixed],
) -> Vec<Val> {
    let offsets: Vec<Val> = coords
        .iter()
        .zip(&frame.info.space)
        .map(|(c, s)| {
            if s.min == 0 {
                *c
            } else {
                e.sub(*c, e.index(s.min))
            }
        })
        .collect();
    crate::channel::isolate::pes::narrowed(&offsets, fixed)
}

/// The array body's coordinates mapped to a copy's (the register files
/// stay with the array).
pub fn argument_map(from: Blk, to: Blk) -> HashMap<usize, Val> {
    // The first arguments of both are the same coordinates; only the
    // arguments both have are mapped.
    from.arguments()
        .into_iter()
        .zip(to.arguments())
        .map(|(a, b)| (a.key(), b))
        .collect()
}

/// An emitter at the point where `access` happens in a copy of the array
/// (inside `scf.if` of its guards and use conditions), and the then-block
/// to finish, if any.
pub fn guarded<'c>(
    e: &Emitter<'c>,
    access: &Access,
    map: &HashMap<usize, Val>,
) -> (Emitter<'c>, Option<Blk>) {
    let guard = combine(e, &access.guards, map, true);
    let used = access.uses.as_ref().and_then(|u| combine(e, u, map, false));
    let condition = match (guard, used) {
        (Some(g), Some(u)) => Some(e.andi(g, u)),
        (g, u) => g.or(u),
    };
    match condition {
        Some(c) => {
            let block = e.if_then(c);
            (e.at(block), Some(block))
        }
        None => (*e, None),
    }
}

/// `channel.write @channel[coords], value`.
pub fn write(e: &Emitter<'_>, channel: &str, coords: &[Val], value: Val) {
    e.channel_write(channel, coords, value);
}

/// `channel.read @channel[coords] : ty`.
pub fn read<'c>(e: &Emitter<'c>, channel: &str, coords: &[Val], ty: Type<'c>) -> Val {
    e.channel_read(channel, coords, ty)
}

/// Replaces the array's load by a read of `channel`, under the load's use
/// conditions when it has some (the loader sends only then).
pub fn read_in_place(frame: &Frame<'_, '_>, access: &Access, channel: &str, fixed: &[Fixed]) {
    let load = access.op.op();
    let e = Emitter::new(frame.context, load.location(), frame.body).before_op(access.op);
    let coords = channel_index(&e, frame, &space_coords(frame, frame.body), fixed);
    let ty = result_type(access.op);
    let value = match &access.uses {
        None => read(&e, channel, &coords, ty),
        Some(uses) => {
            // The conditions may be computed after the load: compute them
            // again here (CSE merges the copies).
            let mut slice = HashSet::new();
            for (c, _) in uses {
                let _ = add_to_slice(*c, frame.body, &mut slice);
            }
            let mut map = HashMap::new();
            let body = frame.body.block();
            clone_slice(&e, body, &slice, &mut map);
            let used = combine(&e, uses, &map, false).expect("use conditions are not empty");
            read_if(&e, used, channel, &coords, ty)
        }
    };
    access
        .op
        .result(0)
        .expect("a result")
        .replace_all_uses_with(value);
    // SAFETY: the op has no uses left, and nothing refers to it after this.
    unsafe { ir::erase(load) };
}

/// `scf.if %c -> ty { read } else { zero }`: the else value is never
/// selected.
fn read_if<'c>(
    e: &Emitter<'c>,
    condition: Val,
    channel: &str,
    coords: &[Val],
    ty: Type<'c>,
) -> Val {
    let (then, other, result) = e.if_else(condition, &[ty]);
    let blocks = [then, other];
    let value = read(&e.at(blocks[0]), channel, coords, ty);
    e.at(blocks[0]).yield_values(&[value]);
    let zero = e.at(blocks[1]).zero(ty);
    e.at(blocks[1]).yield_values(&[zero]);
    result[0]
}
