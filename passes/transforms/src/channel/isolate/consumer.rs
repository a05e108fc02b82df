//! `ure.isolate_consumer @out into @drainer`: the array's stores of the
//! output move into a drainer kernel, a copy of the array that reads each
//! stored value from a channel and stores it where the array did. A store
//! whose innermost condition the array computes from data gets a channel of
//! flags too: the array sends the condition at every step the store could
//! happen, the value only where it holds (docs/dataflow.md).

use crate::channel::isolate::access::{analyse, start_kernel};
use crate::channel::isolate::build::{
    channel_index, declare_channel, guarded, read, shape_text, space_coords, write,
};
use crate::channel::isolate::frame::{Access, Flag, Frame};
use crate::channel::isolate::pes::{common, describe, fixed_coordinates, narrowed, Fixed};
use crate::channel::isolate::slice::{clone_op, Condition};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::Type;
use std::collections::HashSet;
use t2s_ir::diag::error;
use t2s_ir::diag::OrInternal;
use t2s_ir::emit::Emitter;
use t2s_ir::handle::{AsOp, Val};
use t2s_ir::ir;
use t2s_ir::ods;
use t2s_ir::ops::spacetime::{output_parts, OutputParts};
use t2s_ir::ops::spacetime::{stores_to, OutputOp};
use t2s_ir::ops::ure::{IntoKernel, IsolateConsumerOp};
use t2s_ir::ops::View;
use t2s_ir::pass::Failed;

/// One store of the output that the drainer takes over.
struct Store {
    access: Access,
    /// The values it stores (one per result of the Func).
    values: Vec<Val>,
    /// The space coordinates its conditions fix.
    fixed: Vec<Fixed>,
    /// A channel per value.
    channels: Vec<String>,
    /// The channel of its flag, when it has one.
    flag: Option<String>,
}

pub(super) fn isolate_consumer(
    frame: &Frame<'_, '_>,
    directive: &OperationRef<'_, '_>,
) -> Result<(), Failed> {
    let view = IsolateConsumerOp::cast(*directive).or_internal("a ure.isolate_consumer")?;
    let (kernel, depth, func) = (view.kernel(), view.depth(), view.func());
    let mut names = HashSet::new();
    let stores: Vec<Store> = output_stores(frame, directive, &func)?
        .iter()
        .map(|s| store(frame, s, &func, &kernel, depth, &mut names))
        .collect::<Result<_, _>>()?;
    build_drainer(frame, directive, &kernel, &func, &stores)?;
    send_from_array(frame, &stores);
    for s in &stores {
        t2s_ir::diag::remark(directive.location(), remark(frame, &kernel, &func, s));
    }
    Ok(())
}

/// The array's stores of `func`; an error at the directive when it has none.
fn output_stores<'c, 'a>(
    frame: &Frame<'c, 'a>,
    directive: &OperationRef<'_, '_>,
    func: &str,
) -> Result<Vec<OperationRef<'c, 'a>>, Failed> {
    let all = ir::collect(frame.array, ods::spacetime::OutputOperation::name());
    let stores: Vec<_> = all.iter().filter(|s| stores_to(s, func)).copied().collect();
    if stores.is_empty() {
        let stored = all
            .first()
            .and_then(|s| OutputOp::cast(*s))
            .map(|s| format!("; it stores @{}", s.func()))
            .unwrap_or_default();
        return Err(error(
            directive.location(),
            format!(
                "the array does not store @{func}: isolate_consumer names the output Func{stored}"
            ),
        ));
    }
    Ok(stores)
}

/// A store's analysis and its channels (declared beside the array).
fn store(
    frame: &Frame<'_, '_>,
    op: &OperationRef<'_, '_>,
    func: &str,
    kernel: &str,
    depth: i64,
    names: &mut HashSet<String>,
) -> Result<Store, Failed> {
    let OutputParts {
        values, indices, ..
    } = output_parts(op);
    let what = format!("store of @{func}");
    let access = analyse(frame, op.handle(), &indices, false, true, &what, kernel)?;
    let fixed = fixed_coordinates(frame, &access);
    let shape = narrowed(&frame.shape(), &fixed);
    let channels = values
        .iter()
        .map(|v| declare_channel(frame, kernel, func, v.r#type(), depth, &shape, names))
        .collect::<Result<_, _>>()?;
    let flag = match access.flag {
        Some(_) => {
            let base = format!("{func}_when");
            Some(declare_channel(
                frame,
                kernel,
                &base,
                flag_type(frame),
                depth,
                &shape,
                names,
            )?)
        }
        None => None,
    };
    Ok(Store {
        access,
        values,
        fixed,
        channels,
        flag,
    })
}

/// The drainer: a copy of the array that, where each store happens, reads
/// its values (under a flag: the flag, then the values where it holds) and
/// stores them.
fn build_drainer(
    frame: &Frame<'_, '_>,
    directive: &OperationRef<'_, '_>,
    kernel: &str,
    func: &str,
    stores: &[Store],
) -> Result<(), Failed> {
    // The drainer keeps the PE rows of the fixed coordinates whose loops do
    // not index the output (its buffers and zeroing span the output's loops).
    let output_vars = output_vars(frame, func);
    let fixed: Vec<Vec<Fixed>> = stores.iter().map(|s| s.fixed.clone()).collect();
    let kept: Vec<Fixed> = common(&fixed)
        .into_iter()
        .filter(|(c, _)| !output_vars.contains(&frame.info.space[*c].name))
        .collect();
    let accesses: Vec<&Access> = stores.iter().map(|s| &s.access).collect();
    let (e, coords, map) = start_kernel(frame, kernel, directive, &kept, &accesses)?;
    for s in stores {
        let (at, then) = guarded(&e, &s.access, &map);
        let index = channel_index(&at, frame, &coords, &s.fixed);
        let flagged = match (s.access.flag, &s.flag) {
            (Some(Flag { condition, .. }), Some(channel)) => {
                let sent = read(&at, channel, &index, flag_type(frame));
                Some(at.if_then(holds(&at, (sent, condition.1))))
            }
            _ => None,
        };
        let inner = flagged.map_or(at, |block| at.at(block));
        let mut store_map = map.clone();
        for (v, channel) in s.values.iter().zip(&s.channels) {
            let value = read(&inner, channel, &index, v.r#type());
            store_map.insert(v.key(), value);
        }
        clone_op(&inner, s.access.op, &store_map);
        if let Some(block) = flagged {
            at.finish_scf_block(block);
        }
        if let Some(block) = then {
            e.finish_scf_block(block);
        }
    }
    Ok(())
}

/// The array sends what it stored, where it stored it, and each flag just
/// before the `scf.if` it decides; the stores go.
fn send_from_array(frame: &Frame<'_, '_>, stores: &[Store]) {
    let coords = space_coords(frame, frame.body);
    for s in stores {
        if let (Some(Flag { condition, branch }), Some(channel)) = (s.access.flag, &s.flag) {
            let at =
                Emitter::new(frame.context, branch.op().location(), frame.body).before_op(branch);
            let index = channel_index(&at, frame, &coords, &s.fixed);
            write(&at, channel, &index, condition.0);
        }
        let location = s.access.op.op().location();
        let at = Emitter::new(frame.context, location, frame.body).before_op(s.access.op);
        let index = channel_index(&at, frame, &coords, &s.fixed);
        for (v, channel) in s.values.iter().zip(&s.channels) {
            write(&at, channel, &index, *v);
        }
        // SAFETY: the store has no results and no other references.
        unsafe { ir::erase(s.access.op.op()) };
    }
}

fn remark(frame: &Frame<'_, '_>, kernel: &str, func: &str, s: &Store) -> String {
    let list: Vec<String> = s.channels.iter().map(|c| format!("@{c}")).collect();
    let flag = s.flag.as_ref().map_or(String::new(), |c| {
        format!(
            " where @{c} holds (the array sends the store's condition, which it computes from data, at every step it could store)"
        )
    });
    format!(
        "@{kernel} receives @{func} from the array{} through {}{} and stores it{flag}, in the array's order of steps and PEs",
        describe(&frame.info, &s.fixed),
        list.join(", "),
        shape_text(&narrowed(&frame.shape(), &s.fixed)),
    )
}

/// The type of a flag: `i1`.
fn flag_type<'c>(frame: &Frame<'c, '_>) -> Type<'c> {
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
