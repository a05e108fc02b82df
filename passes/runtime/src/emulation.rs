//! The channel calls of OpenCL kernels run on the host
//! (`t2s-fpga-emulation.h`, `opencl_run`): there a channel array is a C
//! array of its values, and the address of an element names it.

/// The header the emulation compiles kernels with (shipped in
/// include/t2s/opencl): channels as calls into the hooks below.
pub const EMULATION_HEADER: &str = include_str!("../../../include/t2s/opencl/t2s-fpga-emulation.h");
/// The C side of the channel hooks, compiled into every emulated design.
pub const EMULATION_HOOKS: &str = include_str!("../../../include/t2s/opencl/t2s-fpga-emulation.c");

use crate::channel::{with_current, Run};
use std::ffi::{c_char, CStr};

impl Run {
    /// The channel and element index of `address` in the emulation of
    /// OpenCL (`opencl_run`), where a channel array is an array of `bytes`-byte
    /// values at its base; `None` before every channel.
    pub(crate) fn element_at(&self, address: usize, bytes: usize) -> Option<(usize, i64)> {
        // Channels are distinct globals: the access is in the one that
        // starts last at or before it (`locate` checks the index).
        let (base, channel) = self
            .emulated
            .iter()
            .filter(|(&b, _)| b <= address)
            .max_by_key(|(&b, _)| b)?;
        Some((*channel, ((address - base) / bytes.max(1)) as i64))
    }
}

/// A channel read of the emulated OpenCL (`t2s-fpga-emulation.h`): the
/// value at `address` in the program's channel arrays.
pub extern "C" fn t2s_emu_channel_read(address: usize, value: usize, bytes: i64) {
    let _ = std::panic::catch_unwind(|| {
        // SAFETY: the emulated kernel passes a live buffer of `bytes` bytes.
        let data =
            unsafe { std::slice::from_raw_parts_mut(value as *mut u8, bytes.max(0) as usize) };
        let served = with_current(|run, k| {
            // An address outside every channel is reported as unknown.
            let (channel, index) = match run.element_at(address, data.len()) {
                Some((channel, index)) => (Some(channel), index),
                None => (None, 0),
            };
            run.read(k, channel, index, data)
        });
        if !served {
            data.fill(0);
        }
    });
}

/// A computed channel index out of its array's `extent`
/// (`T2S_CHANNEL_INDEX` in `t2s-fpga-emulation.h`): the run fails, naming
/// the channel (its OpenCL name) and the kernel.
pub extern "C" fn t2s_emu_channel_index_error(channel: usize, index: i64, extent: i64) {
    let _ = std::panic::catch_unwind(|| {
        // SAFETY: a string literal of the emulated program.
        let name = unsafe { CStr::from_ptr(channel as *const c_char) }.to_string_lossy();
        with_current(|run, k| {
            run.misuse(
                k,
                format!("computes index {index} into channel array @{name}, outside its {extent} channels"),
            )
        });
    });
}

/// A channel write of the emulated OpenCL (see [`t2s_emu_channel_read`]).
pub extern "C" fn t2s_emu_channel_write(address: usize, value: usize, bytes: i64) {
    let _ = std::panic::catch_unwind(|| {
        // SAFETY: the emulated kernel passes a live buffer of `bytes` bytes.
        let data = unsafe { std::slice::from_raw_parts(value as *const u8, bytes.max(0) as usize) };
        with_current(|run, k| {
            let (channel, index) = match run.element_at(address, data.len()) {
                Some((channel, index)) => (Some(channel), index),
                None => (None, 0),
            };
            run.write(k, channel, index, data)
        });
    });
}
