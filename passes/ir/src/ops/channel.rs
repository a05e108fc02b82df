//! Views of the `channel` ops.

use super::{view, View};
use crate::handle::{AsOp, AsVal, Val};
use crate::ir;
use t2s_dialects::ods::channel as ods;

view! {
    /// `channel.kernel`: code that runs concurrently with the others.
    KernelOp = ods::KernelOperation
}
view! {
    /// `channel.fifo`: a channel or an array of channels.
    FifoOp = ods::FifoOperation
}
view! {
    /// `channel.read`.
    ReadOp = ods::ReadOperation
}
view! {
    /// `channel.write`.
    WriteOp = ods::WriteOperation
}
view! {
    /// `channel.read_lanes`: the lanes of a vectorized array each read.
    ReadLanesOp = ods::ReadLanesOperation
}
view! {
    /// `channel.write_lanes`: the lanes of a vectorized array each write.
    WriteLanesOp = ods::WriteLanesOperation
}
view! {
    /// `channel.design`: the kernels and channels of a lowered design.
    DesignOp = ods::DesignOperation
}

impl KernelOp<'_, '_> {
    pub fn name(&self) -> String {
        ir::symbol_name(&self.0)
    }
}

impl<'c> FifoOp<'c, '_> {
    pub fn name(&self) -> String {
        ir::symbol_name(&self.0)
    }

    /// The channel array's shape (empty for one channel).
    pub fn shape(&self) -> Vec<i64> {
        ir::i64s(&self.0, "shape")
    }

    /// How many values each channel holds (at least 1).
    pub fn depth(&self) -> i64 {
        ir::int(&self.0, "depth").unwrap_or(1).max(1)
    }

    /// The type of a value.
    pub fn element_type(&self) -> Option<melior::ir::Type<'c>> {
        super::type_attribute(&self.0, "element_type")
    }
}

impl DesignOp<'_, '_> {
    /// The kernel functions, in order (without `@`).
    pub fn kernels(&self) -> Vec<String> {
        ir::symbols(&self.0, "kernels")
    }

    /// The channels, in order (without `@`).
    pub fn channels(&self) -> Vec<String> {
        ir::symbols(&self.0, "channels")
    }
}

/// The operands of a `channel.read_lanes` or `channel.write_lanes` by role.
#[derive(Clone)]
pub struct LaneAccess {
    pub is_read: bool,
    /// The channel's indices (each an index or a vector of them per lane).
    pub indices: Vec<Val>,
    /// The vector written, or the vector read (the result).
    pub value: Val,
    /// The lanes that access, if not all.
    pub mask: Option<Val>,
}

/// The operands of `op` by role, if it is a lane-wise access (read from its
/// operand segments, in the order of the ops' ODS definitions).
pub fn lane_access(op: &melior::ir::operation::OperationRef<'_, '_>) -> Option<LaneAccess> {
    use crate::ir::OpAccess;
    let is_read = ReadLanesOp::cast(*op).is_some();
    if !is_read && WriteLanesOp::cast(*op).is_none() {
        return None;
    }
    let mut segments = ir::operand_segments(op.handle()).into_iter();
    let indices = segments.next().unwrap_or_default();
    let value = if is_read {
        op.result_at(0)?.val()
    } else {
        *segments.next()?.first()?
    };
    let mask = segments.next().and_then(|m| m.first().copied());
    Some(LaneAccess {
        is_read,
        indices,
        value,
        mask,
    })
}

/// Whether `op` is a `channel.read`, `channel.write`, `channel.read_lanes`
/// or `channel.write_lanes`.
pub fn is_access(op: &melior::ir::operation::OperationRef<'_, '_>) -> bool {
    use super::View as _;
    ReadOp::cast(*op).is_some()
        || WriteOp::cast(*op).is_some()
        || ReadLanesOp::cast(*op).is_some()
        || WriteLanesOp::cast(*op).is_some()
}

/// The channel a `channel.read`, `channel.write`, `channel.read_lanes` or
/// `channel.write_lanes` accesses, without the `@` (`None` for another op).
pub fn channel_of(op: &melior::ir::operation::OperationRef<'_, '_>) -> Option<String> {
    is_access(op).then(|| ir::symbol(op, "channel"))
}
