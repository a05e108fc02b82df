//! `pack-inner-lanes`: a channel array whose last dimension both ends walk
//! with their innermost PE loop carries one vector of those lanes per row
//! (T2S's `SA.scope(k).out(kkk, iii)`: the feeder sends a `float16` per
//! `iii`, not sixteen floats).
//!
//! `isolate` gives every PE its own channel element: a feeder whose PEs
//! `(iii, kkk)` feed the array's PEs `(iii, jjj = 0, kkk)` writes
//! `@aFeeder_A[%iii, %kkk] : f32` and the array reads the same element.
//! PEs run inside a step in the lexicographic order of the space loops
//! (`spacetime-to-scf`, and the OpenCL's unrolled PE loops), so when the
//! walking loop is the innermost space loop, ascending and from 0 over the
//! whole dimension, each PE group `(iii)` accesses lanes 0, 1, .., L-1 of
//! its row one after the other. The channel then becomes
//! `@aFeeder_A [10] : vector<16xf32>`; the writer's accesses fill the
//! slices of a value in turn and send it with its last lane, the reader's
//! take its lanes in turn (lane matching, docs/dataflow.md).
//!
//! Packed only when it provably changes neither values nor progress:
//! - one `channel.write` and one `channel.read` of the channel's scalar
//!   type, each directly in a `spacetime.array` body (under `scf.if`s,
//!   in no loop), whose last space loop is not vectorized, ascending, from
//!   0, of the dimension's extent, and is the access's last index;
//! - the other indices and every enclosing `scf.if` condition do not
//!   depend on that loop (constants, pure `arith` of the other coordinates
//!   and of recovered indices that do not move with it): every PE of a
//!   group accesses its row, or none does;
//! - the writer does nothing else with channels between a row's first and
//!   last lane: its other channel accesses come before the write and run
//!   only at lane 0 (under an `scf.if` with the conjunct `lane == 0`, as a
//!   feeder's reads of its loader). A value then leaves the writer as soon
//!   as its last lane would have, so no kernel waits longer than before.

use melior::ir::{
    block::BlockLike,
    operation::{OperationLike, OperationRef, WalkOrder, WalkResult},
    Value, ValueLike,
};
use melior::Context;
use std::collections::HashMap;
use t2s_ir::array::ArrayInfo;
use t2s_ir::diag::remark;
use t2s_ir::emit::Emitter;
use t2s_ir::handle::{AsBlk, AsOp, AsVal, Blk, Op, Val};
use t2s_ir::ir;
use t2s_ir::ods;
use t2s_ir::ops::channel::{channel_of, FifoOp};
use t2s_ir::ops::View;
use t2s_ir::pass::{Anchor, Failed, NoOptions};

t2s_ir::declare_pass! {
    /// Turn channel arrays whose last dimension both ends walk with their
    /// innermost PE loop into channels of vectors of those lanes (one value
    /// per row and step instead of one per lane)
    pub static PASS = "pack-inner-lanes" (PackInnerLanes)
        on Anchor::Program, creates ["channel"],
        run pack_program_pass;
}

fn pack_program_pass(program: OperationRef<'_, '_>, _: &NoOptions) -> Result<(), Failed> {
    let context_ref = program.context();
    // SAFETY: the context outlives the pass run.
    let context = unsafe { context_ref.to_ref() };
    let accesses: Vec<OperationRef> = [
        ods::channel::ReadOperation::name(),
        ods::channel::WriteOperation::name(),
        ods::channel::ReadLanesOperation::name(),
        ods::channel::WriteLanesOperation::name(),
    ]
    .into_iter()
    .flat_map(|name| ir::collect(program, name))
    .collect();
    // Decided on the whole program before anything is rewritten.
    let mut packed = Vec::new();
    for view in t2s_ir::ops::children::<FifoOp>(&program) {
        let name = view.name();
        let uses: Vec<OperationRef> = accesses
            .iter()
            .filter(|a| channel_of(a).as_deref() == Some(name.as_str()))
            .copied()
            .collect();
        if let Some(ends) = packable(&view, &uses) {
            packed.push((view.op(), ends));
        }
    }
    for (fifo, ends) in packed {
        pack(context, fifo, &ends);
    }
    Ok(())
}

/// The two ends of a packable channel.
struct Ends<'c, 'a> {
    write: OperationRef<'c, 'a>,
    read: OperationRef<'c, 'a>,
    /// The lanes: the extent of the last dimension.
    lanes: i64,
}

/// The write and the read of `fifo` when the channel can be packed.
fn packable<'c, 'a>(fifo: &FifoOp<'c, 'a>, uses: &[OperationRef<'c, 'a>]) -> Option<Ends<'c, 'a>> {
    let element = fifo.element_type()?;
    let dims = fifo.shape();
    let lanes = *dims.last()?;
    // The rows keep a value being filled or taken each (lower-channels).
    let rows = dims[..dims.len() - 1]
        .iter()
        .try_fold(1i64, |n, d| n.checked_mul(*d))?;
    if t2s_ir::types::is_vector(element)
        || lanes < 2
        || uses.len() != 2
        || rows > t2s_ir::channel_abi::MAX_SLICED_CHANNELS
    {
        return None;
    }
    let is = |op: &OperationRef, name| ods::is(op, name);
    let write = *uses
        .iter()
        .find(|u| is(u, ods::channel::WriteOperation::name()))?;
    let read = *uses
        .iter()
        .find(|u| is(u, ods::channel::ReadOperation::name()))?;
    let read_type = read.result(0).ok()?.r#type();
    let written_type = write.operand(write.operand_count() - 1).ok()?.r#type();
    if read_type != element || written_type != element {
        return None;
    }
    let writer = InnerLane::of(&write, lanes, write.operand_count() - 1)?;
    let reader = InnerLane::of(&read, lanes, read.operand_count())?;
    (writer.alone_between_lanes(&write) && reader.array.handle() != writer.array.handle())
        .then_some(Ends { write, read, lanes })
}

/// An access's array, seen from the loop that walks the channel's lanes.
struct InnerLane<'c, 'a> {
    array: OperationRef<'c, 'a>,
    /// The array's body, whose arguments are its coordinates.
    body: Blk,
    info: ArrayInfo,
    /// The body argument of the innermost space loop.
    lane: Val,
}

impl<'c, 'a> InnerLane<'c, 'a> {
    /// The access's array when the access walks the lanes with the array's
    /// innermost space loop and every PE of a group accesses the same row
    /// (`indices`: the access's index operands, first to last).
    fn of(access: &OperationRef<'c, 'a>, lanes: i64, indices: usize) -> Option<Self> {
        let array = array_under_ifs(access)?;
        let info = ArrayInfo::read(&array).ok()?;
        let last = info.space.last()?;
        if info.space.iter().any(|s| s.vectorized)
            || last.descending
            || last.min != 0
            || last.extent.as_const() != Some(lanes)
        {
            return None;
        }
        let body = ir::body_block(&array)?;
        let position = info.time.len() + info.space.len() - 1;
        let lane = Value::from(body.argument(position).ok()?).val();
        let this = InnerLane {
            array,
            body: body.blk(),
            info,
            lane,
        };
        let mut known = HashMap::new();
        let index = |i: usize| access.operand(i).ok().map(|v| v.val());
        let walks = index(indices - 1)? == lane;
        let rows_fixed =
            (0..indices - 1).all(|i| index(i).is_some_and(|v| !this.moves(v, &mut known)));
        let guards_fixed = conditions(access, &this.array)
            .into_iter()
            .all(|c| !this.moves(c, &mut known));
        (walks && rows_fixed && guards_fixed).then_some(this)
    }

    /// Whether `value` may differ between the lanes of a PE group (may
    /// depend on the lane loop). Constants, the other coordinates and pure
    /// `arith` of them do not; a recovered index does not when its recover
    /// row leaves the lane loop out; anything else may.
    fn moves(&self, value: Val, known: &mut HashMap<usize, bool>) -> bool {
        if let Some(answer) = known.get(&value.key()) {
            return *answer;
        }
        let answer = match value.defining_op() {
            None => {
                value == self.lane
                    || value.owner_block() != Some(self.body)
                    || value
                        .argument_number()
                        .is_none_or(|n| n >= self.coordinates())
            }
            Some(owner) => self.result_moves(&owner.op(), value, known),
        };
        known.insert(value.key(), answer);
        answer
    }

    /// [`InnerLane::moves`] of a result of `owner`.
    fn result_moves(
        &self,
        owner: &OperationRef<'_, '_>,
        value: Val,
        known: &mut HashMap<usize, bool>,
    ) -> bool {
        let name = ir::name(owner);
        if ods::is(owner, ods::spacetime::RecoverOperation::name()) && owner.operand_count() == 0 {
            let lane_dim = self.coordinates() - 1;
            return value.result_number().is_none_or(|r| {
                self.info
                    .recover
                    .get(r)
                    .is_none_or(|row| row.terms.iter().any(|(d, c)| *d == lane_dim && *c != 0))
            });
        }
        if ods::is(owner, ods::arith::ConstantOperation::name()) {
            return false;
        }
        if !name.starts_with("arith.") || owner.region_count() > 0 {
            return true;
        }
        owner
            .operands()
            .map(|v| v.val())
            .collect::<Vec<_>>()
            .into_iter()
            .any(|v| self.moves(v, known))
    }

    /// The array's coordinates: time, then space.
    fn coordinates(&self) -> usize {
        self.info.time.len() + self.info.space.len()
    }

    /// Whether `value` is `lane == 0` or a conjunction with that conjunct.
    fn first_lane_only(&self, value: Val) -> bool {
        let Some(owner) = value.defining_op() else {
            return false;
        };
        let owner = owner.op();
        let operand = |i: usize| owner.operand(i).ok().map(|v| v.val());
        if ods::is(&owner, ods::arith::AndIOperation::name()) {
            return (0..2).any(|i| operand(i).is_some_and(|v| self.first_lane_only(v)));
        }
        let is_zero = |v: Option<Val>| v.and_then(|v| ir::constant_index(v.value())) == Some(0);
        ods::is(&owner, ods::arith::CmpIOperation::name())
            && t2s_ir::ops::cmpi_predicate(&owner) == Some(t2s_ir::emit::CMPI_EQ)
            && ((operand(0) == Some(self.lane) && is_zero(operand(1)))
                || (operand(1) == Some(self.lane) && is_zero(operand(0))))
    }

    /// Whether the writer's other channel accesses all come before `write`
    /// in its array body and run only at lane 0.
    fn alone_between_lanes(&self, write: &OperationRef<'_, '_>) -> bool {
        let mut accesses = Vec::new();
        self.array.walk(WalkOrder::PreOrder, |op| {
            if t2s_ir::ops::channel::is_access(&op) {
                accesses.push(Op::of(&op));
            }
            WalkResult::Advance
        });
        let at = accesses.iter().position(|a| *a == Op::of(write));
        accesses.iter().enumerate().all(|(i, access)| {
            let op = access.op();
            Some(i) == at
                || (at.is_some_and(|w| i < w)
                    && conditions(&op, &self.array)
                        .into_iter()
                        .any(|c| self.first_lane_only(c)))
        })
    }
}

/// The `spacetime.array` whose body holds `op` under `scf.if`s only.
fn array_under_ifs<'c, 'a>(op: &OperationRef<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    let mut parent = op.parent_operation()?;
    loop {
        if ods::is(&parent, ods::spacetime::ArrayOperation::name()) {
            return Some(parent);
        }
        if !ods::is(&parent, ods::scf::IfOperation::name()) {
            return None;
        }
        parent = parent.parent_operation()?;
    }
}

/// The conditions of the `scf.if`s around `op`, up to `array`.
fn conditions(op: &OperationRef<'_, '_>, array: &OperationRef<'_, '_>) -> Vec<Val> {
    let mut found = Vec::new();
    let mut parent = op.parent_operation();
    while let Some(p) = parent {
        if p.handle() == array.handle() {
            break;
        }
        if ods::is(&p, ods::scf::IfOperation::name()) {
            found.extend(p.operand(0).ok().map(|v| v.val()));
        }
        parent = p.parent_operation();
    }
    found
}

/// Rewrites the channel and its two accesses.
fn pack(context: &Context, fifo: OperationRef<'_, '_>, ends: &Ends<'_, '_>) {
    let Some(view) = FifoOp::cast(fifo) else {
        return;
    };
    let (Some(element), Some(block)) = (view.element_type(), fifo.block()) else {
        return;
    };
    let name = view.name();
    let dims = view.shape();
    let rows = &dims[..dims.len() - 1];
    let packed = t2s_ir::lanes::vector_type(context, &[ends.lanes], element);
    let new_fifo =
        t2s_ir::emit::fifo_op(context, fifo.location(), &name, packed, view.depth(), rows);
    let new_fifo = block.insert_operation_before(fifo, new_fifo);
    remark(
        new_fifo.location(),
        format!(
            "channel @{name} carries {packed}: the writer's PEs along its innermost loop fill one value per row lane by lane, the reader's take its lanes in turn ({} times fewer transfers)",
            ends.lanes
        ),
    );
    // SAFETY: nothing refers to the old declaration after this.
    unsafe { ir::erase(fifo) };
    let row_indices = |op: &OperationRef, count: usize| -> Vec<Val> {
        (0..count - 1)
            .filter_map(|i| op.operand(i).ok().map(|v| v.val()))
            .collect()
    };
    let write = ends.write;
    let last = write.operand_count() - 1;
    let e = Emitter::before(context, write);
    if let Ok(value) = write.operand(last) {
        e.channel_write(&name, &row_indices(&write, last), value.val());
    }
    // SAFETY: the write has no results; nothing refers to it after this.
    unsafe { ir::erase(write) };
    let read = ends.read;
    let e = Emitter::before(context, read);
    let Ok(result) = read.result(0) else {
        return;
    };
    let value = e.channel_read(&name, &row_indices(&read, read.operand_count()), element);
    result.val().replace_all_uses_with(value);
    // SAFETY: the read has no uses left; nothing refers to it after this.
    unsafe { ir::erase(read) };
}
