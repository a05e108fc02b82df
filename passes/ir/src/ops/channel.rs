//! Views of the `channel` ops.

use super::view;
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

impl FifoOp<'_, '_> {
    pub fn name(&self) -> String {
        ir::symbol_name(&self.0)
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
