//! Channels in a vectorized array: every lane (PE) performs its own
//! accesses, lane by lane (`channel.read_lanes`/`channel.write_lanes`). A
//! channel element is a FIFO, so the PEs that share one must access it in
//! the order the unvectorized array would: PE order inside a step, and,
//! within one PE, program order. Vectorized, the lanes of one access run
//! one after another, after the loops of the remaining PEs and before the
//! PE's next access; this checks that no element sees its values in
//! another order.

use crate::spacetime::vectorize::legal::all_ops;
use crate::spacetime::vectorize::legal::Wanted;
use melior::ir::{
    block::BlockLike,
    operation::{OperationLike, OperationRef},
};
use std::collections::HashMap;
use t2s_ir::diag::error_with_notes;
use t2s_ir::handle::{AsVal, Val};
use t2s_ir::import::affine_map_rows;
use t2s_ir::ir;
use t2s_ir::ods;
use t2s_ir::pass::Failed;

/// Checks the channel accesses of `array` against vectorizing `kept`.
pub fn check_order(array: &OperationRef<'_, '_>, kept: &[Wanted<'_>]) -> Result<(), Failed> {
    let names = t2s_ir::array::space_loops(array);
    let descending = t2s_ir::array::descending(array);
    let time = t2s_ir::array::time_loops(array).len();
    let Some(body) = ir::body_block(array) else {
        return Ok(());
    };
    let coordinate = |s: usize| -> Option<Val> { body.argument(time + s).ok().map(|a| a.val()) };
    let rows = affine_map_rows(array, "recover").unwrap_or_default();
    let vectorized: Vec<usize> = kept.iter().map(|w| w.space).collect();
    let accesses: Vec<_> = all_ops(array)
        .into_iter()
        .filter(|op| {
            let r = op.op();
            t2s_ir::op_in!(
                ir::name(&r),
                ods::channel::ReadOperation | ods::channel::WriteOperation
            )
        })
        .collect();
    let mut per_channel: HashMap<String, usize> = HashMap::new();
    for op in &accesses {
        let r = op.op();
        *per_channel
            .entry(t2s_ir::ops::channel::channel_of(&r).unwrap_or_default())
            .or_default() += 1;
    }
    for op in accesses {
        let r = op.op();
        let channel = t2s_ir::ops::channel::channel_of(&r).unwrap_or_default();
        let mut indices: Vec<Val> = r.operands().map(|v| v.val()).collect();
        if ods::is(&r, ods::channel::WriteOperation::name()) {
            indices.pop();
        }
        // A loop whose coordinate is an index (itself, or a recovered
        // index that is the coordinate plus a constant): PEs that differ
        // along it never share an element.
        let direct = |s: usize| {
            indices.iter().any(|i| {
                coordinate(s).is_some_and(|c| i.key() == c.key())
                    || recovered_as(*i, &rows) == Some(time + s)
            })
        };
        for w in kept {
            let v = w.space;
            if direct(v) {
                continue;
            }
            let reason = if descending.contains(&names[v]) {
                Some(format!(
                    "the PEs along {} run in descending order, the lanes in ascending order",
                    names[v]
                ))
            } else if per_channel[&channel] > 1 {
                Some(format!("the array accesses @{channel} {} times in a step, and each access runs for every lane before the next one", per_channel[&channel]))
            } else {
                (v + 1..names.len())
                    .find(|u| !vectorized.contains(u) && !direct(*u))
                    .map(|u| format!("vectorized, the PEs along {} run in a loop around the lanes along {}, and no index tells them apart either", names[u], names[v]))
            };
            if let Some(reason) = reason {
                return Err(error_with_notes(
                    r.location(),
                    format!(
                        "vectorize: the lanes along {} share the elements of channel @{channel} (no index is {}) and would access them in another order than the PEs: {reason}",
                        names[v], names[v]
                    ),
                    &[(w.location, "vectorized here".into())],
                ));
            }
        }
    }
    Ok(())
}

/// The coordinate (block argument position) `value` is, plus a constant,
/// when it is a result of a `spacetime.recover` at the PE's own point.
fn recovered_as(value: Val, rows: &[t2s_model::Affine]) -> Option<usize> {
    let (owner, position) = (value.defining_op()?.op(), value.result_number()?);
    if !ods::is(&owner, ods::spacetime::RecoverOperation::name()) || owner.operand_count() > 0 {
        return None;
    }
    let terms: Vec<&(usize, i64)> = rows
        .get(position)?
        .terms
        .iter()
        .filter(|(_, c)| *c != 0)
        .collect();
    match terms.as_slice() {
        [(d, 1)] => Some(*d),
        _ => None,
    }
}
