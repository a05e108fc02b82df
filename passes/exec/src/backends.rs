//! The execution modes, one module each.

pub mod dataflow;
pub mod interpret;
pub mod opencl;
pub mod sequential;
pub mod spirv;
pub mod systolic;
