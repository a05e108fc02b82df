//! Input loads in the lowering of `spacetime-to-scf`: a `ure.load` becomes a
//! `memref.load` whose indices are clamped into the buffer, unless the
//! `spacetime.scheduled` guard around it proves them in bounds.

use crate::spacetime_to_scf::lowered::Lowered;
use melior::ir::operation::{OperationLike, OperationRef};
use std::collections::HashMap;
use t2s_ir::array::ArrayInfo;
pub(crate) use t2s_ir::array::{own_coordinates, recovered_loop};
use t2s_ir::diag::error;
use t2s_ir::diag::OrInternal;
use t2s_ir::emit::Emitter;
use t2s_ir::handle::{AsVal, Op, Val};
use t2s_ir::ods;
use t2s_ir::pass::Failed;

/// Operand ranges of the `ure.load`s inside an `scf.if` on
/// `spacetime.scheduled`: an operand that is a `spacetime.recover` result
/// lies within its loop's bounds there. Computed before any rewrite.
pub(crate) fn proven_loads(
    ops: &[Op],
    info: &ArrayInfo,
) -> HashMap<usize, Vec<Option<(i64, i64)>>> {
    let mut proven = HashMap::new();
    for op in ops {
        let op_ref = op.op();
        if !ods::is(&op_ref, ods::ure::LoadOperation::name()) || !under_scheduled(&op_ref) {
            continue;
        }
        let ranges = (0..op_ref.operand_count())
            .map(|i| {
                op_ref
                    .operand(i)
                    .ok()
                    .and_then(|v| recovered_range(v.val(), info))
            })
            .collect();
        proven.insert(op.key(), ranges);
    }
    proven
}

fn under_scheduled(op: &OperationRef<'_, '_>) -> bool {
    let mut current = op.parent_operation();
    while let Some(parent) = current {
        if ods::is(&parent, ods::scf::IfOperation::name()) {
            if let Ok(cond) = parent.operand(0) {
                if defining_op_name(cond.val()).as_deref()
                    == Some(ods::spacetime::ScheduledOperation::name())
                    && own_coordinates(cond.val())
                {
                    return true;
                }
            }
        }
        current = parent.parent_operation();
    }
    false
}

fn defining_op_name(value: Val) -> Option<String> {
    Some(value.defining_op()?.name())
}

/// The range of a `spacetime.recover` result (its loop's bounds), if `value` is one.
fn recovered_range(value: Val, info: &ArrayInfo) -> Option<(i64, i64)> {
    let l = &info.loops[recovered_loop(value)?];
    Some((l.min, l.min.checked_add(l.extent.as_const()?)? - 1))
}

/// `memref.load` of the input at the map's indices; each index is clamped
/// into the buffer unless the guard proves it in bounds.
pub(crate) fn load(
    e: &Emitter<'_>,
    op: &OperationRef<'_, '_>,
    lowered: &Lowered<'_>,
    ranges: Option<Vec<Option<(i64, i64)>>>,
) -> Result<Val, Failed> {
    let name = t2s_ir::ops::ure::input_of(op);
    let buffer = *lowered
        .inputs
        .get(&name)
        .ok_or_else(|| error(op.location(), format!("no ure.input @{name}")))?;
    let rows = t2s_ir::quasi::quasi_map_rows(op, "map")?;
    let operands: Vec<Val> = (0..op.operand_count())
        .map(|i| op.operand(i).map(|v| v.val()))
        .collect::<Result<_, _>>()
        .or_internal("an operand of the op")?;
    if let Some(packed) = lowered.packed.get(&name) {
        return Ok(crate::spacetime_to_scf::packed::load(
            e, packed, &operands, None,
        ));
    }
    if let Some(tile) = lowered.tiles.get(&name) {
        // The tile holds every index the block reads in this scope
        // iteration: no clamp.
        let indices: Vec<Val> = rows
            .iter()
            .map(|row| t2s_ir::quasi::quasi_value(e, row, &operands))
            .collect();
        return Ok(crate::spacetime_to_scf::tile::load_from_tile(
            e, tile, &indices,
        ));
    }
    let ranges = ranges.unwrap_or_default();
    Ok(load_input(
        e, &name, buffer, &rows, &operands, lowered, &ranges,
    ))
}

/// `memref.load` of input `name` (its buffer `buffer`) at `rows` over
/// `operands`, each index clamped into the buffer unless `ranges` (the
/// operands') prove it inside.
pub(crate) fn load_input(
    e: &Emitter<'_>,
    name: &str,
    buffer: Val,
    rows: &[t2s_model::quasi::QuasiAffine],
    operands: &[Val],
    lowered: &Lowered<'_>,
    ranges: &[Option<(i64, i64)>],
) -> Val {
    let layout = lowered.input_layout(name);
    // The buffer is in its memory order: logical dimension `d` is its
    // dimension `layout.position(d)`.
    let shape: Vec<i64> = t2s_ir::types::shape(buffer.r#type()).unwrap_or_default();
    let mut indices = Vec::new();
    for (d, row) in rows.iter().enumerate() {
        let value = t2s_ir::quasi::quasi_value(e, row, operands);
        let range = row
            .range(&|p| ranges.get(p).copied().flatten())
            .and_then(|(lo, hi)| Some((i64::try_from(lo).ok()?, i64::try_from(hi).ok()?)));
        let position = layout.position(d);
        let dim = shape[position];
        let static_dim = dim >= 0 && dim != i64::MIN;
        let inside = static_dim && range.is_some_and(|(lo, hi)| lo >= 0 && hi < dim);
        if inside {
            indices.push(value);
            continue;
        }
        let upper = if static_dim {
            e.index(dim - 1)
        } else {
            let dim_value = e.dim(buffer, e.index(position as i64));
            e.sub(dim_value, e.index(1))
        };
        indices.push(e.clamp(value, e.index(0), upper));
    }
    let elem = t2s_ir::types::element(buffer.r#type());
    e.load(buffer, &layout.physical(&indices), elem)
}
