//! `pack-channels`: channels of whole vectors between vectorized kernels
//! (vectorization.md 1.1: "a producer Func may pass vectorized data to its
//! consumer Func"; T2S's `FIFO[I]` with the vectorized dimension dropped).
//!
//! After `vectorize` every lane of a vectorized array makes its own channel
//! accesses (`channel.read_lanes`/`channel.write_lanes`): one FIFO per PE.
//! When every access of a channel is made by all the lanes of a vectorized
//! array at once (no mask) and each lane addresses "its" element (the
//! indices along some dimensions of the channel are exactly the lanes'
//! coordinates, one dimension per lane dimension, covering the dimension),
//! the lanes' FIFOs always hold the same number of values: they move in
//! lock-step. Such a channel becomes one channel of vectors of the lane
//! shape with those dimensions dropped, and every access one
//! `channel.read`/`channel.write` of a whole vector. Any other channel is
//! left as it is (a mask, an unvectorized end, another lane shape or
//! another assignment of dimensions to lanes at the two ends).

use crate::channel::lanes::{guarded_write, scalar_read};
use melior::ir::{
    attribute::IntegerAttribute,
    block::BlockLike,
    operation::{OperationLike, OperationRef},
    Attribute, Value, ValueLike,
};
use melior::Context;
use t2s_ir::diag::remark;
use t2s_ir::emit::Emitter;
use t2s_ir::handle::{AsBlk, AsVal, Blk, Val};
use t2s_ir::ir::{self, ExtentAttr};
use t2s_ir::ir::{BlockAccess, OpAccess};
use t2s_ir::ods;
use t2s_ir::ops::channel::{channel_of, FifoOp};
use t2s_ir::ops::View;
use t2s_ir::pass::{Anchor, Failed, NoOptions};

t2s_ir::declare_pass! {
    /// Turn channels that vectorized kernels access with all their lanes at
    /// once into channels of whole vectors (one FIFO per vector instead of one
    /// per lane)
    pub static PASS = "pack-channels" (PackChannels)
        on Anchor::Program, creates ["channel", "vector"],
        run pack_program_pass;
}

fn pack_program_pass(program: OperationRef<'_, '_>, _: &NoOptions) -> Result<(), Failed> {
    pack_program(&program);
    Ok(())
}

/// The channel accesses, whose lanes packing rewrites.
fn access_ops() -> [&'static str; 4] {
    [
        ods::channel::ReadOperation::name(),
        ods::channel::WriteOperation::name(),
        ods::channel::ReadLanesOperation::name(),
        ods::channel::WriteLanesOperation::name(),
    ]
}

/// How an access's lanes address a channel: the lane shape, and for each
/// index, the lane dimension it walks (`None`: the same for every lane).
#[derive(Clone, PartialEq, Debug)]
struct Plan {
    shape: Vec<i64>,
    dims: Vec<Option<usize>>,
}

fn pack_program(program: &OperationRef<'_, '_>) {
    let mut accesses: Vec<OperationRef> = Vec::new();
    for name in access_ops() {
        accesses.extend(ir::collect(*program, name));
    }
    // Decided on the whole program before anything is rewritten.
    let mut packed = Vec::new();
    for view in t2s_ir::ops::children::<FifoOp>(program) {
        let (fifo, channel) = (view.op(), view.name());
        let uses: Vec<OperationRef> = accesses
            .iter()
            .filter(|a| channel_of(a).as_deref() == Some(channel.as_str()))
            .copied()
            .collect();
        let dims = view.shape();
        if let Some(plan) = common_plan(&uses, &dims) {
            packed.push((fifo, dims, plan, uses));
        }
    }
    for (fifo, dims, plan, uses) in packed {
        pack(&fifo, &dims, &plan, &uses);
    }
}

/// The plan every access of a channel shares, if each is a whole-lanes
/// access that covers its dimensions.
fn common_plan(uses: &[OperationRef<'_, '_>], dims: &[i64]) -> Option<Plan> {
    let mut plans = uses.iter().map(|op| plan_of(op, dims));
    let first = plans.next()??;
    for p in plans {
        if p? != first {
            return None;
        }
    }
    Some(first)
}

/// The plan of one access: a lane-wise access without a mask whose vector
/// indices are each exactly one lane dimension's coordinate (0 to n - 1
/// along a channel dimension of n), every lane dimension used once.
fn plan_of(op: &OperationRef<'_, '_>, dims: &[i64]) -> Option<Plan> {
    let access = t2s_ir::ops::channel::lane_access(op)?;
    let indices = &access.indices;
    if indices.len() != dims.len() {
        return None;
    }
    let lanes_type = t2s_ir::lanes::type_of(access.value);
    let shape = t2s_ir::lanes::shape_of(lanes_type)?;
    let array = enclosing_array(op)?;
    if access.mask.is_some_and(|m| !uniform_mask(m, &array)) {
        return None;
    }
    let mut plan = Plan {
        shape: shape.clone(),
        dims: Vec::new(),
    };
    for (index, extent) in indices.iter().zip(dims) {
        if !t2s_ir::lanes::is_vector(*index) {
            plan.dims.push(None);
            continue;
        }
        let values = lane_values(*index, &array, &shape)?;
        let dim = (0..shape.len()).find(|d| {
            shape[*d] == *extent
                && values
                    .iter()
                    .enumerate()
                    .all(|(l, v)| *v == t2s_ir::lanes::unflatten(&shape, l)[*d])
        })?;
        plan.dims.push(Some(dim));
    }
    let mut used: Vec<usize> = plan.dims.iter().flatten().copied().collect();
    used.sort_unstable();
    (used == (0..shape.len()).collect::<Vec<_>>()).then_some(plan)
}

fn enclosing_array<'c, 'a>(op: &OperationRef<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    let mut current = op.parent_operation()?;
    while !ods::is(&current, ods::spacetime::ArrayOperation::name()) {
        current = current.parent_operation()?;
    }
    Some(current)
}

/// The value of every lane (row-major) of an index vector that the array
/// computes from its vectorized coordinates and constants.
fn lane_values(value: Val, array: &OperationRef<'_, '_>, shape: &[i64]) -> Option<Vec<i64>> {
    let n = t2s_ir::lanes::count(shape);
    {
        let Some(owner) = value.defining_op() else {
            return coordinate_lanes(value, array, shape);
        };
        let owner = owner.op();
        let operand = |i: usize| owner.operand_at(i).map(|v| v.val());
        let binary = |f: fn(i64, i64) -> Option<i64>| -> Option<Vec<i64>> {
            let a = lane_values(operand(0)?, array, shape)?;
            let b = lane_values(operand(1)?, array, shape)?;
            a.iter().zip(&b).map(|(x, y)| f(*x, *y)).collect()
        };
        t2s_ir::op_match!(ir::name(&owner), {
            ods::spacetime::RecoverOperation if owner.operand_count() == 0 => recovered_lanes(
                array,
                value.result_number()?,
                shape,
            ),
            ods::arith::ConstantOperation => constant_lanes(owner.attribute("value").ok()?, n),
            ods::vector::BroadcastOperation if !t2s_ir::lanes::is_vector(operand(0)?) => {
                let source = operand(0)?.defining_op()?.op();
                if !ods::is(&source, ods::arith::ConstantOperation::name()) {
                    return None;
                }
                constant_lanes(source.attribute("value").ok()?, n)
            },
            ods::arith::AddIOperation => binary(i64::checked_add),
            ods::arith::SubIOperation => binary(i64::checked_sub),
            ods::arith::MulIOperation => binary(i64::checked_mul),
            _ => None,
        })
    }
}

/// A vectorized space coordinate (block argument `value`) of `array`.
fn coordinate_lanes(value: Val, array: &OperationRef<'_, '_>, shape: &[i64]) -> Option<Vec<i64>> {
    let body: Blk = ir::body_block(array)?.blk();
    if value.owner_block() != Some(body) {
        return None;
    }
    let number = value.argument_number()?;
    let (min, dim) = lane_coordinate(array, number)?;
    (dim < shape.len()).then(|| {
        (0..t2s_ir::lanes::count(shape))
            .map(|l| min + t2s_ir::lanes::unflatten(shape, l)[dim])
            .collect()
    })
}

/// The space loop's min and the lane dimension of the block argument
/// `number` of `array`, when it is a vectorized coordinate. The lane
/// dimension of a vectorized loop is its rank among the vectorized space
/// loops (the array's lane order).
fn lane_coordinate(array: &OperationRef<'_, '_>, number: usize) -> Option<(i64, usize)> {
    let block = ir::body_block(array)?;
    let time = t2s_ir::array::time_loops(array).len();
    let vectorized = |a: usize| {
        block
            .argument_at(a)
            .is_some_and(|v| t2s_ir::lanes::is_vector(Value::from(v).val()))
    };
    if number < time || !vectorized(number) {
        return None;
    }
    let dim = (time..number).filter(|a| vectorized(*a)).count();
    Some((*t2s_ir::array::space_mins(array).get(number - time)?, dim))
}

/// Result `position` of a `spacetime.recover` at the PE's own point: its
/// row of the recover map, when it uses only vectorized coordinates.
fn recovered_lanes(
    array: &OperationRef<'_, '_>,
    position: usize,
    shape: &[i64],
) -> Option<Vec<i64>> {
    let rows = t2s_ir::import::affine_map_rows(array, "recover").ok()?;
    let row = rows.get(position)?;
    let mut values = vec![row.constant; t2s_ir::lanes::count(shape)];
    for (d, c) in row.terms.iter().filter(|(_, c)| *c != 0) {
        let (min, dim) = lane_coordinate(array, *d)?;
        for (l, v) in values.iter_mut().enumerate() {
            let lane = min + t2s_ir::lanes::unflatten(shape, l).get(dim)?;
            *v = v.checked_add(c.checked_mul(lane)?)?;
        }
    }
    Some(values)
}

/// The lanes of an integer or dense integer constant.
fn constant_lanes(attribute: Attribute<'_>, n: usize) -> Option<Vec<i64>> {
    if let Ok(int) = IntegerAttribute::try_from(attribute) {
        return Some(vec![int.value(); n]);
    }
    // The lanes of a 1-D constant: an `index` or integer vector.
    t2s_ir::types::dense_elements(attribute, &[n as i64])?
        .into_iter()
        .map(|a| IntegerAttribute::try_from(a).ok().map(|i| i.value()))
        .collect()
}

/// Rewrites the channel and its accesses.
fn pack(fifo: &OperationRef<'_, '_>, dims: &[i64], plan: &Plan, uses: &[OperationRef<'_, '_>]) {
    let context_ref = fifo.context();
    // SAFETY: the context outlives the pass run.
    let context = unsafe { context_ref.to_ref() };
    let Some(view) = FifoOp::cast(*fifo) else {
        return;
    };
    let Some(element) = view.element_type() else {
        return;
    };
    let packed = t2s_ir::lanes::vector_type(context, &plan.shape, element);
    let kept: Vec<i64> = dims
        .iter()
        .zip(&plan.dims)
        .filter(|(_, d)| d.is_none())
        .map(|(n, _)| *n)
        .collect();
    let name = ir::symbol_name(fifo);
    let depth = view.depth();
    let new_fifo = t2s_ir::emit::fifo_op(context, fifo.location(), &name, packed, depth, &kept);
    let Some(block) = fifo.block() else {
        return;
    };
    let new_fifo = block.insert_operation_before(*fifo, new_fifo);
    remark(
        new_fifo.location(),
        format!(
            "channel @{name} carries {packed}: its {} accesses are made by all the lanes at once",
            uses.len()
        ),
    );
    // SAFETY: the op has no uses left, and nothing refers to it after this.
    unsafe { ir::erase(*fifo) };
    for access in uses {
        rewrite_access(context, access, &name, plan);
    }
}

/// `channel.read_lanes`/`write_lanes` as a `channel.read`/`write` of the
/// whole vector at the indices that do not walk lanes; under a mask (the
/// same for every lane), inside `scf.if` of its first lane, a read
/// giving zeros when it is off.
fn rewrite_access(context: &Context, access: &OperationRef<'_, '_>, channel: &str, plan: &Plan) {
    let parts = t2s_ir::ops::channel::lane_access(access).expect("a lane-wise access (planned)");
    let indices: Vec<Val> = parts
        .indices
        .iter()
        .zip(&plan.dims)
        .filter(|(_, d)| d.is_none())
        .map(|(v, _)| *v)
        .collect();
    let e = Emitter::before(context, *access);
    let lane0 = vec![0; plan.shape.len()];
    let guard = parts.mask.map(|m| t2s_ir::lanes::extract(&e, m, &lane0));
    if !parts.is_read {
        let value = parts.value;
        guarded_write(&e, channel, &indices, guard, |_| value);
    } else {
        let result = access.result(0).expect("a read");
        let value = scalar_read(&e, channel, &indices, guard, result.r#type());
        result.val().replace_all_uses_with(value);
    }
    // SAFETY: the op has no uses left, and nothing refers to it after this.
    unsafe { ir::erase(*access) };
}

/// Whether a lane mask is the same for every lane at every step: a
/// broadcast or splat, logic of such masks, or the array's CheckTime when
/// the recovered indices that depend on its lanes stay inside their loops'
/// (constant) bounds for every lane.
fn uniform_mask(value: Val, array: &OperationRef<'_, '_>) -> bool {
    {
        let Some(owner) = value.defining_op() else {
            return false;
        };
        let owner = owner.op();
        let operands: Vec<Val> = owner.operands().map(|v| v.val()).collect();
        t2s_ir::op_match!(ir::name(&owner), {
            ods::vector::BroadcastOperation => !t2s_ir::lanes::is_vector(operands[0]),
            ods::arith::ConstantOperation => owner
                .attribute("value")
                .is_ok_and(t2s_ir::types::is_splat),
            ods::arith::AndIOperation | ods::arith::OrIOperation | ods::arith::XOrIOperation => {
                operands.iter().all(|o| uniform_mask(*o, array))
            },
            ods::spacetime::ScheduledOperation => operands.is_empty() && lanes_always_scheduled(array),
            _ => false,
        })
    }
}

/// Every recovered index that depends on a vectorized coordinate depends on
/// nothing else (no time loop, no PE loop) and stays inside its loop.
fn lanes_always_scheduled(array: &OperationRef<'_, '_>) -> bool {
    let Some(block) = ir::body_block(array) else {
        return false;
    };
    let time = t2s_ir::array::time_loops(array).len();
    let space_mins = t2s_ir::array::space_mins(array);
    let space_extents = t2s_ir::array::space_extents(array);
    let vectorized = |d: usize| {
        d >= time
            && block
                .argument_at(d)
                .is_some_and(|a| t2s_ir::lanes::is_vector(Value::from(a).val()))
    };
    let bounds = t2s_ir::ops::loop_bounds(array);
    let mins: Vec<i64> = bounds.iter().map(|b| b.1).collect();
    let extents: Vec<_> = bounds.into_iter().map(|b| b.2).collect();
    let Ok(rows) = t2s_ir::import::affine_map_rows(array, "recover") else {
        return false;
    };
    rows.iter().enumerate().all(|(r, row)| {
        let terms: Vec<&(usize, i64)> = row.terms.iter().filter(|(_, c)| *c != 0).collect();
        if !terms.iter().any(|(d, _)| vectorized(*d)) {
            return true;
        }
        let (mut low, mut high) = (row.constant, row.constant);
        for (d, c) in terms {
            let s = d - time.min(*d);
            let range = match (vectorized(*d), space_extents.get(s)) {
                (true, Some(ExtentAttr::Const(n))) => (space_mins[s], space_mins[s] + n - 1),
                _ => return false,
            };
            let (a, b) = (c * range.0, c * range.1);
            low += a.min(b);
            high += a.max(b);
        }
        matches!((mins.get(r), extents.get(r)), (Some(m), Some(ExtentAttr::Const(n))) if *m <= low && high < m + n)
    })
}
