//! Execution of URE programs: the reference interpreter and the compiled
//! backends.

pub mod dataflow;
pub mod execute;
pub mod interface;
pub mod memref_arg;
pub mod opencl_run;
pub mod spirv_run;
