//! What `isolate` needs to know of one access before it moves it: when it
//! happens (its guards, and a store's flag when the array computes its
//! innermost condition from data), the slice another kernel recomputes,
//! and the located error when another kernel cannot follow it; and the
//! start of a kernel that recomputes those slices.

use crate::channel::isolate::build::{argument_map, new_kernel};
use crate::channel::isolate::frame::{Access, Flag, Frame};
use crate::channel::isolate::pes::Fixed;
use crate::channel::isolate::slice::{
    add_to_slice, clone_slice, enclosing_conditions, use_conditions, Condition, NotComputable,
};
use melior::ir::operation::{OperationLike, OperationRef};
use std::collections::{HashMap, HashSet};
use t2s_ir::diag::error_with_notes;
use t2s_ir::emit::Emitter;
use t2s_ir::handle::{Op, Val};
use t2s_ir::ir;
use t2s_ir::pass::Failed;

/// The located error for an access another kernel cannot follow.
pub(super) fn not_isolatable(access: Op, what: &str, kernel: &str, why: NotComputable) -> Failed {
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
pub(super) fn analyse(
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

pub(super) fn operands(op: Op) -> Vec<Val> {
    op.operands()
}

/// A new kernel, a copy of the array keeping the PEs `kept`, whose body
/// already recomputes what the accesses need: an emitter at its end, its
/// space coordinates, and the array's values mapped to the copy's.
#[allow(clippy::type_complexity)]
pub(super) fn start_kernel<'c>(
    frame: &Frame<'c, '_>,
    kernel: &str,
    directive: &OperationRef<'c, '_>,
    kept: &[Fixed],
    accesses: &[&Access],
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
