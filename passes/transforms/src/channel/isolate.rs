//! `isolate`: T2S's `isolate_producer_chain` / `isolate_consumer_chain` on
//! the space-time transformed program.
//!
//! For `ure.isolate_producer [@A] into @loader`, every `ure.load @A` of the
//! systolic array moves into a new `channel.kernel @loader`: a copy of the
//! array's time and space loops (the same `spacetime.array` bounds, maps
//! and check) whose PE body computes only when the array would read `@A`
//! and at which element, loads it, and writes it to a channel array indexed
//! by the PE coordinates. The array reads that channel where it loaded.
//! `ure.isolate_consumer @out into @drainer` does the converse with the
//! output's `spacetime.output`: the array writes the values to channels and
//! the drainer, with the same loops, reads them and stores them.
//!
//! Both kernels enumerate the array's steps and PEs in the array's order, so
//! every channel carries its values in the order they are consumed: a depth
//! of 1 never deadlocks, whatever the schedule. What a kernel cannot
//! recompute (a condition or an index computed from data, a loop inside the
//! PE body) is a located error: the channel could not match the array's
//! accesses one to one.

use crate::channel::isolate::build::{
    argument_map, channel_index, declare_channel, guarded, new_kernel, read, read_in_place,
    result_type, shape_text, space_coords, write,
};
use crate::channel::isolate::frame::{Access, Flag, Frame};
use crate::channel::isolate::pes::{common, describe, fixed_coordinates, narrowed, Fixed};
use crate::channel::isolate::slice::{
    add_to_slice, clone_op, clone_slice, enclosing_conditions, use_conditions, Condition,
    NotComputable,
};
use melior::ir::{
    attribute::FlatSymbolRefAttribute,
    operation::{OperationLike, OperationRef},
};
use melior::Context;
use std::collections::{HashMap, HashSet};
use t2s_ir::array::ArrayInfo;
use t2s_ir::diag::OrInternal;
use t2s_ir::diag::{error, error_with_notes};
use t2s_ir::emit::Emitter;
use t2s_ir::handle::{AsBlk, AsOp, Op, Val};
use t2s_ir::ir;
use t2s_ir::ods;
use t2s_ir::ops::spacetime::{output_parts, OutputParts};
use t2s_ir::pass::{Anchor, Failed, NoOptions};

t2s_ir::declare_pass! {
    /// Outline the isolated inputs' reads into loader kernels and the output's
    /// stores into a drainer kernel, connected to the systolic array by
    /// channels
    pub static PASS = "isolate" (Isolate)
        on Anchor::Program, creates ["channel", "scf", "arith"],
        run isolate_program_pass;
}

fn isolate_program_pass(program: OperationRef<'_, '_>, _: &NoOptions) -> Result<(), Failed> {
    isolate_program(program)
}

fn isolate_program(program: OperationRef<'_, '_>) -> Result<(), Failed> {
    let ops = ir::body_ops(&program, 0);
    let directives: Vec<_> = ops
        .iter()
        .filter(|op| {
            t2s_ir::op_in!(
                ir::name(op),
                ods::ure::IsolateProducerOperation | ods::ure::IsolateConsumerOperation
            )
        })
        .copied()
        .collect();
    let Some(first) = directives.first() else {
        return Ok(());
    };
    let Some(array) = ops
        .iter()
        .find(|op| ods::is(op, ods::spacetime::ArrayOperation::name()))
        .copied()
    else {
        return Err(error(
            first.location(),
            "isolation applies to the systolic array: run space-time-transform first (t2s-dataflow-to-llvm runs merge-ures, space-time-transform, isolate in this order)",
        ));
    };
    let info = ArrayInfo::read(&array)?;
    let context_ref = program.context();
    // SAFETY: the context outlives the pass run; `context_ref` this function.
    let context: &Context = unsafe { context_ref.to_ref() };
    let frame = Frame {
        context,
        program,
        array,
        body: ir::body_block(&array).or_internal("a body block")?.blk(),
        info,
        kernels: directives.iter().map(|d| ir::string(d, "kernel")).collect(),
    };
    let mut result = Ok(());
    for directive in &directives {
        let isolated = if ods::is(directive, ods::ure::IsolateProducerOperation::name()) {
            isolate_producer(&frame, directive)
        } else {
            isolate_consumer(&frame, directive)
        };
        result = result.and(isolated);
    }
    if result.is_ok() {
        for directive in directives {
            // SAFETY: the op has no uses left, and nothing refers to it after this.
            unsafe { ir::erase(directive) };
        }
    }
    result
}

/// The located error for an access another kernel cannot follow.
fn not_isolatable(access: Op, what: &str, kernel: &str, why: NotComputable) -> Failed {
    let access = access.op();
    match why {
        NotComputable::Data(v) => {
            let (place, location) = match v.defining_op() {
                None => {
                    let owner = v
                        .owner_block()
                        .and_then(|b| b.parent_op())
                        .unwrap_or(Op::of(&access));
                    (
                        format!("an argument of '{}' in the PE body", owner.name()),
                        owner.location(),
                    )
                }
                Some(owner) => (format!("a value of '{}'", owner.name()), owner.location()),
            };
            error_with_notes(
                access.location(),
                format!(
                    "cannot isolate this {what} into @{kernel}: when or where it happens depends on {place}, which is not a function of the array's coordinates; @{kernel} could not tell when to send, and the channel would not match the array's accesses one to one"
                ),
                &[(location, "the value the access depends on".to_string())],
            )
        }
        NotComputable::Region(op) => {
            let op = op.op();
            error_with_notes(
                access.location(),
                format!(
                    "cannot isolate this {what} into @{kernel}: it is inside '{}' in the PE body; an isolated kernel follows the array's steps and the scf.if conditions on its coordinates only",
                    ir::name(&op)
                ),
                &[(op.location(), "the enclosing op".to_string())],
            )
        }
    }
}

/// The analysis of one access: its guards and the slice computing them and
/// the operands in `computed` (indices). With `flags` (a store), an
/// innermost guard computed from data becomes the access's flag.
fn analyse(
    frame: &Frame<'_, '_>,
    op: Op,
    computed: &[Val],
    with_uses: bool,
    flags: bool,
    what: &str,
    kernel: &str,
) -> Result<Access, Failed> {
    let fail = |why| not_isolatable(op, what, kernel, why);
    let mut guards = enclosing_conditions(op, frame.body).map_err(fail)?;
    let flag = if flags {
        data_flag(frame, op, &guards)
    } else {
        None
    };
    if flag.is_some() {
        guards.remove(0);
    }
    let mut slice = HashSet::new();
    for v in guards
        .iter()
        .map(|(c, _)| *c)
        .chain(computed.iter().copied())
    {
        add_to_slice(v, frame.body, &mut slice).map_err(fail)?;
    }
    let uses = if with_uses {
        use_conditions(op, frame.body)
    } else {
        None
    };
    for (c, _) in uses.iter().flatten() {
        add_to_slice(*c, frame.body, &mut slice).map_err(fail)?;
    }
    Ok(Access {
        op,
        guards,
        uses,
        slice,
        flag,
    })
}

/// The flag of a store whose innermost guard (the `scf.if` around it) the
/// array computes from data, if it is one. Only the innermost: the array
/// sends the flag just before that `scf.if`, where every other guard holds.
fn data_flag(frame: &Frame<'_, '_>, op: Op, guards: &[Condition]) -> Option<Flag> {
    let (value, _) = *guards.first()?;
    let mut scratch = HashSet::new();
    add_to_slice(value, frame.body, &mut scratch)
        .is_err()
        .then_some(())?;
    let branch = op.block()?.parent_op()?;
    Some(Flag {
        condition: guards[0],
        branch,
    })
}

fn operands(op: Op) -> Vec<Val> {
    op.operands()
}

/// A new kernel, a copy of the array keeping the PEs `kept`, whose body
/// already recomputes what the accesses need: an emitter at its end, its
/// space coordinates, and the array's values mapped to the copy's.
#[allow(clippy::type_complexity)]
fn start_kernel<'c>(
    frame: &Frame<'c, '_>,
    kernel: &str,
    directive: &OperationRef<'c, '_>,
    kept: &[Fixed],
    accesses: &[Access],
) -> Result<(Emitter<'c>, Vec<Val>, HashMap<usize, Val>), Failed> {
    let (new_body, coords) = new_kernel(frame, kernel, directive.location(), kept)?;
    let e = Emitter::new(frame.context, directive.location(), new_body);
    let mut map = argument_map(frame.body, new_body);
    let slice: HashSet<usize> = accesses
        .iter()
        .flat_map(|a| a.slice.iter().copied())
        .collect();
    let body = frame.body.block();
    clone_slice(&e, body, &slice, &mut map);
    Ok((e, coords, map))
}

fn isolate_producer(frame: &Frame<'_, '_>, directive: &OperationRef<'_, '_>) -> Result<(), Failed> {
    let kernel = ir::string(directive, "kernel");
    let depth = ir::int(directive, "depth").unwrap_or(2);
    let inputs: Vec<String> = ir::array(directive, "inputs")
        .into_iter()
        .filter_map(|a| FlatSymbolRefAttribute::try_from(a).ok())
        .map(|s| s.value().to_string())
        .collect();
    let loads: Vec<_> = ir::collect(frame.array, ods::ure::LoadOperation::name())
        .into_iter()
        .filter(|l| inputs.contains(&t2s_ir::ops::ure::input_of(l)))
        .collect();
    if let Some(unread) = inputs
        .iter()
        .find(|i| !loads.iter().any(|l| t2s_ir::ops::ure::input_of(l) == **i))
    {
        return Err(error(
            directive.location(),
            format!(
                "@{unread} is not read by the array: there is nothing to isolate into @{kernel}"
            ),
        ));
    }
    let mut accesses = Vec::new();
    for load in &loads {
        let what = format!("read of @{}", t2s_ir::ops::ure::input_of(load));
        accesses.push(analyse(
            frame,
            load.handle(),
            &operands(load.handle()),
            true,
            false,
            &what,
            &kernel,
        )?);
    }
    let fixed: Vec<Vec<Fixed>> = accesses
        .iter()
        .map(|a| fixed_coordinates(frame, a))
        .collect();
    let mut names = HashSet::new();
    let channels: Vec<String> = loads
        .iter()
        .zip(&fixed)
        .map(|(l, f)| {
            declare_channel(
                frame,
                &kernel,
                &t2s_ir::ops::ure::input_of(l),
                result_type(l.handle()),
                depth,
                &narrowed(&frame.shape(), f),
                &mut names,
            )
        })
        .collect::<Result<_, _>>()?;
    let (e, coords, map) = start_kernel(frame, &kernel, directive, &common(&fixed), &accesses)?;
    for ((access, channel), f) in accesses.iter().zip(&channels).zip(&fixed) {
        let (at, then) = guarded(&e, access, &map);
        let value = clone_op(&at, access.op, &map)
            .result(0)
            .expect("an access has one result");
        write(&at, channel, &channel_index(&at, frame, &coords, f), value);
        if let Some(block) = then {
            e.finish_scf_block(block);
        }
    }
    let remarks: Vec<String> = loads
        .iter()
        .zip(&channels)
        .zip(&fixed)
        .map(|((l, c), f)| {
            format!(
                "@{kernel} sends @{} to the array{} through @{c}{}, in the array's order of steps and PEs",
                t2s_ir::ops::ure::input_of(l),
                describe(&frame.info, f),
                shape_text(&narrowed(&frame.shape(), f))
            )
        })
        .collect();
    for ((access, channel), f) in accesses.iter().zip(&channels).zip(&fixed) {
        read_in_place(frame, access, channel, f);
    }
    for text in remarks {
        t2s_ir::diag::remark(directive.location(), text);
    }
    Ok(())
}

fn isolate_consumer(frame: &Frame<'_, '_>, directive: &OperationRef<'_, '_>) -> Result<(), Failed> {
    let kernel = ir::string(directive, "kernel");
    let depth = ir::int(directive, "depth").unwrap_or(2);
    let func = ir::symbol(directive, "func");
    let stores: Vec<_> = ir::collect(frame.array, ods::spacetime::OutputOperation::name())
        .into_iter()
        .filter(|s| ir::symbol(s, "func") == func)
        .collect();
    if stores.is_empty() {
        let stored = ir::collect(frame.array, ods::spacetime::OutputOperation::name())
            .first()
            .map(|s| format!("; it stores @{}", ir::symbol(s, "func")))
            .unwrap_or_default();
        return Err(error(
            directive.location(),
            format!(
                "the array does not store @{func}: isolate_consumer names the output Func{stored}"
            ),
        ));
    }
    let mut accesses = Vec::new();
    let mut values = Vec::new();
    for store in &stores {
        let OutputParts {
            values: vals,
            indices,
            ..
        } = output_parts(store);
        let what = format!("store of @{func}");
        accesses.push(analyse(
            frame,
            store.handle(),
            &indices,
            false,
            true,
            &what,
            &kernel,
        )?);
        values.push(vals);
    }
    let fixed: Vec<Vec<Fixed>> = accesses
        .iter()
        .map(|a| fixed_coordinates(frame, a))
        .collect();
    let mut names = HashSet::new();
    let mut channels = Vec::new();
    let mut flags = Vec::new();
    for ((vals, f), access) in values.iter().zip(&fixed).zip(&accesses) {
        let shape = narrowed(&frame.shape(), f);
        let mut per_store = Vec::new();
        for v in vals {
            let ty = v.r#type();
            per_store.push(declare_channel(
                frame, &kernel, &func, ty, depth, &shape, &mut names,
            )?);
        }
        channels.push(per_store);
        flags.push(match access.flag {
            Some(_) => {
                let i1 = melior::ir::r#type::IntegerType::new(frame.context, 1).into();
                let base = format!("{func}_when");
                Some(declare_channel(
                    frame, &kernel, &base, i1, depth, &shape, &mut names,
                )?)
            }
            None => None,
        });
    }
    // The drainer keeps the PE rows of the fixed coordinates whose loops do
    // not index the output (its buffers and zeroing span the output's loops).
    let output_vars = output_vars(frame, &func);
    let kept: Vec<Fixed> = common(&fixed)
        .into_iter()
        .filter(|(c, _)| !output_vars.contains(&frame.info.space[*c].name))
        .collect();
    let (e, coords, map) = start_kernel(frame, &kernel, directive, &kept, &accesses)?;
    for ((((access, vals), chans), f), flag) in accesses
        .iter()
        .zip(&values)
        .zip(&channels)
        .zip(&fixed)
        .zip(&flags)
    {
        let (at, then) = guarded(&e, access, &map);
        // Under a flag, the drainer reads it every step the array sends it
        // and the values only where it holds, as the array sends them.
        let flagged = match (access.flag, flag) {
            (Some(Flag { condition, .. }), Some(channel)) => {
                let index = channel_index(&at, frame, &coords, f);
                let sent = read(&at, channel, &index, type_of_flag(frame));
                Some(at.if_then(holds(&at, (sent, condition.1))))
            }
            _ => None,
        };
        let inner = flagged.map_or(at, |block| at.at(block));
        let mut store_map = map.clone();
        for (v, channel) in vals.iter().zip(chans) {
            let ty = v.r#type();
            let read = read(
                &inner,
                channel,
                &channel_index(&inner, frame, &coords, f),
                ty,
            );
            store_map.insert(v.key(), read);
        }
        clone_op(&inner, access.op, &store_map);
        if let Some(block) = flagged {
            at.finish_scf_block(block);
        }
        if let Some(block) = then {
            e.finish_scf_block(block);
        }
    }
    // The array sends what it stored, where it stored it.
    let array_coords = space_coords(frame, frame.body);
    for ((access, f), flag) in accesses.iter().zip(&fixed).zip(&flags) {
        if let (Some(Flag { condition, branch }), Some(channel)) = (access.flag, flag) {
            let at =
                Emitter::new(frame.context, branch.op().location(), frame.body).before_op(branch);
            write(
                &at,
                channel,
                &channel_index(&at, frame, &array_coords, f),
                condition.0,
            );
        }
    }
    for (((access, vals), chans), f) in accesses.iter().zip(&values).zip(&channels).zip(&fixed) {
        let location = access.op.op().location();
        let at = Emitter::new(frame.context, location, frame.body).before_op(access.op);
        for (v, channel) in vals.iter().zip(chans) {
            write(
                &at,
                channel,
                &channel_index(&at, frame, &array_coords, f),
                *v,
            );
        }
        // SAFETY: the store has no results and no other references.
        unsafe { ir::erase(access.op.op()) };
    }
    for ((chans, f), flag) in channels.iter().zip(&fixed).zip(&flags) {
        let list: Vec<String> = chans.iter().map(|c| format!("@{c}")).collect();
        t2s_ir::diag::remark(
            directive.location(),
            format!(
                "@{kernel} receives @{func} from the array{} through {}{} and stores it{}, in the array's order of steps and PEs",
                describe(&frame.info, f),
                list.join(", "),
                shape_text(&narrowed(&frame.shape(), f)),
                flag.as_ref().map_or(String::new(), |c| format!(
                    " where @{c} holds (the array sends the store's condition, which it computes from data, at every step it could store)"
                )),
            ),
        );
    }
    Ok(())
}

/// The type of a flag: `i1`.
fn type_of_flag<'c>(frame: &Frame<'c, '_>) -> melior::ir::Type<'c> {
    melior::ir::r#type::IntegerType::new(frame.context, 1).into()
}

/// Whether a store under `condition` runs: the condition, or its negation
/// for the else-region of an `scf.if`.
fn holds(e: &Emitter<'_>, (value, then_region): Condition) -> Val {
    if then_region {
        value
    } else {
        e.xori(value, e.boolean(true))
    }
}

/// The loop variables that index the output Func `func`.
fn output_vars(frame: &Frame<'_, '_>, func: &str) -> Vec<String> {
    ir::body_ops(&frame.program, 0)
        .iter()
        .find(|op| ods::is(op, ods::ure::FuncOperation::name()) && ir::symbol_name(op) == func)
        .map(|decl| ir::strings(decl, "vars"))
        .unwrap_or_default()
}

pub mod build;
pub mod frame;
pub mod pes;
pub mod slice;
