//! Conversions between dialects, one pass per file named after it:
//!
//! - `ure-to-scf`: merged UREs to a sequential loop nest;
//! - `spacetime-to-scf`: systolic arrays to time loops around PEs;
//! - `lower-channels`: channels to calls into the FIFO runtime;
//! - `outline-spirv-kernels`: functions to single-work-item OpenCL kernels;
//!
//! and `input_checks`, the checks at the entry of a lowered program's function.

pub mod input_checks;
pub mod lower_channels;
pub mod outline_spirv_kernels;
pub mod spacetime_to_scf;
pub mod ure_to_scf;
