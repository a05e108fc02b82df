//! The runtime of compiled t2s designs, free of MLIR: it is built and
//! tested without the compiler.
//!
//! - [`channel`]: the blocking FIFOs that lowered channels call, and the
//!   deadlock diagnosis;
//! - [`emulation`]: the channel hooks of OpenCL kernels emulated on the host;
//! - [`opencl_host`]: a minimal OpenCL host over the system's ICD loader.

pub mod channel;
pub mod emulation;
pub mod opencl_host;

/// The largest buffer (elements) a run allocates: its outputs, its random
/// inputs, and the storage of the compiled code it can size before calling.
pub const MAX_ELEMENTS: u64 = 1 << 28;
